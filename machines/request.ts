import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type CallFailure } from './types';

export interface RequestContext {
  params: Record<string, unknown> | null;
  result: unknown;
  error: CallFailure | null;
  /** The message used when the server gives none (spec §8 defaults). */
  defaultError: string;
}

export type RequestEvent = { type: 'request.submit'; params: Record<string, unknown> } | { type: 'request.reset' };

/**
 * One call a form makes (resend verification, forgot password, reset password, change password):
 * idle, submitting, succeeded or failed with the server's message; the app provides `submit` and the outcome actions.
 */
export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as { defaultError: string },
    tags: {} as 'busy',
  },
  actors: {
    submit: fromPromise<unknown, Record<string, unknown>>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    onSuccess: (_, _params: { result: unknown; params: Record<string, unknown> | null }) => {},
    onFailure: (_, _failure: CallFailure) => {},
  },
}).createMachine({
  id: 'request',
  description: 'A single form submission: idle, submitting, succeeded or failed.',
  context: ({ input }) => ({ params: null, result: null, error: null, defaultError: input.defaultError }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'request.submit': { target: 'submitting', actions: assign({ params: ({ event }) => event.params, error: null }) } },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submit',
        input: ({ context }) => context.params ?? {},
        onDone: {
          target: 'succeeded',
          actions: [assign({ result: ({ event }) => event.output }), { type: 'onSuccess', params: ({ context, event }) => ({ result: event.output, params: context.params }) }],
        },
        onError: {
          target: 'failed',
          actions: [assign({ error: ({ context, event }) => toFailure(event.error, context.defaultError) }), { type: 'onFailure', params: ({ context }) => context.error! }],
        },
      },
    },
    succeeded: {
      on: {
        'request.submit': { target: 'submitting', actions: assign({ params: ({ event }) => event.params, error: null }) },
        'request.reset': { target: 'idle', actions: assign({ result: null }) },
      },
    },
    failed: {
      on: {
        'request.submit': { target: 'submitting', actions: assign({ params: ({ event }) => event.params, error: null }) },
        'request.reset': { target: 'idle', actions: assign({ error: null }) },
      },
    },
  },
});
