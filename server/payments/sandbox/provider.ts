// The embedded payment provider, needing nothing outside this machine: this server hosts the
// checkout and portal pages itself, and settles ended periods when an account is read, since
// no one sends it renewal events.
import type { Database } from '../../db/client';
import type { PaymentProvider } from '../provider';
import { sandboxCheckoutPath } from './checkout';
import { sandboxId } from './ids';
import { settleSandboxPeriods } from './periods';
import { createSandboxPortalToken, sandboxPortalPath } from './portal';

export function createSandboxProvider(options: { db: Database; publicUrl: string }): PaymentProvider {
  const { db, publicUrl } = options;
  return {
    name: 'sandbox',
    async createCheckout() {
      const id = sandboxId('cs');
      return { id, url: `${publicUrl}${sandboxCheckoutPath(id)}` };
    },
    // The page applies a paid checkout at once, so confirmation finds its subscription
    // already; a checkout without one was simply not paid.
    async retrieveCompletedCheckout() {
      return null;
    },
    async setCancelAtPeriodEnd() {
      return null;
    },
    // The server hosts the portal page too; it returns to /billing by itself.
    async createPortalSession(user) {
      const token = await createSandboxPortalToken(db, user.id);
      return { url: `${publicUrl}${sandboxPortalPath(token)}` };
    },
    syncAccount(userId) {
      return settleSandboxPeriods(db, userId, new Date(), `${publicUrl}/billing`);
    },
    // Applied in the database by the caller; an upgrade's proration is charged to the card on file.
    async changePlan(request) {
      return { chargeId: request.kind === 'upgrade' ? `in_sandbox_prorate_${request.subscriptionId}_${request.now.getTime()}` : null };
    },
    async undoPlanChange() {},
    webhooks: null,
  };
}
