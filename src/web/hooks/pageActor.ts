import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useState, type Provider } from 'react';
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

/** Reading an actor: `useActor()` for sending events, `useSelect(selector)` for narrow reads (return primitives or stable references). */
export interface ActorHooks<TActor extends AnyActorRef> {
  useActor: () => TActor;
  useSelect: <T>(selector: (snapshot: SnapshotFrom<TActor>) => T, compare?: (a: T, b: T) => boolean) => T;
  /** The same hooks for a child actor the machine keeps in its context (spawned with it, so always there). */
  child: <TChild extends AnyActorRef>(pick: (snapshot: SnapshotFrom<TActor>) => TChild) => ActorHooks<TChild>;
}

function actorHooks<TActor extends AnyActorRef>(useActor: () => TActor): ActorHooks<TActor> {
  return {
    useActor,
    useSelect: (selector, compare) => useSelector(useActor(), selector as never, compare),
    child: (pick) => actorHooks(() => useSelector(useActor(), pick as never)),
  };
}

/** How a page hands its actor to the components inside it: `Provider` around the page, and the hooks that read it. */
export function pageActor<TLogic extends AnyActorLogic>(name: string): ActorHooks<ActorRefFrom<TLogic>> & { Provider: Provider<ActorRefFrom<TLogic> | null> } {
  const Context = createContext<ActorRefFrom<TLogic> | null>(null);
  Context.displayName = `${name} actor`;
  return {
    Provider: Context.Provider,
    ...actorHooks(() => {
      const actor = useContext(Context);
      if (!actor) throw new Error(`the ${name} actor is read outside its page's <Provider>`);
      return actor;
    }),
  };
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

/** The rule for lists ([spec:4-delete-confirm] (transactions, goals, conversations): delete only after a danger confirmation, answered with `deletion.confirm` / `deletion.cancel`. */
export const confirmDeletion = (ui: AppActors['ui'], replyTo: AnyActorRef, request: Pick<ConfirmationRequest, 'title' | 'message' | 'confirmLabel'>): void =>
  askToConfirm(ui, replyTo, { variant: 'danger', ...request, onConfirm: { type: 'deletion.confirm' }, onCancel: { type: 'deletion.cancel' } });
