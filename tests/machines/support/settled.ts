import { waitFor, type AnyActorRef, type SnapshotFrom } from 'xstate';

/**
 * Resolves when a page machine with a collection list child (goals, transactions) has no call in flight:
 * the parent idle by `parentIdle`, its list child not busy, and the parent still idle after that.
 */
export async function settledWithList<TActor extends AnyActorRef>(actor: TActor, parentIdle: (snapshot: SnapshotFrom<TActor>) => boolean): Promise<SnapshotFrom<TActor>> {
  for (;;) {
    await waitFor(actor, parentIdle, { timeout: 2000 });
    await waitFor((actor.getSnapshot() as { context: { list: AnyActorRef } }).context.list, (s) => !s.hasTag('busy'), { timeout: 2000 });
    if (parentIdle(actor.getSnapshot() as SnapshotFrom<TActor>)) return actor.getSnapshot() as SnapshotFrom<TActor>;
  }
}
