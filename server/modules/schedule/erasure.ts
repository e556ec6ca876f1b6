// Deleting an account erases its schedule: the planned classes, the settings (and with them the
// calendar link, which answers 404 at once) and the record of reminders sent.
import { eq } from 'drizzle-orm';
import type { Transaction } from '@server/db/client';
import { scheduleItems, scheduleReminders, scheduleSettings } from '@server/db/schema';

export async function eraseSchedule(tx: Transaction, profileId: string): Promise<void> {
  await tx.delete(scheduleItems).where(eq(scheduleItems.profileId, profileId));
  await tx.delete(scheduleSettings).where(eq(scheduleSettings.profileId, profileId));
  await tx.delete(scheduleReminders).where(eq(scheduleReminders.profileId, profileId));
}
