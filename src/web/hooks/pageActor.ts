import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useState } from 'react';
import type { ActorRefFrom, AnyActorLogic, AnyActorRef, InputFrom, SnapshotFrom } from 'xstate';
import type { Toast } from '../../../machines/types';
import type { ConfirmationRequest } from '../../../machines/ui';
import type { AppActors } from '../app/actors';
import { useAppActors } from '../app/context';
import { inspect } from '../app/inspect';

/**
 * The one way a page (or a self-contained section of one) owns a machine. The actor lives as long as the
 * component that calls this: a fresh visit starts fresh. `provide` binds the machine's effects (API calls,
 * the ui actor's toasts and dialogs) to the app's actors, once; every such actor reports to the app's
 * inspector (src/web/app/inspect.ts) like the root ones do.
 */
export function usePageMachine<TLogic extends AnyActorLogic>(provide: (app: AppActors) => TLogic, input?: InputFrom<TLogic>): ActorRefFrom<TLogic> {
  const app = useAppActors();
  const [logic] = useState(() => provide(app));
  return useActorRef(logic as AnyActorLogic, { input, inspect }) as ActorRefFrom<TLogic>;
}

/**
 * How a page hands its actor to the components inside it: `Provider` around the page, `useActor()` for
 * sending events, `useSelect(selector)` for narrow reads (return primitives or stable references).
 */
export function pageActor<TLogic extends AnyActorLogic>(name: string) {
  const Context = createContext<ActorRefFrom<TLogic> | null>(null);
  Context.displayName = `${name} actor`;
  function useActor(): ActorRefFrom<TLogic> {
    const actor = useContext(Context);
    if (!actor) throw new Error(`the ${name} actor is read outside its page's <Provider>`);
    return actor;
  }
  function useSelect<T>(selector: (snapshot: SnapshotFrom<TLogic>) => T, compare?: (a: T, b: T) => boolean): T {
    return useSelector(useActor(), selector as never, compare) as T;
  }
  return { Provider: Context.Provider, useActor, useSelect };
}

/** The `notify` action every page machine is provided with: its toast goes to the ui actor (which shows it, or not when empty). */
export const toastVia =
  (ui: AppActors['ui']) =>
  (_: unknown, toast: Toast): void =>
    ui.send({ type: 'toast.show', toast });

/**
 * Opens the ui actor's confirmation dialog on behalf of a page machine: the user's answer (`onConfirm`,
 * `onCancel`) is sent back to `replyTo`, the machine that asked.
 */
export const askToConfirm = (ui: AppActors['ui'], replyTo: AnyActorRef, request: Omit<ConfirmationRequest, 'replyTo'>): void =>
  ui.send({ type: 'confirmation.open', request: { ...request, replyTo } });
