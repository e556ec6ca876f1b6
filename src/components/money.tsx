// Money: an amount in minor units in the active locale's currency format, so prices read the
// way each language writes them (€13.99 in English, 13,99 € in Spanish).
import { useIntl } from 'react-intl';
import { moneyFormat, type PriceRange } from '@domain/plans';
import { PRICE_SLOT_ATTRIBUTE } from '@domain/prerendered-pages';

export interface MoneyProps {
  amount: number;
  currency: string;
}

export function useFormatMoney(): (amount: number, currency: string) => string {
  const intl = useIntl();
  return (amount, currency) => intl.formatNumber(amount / 100, moneyFormat(currency));
}

export function Money({ amount, currency }: MoneyProps) {
  const format = useFormatMoney();
  return <span className="money">{format(amount, currency)}</span>;
}

/**
 * One end of the plans' price range, marked so that the server writes the current amount into
 * the pre-rendered landing (docs/decisions/063, server/modules/static/priced-pages.ts).
 */
export function PriceRangeAmount({ range, end }: { range: PriceRange; end: 'min' | 'max' }) {
  const format = useFormatMoney();
  return <span {...{ [PRICE_SLOT_ATTRIBUTE]: end }}>{format(range[end], range.currency)}</span>;
}
