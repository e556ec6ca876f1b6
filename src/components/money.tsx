// Money: an amount in minor units shown in the active locale's currency format
// (1399 EUR → "€13.99" in en, "13,99 €" in es). Props: { amount: number (minor units),
// currency: string (ISO 4217) }. `useFormatMoney()` gives the same as a string.
import { useIntl } from 'react-intl';

export interface MoneyProps {
  amount: number;
  currency: string;
}

export function useFormatMoney(): (amount: number, currency: string) => string {
  const intl = useIntl();
  return (amount, currency) =>
    intl.formatNumber(amount / 100, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
}

export function Money({ amount, currency }: MoneyProps) {
  const format = useFormatMoney();
  return <span className="money">{format(amount, currency)}</span>;
}
