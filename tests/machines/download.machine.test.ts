// Downloading one class (docs/decisions/038 and 040): the quality up to the plan's cap, the
// licence (or the device limit, the class limit, a refusal), the space check before the first
// byte, the files with their progress, cancel, delete, and resume with fresh URLs.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { downloadMachine, type DownloadEvent, type DownloadState, type SpaceAnswer } from '@machines/download.machine';
import type { DownloadFiles, LicenceAnswer } from '@domain/downloads';
import { failed, ok, type Outcome } from '@domain/request-outcome';
import { device, files, licence, LICENCE_ID, PHONE, record } from './model/download-fixtures';
import { controlledActor, settle } from './controlled-actor';

type FetchInput = { classId: string; quality: string; licenceId: string; files: DownloadFiles };

function downloadPanel() {
  const load = controlledActor<DownloadState, { classId: string }>();
  const requestLicence = controlledActor<Outcome<LicenceAnswer>, { classId: string; quality: string }>();
  const removeDevice = controlledActor<Outcome<object>, { deviceId: string }>();
  const resign = controlledActor<Outcome<{ licenceId: string; files: DownloadFiles }>, { licenceId: string }>();
  const space = controlledActor<SpaceAnswer, { classId: string; files: DownloadFiles }>();
  const remove = controlledActor<void, { classId: string; licenceId: string | null }>();
  const fetches: FetchInput[] = [];
  let report: (event: DownloadEvent) => void = () => {};
  let fetchesStopped = 0;
  let keptStorage = 0;
  const actor = createActor(
    downloadMachine.provide({
      actors: {
        loadDownload: load.logic,
        requestLicence: requestLicence.logic,
        removeDevice: removeDevice.logic,
        resignFiles: resign.logic,
        checkSpace: space.logic,
        deleteDownload: remove.logic,
        fetchFiles: fromCallback<DownloadEvent, FetchInput>(({ sendBack, input }) => {
          fetches.push(input);
          report = sendBack;
          return () => void (fetchesStopped += 1);
        }),
      },
      actions: { keepStorage: () => void (keptStorage += 1) },
    }),
    { input: { classId: 'c1' } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const context = () => actor.getSnapshot().context;
  return {
    actor,
    snapshot,
    context,
    load,
    requestLicence,
    removeDevice,
    resign,
    space,
    remove,
    fetches,
    report: (event: DownloadEvent) => report(event),
    fetchesStopped: () => fetchesStopped,
    keptStorage: () => keptStorage,
    /** The panel of a class not on this device, under a plan capped at `maxHeight`. */
    async opened(maxHeight: number | null = 1080) {
      load.last.resolve({ record: null, maxHeight, refused: null });
      await settle();
    },
    /** Download pressed and the licence issued. */
    async issued() {
      actor.send({ type: 'download.start' });
      requestLicence.last.resolve(ok({ kind: 'issued', licence, files }));
      await settle();
    },
  };
}

describe('download machine: opening the panel', () => {
  it('reads this device’s record of the class, and offers the plan’s cap and the quality below it, the smaller chosen', async () => {
    const t = downloadPanel();
    expect(t.snapshot().value).toBe('loading');
    expect(t.load.last.input).toEqual({ classId: 'c1' });
    await t.opened(1080);
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ choices: ['360p', '720p', '1080p'], quality: '720p', licenceId: null, bytesDone: 0, bytesTotal: 0, refusal: null, problem: null, devices: [] });
  });

  it('says why downloads are refused, and offers no quality and no download', async () => {
    const t = downloadPanel();
    t.load.last.resolve({ record: null, maxHeight: null, refused: 'subscription_ended' });
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ choices: [], quality: null, refusal: 'subscription_ended' });
    t.actor.send({ type: 'download.start' });
    expect(t.snapshot().value).toBe('ready');
    expect(t.requestLicence.calls).toHaveLength(0);
  });

  it('shows the panel empty when this device’s record cannot be read', async () => {
    const t = downloadPanel();
    t.load.last.reject(new Error('IndexedDB is closed'));
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ choices: [], quality: null, licenceId: null });
  });

  it('a class already downloaded shows as downloaded, at its own quality and size', async () => {
    const t = downloadPanel();
    t.load.last.resolve({ record: { ...record(true), quality: '1080p' }, maxHeight: 1080, refused: null });
    await settle();
    expect(t.snapshot().value).toBe('downloaded');
    expect(t.context()).toMatchObject({ quality: '1080p', licenceId: LICENCE_ID, bytesDone: files.total_bytes, bytesTotal: files.total_bytes });
    expect(t.snapshot().hasTag('busy')).toBe(false);
  });

  it('a class stored in part shows as paused, with nothing counted as done until the rest is fetched', async () => {
    const t = downloadPanel();
    t.load.last.resolve({ record: record(false), maxHeight: null, refused: null });
    await settle();
    expect(t.snapshot().value).toBe('paused');
    expect(t.context()).toMatchObject({ quality: '720p', licenceId: LICENCE_ID, bytesDone: 0, bytesTotal: files.total_bytes, problem: null });
  });
});

