// A class's heart-rate summary (issue 43): the average, the peak and the time in each zone, as
// the player's end shows it and Activity lists it with each completed class.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { KeyValueList } from './key-value-list';

const bpmMessage = defineMessage<{ bpm: number }>({ id: 'heartRate.summary.bpm', defaultMessage: '{bpm} bpm' });
const zoneMessage = defineMessage<{ zone: number }>({ id: 'heartRate.summary.zone', defaultMessage: 'Time in zone {zone}' });
const messages = defineMessages({
  average: { id: 'heartRate.summary.average', defaultMessage: 'Average heart rate' },
  max: { id: 'heartRate.summary.max', defaultMessage: 'Maximum heart rate' },
});

/** A summary as the player makes it or the contract sends it (zone times null without a maximum). */
export interface HeartRateFigures {
  averageBpm: number;
  maxBpm: number;
  zoneSeconds: readonly number[] | null;
}

export function HeartRateSummaryList({ summary }: { summary: HeartRateFigures }) {
  const intl = useIntl();
  // Minutes and seconds, as the player's clock shows them (12:05).
  const time = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const items = [
    { id: 'average', label: intl.formatMessage(messages.average), value: intl.formatMessage(bpmMessage, { bpm: summary.averageBpm }) },
    { id: 'max', label: intl.formatMessage(messages.max), value: intl.formatMessage(bpmMessage, { bpm: summary.maxBpm }) },
    ...(summary.zoneSeconds ?? []).map((seconds, index) => ({ id: `zone-${index + 1}`, label: intl.formatMessage(zoneMessage, { zone: index + 1 }), value: time(seconds) })),
  ];
  return <KeyValueList items={items} className="heart-rate-summary" />;
}
