// Progress that could not be sent waits on the device and is sent when it can be (decision
// 041): one queue per app, its machine (machines/progress-queue.machine.ts) started with the
// app, flushing at every sign-in and when the connection returns. The queue's code loads at the
// first report or flush, which only a signed-in account makes (at once: a sign-in asks for a
// flush): a visitor's first page does not carry it.
import { createActor, fromPromise } from 'xstate';
import type { Api } from '@api/calls';
import { progressQueueMachine, type FlushOutcome } from '@machines/progress-queue.machine';
import { unreachable } from '@domain/request-outcome';
import { perApp } from '@lib/app-actors';
import { onSignedInChange } from '@lib/session-changes';

export const progressQueueOf = perApp((app) => {
  const { session, connectivity } = app;
  let loading: Promise<ReturnType<typeof import('./progress-queue').progressQueue>> | null = null;
  const queue = () =>
    (loading ??= import('./progress-queue').then(({ indexedDbProgressStore, memoryProgressStore, progressQueue }) =>
      progressQueue({
        api: app.api,
        store: typeof indexedDB === 'undefined' ? memoryProgressStore() : indexedDbProgressStore(),
        account: () => session.getSnapshot().context.user?.email ?? null,
        profile: () => session.getSnapshot().context.user?.profile?.id ?? null,
        online: () => connectivity.getSnapshot().matches('online'),
        flushSoon: () => actor.send({ type: 'queue.flush' }),
      }),
    ).catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const flushQueue = fromPromise(async (): Promise<FlushOutcome> => (session.getSnapshot().context.user ? (await queue()).flush() : { kind: 'sent' }));
  const actor = createActor(progressQueueMachine.provide({ actors: { flushQueue } }), {
    ...app.actorOptions,
    input: { online: connectivity.getSnapshot().matches('online') },
  });
  actor.start();
  // Signed in (at start or later): what this account queued offline is sent now.
  onSignedInChange(session, (signedIn) => signedIn && actor.send({ type: 'queue.flush' }));
  connectivity.subscribe((snapshot) => actor.send({ type: snapshot.matches('online') ? 'connection.online' : 'connection.offline' }));

  /** How the player saves progress: sent, or queued on the device while it cannot be. A report before the queue's code could be fetched is one that got no answer. */
  const reportProgress: Api['saveProgress'] = async (report, signal) => {
    let loaded: Awaited<ReturnType<typeof queue>>;
    try {
      loaded = await queue();
    } catch {
      return unreachable;
    }
    return loaded.reportProgress(report, signal);
  };
  return {
    actor,
    reportProgress,
    /** Only this account's queued reports stay (null: none), before another account's are read or made. */
    keepOnly: (account: string | null) => queue().then((loaded) => loaded.keepOnly(account)),
  };
});
