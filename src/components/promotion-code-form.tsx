// PromotionCodeForm: "Have a promotion code?" on /pricing and Billing (decision 069). A form (Enter
// applies), one button that turns from Apply into Remove once the code is applied (so focus stays
// on it or on the field), and one line under the field, a live region the field names in
// aria-describedby: what the code takes off, or the server's reason for refusing it.
import { useId, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { promotionCodeMaxLength, spanLeft, spanOf, type DiscountSpan, type PromotionDiscount, type SubscriptionDiscount } from '@domain/promotion-codes';
import { Button } from './button';
import { useMessageText, type MessageLike } from './message-like';
import { useFormatMoney } from './money';

const messages = defineMessages({
  label: { id: 'promotionCode.label', defaultMessage: 'Have a promotion code?' },
  apply: { id: 'promotionCode.apply', defaultMessage: 'Apply' },
  checking: { id: 'promotionCode.checking', defaultMessage: 'Checking…' },
  remove: { id: 'promotionCode.remove', defaultMessage: 'Remove' },
});
const percentOff = defineMessage<{ percent: number }>({ id: 'promotionCode.percentOff', defaultMessage: '{percent} %' });
const spanTexts = {
  first: defineMessage<{ off: string; interval: string }>({
    id: 'promotionCode.span.first',
    defaultMessage: '{off} off your first paid {interval, select, year {year} other {month}}',
  }),
  every: defineMessage<{ off: string }>({ id: 'promotionCode.span.every', defaultMessage: '{off} off every payment' }),
  months: defineMessage<{ off: string; months: number }>({
    id: 'promotionCode.span.months',
    defaultMessage: '{off} off for {months, plural, one {# month} other {# months}}',
  }),
  next: defineMessage<{ off: string; charges: number }>({
    id: 'promotionCode.span.next',
    defaultMessage: '{off} off {charges, plural, one {your next payment} other {your next # payments}}',
  }),
  over: defineMessage<{ off: string }>({ id: 'promotionCode.span.over', defaultMessage: '{off} off, used up' }),
};
const withCode = defineMessage<{ code: string; text: string }>({ id: 'promotionCode.withCode', defaultMessage: '{code}: {text}' });

/** "50 % off your first paid month", "€3.00 off for 3 months", "10 % off every payment"… */
export function useDiscountText(): (discount: PromotionDiscount, span: DiscountSpan, interval?: string) => string {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  return (discount, span, interval = 'month') => {
    const off =
      discount.percent_off !== null ? intl.formatMessage(percentOff, { percent: discount.percent_off }) : formatMoney(discount.amount_off ?? 0, discount.currency ?? 'EUR');
    switch (span.kind) {
      case 'first':
        return intl.formatMessage(spanTexts.first, { off, interval });
      case 'every':
        return intl.formatMessage(spanTexts.every, { off });
      case 'months':
        return intl.formatMessage(spanTexts.months, { off, months: span.months });
      case 'next':
        return intl.formatMessage(spanTexts.next, { off, charges: span.charges });
      case 'over':
        return intl.formatMessage(spanTexts.over, { off });
    }
  };
}

/** "WELCOME50: 50 % off your first paid month", a code before it is used, at an interval. */
export function useCodeText(): (discount: PromotionDiscount, interval?: string) => string {
  const intl = useIntl();
  const discountText = useDiscountText();
  return (discount, interval) => intl.formatMessage(withCode, { code: discount.code, text: discountText(discount, spanOf(discount), interval) });
}

/** What a subscription's code still takes off: "10 % off every payment", "50 % off your next payment". */
export function useSubscriptionDiscountText(): (discount: SubscriptionDiscount) => string {
  const discountText = useDiscountText();
  return (discount) => discountText(discount, spanLeft(discount));
}

export type PromotionCodeStatus = 'empty' | 'checking' | 'applied' | 'refused';

export interface PromotionCodeFormProps {
  status: PromotionCodeStatus;
  /** Applied: what the code takes off; refused: the server's reason. */
  result: MessageLike | null;
  /** The code to start with (a link's `?code=`). */
  initialCode?: string;
  /** The label, when not "Have a promotion code?". */
  label?: string;
  disabled?: boolean;
  onApply: (code: string) => void;
  /** Without it, an applied code stays (Billing: it is the subscription's now). */
  onRemove?: () => void;
}

export function PromotionCodeForm({ status, result, initialCode = '', label, disabled = false, onApply, onRemove }: PromotionCodeFormProps) {
  const intl = useIntl();
  const text = useMessageText();
  const id = useId();
  const resultId = `${id}-result`;
  // The text being typed: only the input's own state; the machine holds the code sent.
  const [code, setCode] = useState(initialCode);
  const applied = status === 'applied';
  const checking = status === 'checking';
  const refused = status === 'refused';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (applied) return;
    onApply(code);
  };
  const remove = () => {
    setCode('');
    onRemove?.();
  };
  return (
    <form className="promotion-code" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={id}>
        {label ?? intl.formatMessage(messages.label)}
      </label>
      <div className="promotion-code__row">
        <input
          id={id}
          className="field__input promotion-code__input"
          name="promotion-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          readOnly={applied || checking}
          disabled={disabled}
          maxLength={promotionCodeMaxLength}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={refused || undefined}
          aria-describedby={resultId}
        />
        {/* One button whose role changes, so focus stays on it from Apply to Remove and back. */}
        {applied ? (
          onRemove ? (
            <Button key="promotion-code-action" variant="secondary" disabled={disabled} onClick={remove}>
              {intl.formatMessage(messages.remove)}
            </Button>
          ) : null
        ) : (
          <Button key="promotion-code-action" type="submit" variant="secondary" disabled={disabled} busy={checking}>
            {intl.formatMessage(checking ? messages.checking : messages.apply)}
          </Button>
        )}
      </div>
      <p id={resultId} role="status" className={`promotion-code__result${refused ? ' promotion-code__result--refused' : applied ? ' promotion-code__result--applied' : ''}`}>
        {result && (applied || refused) ? text(result) : null}
      </p>
    </form>
  );
}
