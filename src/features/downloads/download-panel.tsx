// Download on the class page and in the player: a view of the download machine (quality,
// progress in per cent and MB, Cancel, Resume, Delete, and the plan's devices when they are all in
// use). Shared by the flows that offer it, like the save button.
import { useEffect, useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useAppActors } from '@lib/app-actors';
import { provideTree } from '@machines/provide-tree';
import { downloadMachine } from '@machines/download.machine';
import { downloadImplementations, type DownloadedClass } from './download-actors';
import { useDeviceLabel } from '@components/device-name';

const messages = defineMessages({
  heading: { id: 'download.heading', defaultMessage: 'Download to watch offline' },
  quality: { id: 'download.quality', defaultMessage: 'Quality' },
  start: { id: 'download.start', defaultMessage: 'Download' },
  cancel: { id: 'download.cancel', defaultMessage: 'Cancel download' },
  resume: { id: 'download.resume', defaultMessage: 'Resume download' },
  delete: { id: 'download.delete', defaultMessage: 'Delete download' },
  preparing: { id: 'download.preparing', defaultMessage: 'Preparing the download…' },
  interrupted: { id: 'download.interrupted', defaultMessage: 'The connection dropped. The download resumes where it stopped.' },
  classLimit: { id: 'download.classLimit', defaultMessage: 'This device holds 25 downloaded classes, the most it can. Delete one to download this class.' },
  refused: { id: 'download.refused', defaultMessage: 'Your plan does not allow downloads right now. Choose a plan to download classes.' },
  notAllowed: { id: 'download.notAllowed', defaultMessage: 'The Mobile plan downloads on phones and tablets only.' },
  payment: { id: 'download.payment', defaultMessage: 'Downloads pause until the payment goes through. Update your card in Billing.' },
  subscriptionPaused: { id: 'download.subscriptionPaused', defaultMessage: 'Your subscription is paused. Resume it in Billing to download classes.' },
  failed: { id: 'download.failed', defaultMessage: 'The download could not start. Please try again.' },
  ended: { id: 'download.ended', defaultMessage: 'This download’s licence has ended; download the class again.' },
  removeDevice: { id: 'download.removeDevice', defaultMessage: 'Remove downloads from that device' },
  removeFailed: { id: 'download.removeFailed', defaultMessage: 'The downloads could not be removed from that device. Please try again.' },
  offline: { id: 'download.offline', defaultMessage: 'Connect to the internet to download this class.' },
});
const progressMessage = defineMessage<{ percent: string; done: string; total: string }>({ id: 'download.progress', defaultMessage: 'Downloading: {percent} ({done} of {total} MB)' });
const pausedMessage = defineMessage<{ percent: string; done: string; total: string }>({ id: 'download.paused', defaultMessage: 'Download paused at {percent} ({done} of {total} MB).' });
const downloadedMessage = defineMessage<{ quality: string; total: string }>({ id: 'download.downloaded', defaultMessage: 'Downloaded in {quality} ({total} MB): plays offline.' });
const noSpaceMessage = defineMessage<{ needed: string; free: string }>({ id: 'download.noSpace', defaultMessage: 'Not enough space on this device: this class needs {needed} MB and {free} MB are free. Delete a download or choose a smaller quality.' });
const deviceLimitMessage = defineMessage<{ count: number }>({ id: 'download.deviceLimit', defaultMessage: 'Your plan downloads on {count, plural, one {# device} other {# devices}}, and they all hold downloads. Remove downloads from one of them to download here.' });
const lastSeenMessage = defineMessage<{ name: string; when: string; classes: number }>({ id: 'download.lastSeen', defaultMessage: '{name}, last seen {when}, {classes, plural, one {# class} other {# classes}}' });

