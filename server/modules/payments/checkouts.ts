// Open checkouts: only an account's newest one stays payable, and none once the account is
// deleted. Expired at the provider first (a Stripe Checkout Session stays payable there until
// it is expired), then here.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { checkoutSessions } from '@server/db/schema';
import type { PaymentProvider } from './provider';

export async function expireOpenCheckouts(db: Database, provider: Pick<PaymentProvider, 'expireCheckout'>, userId: string): Promise<void> {
  const open = and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'open'));
  const rows = await db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(open);
  for (const row of rows) await provider.expireCheckout(row.id);
  await db.update(checkoutSessions).set({ status: 'expired' }).where(open);
}
