// Membership: whether the signed-in account subscribes (the navigation's subscribers' links); its
// calls (./calls.ts) also give the billing list the billing and pricing pages read; a failed
// renewal's banner for every signed-in page.
export { membershipOf, useMembership, usePaymentFailure } from './membership';
export { PaymentFailureBanner } from './payment-failure-banner';
