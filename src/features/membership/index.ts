// Membership: whether the signed-in account subscribes (the navigation's subscribers' links); its
// calls (./calls.ts) also give the billing list the billing and pricing pages read.
export { membershipOf, useMembership } from './membership';