describe('download machine: quality and licence', () => {
  it('takes a quality the plan offers and ignores one it does not', async () => {
    const t = downloadPanel();
    await t.opened(1080);
    t.actor.send({ type: 'quality.choose', quality: '2160p' });
    expect(t.context().quality).toBe('720p');
    t.actor.send({ type: 'quality.choose', quality: '1080p' });
    expect(t.context().quality).toBe('1080p');
    t.actor.send({ type: 'download.start' });
    expect(t.snapshot().value).toBe('requesting');
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.requestLicence.last.input).toEqual({ classId: 'c1', quality: '1080p' });
  });

  it('an issued licence takes the files and checks the space they need', async () => {
    const t = downloadPanel();
    await t.opened();
    await t.issued();
    expect(t.snapshot().value).toBe('checkingSpace');
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.context()).toMatchObject({ licenceId: licence.id, files, bytesDone: 0, bytesTotal: files.total_bytes });
    expect(t.space.last.input).toEqual({ classId: 'c1', files });
  });

  it('the class limit and a refusal go back to the picker with the reason; a new try clears it', async () => {
    const t = downloadPanel();
    await t.opened();
    t.actor.send({ type: 'download.start' });
    t.requestLicence.last.resolve(ok({ kind: 'classLimit', classesPerDevice: 25 }));
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ problem: 'classLimit', refusal: null });

    t.actor.send({ type: 'download.start' });
    expect(t.context()).toMatchObject({ problem: null, refusal: null });
    t.requestLicence.last.resolve(ok({ kind: 'refused', reason: 'payment_required' }));
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ problem: 'refused', refusal: 'payment_required' });

    t.actor.send({ type: 'download.start' });
    expect(t.context()).toMatchObject({ problem: null, refusal: null });
    t.requestLicence.last.resolve(ok({ kind: 'refused', reason: null }));
    await settle();
    expect(t.context()).toMatchObject({ problem: 'refused', refusal: null });
  });

  it('a cancelled request says nothing; a failed or unanswered one says it failed', async () => {
    const t = downloadPanel();
    await t.opened();
    t.actor.send({ type: 'download.start' });
    t.requestLicence.last.resolve({ kind: 'cancelled' });
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context().problem).toBeNull();

    t.actor.send({ type: 'download.start' });
    t.requestLicence.last.resolve(failed(500));
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context().problem).toBe('failed');

    t.actor.send({ type: 'download.start' });
    t.requestLicence.last.reject(new Error('offline'));
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context().problem).toBe('failed');
  });
});

