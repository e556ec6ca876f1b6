// /downloads (docs/decisions/040): what is on this device, the storage used and free, the plan's
// download devices in use; Delete frees a download's space and the list is read again.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { downloadsMachine, type DownloadsList } from '@machines/downloads.machine';
import { LICENCE_ID, record } from './model/download-fixtures';
import { controlledActor, settle } from './controlled-actor';

const list: DownloadsList = { downloads: [record(true)], storage: { usage: 8_022_200, quota: 1_000_000_000 }, devices: { inUse: 1, allowed: 2 } };

function downloadsPage() {
  const load = controlledActor<DownloadsList>();
  const remove = controlledActor<void, { classId: string; licenceId: string | null }>();
  const actor = createActor(downloadsMachine.provide({ actors: { loadDownloads: load.logic, deleteDownload: remove.logic } })).start();
  return { actor, load, remove };
}

describe('downloads machine', () => {
  it('reads the list, the storage and the devices', async () => {
    const { actor, load } = downloadsPage();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.failed).toBe(false);
    load.last.resolve(list);
    await settle();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context).toEqual({ ...list, deleting: null, failed: false });
  });

  it('says when the list cannot be read, and Try again reads it', async () => {
    const { actor, load } = downloadsPage();
    load.last.reject(new Error('IndexedDB is closed'));
    await settle();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context).toMatchObject({ downloads: [], failed: true, deleting: null });
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    load.last.resolve(list);
    await settle();
    expect(actor.getSnapshot().context.failed).toBe(false);
    expect(actor.getSnapshot().context.downloads).toEqual(list.downloads);
  });

  it('Delete removes the download (busy meanwhile) and reads the list again', async () => {
    const { actor, load, remove } = downloadsPage();
    load.last.resolve(list);
    await settle();
    actor.send({ type: 'download.delete', classId: 'c1', licenceId: LICENCE_ID });
    expect(actor.getSnapshot().value).toBe('deleting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.deleting).toBe('c1');
    expect(remove.last.input).toEqual({ classId: 'c1', licenceId: LICENCE_ID });
    remove.last.resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
    load.last.resolve({ downloads: [], storage: null, devices: null });
    await settle();
    expect(actor.getSnapshot().context).toEqual({ downloads: [], storage: null, devices: null, deleting: null, failed: false });
  });

  it('reads the list again when a delete fails, so it shows what is really left', async () => {
    const { actor, load, remove } = downloadsPage();
    load.last.resolve(list);
    await settle();
    actor.send({ type: 'download.delete', classId: 'c1', licenceId: LICENCE_ID });
    remove.last.reject(new Error('quota'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    load.last.reject(new Error('still closed'));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ deleting: null, failed: true });
  });
});
