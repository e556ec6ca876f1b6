// The cancel flow's reasons as CSV for the business (decision 068), oldest first:
// `npm run billing:cancel-reasons -- --out reasons.csv` (scripts/cancel-reasons-export.ts).
import { asc, gte } from 'drizzle-orm';
import type { Queryable } from '@server/db/client';
import { cancelReasons } from '@server/db/schema';

export const cancelReasonColumns = ['at', 'account_id', 'subscription_id', 'reason', 'text', 'offer_shown', 'offer_accepted'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Free text that a
 * spreadsheet would run as a formula (= + - @ at the start) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text: a header line, then one line per reason given since `since` (all when absent). */
export async function cancelReasonsCsv(db: Queryable, since?: Date): Promise<string> {
  const rows = await db
    .select()
    .from(cancelReasons)
    .where(since ? gte(cancelReasons.createdAt, since) : undefined)
    .orderBy(asc(cancelReasons.createdAt), asc(cancelReasons.id));
  const lines = rows.map((row) =>
    [row.createdAt.toISOString(), row.userId, row.subscriptionId, row.reason, row.text ?? '', row.offerShown ?? '', String(row.offerAccepted)].map(csvField).join(','),
  );
  return [cancelReasonColumns.join(','), ...lines].join('\r\n') + '\r\n';
}

/** The script's options: `--out <file>` (standard output when absent), `--since <YYYY-MM-DD>`. */
export function exportOptions(argv: readonly string[]): { out: string | null; since: Date | undefined } | { error: string } {
  let out: string | null = null;
  let since: Date | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = argv[index + 1];
    if ((flag === '--out' || flag === '--since') && (value === undefined || value.startsWith('--'))) return { error: `${flag} needs a value` };
    if (flag === '--out') out = value!;
    else if (flag === '--since') {
      since = /^\d{4}-\d{2}-\d{2}$/.test(value!) ? new Date(`${value!}T00:00:00Z`) : undefined;
      if (!since || Number.isNaN(since.getTime())) return { error: `--since wants a date like 2026-01-31, not ${value!}` };
    } else return { error: `unknown option ${flag ?? ''}` };
    index += 1;
  }
  return { out, since };
}
