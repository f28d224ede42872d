import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type CallFailure } from './types';

export interface RequestContext {
  params: Record<string, unknown> | null;
  result: unknown;
  error: CallFailure | null;
  /** The message used when the server gives none ([spec:8-message] defaults). */
  defaultError: string;
  confirmFirst: boolean;
}

export type RequestEvent =
  | { type: 'request.submit'; params: Record<string, unknown> }
  | { type: 'request.reset' }
  | { type: 'request.confirm' }
  | { type: 'request.dismiss' };

export interface RequestInput {
  defaultError: string;
  /** The call asks first (a confirmation that answers `request.confirm` or `request.dismiss`). */
  confirmFirst?: boolean;
}

/**
 * One call a form makes (resend verification, forgot password, reset password, change password, log out everywhere):
 * idle, submitting, succeeded or failed with the server's message; the app provides `submit` and the outcome actions.
 * A call that takes something away asks first (`confirmFirst`): the machine waits in `confirming` for the answer.
 */
export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as RequestInput,
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
    /** Opens the confirmation; it answers request.confirm or request.dismiss. */
    requestConfirmation: () => {},
  },
  guards: {
    confirmsFirst: ({ context }) => context.confirmFirst,
  },
}).createMachine({
  id: 'request',
  description: 'A single form submission: idle, (asking first,) submitting, succeeded or failed.',
  context: ({ input }) => ({ params: null, result: null, error: null, defaultError: input.defaultError, confirmFirst: input.confirmFirst ?? false }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The form waits to be sent.',
      on: {
        'request.submit': [
          { description: 'A call that asks first: its confirmation opens.', guard: 'confirmsFirst', target: 'confirming', actions: [assign({ params: ({ event }) => event.params, error: null }), 'requestConfirmation'] },
          { description: 'The user sends the form.', target: 'submitting', actions: assign({ params: ({ event }) => event.params, error: null }) },
        ],
      },
    },
    confirming: {
      description: 'The confirmation is open; nothing is sent until the user confirms.',
      on: {
        'request.confirm': { description: 'The user confirmed: the call runs.', target: 'submitting' },
        'request.dismiss': { description: 'The user cancelled (or closed the dialog): nothing is sent.', target: 'idle', actions: assign({ params: null }) },
      },
    },
    submitting: {
      description: 'The call runs; the submit button shows it is busy.',
      tags: ['busy'],
      invoke: {
        src: 'submit',
        input: ({ context }) => context.params ?? {},
        onDone: {
          description: 'The server accepted: the form shows its success (the page decides what that is).',
          target: 'succeeded',
          actions: [assign({ result: ({ event }) => event.output }), { type: 'onSuccess', params: ({ context, event }) => ({ result: event.output, params: context.params }) }],
        },
        onError: {
          description: "The server refused or could not be reached: its reason shows, else the form's default message.",
          target: 'failed',
          actions: [assign({ error: ({ context, event }) => toFailure(event.error, context.defaultError) }), { type: 'onFailure', params: ({ context }) => context.error! }],
        },
      },
    },
    succeeded: {
      description: 'Done; the form may be sent again.',
      on: {
        'request.submit': [
          { description: 'A call that asks first: its confirmation opens again.', guard: 'confirmsFirst', target: 'confirming', actions: [assign({ params: ({ event }) => event.params, error: null }), 'requestConfirmation'] },
          { description: 'The user sends the form again.', target: 'submitting', actions: assign({ params: ({ event }) => event.params, error: null }) },
        ],
        'request.reset': { description: 'The form starts over.', target: 'idle', actions: assign({ result: null }) },
      },
    },
    failed: {
      description: 'The reason is shown; the user may correct the form and send it again.',
      on: {
        'request.submit': [
          { description: 'A call that asks first: its confirmation opens again.', guard: 'confirmsFirst', target: 'confirming', actions: [assign({ params: ({ event }) => event.params, error: null }), 'requestConfirmation'] },
          { description: 'The user sends the form again.', target: 'submitting', actions: assign({ params: ({ event }) => event.params, error: null }) },
        ],
        'request.reset': { description: 'The form starts over and the message goes.', target: 'idle', actions: assign({ error: null }) },
      },
    },
  },
});
