// CountrySelect: the sign-up country as a native <select> (keyboard type-ahead and mobile
// pickers for free), its names localized and sorted in the active language. The names come from
// the runtime's own region data, which differs between Node (the build's pre-rendering) and
// browsers: a pre-rendered page and its hydration list only the chosen country, the rest follow.
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { COUNTRY_CODES } from './country-codes';
import { FieldFrame, fieldErrorId } from './field-frame';
import type { MessageLike } from './message-like';

export const DEFAULT_COUNTRY_CODE = 'US';

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

const noSubscription = () => () => undefined;

/** False while React hydrates markup made elsewhere (and on the server), true in every render after. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function CountrySelect(props: CountrySelectProps) {
  const { id, label, value = DEFAULT_COUNTRY_CODE, onChange, error } = props;
  const intl = useIntl();
  const all = useCountryOptions(intl.locale);
  const hydrated = useHydrated();
  const options = hydrated ? all : all.filter((option) => option.code === value);
  const errorId = fieldErrorId(id);
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
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
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
