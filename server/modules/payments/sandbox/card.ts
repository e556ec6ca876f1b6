// Reads the sandbox's card form (checkout and portal): 4242 4242 4242 4242 is approved and
// 4000 0000 0000 0002 declined, like a hosted provider's test cards; 4000 0000 0000 0341 is
// accepted but every later charge on it fails (a failed renewal, decision 067); any other number
// is invalid. The expiry must not be past, the CVC is 3–4 digits, the name is required. A refusal
// is a server message code (locales/server.<lang>.json), shown in the page's language.
import type { MessageCode } from '@server/i18n';
import type { CardFacts } from '@server/modules/payments/provider';

export interface CardForm {
  card_number?: unknown;
  exp?: unknown;
  cvc?: unknown;
  name?: unknown;
}

export type CardOutcome =
  | { kind: 'approved'; card: CardFacts }
  | { kind: 'declined'; code: MessageCode }
  | { kind: 'invalid'; code: MessageCode; field: keyof CardForm };

export const successCard = '4242424242424242';
export const declinedCard = '4000000000000002';
/** Attaches, then fails on renewal (Stripe's test card of the same number). */
export const failsOnRenewalCard = '4000000000000341';

/** Whether a renewal charged to this stored card fails: the sandbox knows its cards by their last 4. */
export function cardFailsRenewals(card: { last4: string | null } | null): boolean {
  return card?.last4 === failsOnRenewalCard.slice(-4);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * MM/YY (or MM / YY, MM/YYYY, or the digits alone as typed on a phone's keypad: 1229, 122029)
 * to month and four-digit year; null when malformed. Without the slash the month is two digits.
 */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(?:(\d{1,2})\s*\/\s*(\d{2}|\d{4})|(\d{2})(\d{2}|\d{4}))$/.exec(value);
  if (!match) return null;
  const month = Number(match[1] ?? match[3]);
  const yearText = match[2] ?? match[4] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export function checkCard(form: CardForm, now: Date = new Date()): CardOutcome {
  const number = text(form.card_number).replace(/[\s-]/g, '');
  if (number === '') return { kind: 'invalid', field: 'card_number', code: 'sandbox.card.numberMissing' };
  if (number !== successCard && number !== declinedCard && number !== failsOnRenewalCard) {
    return {
      kind: 'invalid',
      field: 'card_number',
      code: 'sandbox.card.numberInvalid',
    };
  }
  const expiry = parseExpiry(text(form.exp));
  if (!expiry) {
    return { kind: 'invalid', field: 'exp', code: 'sandbox.card.expiryInvalid' };
  }
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (expiry.year * 12 + (expiry.month - 1) < thisMonth) {
    return { kind: 'invalid', field: 'exp', code: 'sandbox.card.expired' };
  }
  if (!/^\d{3,4}$/.test(text(form.cvc))) {
    return { kind: 'invalid', field: 'cvc', code: 'sandbox.card.cvcInvalid' };
  }
  if (text(form.name) === '') {
    return { kind: 'invalid', field: 'name', code: 'sandbox.card.nameMissing' };
  }
  if (number === declinedCard) return { kind: 'declined', code: 'sandbox.card.declined' };
  return {
    kind: 'approved',
    card: { brand: 'visa', last4: number.slice(-4), expMonth: expiry.month, expYear: expiry.year },
  };
}
