// Applies a provider's webhook events once each, whatever the provider: an event is recorded in
// provider_events in the same transaction as its change, so a replay (or two deliveries at
// once) finds it there and changes nothing.
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { providerEvents } from '@server/db/schema';
import type { Queryable } from './apply-checkout';
import type { EventOutcome } from './provider';

/** An event's change to the database; null when the event concerns nothing stored here. */
export type EventChange = ((tx: Queryable) => Promise<void>) | null;

/**
 * Applies the change `plan` reads for an event. The plan runs before the transaction (it may
 * call the provider, and no HTTP call should hold a transaction open), and not at all for an
 * event already applied.
 */
export async function applyEventOnce(
  db: Database,
  event: { id: string; type: string },
  plan: () => Promise<EventChange>,
): Promise<EventOutcome> {
  const [seen] = await db.select({ id: providerEvents.id }).from(providerEvents).where(eq(providerEvents.id, event.id));
  if (seen) return 'duplicate';
  const change = await plan();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(providerEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: providerEvents.id });
    if (inserted.length === 0) return 'duplicate';
    if (!change) return 'ignored';
    await change(tx);
    return 'applied';
  });
}

/** Records an event as handled without a change here (one refused at the provider instead). */
export async function recordEvent(db: Database, event: { id: string; type: string }): Promise<void> {
  await db.insert(providerEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
}
