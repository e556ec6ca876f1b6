// A heart-rate monitor on screen (issue 43): the live value and its zone on the class's picture,
// large enough to read from a mat; the monitor's controls (connect, the device and its battery,
// "Reconnecting…", what turning recording on means, or that this browser cannot), in the Heart
// rate panel under the player and in /account's Heart rate section. Views of a heart-rate
// monitor actor (the player's `heartRate` child, or /account's own); every event goes to `send`.
import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { zoneOf } from '@domain/heart-rate';
import type { HeartRateMonitorMachine } from '@machines/heart-rate-monitor.machine';
import type { HeartRateUserEvent } from '@machines/heart-rate-monitor.machine';

const connectedMessage = defineMessage<{ name: string }>({ id: 'heartRate.connected', defaultMessage: 'Connected: {name}' });
const batteryMessage = defineMessage<{ level: number }>({ id: 'heartRate.battery', defaultMessage: 'Battery {level, number, ::percent}' });
const liveMessage = defineMessage<{ bpm: number }>({ id: 'heartRate.live', defaultMessage: '{bpm} bpm' });
const zoneMessage = defineMessage<{ zone: number }>({ id: 'heartRate.zone', defaultMessage: 'Zone {zone}' });
const announceMessage = defineMessage<{ bpm: number }>({ id: 'heartRate.announce', defaultMessage: 'Heart rate {bpm} beats per minute' });
const announceZoneMessage = defineMessage<{ bpm: number; zone: number }>({ id: 'heartRate.announceZone', defaultMessage: 'Heart rate {bpm} beats per minute, zone {zone}' });
const messages = defineMessages({
  heading: { id: 'heartRate.heading', defaultMessage: 'Heart rate' },
  connect: { id: 'heartRate.connect', defaultMessage: 'Connect heart-rate monitor' },
  turnOnAndConnect: { id: 'heartRate.turnOnAndConnect', defaultMessage: 'Turn on and connect' },
  consent: {
    id: 'heartRate.consent',
    defaultMessage: 'Turning this on records your heart rate with your classes (only a summary of each, for you alone); you can delete it at any time on your account.',
  },
  unavailable: { id: 'heartRate.unavailable', defaultMessage: 'Heart-rate monitors connect in Chrome or Edge; this browser has no Bluetooth for web pages.' },
  searching: { id: 'heartRate.searching', defaultMessage: 'Looking for your heart-rate monitor…' },
  pairing: { id: 'heartRate.pairing', defaultMessage: 'Choose your monitor in the browser’s window…' },
  failed: { id: 'heartRate.failed', defaultMessage: 'The monitor could not be connected. Wake it (wear it) and try again.' },
  unnamed: { id: 'heartRate.unnamed', defaultMessage: 'your monitor' },
  reconnecting: { id: 'heartRate.reconnecting', defaultMessage: 'Reconnecting…' },
  disconnect: { id: 'heartRate.disconnect', defaultMessage: 'Disconnect' },
  noMax: { id: 'heartRate.noMax', defaultMessage: 'Zones need your maximum heart rate or birth year, on your account.' },
});

type HeartRateActor = ActorRefFrom<HeartRateMonitorMachine> | undefined;

/** On the picture: the live heart rate and its zone while a monitor is connected or reconnecting. */
export function LiveHeartRate({ heartRate }: { heartRate: HeartRateActor }) {
  const intl = useIntl();
  const live = useSelector(heartRate, (state) =>
    state && (state.matches('connected') || state.matches('reconnecting'))
      ? { bpm: state.context.bpm, announced: state.context.announced, max: state.context.maxHeartRate, reconnecting: state.matches('reconnecting') }
      : null,
  );
  if (!live) return null;
  const zone = live.bpm !== null && live.max !== null ? zoneOf(live.bpm, live.max) : null;
  const announcedZone = live.announced !== null && live.max !== null ? zoneOf(live.announced, live.max) : null;
  return (
    <div className={`player__heart-rate${zone ? ` player__heart-rate--zone-${zone}` : ''}`} data-testid="live-heart-rate">
      <span aria-hidden="true" className="player__heart-rate-value">
        {live.reconnecting || live.bpm === null ? intl.formatMessage(messages.reconnecting) : intl.formatMessage(liveMessage, { bpm: live.bpm })}
      </span>
      {zone && !live.reconnecting && (
        <span aria-hidden="true" className="player__heart-rate-zone">
          {intl.formatMessage(zoneMessage, { zone })}
        </span>
      )}
      {/* A screen reader hears it at most once a minute (the machine's `announced`), and a lost connection once. */}
      <span className="visually-hidden" role="status">
        {live.reconnecting
          ? intl.formatMessage(messages.reconnecting)
          : live.announced !== null &&
            (announcedZone ? intl.formatMessage(announceZoneMessage, { bpm: live.announced, zone: announcedZone }) : intl.formatMessage(announceMessage, { bpm: live.announced }))}
      </span>
    </div>
  );
}

