// A time zone chooser (the IANA zones the browser knows, the proposed one among them): where the
// schedule asks for the account's zone, on /schedule and when a class is first planned from its page.
interface TimeZoneSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (timeZone: string) => void;
}

function zones(proposed: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(proposed) ? all : [proposed, ...all];
}

export function TimeZoneSelect({ id, label, value, onChange }: TimeZoneSelectProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {zones(value).map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
    </div>
  );
}
