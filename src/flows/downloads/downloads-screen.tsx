// /downloads: a view of the downloads machine. What is on this device (poster, title, quality,
// size, licence expiry, Play and Delete), the storage used and free, and the plan's download
// devices in use; it works offline, where the classes listed here are the ones that play. The
// devices count comes from the network after the list: it is drawn under the list, so its arrival
// moves nothing. Offline, the service worker may have drawn this screen's markup before the app
// started (src/sw/downloads-page.ts, docs/decisions/050): the machine starts with that list.
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'wouter';
import { ClassPoster, Spinner } from '@components';
import { useClassTexts } from '@components/class-texts';
import { drawnDownloads } from '@features/downloads';
import { useFlow } from '@lib/flow';
import { localPosterUrl, licenceExpired } from '@domain/downloads';
import { routes } from '@domain/routes';
import { downloadsMachine } from '@machines/downloads.machine';

const messages = defineMessages({
  title: { id: 'downloads.title', defaultMessage: 'Downloads' },
  intro: { id: 'downloads.intro', defaultMessage: 'Classes downloaded on this device play without an internet connection.' },
  loading: { id: 'downloads.loading', defaultMessage: 'Loading your downloads…' },
  empty: { id: 'downloads.empty', defaultMessage: 'Nothing is downloaded on this device yet. Open a class and choose Download to watch it offline.' },
  browse: { id: 'downloads.browse', defaultMessage: 'Browse the classes' },
  play: { id: 'downloads.play', defaultMessage: 'Play' },
  delete: { id: 'downloads.delete', defaultMessage: 'Delete' },
  incomplete: { id: 'downloads.incomplete', defaultMessage: 'Not finished: open the class to resume the download.' },
  expired: { id: 'downloads.expired', defaultMessage: 'The licence has expired: go online to renew it.' },
  failed: { id: 'downloads.failed', defaultMessage: 'The downloads on this device could not be read.' },
  retry: { id: 'downloads.retry', defaultMessage: 'Try again' },
});
const sizeMessage = defineMessage<{ quality: string; size: string }>({ id: 'downloads.size', defaultMessage: '{quality} · {size} MB' });
const expiresMessage = defineMessage<{ date: string }>({ id: 'downloads.expires', defaultMessage: 'Licence valid until {date}' });
const storageMessage = defineMessage<{ used: string; free: string }>({ id: 'downloads.storage', defaultMessage: 'Storage: {used} MB used, {free} MB free' });
/** No plan, no download devices: "0 of 0" would read as a fault; say where downloads come from. */
const noPlanMessage = defineMessage({ id: 'downloads.noPlan', defaultMessage: 'Downloads come with a plan: every plan lets you keep classes on at least one device.' });
const choosePlanMessage = defineMessage({ id: 'downloads.choosePlan', defaultMessage: 'Choose a plan' });
const devicesMessage = defineMessage<{ inUse: number; allowed: number }>({ id: 'downloads.devices', defaultMessage: 'Download devices in use: {inUse} of {allowed}' });
const deleteLabel = defineMessage<{ title: string }>({ id: 'downloads.deleteLabel', defaultMessage: 'Delete {title}' });

const mb = (intl: IntlShape, bytes: number) => intl.formatNumber(bytes / 1_000_000, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export default function DownloadsScreen() {
  const intl = useIntl();
  const t = useClassTexts();
  const [snapshot, send] = useFlow(downloadsMachine, { shown: drawnDownloads() });
  const { downloads, storage, devices, deleting, failed } = snapshot.context;
  const now = new Date();
  return (
    <div className="page stack downloads">
      <h1>{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(messages.intro)}</p>
      <div className="downloads__summary">
        {storage && <p data-testid="downloads-storage">{intl.formatMessage(storageMessage, { used: mb(intl, storage.usage), free: mb(intl, Math.max(0, storage.quota - storage.usage)) })}</p>}
      </div>
      {snapshot.matches('loading') && downloads.length === 0 && <Spinner size="lg" label={messages.loading} />}
      {failed && (
        <div className="card stack" role="alert">
          <p>{intl.formatMessage(messages.failed)}</p>
          <button type="button" className="btn btn--primary" onClick={() => send({ type: 'retry' })}>
            {intl.formatMessage(messages.retry)}
          </button>
        </div>
      )}
      {!snapshot.matches('loading') && !failed && downloads.length === 0 && (
        <div className="card stack">
          <p>{intl.formatMessage(messages.empty)}</p>
          <Link href={routes.classes.href()} className="btn btn--primary">
            {intl.formatMessage(messages.browse)}
          </Link>
        </div>
      )}
      {downloads.length > 0 && (
        <ul className="downloads__list">
          {downloads.map((download) => {
            const title = t.text(download.title);
            const expired = licenceExpired(download, now);
            return (
              <li key={download.classId} className="downloads__item card" data-testid="download-item">
                <div className="downloads__poster">
                  <ClassPoster src={localPosterUrl(download.classId)} title={title} disciplineId="" width={160} height={90} />
                </div>
                <div className="downloads__body stack">
                  <h2 className="downloads__title">{title}</h2>
                  <p>{intl.formatMessage(sizeMessage, { quality: download.quality, size: mb(intl, download.bytes) })}</p>
                  <p>
                    {!download.complete
                      ? intl.formatMessage(messages.incomplete)
                      : expired
                        ? intl.formatMessage(messages.expired)
                        : intl.formatMessage(expiresMessage, { date: intl.formatDate(download.expiresAt, { dateStyle: 'medium' }) })}
                  </p>
                  <div className="downloads__actions">
                    {download.complete && !expired && (
                      <Link href={routes.watch.href(download.classId)} className="btn btn--primary">
                        {intl.formatMessage(messages.play)}
                      </Link>
                    )}
                    <button
                      type="button"
                      className="btn btn--secondary"
                      aria-label={intl.formatMessage(deleteLabel, { title })}
                      disabled={deleting !== null}
                      onClick={() => send({ type: 'download.delete', classId: download.classId, licenceId: download.licenceId })}
                    >
                      {intl.formatMessage(messages.delete)}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {devices && devices.allowed === 0 ? (
        <p className="downloads__devices" data-testid="downloads-devices">
          {intl.formatMessage(noPlanMessage)}{' '}
          <Link href={routes.pricing.href()}>{intl.formatMessage(choosePlanMessage)}</Link>
        </p>
      ) : devices ? (
        <p className="downloads__devices" data-testid="downloads-devices">
          {intl.formatMessage(devicesMessage, devices)}
        </p>
      ) : null}
    </div>
  );
}