const mb = (intl: IntlShape, bytes: number) => intl.formatNumber(bytes / 1_000_000, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export function DownloadPanel({ download, compact = false }: { download: DownloadedClass; compact?: boolean }) {
  const intl = useIntl();
  const deviceLabel = useDeviceLabel();
  const app = useAppActors();
  const groupId = useId();
  // One machine per panel (the class is its key where it is rendered).
  const [machine] = useState(() => provideTree(downloadMachine, downloadImplementations(app, download) as never));
  const [snapshot, send] = useMachine(machine, { ...app.actorOptions, input: { classId: download.classId } });
  useEffect(() => {
    const subscription = app.connectivity.subscribe((state) => {
      if (state.matches('online')) send({ type: 'connection.online' });
    });
    return () => subscription.unsubscribe();
  }, [app, send]);
  const { choices, quality, bytesDone, bytesTotal, problem, refusal, devices, downloadDevices, space } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const percent = intl.formatNumber(bytesTotal > 0 ? bytesDone / bytesTotal : 0, { style: 'percent' });
  const amounts = { percent, done: mb(intl, bytesDone), total: mb(intl, bytesTotal) };
  const refusalText = intl.formatMessage(
    refusal === 'device_not_allowed' ? messages.notAllowed : refusal === 'payment_required' ? messages.payment : refusal === 'subscription_paused' ? messages.subscriptionPaused : messages.refused,
  );
  const problemText = (() => {
    if (problem === 'noSpace' && space) return intl.formatMessage(noSpaceMessage, { needed: mb(intl, space.needed), free: mb(intl, space.free ?? 0) });
    if (problem === 'classLimit') return intl.formatMessage(messages.classLimit);
    if (problem === 'refused') return refusalText;
    if (problem === 'failed') return intl.formatMessage(messages.failed);
    if (problem === 'interrupted') return intl.formatMessage(messages.interrupted);
    if (problem === 'removeFailed') return intl.formatMessage(messages.removeFailed);
    if (problem === 'ended') return intl.formatMessage(messages.ended);
    return null;
  })();
  if (snapshot.matches('loading')) return null;
  const ready = snapshot.matches('ready');
  const idleText = refusal ? refusalText : intl.formatMessage(messages.offline);
  return (
    <section className={`download-panel card stack${compact ? ' download-panel--compact' : ''}`} aria-labelledby={`${groupId}-heading`} data-testid="download-panel">
      <h2 id={`${groupId}-heading`} className="download-panel__heading">
        {intl.formatMessage(messages.heading)}
      </h2>
      {problemText && (
        <p role="alert" className="download-panel__problem">
          {problemText}
        </p>
      )}
      {ready && choices.length === 0 && <p>{idleText}</p>}
      {ready && choices.length > 0 && (
        <div className="download-panel__choose">
          <fieldset className="download-panel__qualities">
            <legend>{intl.formatMessage(messages.quality)}</legend>
            {choices.map((choice) => (
              <label key={choice} className="download-panel__quality">
                <input type="radio" name={`${groupId}-quality`} value={choice} checked={quality === choice} onChange={() => send({ type: 'quality.choose', quality: choice })} /> {choice}
              </label>
            ))}
          </fieldset>
          <button type="button" className="btn btn--primary" onClick={() => send({ type: 'download.start' })}>
            {intl.formatMessage(messages.start)}
          </button>
        </div>
      )}
      {busy && !snapshot.matches('fetching') && <p aria-live="polite">{intl.formatMessage(messages.preparing)}</p>}
      {(snapshot.matches('fetching') || snapshot.matches('paused')) && (
        <div className="download-panel__progress stack">
          <progress max={Math.max(1, bytesTotal)} value={bytesDone} aria-label={intl.formatMessage(progressMessage, amounts)} />
          <p aria-live="polite" data-testid="download-progress">
            {intl.formatMessage(snapshot.matches('paused') ? pausedMessage : progressMessage, amounts)}
          </p>
          <div className="download-panel__buttons">
            {snapshot.matches('paused') && (
              <button type="button" className="btn btn--primary" onClick={() => send({ type: 'download.resume' })}>
                {intl.formatMessage(messages.resume)}
              </button>
            )}
            <button type="button" className="btn btn--secondary" onClick={() => send({ type: 'download.cancel' })}>
              {intl.formatMessage(messages.cancel)}
            </button>
          </div>
        </div>
      )}
      {snapshot.matches('deviceLimit') && (
        <div className="stack">
          <p>{intl.formatMessage(deviceLimitMessage, { count: downloadDevices })}</p>
          <ul className="download-panel__devices">
            {devices.map((device) => (
              <li key={device.device_id}>
                <span>
                  {intl.formatMessage(lastSeenMessage, {
                    name: deviceLabel(device.device_name, device.profile_name),
                    when: intl.formatDate(device.last_seen_at, { dateStyle: 'medium', timeStyle: 'short' }),
                    classes: device.classes,
                  })}
                </span>
                <button type="button" className="btn btn--secondary" onClick={() => send({ type: 'device.remove', deviceId: device.device_id })}>
                  {intl.formatMessage(messages.removeDevice)}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'download.cancel' })}>
            {intl.formatMessage(messages.cancel)}
          </button>
        </div>
      )}
      {snapshot.matches('downloaded') && (
        <div className="download-panel__done">
          <p data-testid="download-done">{intl.formatMessage(downloadedMessage, { quality: quality ?? '', total: mb(intl, bytesTotal) })}</p>
          <button type="button" className="btn btn--secondary" onClick={() => send({ type: 'download.delete' })}>
            {intl.formatMessage(messages.delete)}
          </button>
        </div>
      )}
    </section>
  );
}