describe('download machine: the plan’s download devices', () => {
  async function atDeviceLimit() {
    const t = downloadPanel();
    await t.opened();
    t.actor.send({ type: 'download.start' });
    t.requestLicence.last.resolve(ok({ kind: 'deviceLimit', downloadDevices: 2, devices: [device] }));
    await settle();
    return t;
  }

  it('lists the devices holding downloads; removing one asks for the licence again', async () => {
    const t = await atDeviceLimit();
    expect(t.snapshot().value).toBe('deviceLimit');
    expect(t.snapshot().hasTag('busy')).toBe(false);
    expect(t.context()).toMatchObject({ devices: [device], downloadDevices: 2 });
    t.actor.send({ type: 'device.remove', deviceId: PHONE });
    expect(t.snapshot().value).toBe('removingDevice');
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.removeDevice.last.input).toEqual({ deviceId: PHONE });
    t.removeDevice.last.resolve(ok({ revoked: 3 }));
    await settle();
    expect(t.snapshot().value).toBe('requesting');
    expect(t.requestLicence.calls).toHaveLength(2);
    expect(t.context()).toMatchObject({ devices: [], problem: null });
  });

  it('a device that could not be removed stays listed, with the reason', async () => {
    const t = await atDeviceLimit();
    t.actor.send({ type: 'device.remove', deviceId: PHONE });
    t.removeDevice.last.resolve(failed(404));
    await settle();
    expect(t.snapshot().value).toBe('deviceLimit');
    expect(t.context()).toMatchObject({ devices: [device], problem: 'removeFailed' });

  });

  it('a removal that gets no answer says so too', async () => {
    const t = await atDeviceLimit();
    t.actor.send({ type: 'device.remove', deviceId: PHONE });
    t.removeDevice.last.reject(new Error('offline'));
    await settle();
    expect(t.snapshot().value).toBe('deviceLimit');
    expect(t.context()).toMatchObject({ devices: [device], problem: 'removeFailed' });
  });

  it('Cancel goes back to the picker without the list', async () => {
    const t = await atDeviceLimit();
    t.actor.send({ type: 'download.cancel' });
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ devices: [], problem: null });
  });
});

describe('download machine: space', () => {
  it('fetches when it fits exactly, asking the browser to keep the storage', async () => {
    const t = downloadPanel();
    await t.opened();
    await t.issued();
    t.space.last.resolve({ needed: 1000, free: 1000 });
    await settle();
    expect(t.snapshot().value).toBe('fetching');
    expect(t.context().space).toEqual({ needed: 1000, free: 1000 });
    expect(t.keptStorage()).toBe(1);
    expect(t.fetches).toEqual([{ classId: 'c1', quality: '720p', licenceId: LICENCE_ID, files }]);
  });

  it('fetches when the browser does not say how much is free, or the check fails', async () => {
    const t = downloadPanel();
    await t.opened();
    await t.issued();
    t.space.last.resolve({ needed: files.total_bytes, free: null });
    await settle();
    expect(t.snapshot().value).toBe('fetching');

    const u = downloadPanel();
    await u.opened();
    await u.issued();
    u.space.last.reject(new Error('no estimate'));
    await settle();
    expect(u.snapshot().value).toBe('fetching');
  });

  it('refuses before the first byte when it will not fit, and gives the licence back', async () => {
    const t = downloadPanel();
    await t.opened();
    await t.issued();
    t.space.last.resolve({ needed: 1001, free: 1000 });
    await settle();
    expect(t.snapshot().value).toBe('releasing');
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.context()).toMatchObject({ problem: 'noSpace', space: { needed: 1001, free: 1000 } });
    expect(t.fetches).toEqual([]);
    expect(t.remove.last.input).toEqual({ classId: 'c1', licenceId: LICENCE_ID });
    t.remove.last.resolve();
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ problem: 'noSpace', licenceId: null, files: null, bytesDone: 0, bytesTotal: 0 });
    // Trying again starts afresh.
    t.actor.send({ type: 'download.start' });
    expect(t.context()).toMatchObject({ problem: null, space: null });
  });

  it('forgets the licence even when giving it back fails', async () => {
    const t = downloadPanel();
    await t.opened();
    await t.issued();
    t.space.last.resolve({ needed: 2, free: 1 });
    await settle();
    t.remove.last.reject(new Error('offline'));
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ licenceId: null, files: null, bytesTotal: 0 });
  });
});

