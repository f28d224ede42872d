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
