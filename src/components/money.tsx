// Money: an amount in minor units in the active locale's currency format, so prices read the
// way each language writes them (€13.99 in English, 13,99 € in Spanish).
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
