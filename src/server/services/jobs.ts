import type { FastifyBaseLogger } from 'fastify';

/** Where a kind of background job is kept (its repository): the runner claims, fails and finds jobs through it. */
export interface JobStore<Job> {
  /** Takes the job for this worker (marks it running); undefined when it is not there to run (finished, cancelled, another worker's). */
  claim(id: string): Promise<Job | undefined>;
  /** Ends the job as failed, with the text its owner reads. */
  fail(id: string, detail: string): Promise<void>;
  /** Jobs to pick up at start and at each sweep: those waiting, and those a stopped or crashed process left behind. */
  resumable(): Promise<string[]>;
  /** Housekeeping before each sweep (old uploads). */
  prune?(): Promise<void>;
}

export interface JobRunnerOptions<Job> {
  /** 'import', 'export': names the log lines ('import job failed' with `importId`). */
  kind: string;
  log: FastifyBaseLogger;
  store: JobStore<Job>;
  /**
   * Does one claimed job: writes its progress and its end itself. Returns early, leaving the job to
   * resume, once `signal` is aborted (the server is stopping).
   */
  work(job: Job, signal: AbortSignal): Promise<void>;
  /** What the owner reads when `work` throws. */
  failure: string;
  /** Looks for resumable jobs again this often (a worker in another process died); without it, only at start. */
  sweepMs?: number;
}

export interface JobRunner {
  /** Runs the job (already stored as queued) when the ones before it are done. */
  enqueue(id: string): void;
  /** Picks up the jobs left behind by a stopped or crashed process (then every sweepMs, if set). */
  start(): Promise<void>;
  /** Stops after the step in flight; unfinished jobs stay in the store and resume at the next start. */
  stop(): Promise<void>;
  /** Resolves when the queue is empty (tests). */
  idle(): Promise<void>;
}

/** Lets other requests be served between the steps of a long job. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The one lifecycle of background jobs (CSV imports, data exports): a queue worked one job at a time
 * per process, each job claimed from its store before it runs, marked failed if it throws, resumed
 * after a restart, and stopped between steps when the server closes.
 */
export function createJobRunner<Job>(options: JobRunnerOptions<Job>): JobRunner {
  const { kind, log, store } = options;
  const queue: string[] = [];
  const stopping = new AbortController();
  let active: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const runOne = async (id: string) => {
    try {
      const job = await store.claim(id);
      if (job) await options.work(job, stopping.signal);
    } catch (error) {
      log.error({ err: error, [`${kind}Id`]: id }, `${kind} job failed`);
      await store.fail(id, options.failure).catch(() => undefined);
    }
  };
  const drain = async () => {
    while (queue.length > 0 && !stopping.signal.aborted) await runOne(queue.shift()!);
  };
  const kick = () => {
    if (active || stopping.signal.aborted || queue.length === 0) return;
    active = drain().finally(() => {
      active = null;
      // A job enqueued while the last one was finishing.
      kick();
    });
  };
  const add = (id: string) => {
    if (!queue.includes(id)) queue.push(id);
  };
  const sweep = async () => {
    try {
      await store.prune?.();
      for (const id of await store.resumable()) add(id);
      kick();
    } catch (error) {
      log.error({ err: error }, `${kind} sweep failed`);
    }
  };

  return {
    enqueue(id) {
      add(id);
      kick();
    },
    async start() {
      await sweep();
      if (options.sweepMs && !stopping.signal.aborted) {
        timer = setInterval(() => void sweep(), options.sweepMs);
        timer.unref();
      }
    },
    async stop() {
      stopping.abort();
      if (timer) clearInterval(timer);
      await active;
    },
    async idle() {
      while (active) await active;
    },
  };
}

/** Where a scheduled job's lease is kept (repositories/notifications.ts, `job_leases`). */
export interface LeaseStore {
  acquire(name: string, owner: string, now: Date, until: Date): Promise<{ lastRunAt: Date | null } | false>;
  release(name: string, owner: string, ranAt: Date | null): Promise<void>;
}

export interface ScheduledJobOptions {
  /** Names the lease and the log lines ('recurring checks failed'). */
  name: string;
  log: FastifyBaseLogger;
  leases: LeaseStore;
  /** This process: the lease's owner. */
  owner: string;
  /** How often each process tries; the lease makes one run at a time across all of them. */
  everyMs: number;
  /** A lease outlives a crashed holder by this much at most. */
  leaseMs: number;
  /** One run as of `now`; `lastRunAt` is when the last finished run was (null the first time), to catch up from. */
  run(now: Date, lastRunAt: Date | null): Promise<void>;
  now?: () => Date;
}

export interface ScheduledJob {
  /** Runs once as of `now` if this process gets the lease; true when it ran. Tests drive time through it. */
  runAt(now: Date): Promise<boolean>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The periodic side of the job lifecycle: every process ticks, and a lease in the database lets one
 * of them run the job at a time (on PostgreSQL across processes; on PGlite there is one). A run that
 * fails leaves the lease to expire and the last run time unchanged, so the next tick tries again; a run
 * after downtime reads the whole stretch since the last one (what it tells is deduplicated by its keys).
 */
export function createScheduledJob(options: ScheduledJobOptions): ScheduledJob {
  const clock = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let active: Promise<boolean> | null = null;
  let stopped = false;
  const runAt = async (now: Date): Promise<boolean> => {
    const lease = await options.leases.acquire(options.name, options.owner, now, new Date(now.getTime() + options.leaseMs));
    if (!lease) return false;
    let ranAt: Date | null = null;
    try {
      await options.run(now, lease.lastRunAt);
      ranAt = now;
    } catch (error) {
      options.log.error({ err: error }, `${options.name} failed`);
    } finally {
      await options.leases.release(options.name, options.owner, ranAt).catch((error: unknown) => options.log.error({ err: error }, `${options.name} lease release failed`));
    }
    return ranAt !== null;
  };
  const tick = () => {
    if (active || stopped) return;
    active = runAt(clock())
      .catch((error: unknown) => {
        options.log.error({ err: error }, `${options.name} failed`);
        return false;
      })
      .finally(() => {
        active = null;
      });
  };
  return {
    runAt,
    async start() {
      if (stopped) return;
      tick();
      timer = setInterval(tick, options.everyMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await active;
    },
  };
}
