// Delivers the mail outbox: claims due rows (one instance per row at a time, even with several
// instances on one PostgreSQL), renders each in its language and hands it to the transport
// (SMTP, or the sandbox mailbox), then marks it sent or schedules a retry with a growing wait.
// At least once: a process that dies between sending and marking leaves the claim to expire and
// the row is sent again (the Message-ID stays the same, so a mail server can tell).
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { mailOutbox } from '@server/db/schema';
import { renderMail, type RenderedMail } from './templates';

/** Where rendered messages go. */
export interface MailTransport {
  /** Recorded on the row: 'smtp' or 'sandbox'. */
  name: 'smtp' | 'sandbox';
  send(message: { id: string; to: string } & RenderedMail): Promise<void>;
  close(): Promise<void>;
}

/** Attempts before a row is left unsent for an operator (its last_error says why). */
export const MAX_ATTEMPTS = 8;
/** How long a claim holds a row; a send that takes longer may be repeated by another instance. */
export const CLAIM_SECONDS = 120;
/** Rows one pass claims. */
export const BATCH_SIZE = 20;

/** Wait before attempt `attempts + 1`: 30 s, 1 min, 2 min … capped at 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

export interface ClaimedMail {
  id: string;
  toAddress: string;
  language: string;
  template: string;
  params: unknown;
  /** Counting this claim: it identifies the claim. */
  attempts: number;
}

/**
 * Claims up to `limit` due rows for CLAIM_SECONDS, atomically: of two instances claiming at once,
 * each row goes to one (SKIP LOCKED), and a row whose claim expired (its instance died) is due
 * again. Counts the attempt.
 */
export async function claimDueMail(db: Database, limit = BATCH_SIZE): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lte(mailOutbox.sendAfter, sql`now()`),
        lt(mailOutbox.attempts, MAX_ATTEMPTS),
        or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(mailOutbox.sendAfter)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      language: mailOutbox.language,
      template: mailOutbox.template,
      params: mailOutbox.params,
      attempts: mailOutbox.attempts,
    });
}

export interface DeliveryCounts {
  sent: number;
  failed: number;
}

/** One pass: claim what is due, send it, record the outcome of each. */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  publicUrl: string,
  onError: (error: unknown, mailId: string) => void = () => {},
): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, failed: 0 };
  for (const mail of await claimDueMail(db)) {
    // Only the holder of this claim records the outcome (each claim counts an attempt); a claim
    // that expired mid-send belongs to whoever took the row next.
    const ours = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts));
    try {
      const rendered = renderMail(mail, publicUrl);
      await transport.send({ id: mail.id, to: mail.toAddress, ...rendered });
      await db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, transport: transport.name, claimedUntil: null, lastError: null })
        .where(ours);
      counts.sent += 1;
    } catch (error) {
      onError(error, mail.id);
      await db
        .update(mailOutbox)
        .set({
          claimedUntil: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          sendAfter: sql`now() + make_interval(secs => ${retryDelaySeconds(mail.attempts)})`,
        })
        .where(ours);
      counts.failed += 1;
    }
  }
  return counts;
}
