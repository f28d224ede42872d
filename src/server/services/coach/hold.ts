/** The characters of answer a held stream sends before it waits: enough for a page to show words. */
export const HOLD_AFTER_CHARS = 40;

export interface AnswerHold {
  /** Resolves when the hold is released or the client leaves (`signal`). */
  wait(signal: AbortSignal): Promise<void>;
}

/**
 * Development only (behind the dev key, never in production): a user's next streamed answer stops after its
 * first words until released or the client leaves. A browser test can then stop an answer the server is certainly
 * still writing, however loaded the machine, instead of racing the coach's pacing.
 */
export function answerHolds() {
  type Entry = { released: Promise<void>; release: () => void };
  // Armed: waiting for the user's next answer. Taken: held by an answer being written now.
  const armed = new Map<string, Entry>();
  const taken = new Map<string, Entry>();
  return {
    /** Arms a hold for the user's next streamed answer (replacing one not yet taken). */
    hold(userId: string): void {
      armed.get(userId)?.release();
      let release: () => void = () => undefined;
      const released = new Promise<void>((done) => (release = done));
      armed.set(userId, { released, release });
    },
    /** Lets the user's held answer go on, and disarms a hold not yet taken. */
    release(userId: string): void {
      for (const entries of [armed, taken]) {
        entries.get(userId)?.release();
        entries.delete(userId);
      }
    },
    /** The hold the user's answer starting now observes, if one is armed; it holds this answer only. */
    take(userId: string): AnswerHold | undefined {
      const entry = armed.get(userId);
      if (!entry) return undefined;
      armed.delete(userId);
      taken.set(userId, entry);
      const done = () => {
        if (taken.get(userId) === entry) taken.delete(userId);
      };
      return {
        wait: (signal) =>
          new Promise<void>((resolve) => {
            if (signal.aborted) return resolve();
            signal.addEventListener('abort', () => resolve(), { once: true });
            void entry.released.then(() => resolve());
          }).finally(done),
      };
    },
  };
}
export type AnswerHolds = ReturnType<typeof answerHolds>;
