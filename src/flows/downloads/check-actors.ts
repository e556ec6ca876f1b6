// The download check machine's actors in the app (machines/download-check.machine.ts): `check`
// whenever the device is signed in and online (at start, and when the connection returns), and
// the check itself: renewed licences keep their new expiry here, revoked ones lose their files.
import { fromCallback, fromPromise } from 'xstate';
import { implement } from '@lib/flow';
import { deleteStored, listRecords, writeRecord } from '@features/downloads';
import type { Schemas } from '@domain/contract';
import type { DownloadRecord } from '@domain/downloads';
import type { DownloadCheckEvent, DownloadCheckMachine, RevokedDownload } from '@machines/download-check.machine';

type CheckAnswer = Schemas['DownloadCheckSuccess']['licences'][number];

export default implement<DownloadCheckMachine>(({ api, account, session, connectivity }) => {
  /** The server's answer for these licences; a licence of another account (a shared browser) is checked alone and counts as signed out. */
  async function answers(held: DownloadRecord[]): Promise<CheckAnswer[]> {
    const outcome = await api.checkDownloads({ licenceIds: held.map((record) => record.licenceId) });
    if (outcome.kind === 'ok') return outcome.data;
    if (outcome.kind !== 'failed' || outcome.status !== 403 || held.length === 1) {
      if (outcome.kind === 'failed' && outcome.status === 403) return [{ id: held[0]!.licenceId, class_id: held[0]!.classId, status: 'revoked', reason: 'signed_out', expires_at: null }];
      throw new Error('download check: no answer');
    }
    const each = await Promise.all(held.map((record) => answers([record])));
    return each.flat();
  }
  return {
    actors: {
      watchChecks: fromCallback<DownloadCheckEvent>(({ sendBack }) => {
        let wasReady = false;
        const look = () => {
          const ready = session.getSnapshot().context.user !== null && connectivity.getSnapshot().matches('online');
          if (ready && !wasReady) sendBack({ type: 'check' });
          wasReady = ready;
        };
        const subscriptions = [session.subscribe(look), connectivity.subscribe(look)];
        look();
        return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
      }),
      checkLicences: fromPromise<RevokedDownload[]>(async () => {
        const who = account();
        const held = await listRecords(who);
        if (held.length === 0) return [];
        const revoked: RevokedDownload[] = [];
        for (const answer of await answers(held)) {
          const record = held.find((candidate) => candidate.licenceId === answer.id);
          if (!record) continue;
          if (answer.status === 'revoked') {
            await deleteStored(record.classId);
            revoked.push({ classId: record.classId, title: record.title, reason: answer.reason ?? 'unknown' });
          } else if (answer.expires_at && answer.expires_at !== record.expiresAt) {
            await writeRecord(who, { ...record, expiresAt: answer.expires_at });
          }
        }
        return revoked;
      }),
    },
  };
});
