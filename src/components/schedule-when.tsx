// The day and optional time of a planned class: two native inputs (date, time) with their
// labels, used by "Add to schedule" on a class page and by "Move" on /schedule.
import { useIntl, defineMessages } from 'react-intl';

const messages = defineMessages({
  day: { id: 'schedule.when.day', defaultMessage: 'Day' },
  time: { id: 'schedule.when.time', defaultMessage: 'Time (optional)' },
});

export interface ScheduleWhenProps {
  idPrefix: string;
  date: string;
  time: string;
  /** The first day offered. */
  min?: string;
  onChange: (change: { date?: string; time?: string }) => void;
}

export function ScheduleWhen({ idPrefix, date, time, min, onChange }: ScheduleWhenProps) {
  const intl = useIntl();
  return (
    <div className="schedule-when">
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-date`}>
          {intl.formatMessage(messages.day)}
        </label>
        <input
          id={`${idPrefix}-date`}
          className="field__input"
          type="date"
          required
          value={date}
          min={min}
          onChange={(event) => onChange({ date: event.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-time`}>
          {intl.formatMessage(messages.time)}
        </label>
        <input id={`${idPrefix}-time`} className="field__input" type="time" value={time} onChange={(event) => onChange({ time: event.target.value })} />
      </div>
    </div>
  );
}