describe('download machine: fetching', () => {
  async function fetching() {
    const t = downloadPanel();
    await t.opened();
    await t.issued();
    t.space.last.resolve({ needed: 1, free: 2 });
    await settle();
    return t;
  }

  it('shows the progress, then the class as downloaded', async () => {
    const t = await fetching();
    expect(t.snapshot().hasTag('busy')).toBe(false);
    t.report({ type: 'download.progress', bytesDone: 4_000_000, bytesTotal: 8_000_000 });
    expect(t.context()).toMatchObject({ bytesDone: 4_000_000, bytesTotal: 8_000_000 });
    t.report({ type: 'download.stored' });
    expect(t.snapshot().value).toBe('downloaded');
    expect(t.context().problem).toBeNull();
    expect(t.fetchesStopped()).toBe(1);
  });

  it('a dropped connection pauses it, and it resumes by itself when the connection returns, with fresh URLs', async () => {
    const t = await fetching();
    t.report({ type: 'download.interrupted' });
    expect(t.snapshot().value).toBe('paused');
    expect(t.context().problem).toBe('interrupted');
    t.actor.send({ type: 'connection.online' });
    expect(t.snapshot().value).toBe('resigning');
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.resign.last.input).toEqual({ licenceId: LICENCE_ID });
    const fresh = { ...files, token: 'u', total_bytes: 9_000_000 };
    t.resign.last.resolve(ok({ licenceId: LICENCE_ID, files: fresh }));
    await settle();
    expect(t.snapshot().value).toBe('checkingSpace');
    expect(t.context()).toMatchObject({ files: fresh, bytesTotal: 9_000_000, problem: null });
    t.space.last.resolve({ needed: 1, free: 2 });
    await settle();
    expect(t.fetches.at(-1)).toEqual({ classId: 'c1', quality: '720p', licenceId: LICENCE_ID, files: fresh });
  });

  it('Cancel stops the fetch and deletes what is stored', async () => {
    const t = await fetching();
    t.actor.send({ type: 'download.cancel' });
    expect(t.snapshot().value).toBe('removing');
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.fetchesStopped()).toBe(1);
    expect(t.remove.last.input).toEqual({ classId: 'c1', licenceId: LICENCE_ID });
    t.remove.last.resolve();
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ licenceId: null, files: null, bytesDone: 0, bytesTotal: 0 });
  });
});

describe('download machine: a download stored in part, and deleting', () => {
  async function paused() {
    const t = downloadPanel();
    t.load.last.resolve({ record: record(false), maxHeight: 1080, refused: null });
    await settle();
    return t;
  }

  it('Resume asks for fresh URLs; Cancel deletes what is stored', async () => {
    const t = await paused();
    t.actor.send({ type: 'download.resume' });
    expect(t.snapshot().value).toBe('resigning');
    const u = await paused();
    u.actor.send({ type: 'download.cancel' });
    expect(u.snapshot().value).toBe('removing');
    expect(u.remove.last.input).toEqual({ classId: 'c1', licenceId: LICENCE_ID });
  });

  it('a licence that ended (410) or is gone (404) removes the files and says so', async () => {
    for (const status of [410, 404]) {
      const t = await paused();
      t.actor.send({ type: 'download.resume' });
      t.resign.last.resolve(failed(status));
      await settle();
      expect(t.snapshot().value).toBe('removing');
      expect(t.context().problem).toBe('ended');
      t.remove.last.resolve();
      await settle();
      expect(t.snapshot().value).toBe('ready');
      expect(t.context().problem).toBe('ended');
    }
  });

  it('no answer, or any other failure, stays paused as interrupted', async () => {
    const s = await paused();
    s.actor.send({ type: 'download.resume' });
    s.resign.last.reject(new Error('offline'));
    await settle();
    expect(s.snapshot().value).toBe('paused');
    expect(s.context().problem).toBe('interrupted');

    const t = await paused();
    t.actor.send({ type: 'download.resume' });
    t.resign.last.resolve(failed(403));
    await settle();
    expect(t.snapshot().value).toBe('paused');
    expect(t.context()).toMatchObject({ problem: 'interrupted', licenceId: LICENCE_ID });
    t.actor.send({ type: 'download.resume' });
    t.resign.last.resolve({ kind: 'unreachable' });
    await settle();
    expect(t.snapshot().value).toBe('paused');
    t.actor.send({ type: 'download.resume' });
    t.resign.last.reject(new Error('offline'));
    await settle();
    expect(t.snapshot().value).toBe('paused');
    expect(t.context().problem).toBe('interrupted');
  });

  it('Delete frees a downloaded class’s space, even when the licence cannot be given back', async () => {
    const t = downloadPanel();
    t.load.last.resolve({ record: record(true), maxHeight: 1080, refused: null });
    await settle();
    t.actor.send({ type: 'download.delete' });
    expect(t.snapshot().value).toBe('removing');
    expect(t.remove.last.input).toEqual({ classId: 'c1', licenceId: LICENCE_ID });
    t.remove.last.reject(new Error('offline'));
    await settle();
    expect(t.snapshot().value).toBe('ready');
    expect(t.context()).toMatchObject({ licenceId: null, bytesDone: 0, bytesTotal: 0 });
  });
});
