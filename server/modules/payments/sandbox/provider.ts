// The embedded payment provider, needing nothing outside this machine: this server hosts the
// checkout and portal pages itself, and settles ended periods when an account is read, since
// no one sends it renewal events.
import type { Database } from '@server/db/client';
import type { PaymentProvider } from '@server/modules/payments/provider';
import { sandboxCheckoutPath } from './checkout';
import { sandboxId } from './ids';
import { addInterval, settleSandboxPeriods } from './periods';
import { createSandboxPortalToken, sandboxPortalPath } from './portal';

// Its pages are on this server, so their URLs are root-relative: the browser stays on the
// origin it came from (127.0.0.1 or localhost alike), where its session is. `publicUrl` is only
// for the links in emails (a renewal's receipt), which leave the browser.
export function createSandboxProvider(options: { db: Database; publicUrl: string }): PaymentProvider {
  const { db, publicUrl } = options;
  return {
    name: 'sandbox',
    async createCheckout() {
      const id = sandboxId('cs');
      return { id, url: sandboxCheckoutPath(id) };
    },
    // The page pays only a checkout whose row here is open: expiring that row is enough.
    async expireCheckout() {},
    // The page applies a paid checkout at once, so confirmation finds its subscription
    // already; a checkout without one was simply not paid.
    async retrieveCompletedCheckout() {
      return null;
    },
    async setCancelAtPeriodEnd() {
      return null;
    },
    // Nothing is charged by anyone but this server: ending the stored subscription ends it.
    async cancelImmediately() {},
    // The server hosts the portal page too; it returns to /billing by itself.
    async createPortalSession(user, _returnUrl, language) {
      const token = await createSandboxPortalToken(db, user.id, language);
      return { url: sandboxPortalPath(token) };
    },
    syncAccount(userId) {
      return settleSandboxPeriods(db, userId, new Date(), `${publicUrl}/billing`);
    },
    // Applied in the database by the caller; an upgrade's proration is charged to the card on file.
    async changePlan(request) {
      return { chargeId: request.kind === 'upgrade' ? `in_sandbox_prorate_${request.subscriptionId}_${request.now.getTime()}` : null };
    },
    async undoPlanChange() {},
    // The stored pause is the sandbox's (./periods.ts reads it); resuming under way charges the card on file.
    async pause() {},
    async resume({ subscriptionId, plan, chargeNow, now }) {
      if (!chargeNow) return { chargeId: null, period: null };
      return { chargeId: `in_sandbox_resume_${subscriptionId}_${now.getTime()}`, period: { start: now, end: addInterval(now, plan.interval, plan.intervalCount) } };
    },
    // The next renewal in ./periods.ts takes the stored discount off, once.
    async discountNextCharge() {},
    // ./periods.ts and ./retries.ts read the code's redemption from the database; nothing is made elsewhere.
    async applyPromotionCode() {},
    async createPromotionCode() {
      return null;
    },
    webhooks: null,
  };
}
