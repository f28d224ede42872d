/**
 * A page actor's call that never settles once its signal is aborted: React StrictMode (and
 * @xstate/react rehydration) restarts an actor, whose fresh call must not be answered by the
 * aborted one's rejection.
 */
export const unlessAborted = <T>(signal: AbortSignal, call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => (signal.aborted ? new Promise<T>(() => undefined) : Promise.reject(error)));
