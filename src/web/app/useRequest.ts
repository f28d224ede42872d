import { useMachine } from '@xstate/react';
import { inspect } from './inspect';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../../machines/request';
import { useAppActors } from './context';

interface RequestOptions<P extends Record<string, unknown>> {
  submit: (params: P) => Promise<unknown>;
  /** The default message ([spec:8-message]) when the server gives none. */
  defaultError: string;
  /** Exact success toast, when the spec has one. */
  successToast?: string;
  onSuccess?: (result: unknown, params: P) => void;
  /** False when the form shows the refusal next to its fields instead of in a toast. */
  toastErrors?: boolean;
}

/** A view-lifetime request machine for one form, with toasts wired to the ui actor. */
export function useRequest<P extends Record<string, unknown>>(options: RequestOptions<P>) {
  const { ui } = useAppActors();
  const [snapshot, send, actorRef] = useMachine(
    requestMachine.provide({
      actors: { submit: fromPromise(({ input }) => options.submit(input as P)) },
      actions: {
        onSuccess: (_, { result, params }) => {
          if (options.successToast) ui.send({ type: 'toast.show', toast: { kind: 'success', message: options.successToast } });
          options.onSuccess?.(result, params as P);
        },
        onFailure: (_, failure) => {
          if (!failure.handledGlobally && options.toastErrors !== false) ui.send({ type: 'toast.show', toast: { kind: 'error', message: failure.message } });
        },
      },
    }),
    { input: { defaultError: options.defaultError }, inspect },
  );
  return {
    busy: snapshot.hasTag('busy'),
    succeeded: snapshot.matches('succeeded'),
    error: snapshot.context.error?.message ?? null,
    /** The refusal itself (one object per failure), for a form that shows it next to a field. */
    failure: snapshot.context.error,
    result: snapshot.context.result,
    params: snapshot.context.params as P | null,
    submit: (params: P) => send({ type: 'request.submit', params }),
    /** For the confirmation dialog's replyTo: it sends `request.submit` here on Confirm. */
    actorRef,
  };
}
