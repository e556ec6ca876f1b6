// The cancel flow's reasons (decision 068): Stripe's list of cancellation feedback, in the order
// the flow shows them, and the offer kinds a reason may bring. Shared by the server and the app.

export const cancelReasons = ['too_expensive', 'missing_features', 'switched_service', 'unused', 'customer_service', 'too_complex', 'low_quality', 'other'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** The one offer a reason may bring: a pause for "unused", 50 % off the next month for "too expensive". */
export type RetentionOffer = 'pause' | 'half_off';

/** The longest free text kept with a reason. */
export const cancelTextMaxLength = 500;

/** The discount of the "too expensive" offer, once, on the next renewal charge. */
export const halfOffPercent = 50;

export function isCancelReason(value: string): value is CancelReason {
  return (cancelReasons as readonly string[]).includes(value);
}