interface MonitorProps {
  heartRate: HeartRateActor;
  send: (event: HeartRateUserEvent) => void;
}

/** Under the player: the Heart rate panel with the monitor's controls. */
export function HeartRatePanel(props: MonitorProps) {
  const intl = useIntl();
  const shown = useSelector(props.heartRate, (snapshot) => snapshot !== undefined && !snapshot.matches('loading'));
  if (!shown) return null;
  return (
    <section className="heart-rate-panel card stack" aria-labelledby="heart-rate-heading" data-testid="heart-rate-panel">
      <h2 id="heart-rate-heading" className="heart-rate-panel__heading">
        {intl.formatMessage(messages.heading)}
      </h2>
      <MonitorControls {...props} />
    </section>
  );
}

/** Connect, the device and battery (and, with `showReading`, the live value in words), or why not. */
export function MonitorControls({ heartRate, send, showReading = false }: MonitorProps & { showReading?: boolean }) {
  const intl = useIntl();
  const state = useSelector(heartRate, (snapshot) => snapshot);
  if (!state || state.matches('loading')) return null;
  const { device, failed, maxHeartRate, bpm } = state.context;
  const zone = bpm !== null && maxHeartRate !== null ? zoneOf(bpm, maxHeartRate) : null;
  const connect = (label: string) => (
    <button type="button" className="btn btn--secondary" onClick={() => send({ type: 'heartRate.connect' })}>
      {label}
    </button>
  );
  return (
    <>
      {state.matches('unavailable') && <p>{intl.formatMessage(messages.unavailable)}</p>}
      {state.matches('off') && (
        <>
          <p>{intl.formatMessage(messages.consent)}</p>
          {connect(intl.formatMessage(messages.turnOnAndConnect))}
        </>
      )}
      {state.matches('searching') && <p role="status">{intl.formatMessage(messages.searching)}</p>}
      {state.matches('pairing') && <p role="status">{intl.formatMessage(messages.pairing)}</p>}
      {(state.matches('idle') || state.matches('searching')) && (
        <>
          {failed && <p className="heart-rate-panel__problem" role="alert">{intl.formatMessage(messages.failed)}</p>}
          {connect(intl.formatMessage(messages.connect))}
        </>
      )}
      {(state.matches('connected') || state.matches('reconnecting')) && device && (
        <div className="heart-rate-panel__device">
          <p>
            {intl.formatMessage(connectedMessage, { name: device.name || intl.formatMessage(messages.unnamed) })}
            {device.battery !== null && <> · {intl.formatMessage(batteryMessage, { level: device.battery / 100 })}</>}
          </p>
          {state.matches('reconnecting') && <p>{intl.formatMessage(messages.reconnecting)}</p>}
          {showReading && state.matches('connected') && bpm !== null && (
            <p data-testid="monitor-reading">
              {intl.formatMessage(liveMessage, { bpm })}
              {zone && <> · {intl.formatMessage(zoneMessage, { zone })}</>}
            </p>
          )}
          {maxHeartRate === null && <p className="heart-rate-panel__hint">{intl.formatMessage(messages.noMax)}</p>}
          <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'heartRate.disconnect' })}>
            {intl.formatMessage(messages.disconnect)}
          </button>
        </div>
      )}
    </>
  );
}
