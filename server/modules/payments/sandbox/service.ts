// App layer: `app.sandbox`, what the sandbox provider's own pages ask of the database: its
// hosted checkout, its payment-method page, and the test clock (docs/decisions/023).
import { desc, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';
import { subscriptions, users } from '@server/db/schema';
import type { CardFacts } from '@server/modules/payments/provider';
import { findPlan, type SubscriptionWithPlans } from '@server/modules/payments/subscription-repository';
import { completeSandboxCheckout, expireIfStale, loadSandboxCheckout, type SandboxCheckout } from './checkout';
import { moveSandboxClock, type ClockAction } from './clock';
import { seedSandboxPromotionCodes } from './promotion-code-seeds';
import { loadSandboxPortal, updateSandboxCard, type SandboxPortal } from './portal';

export function sandboxService(db: Database, billingLink: string) {
  return {
    /** The checkout, or null when unknown or too old to pay (it is expired then). */
    async checkout(checkoutId: string): Promise<SandboxCheckout | null> {
      const loaded = await loadSandboxCheckout(db, checkoutId);
      if (!loaded || (await expireIfStale(db, loaded))) return null;
      return loaded;
    },
    completeCheckout: (loaded: SandboxCheckout, card: CardFacts) => completeSandboxCheckout(db, loaded, card),
    portal: (token: string) => loadSandboxPortal(db, token),
    updateCard: (portal: SandboxPortal, card: CardFacts) => updateSandboxCard(db, portal, card),
    moveClock: (userId: string, action: ClockAction) => moveSandboxClock(db, userId, action, { billingLink }),
    /** The account (by its normalised email) whose clock the page moves; null when none. */
    async accountId(email: string): Promise<string | null> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return user?.id ?? null;
    },
    /** The account's newest subscription, as the clock left it. */
    async latestSubscription(userId: string): Promise<SubscriptionWithPlans | null> {
      const [latest] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt)).limit(1);
      const plan = latest ? await findPlan(db, latest.planId) : null;
      return latest && plan ? { subscription: latest, plan, scheduled: await findPlan(db, latest.scheduledPlanId) } : null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: ReturnType<typeof sandboxService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('sandbox', sandboxService(app.db, `${app.config.publicUrl}/billing`));
    // WELCOME50 and FRIEND10 to try (decision 069); a real provider's codes come from `npm run billing:codes`.
    if (app.config.payments === 'sandbox') await seedSandboxPromotionCodes(app.db);
  },
  { name: 'sandbox-service', dependencies: ['config-and-database'] },
);
