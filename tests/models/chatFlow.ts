import { createMachine } from 'xstate';

/**
 * The AI coach chat as a returning user sees it: two earlier conversations, the most recent one
 * open. Its paths run against the real chat machine (tests/machines/chat.test.ts) and drive the
 * real app in Chromium against the real server (tests/e2e/coach.e2e.test.ts). States are what the
 * user sees; events are what the user does. No invokes: this is a model, not the app.
 */
export const chatFlowModel = createMachine({
  id: 'chatFlow',
  initial: 'returning',
  states: {
    returning: {
      description: "The page opened on 'Earlier chat' (the current conversation) with its question and answer; 'Older chat' is listed too.",
      on: { NEW_CONVERSATION: 'newConversation', SEND: 'streaming' },
    },
    newConversation: {
      description: "A new, empty conversation is current: no messages, suggested prompts on screen, listed as 'New conversation'.",
      on: { SEND: 'streaming' },
    },
    streaming: {
      description: 'The question is on screen and the answer streams in under it, with a cursor and a Stop button.',
      on: { FINISH: 'answered', STOP: 'stopped', SWITCH: 'switched' },
    },
    answered: {
      description: 'The whole answer is a message; the conversation is listed first (a new one titled by its question).',
      on: { RENAME: 'renamed', DELETE_CURRENT: 'deleted', CLEAR_MEMORY: 'cleared', NEW_CONVERSATION: 'newConversation' },
    },
    stopped: {
      description: 'Stopped: the partial answer stays, marked stopped; nothing streams any more.',
      on: { SEND: 'streaming', SWITCH: 'switched' },
    },
    switched: {
      description: "'Older chat' is open with its own messages only; the abandoned answer is not on screen and nothing streams.",
      on: { DELETE_CURRENT: 'deleted' },
    },
    renamed: {
      description: "The conversation is called 'Money tips' in the list and in the header.",
      on: { DELETE_CURRENT: 'deleted', CLEAR_MEMORY: 'cleared' },
    },
    deleted: {
      description: 'After confirming, the current conversation is gone from the list and none is current.',
    },
    cleared: {
      description: 'After confirming, every conversation and message is gone.',
    },
  },
});

export type ChatFlowEvent = { type: 'NEW_CONVERSATION' | 'SEND' | 'FINISH' | 'STOP' | 'SWITCH' | 'RENAME' | 'DELETE_CURRENT' | 'CLEAR_MEMORY' };

/** The words the model's events use, and what the user sees. */
export const chatFlow = {
  earlierTitle: 'Earlier chat',
  earlierQuestion: 'What is my balance?',
  olderTitle: 'Older chat',
  olderQuestion: 'How much did I spend last month?',
  /** A question with a long answer, so there is time to stop it or switch away. */
  question: 'Give me some tips',
  renamedTitle: 'Money tips',
  newTitle: 'New conversation',
} as const;

/** Every transition of the model as "state:EVENT", to check that the chosen paths cover them all. */
export function chatFlowTransitions(): string[] {
  return Object.values(chatFlowModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}
