import type { SubscriptionRow } from '../repositories/subscriptions';

/** What one request's authentication and access check need of a user. */
export interface AuthState {
  /** The user's token version; undefined when the user no longer exists. */
  tokenVersion: number | undefined;
  /** Ids of the user's tokens revoked before they expire (logged out, used once). */
  revoked: ReadonlySet<string>;
  /** The subscription row access is decided from (statusOf, with the request's time). */
  subscription: SubscriptionRow | undefined;
}

export interface AuthCacheOptions {
  /** Reads the user's state from the database. */
  load(userId: string): Promise<AuthState>;
  /** The longest a copy lives without news (0: no cache). */
  ttlMs: number;
  /** False while changes could go unannounced (the listening connection is down): then nothing is cached. */
  live(): boolean;
  /** Users kept at most (the oldest goes first). */
  maxUsers?: number;
  now?: () => number;
}

/**
 * Per-process copy of each active user's AuthState, so a request's token and access checks cost no
 * database round trip. Correct across processes because every change to the rows behind it is
 * announced by a trigger (NOTIFY on 'finu_auth', migration 0016) and `forget` runs for it before the
 * changing write returns in this process, a moment later in the others. A load that raced a change
 * is not kept (the epoch moved), so a copy is never older than the last announcement it heard;
 * `ttlMs` bounds the age of any copy should an announcement be lost anyway.
 */
export class AuthCache {
  private readonly entries = new Map<string, { state: AuthState; expires: number }>();
  private readonly loading = new Map<string, { epoch: number; promise: Promise<AuthState> }>();
  private epoch = 0;
  private readonly maxUsers: number;
  private readonly now: () => number;

  constructor(private readonly options: AuthCacheOptions) {
    this.maxUsers = options.maxUsers ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  async get(userId: string): Promise<AuthState> {
    const hit = this.entries.get(userId);
    if (hit && hit.expires > this.now()) return hit.state;
    if (hit) this.entries.delete(userId);
    if (this.options.ttlMs <= 0 || !this.options.live()) return this.options.load(userId);
    // Requests of one user arriving together share one load, unless a change came in since it began.
    const pending = this.loading.get(userId);
    if (pending && pending.epoch === this.epoch) return pending.promise;
    const epoch = this.epoch;
    const promise = this.options.load(userId).then(
      (state) => {
        if (this.loading.get(userId)?.promise === promise) this.loading.delete(userId);
        if (epoch === this.epoch && this.options.live()) this.keep(userId, state);
        return state;
      },
      (error: unknown) => {
        if (this.loading.get(userId)?.promise === promise) this.loading.delete(userId);
        throw error;
      },
    );
    this.loading.set(userId, { epoch, promise });
    return promise;
  }

  /** Something behind this user's state changed: the next check reads it again. */
  forget(userId: string): void {
    this.epoch++;
    this.entries.delete(userId);
    this.loading.delete(userId);
  }

  /** Announcements may have been missed: forget everyone. */
  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(userId: string, state: AuthState): void {
    this.entries.delete(userId);
    this.entries.set(userId, { state, expires: this.now() + this.options.ttlMs });
    if (this.entries.size > this.maxUsers) this.entries.delete(this.entries.keys().next().value!);
  }
}
