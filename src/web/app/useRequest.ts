import { useMachine } from '@xstate/react';
import { inspect } from './inspect';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../../machines/request';
import type { ConfirmationRequest } from '../../../machines/ui';
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
  /** The call asks first with this confirmation (the machine waits for the answer). */
  confirmation?: Omit<ConfirmationRequest, 'replyTo' | 'onConfirm' | 'onCancel'>;
}

/** A view-lifetime request machine for one form, with toasts wired to the ui actor. */
export function useRequest<P extends Record<string, unknown>>(options: RequestOptions<P>) {
  const { ui } = useAppActors();
  const [snapshot, send] = useMachine(
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
        requestConfirmation: ({ self }) =>
          ui.send({ type: 'confirmation.open', request: { ...options.confirmation, replyTo: self, onConfirm: { type: 'request.confirm' }, onCancel: { type: 'request.dismiss' } } }),
      },
    }),
    { input: { defaultError: options.defaultError, confirmFirst: options.confirmation !== undefined }, inspect },
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
  };
}
