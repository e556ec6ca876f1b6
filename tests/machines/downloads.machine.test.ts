// /downloads (docs/decisions/040, 050): what is on this device and the storage used and free,
// shown as soon as they are read; the plan's download devices in use once counted; Delete frees a
// download's space and the list is read again. A page drawn before the app started keeps its list.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { downloadsMachine, type DownloadDevices, type LocalDownloads } from '@machines/downloads.machine';
import { LICENCE_ID, record } from './model/download-fixtures';
import { controlledActor, settle } from './controlled-actor';

const local: LocalDownloads = { downloads: [record(true)], storage: { usage: 8_022_200, quota: 1_000_000_000 } };
const devices: DownloadDevices = { inUse: 1, allowed: 2 };

function downloadsPage(shown?: LocalDownloads | null) {
  const load = controlledActor<LocalDownloads>();
  const count = controlledActor<DownloadDevices | null>();
  const remove = controlledActor<void, { classId: string; licenceId: string | null }>();
  const machine = downloadsMachine.provide({ actors: { loadDownloads: load.logic, countDevices: count.logic, deleteDownload: remove.logic } });
  const actor = createActor(machine, { input: shown === undefined ? undefined : { shown } }).start();
  return { actor, load, count, remove };
}

/** The page with the list read and this plan's devices counted (`showing.counted`). */
async function countedPage() {
  const page = downloadsPage();
  page.load.last.resolve(local);
  await settle();
  page.count.last.resolve(devices);
  await settle();
  return page;
}

describe('downloads machine', () => {
  it('shows the list and the storage at once, and the devices once they are counted', async () => {
    const { actor, load, count } = downloadsPage();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ downloads: [], storage: null, devices: null, deleting: null, failed: false });
    expect(count.calls).toHaveLength(0);
    load.last.resolve(local);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ showing: 'counting' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context).toEqual({ ...local, devices: null, deleting: null, failed: false });
    expect(count.calls).toHaveLength(1);
    count.last.resolve(devices);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ showing: 'counted' });
    expect(actor.getSnapshot().context).toEqual({ ...local, devices, deleting: null, failed: false });
  });

  it('keeps the list when the devices cannot be counted', async () => {
    const { actor, load, count } = downloadsPage();
    load.last.resolve(local);
    await settle();
    count.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ showing: 'counted' });
    expect(actor.getSnapshot().context).toEqual({ ...local, devices: null, deleting: null, failed: false });
  });

  it('starts with the list the page was drawn with, and reads it again', async () => {
    const { actor, load } = downloadsPage(local);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toEqual({ ...local, devices: null, deleting: null, failed: false });
    load.last.resolve({ downloads: [], storage: null });
    await settle();
    expect(actor.getSnapshot().context.downloads).toEqual([]);
  });

  it('starts empty when the page was drawn without a list', () => {
    const { actor } = downloadsPage(null);
    expect(actor.getSnapshot().context).toEqual({ downloads: [], storage: null, devices: null, deleting: null, failed: false });
  });

  it('says when the list cannot be read, and Try again reads it', async () => {
    const { actor, load } = downloadsPage();
    load.last.reject(new Error('IndexedDB is closed'));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ showing: 'counting' });
    expect(actor.getSnapshot().context).toMatchObject({ downloads: [], failed: true, deleting: null });
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    load.last.resolve(local);
    await settle();
    expect(actor.getSnapshot().context.failed).toBe(false);
    expect(actor.getSnapshot().context.downloads).toEqual(local.downloads);
  });

  it('Delete removes the download (busy meanwhile) and reads the list again', async () => {
    const { actor, load, count, remove } = await countedPage();
    actor.send({ type: 'download.delete', classId: 'c1', licenceId: LICENCE_ID });
    expect(actor.getSnapshot().value).toBe('deleting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.deleting).toBe('c1');
    expect(remove.last.input).toEqual({ classId: 'c1', licenceId: LICENCE_ID });
    remove.last.resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
    load.last.resolve({ downloads: [], storage: null });
    await settle();
    expect(actor.getSnapshot().context).toEqual({ downloads: [], storage: null, devices, deleting: null, failed: false });
    expect(count.calls).toHaveLength(2);
  });

  it('drops an earlier devices count when counting again fails, rather than show a stale one', async () => {
    const { actor, load, count, remove } = await countedPage();
    actor.send({ type: 'download.delete', classId: 'c1', licenceId: LICENCE_ID });
    remove.last.resolve();
    await settle();
    load.last.resolve(local);
    await settle();
    count.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ showing: 'counted' });
    expect(actor.getSnapshot().context.devices).toBeNull();
  });

  it('deletes from a page drawn with the list while it is read again (Delete pressed before the app hydrated), then reads what is left', async () => {
    const { actor, load, remove } = downloadsPage(local);
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'download.delete', classId: 'c1', licenceId: LICENCE_ID });
    expect(actor.getSnapshot().value).toBe('deleting');
    expect(actor.getSnapshot().context).toMatchObject({ downloads: local.downloads, deleting: 'c1' });
    expect(remove.calls.map((call) => call.input)).toEqual([{ classId: 'c1', licenceId: LICENCE_ID }]);
    remove.last.resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    load.last.resolve({ downloads: [], storage: null });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ downloads: [], deleting: null, failed: false });
  });

  it('reads the list again when a delete fails, so it shows what is really left', async () => {
    const { actor, load, remove } = downloadsPage();
    load.last.resolve(local);
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
