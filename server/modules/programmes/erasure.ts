// Deleting a profile (or the account) erases the programmes it followed: each enrollment (programme, status,
// start, weekdays, pause) and the sessions planned for it, with their completion times.
import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '@server/db/client';
import { programmeEnrollments, programmeSessions } from '@server/db/schema';

export async function eraseProgrammes(tx: Transaction, profileId: string): Promise<void> {
  const enrollments = tx.select({ id: programmeEnrollments.id }).from(programmeEnrollments).where(eq(programmeEnrollments.profileId, profileId));
  // Deleted explicitly rather than left to the cascade from enrollments, so the erasure does not
  // depend on a migration's `on delete` clause.
  await tx.delete(programmeSessions).where(inArray(programmeSessions.enrollmentId, enrollments));
  await tx.delete(programmeEnrollments).where(eq(programmeEnrollments.profileId, profileId));
}
