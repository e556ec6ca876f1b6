// "Too many devices are watching on this account right now": the devices using the plan's
// screens (name, the profile watching, and when they started, by locale), each with "Stop watching there", which stops
// that session and starts playing here.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { WatchingDevice } from '@domain/playback';
import { routes } from '@domain/routes';
import { useDeviceLabel } from '@components/device-name';

const explainMessage = defineMessage<{ screens: number }>({ id: 'watch.screenLimit.explain', defaultMessage: 'Your plan plays on {screens, plural, one {# screen} other {# screens}} at a time. Stop one of them to watch here.' });
const startedMessage = defineMessage<{ when: string }>({ id: 'watch.screenLimit.started', defaultMessage: 'Started {when}' });
const stopOnMessage = defineMessage<{ device: string }>({ id: 'watch.screenLimit.stopOn', defaultMessage: 'Stop watching there ({device})' });
const messages = defineMessages({
  title: { id: 'watch.screenLimit.title', defaultMessage: 'Too many devices are watching on this account right now' },
  list: { id: 'watch.screenLimit.list', defaultMessage: 'Devices watching now' },
  stop: { id: 'watch.screenLimit.stop', defaultMessage: 'Stop watching there' },
  stopping: { id: 'watch.screenLimit.stopping', defaultMessage: 'Stopping…' },
  failed: { id: 'watch.screenLimit.failed', defaultMessage: 'That device could not be stopped. Try again.' },
  upgrade: { id: 'watch.screenLimit.upgrade', defaultMessage: 'Need more screens? See the plans' },
});

interface Props {
  watching: WatchingDevice[];
  screens: number;
  busy: boolean;
  failed: boolean;
  onStop: (sessionId: string) => void;
}

export function ScreenLimit({ watching, screens, busy, failed, onStop }: Props) {
  const intl = useIntl();
  const deviceLabel = useDeviceLabel();
  return (
    <section className="player-message player-message--wide" aria-labelledby="screen-limit-title">
      <h2 id="screen-limit-title">{intl.formatMessage(messages.title)}</h2>
      <p>{intl.formatMessage(explainMessage, { screens })}</p>
      {failed && (
        <p className="player-message__error" role="alert">
          {intl.formatMessage(messages.failed)}
        </p>
      )}
      <ul className="device-list" aria-label={intl.formatMessage(messages.list)}>
        {watching.map((device) => (
          <li key={device.session_id} className="device-list__item">
            <div>
              <strong>{deviceLabel(device.device_name, device.profile_name)}</strong>
              <span className="device-list__when">
                {intl.formatMessage(startedMessage, {
                  when: intl.formatDate(device.started_at, { dateStyle: 'medium', timeStyle: 'short' }),
                })}
              </span>
            </div>
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              aria-label={intl.formatMessage(stopOnMessage, { device: deviceLabel(device.device_name, device.profile_name) })}
              onClick={() => onStop(device.session_id)}
            >
              {intl.formatMessage(busy ? messages.stopping : messages.stop)}
            </button>
          </li>
        ))}
      </ul>
      <Link href={routes.pricing.href()}>{intl.formatMessage(messages.upgrade)}</Link>
    </section>
  );
}
