// DateText: a date in the active locale inside <time dateTime>, so machines and screen readers
// get the exact date while people read it the way their language writes it.
import { useIntl } from 'react-intl';

export interface DateTextProps {
  value: string | Date;
  format?: 'long' | 'short';
}

export function DateText({ value, format = 'long' }: DateTextProps) {
  const intl = useIntl();
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return <span>—</span>;
  const text =
    format === 'long'
      ? intl.formatDate(date, { year: 'numeric', month: 'long', day: 'numeric' })
      : intl.formatDate(date, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return <time dateTime={date.toISOString()}>{text}</time>;
}
