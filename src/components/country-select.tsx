// CountrySelect: the sign-up country as a native <select> (keyboard type-ahead and mobile
// pickers for free), its names localized and sorted in the active language, every country there
// from the first paint, pre-rendered pages included (issue 40: a page loaded directly listed one
// until the app started). The names come from the runtime's own region data, which may word a
// few names differently in Node (the build's pre-rendering) than in the browser: each option
// keeps the pre-rendered text through hydration (its value and text come as a pair), and the
// browser's names replace them at the next language change.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from '@domain/countries';
import { FieldFrame, fieldErrorId } from './field-frame';
import type { MessageLike } from './message-like';

export const DEFAULT_COUNTRY_CODE = DEFAULT_COUNTRY;

export interface CountrySelectProps {
  id: string;
  label: ReactNode;
  value?: string;
  onChange: (code: string) => void;
  error?: MessageLike | null;
  required?: boolean;
  disabled?: boolean;
  name?: string;
}

export function useCountryOptions(locale: string): { code: string; name: string }[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    const collator = new Intl.Collator(locale);
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [locale]);
}

export function CountrySelect(props: CountrySelectProps) {
  const { id, label, value = DEFAULT_COUNTRY_CODE, onChange, error } = props;
  const intl = useIntl();
  const options = useCountryOptions(intl.locale);
  const select = useRef<HTMLSelectElement>(null);
  // Hydration does not move a pre-rendered selection (the build's default) to the value the app
  // starts with (the country suggested from this browser's languages): the DOM follows it here.
  useEffect(() => {
    if (select.current && select.current.value !== value) select.current.value = value;
  }, [value]);
  const errorId = fieldErrorId(id);
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        ref={select}
        id={id}
        name={props.name ?? id}
        className="field__input field__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        required={props.required}
        disabled={props.disabled}
        autoComplete="country"
      >
        {options.map((option) => (
          <option key={option.code} value={option.code} suppressHydrationWarning>
            {option.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
