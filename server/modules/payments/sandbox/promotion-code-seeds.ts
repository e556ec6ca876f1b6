// The sandbox's sample promotion codes (decision 069, shared/spec "Keeping subscribers"): made at
// start-up in sandbox mode only, once (a code already there, changed or not, is left alone).
import type { Database } from '@server/db/client';
import { promotionCodes } from '@server/db/schema';

export const sandboxPromotionCodes = [
  { code: 'WELCOME50', percentOff: 50, duration: 'once', firstSubscriptionOnly: true },
  { code: 'FRIEND10', percentOff: 10, duration: 'forever', firstSubscriptionOnly: false },
] as const;

export async function seedSandboxPromotionCodes(db: Database): Promise<void> {
  await db
    .insert(promotionCodes)
    .values(sandboxPromotionCodes.map((code) => ({ ...code })))
    .onConflictDoNothing({ target: promotionCodes.code });
}
