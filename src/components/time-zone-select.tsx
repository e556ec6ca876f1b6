// A time zone chooser (the IANA zones the browser knows, the proposed one among them, each by its
// localised name): where the schedule asks for the account's zone, on /schedule and when a class is
// first planned from its page.
import { useZoneOptions } from './time-zones';

interface TimeZoneSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (timeZone: string) => void;
}

export function TimeZoneSelect({ id, label, value, onChange }: TimeZoneSelectProps) {
  const zones = useZoneOptions(value);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {zones.map(({ zone, label: name }) => (
          <option key={zone} value={zone}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
