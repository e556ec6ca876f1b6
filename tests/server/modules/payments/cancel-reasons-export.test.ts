// The cancel reasons' CSV export (server/modules/payments/cancel-reasons-export.ts, run by
// scripts/cancel-reasons-export.ts, decision 068): what the business opens in a spreadsheet.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { cancelReasonsCsv, csvField, exportOptions } from '@server/modules/payments/cancel-reasons-export';
import { signUp, testAppForFile } from '../../harness';
import { authorization, callPayments, confirmCheckout, roomyRateLimits, subscribeAndPay } from '../../fixtures/payments-flow';

const test = testAppForFile({ rateLimits: roomyRateLimits });

async function payingAccount() {
  const user = await signUp(test.app);
  const confirmed = await confirmCheckout(test.app, user, await subscribeAndPay(test.app, user));
  await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action: 'end_trial' } });
  const [row] = await test.app.db.select().from(users).where(eq(users.email, user.email));
  return { user, userId: row!.id, subscriptionId: confirmed.json<{ subscription: { subscription_id: string } }>().subscription.subscription_id };
}

describe('the cancel reasons CSV', () => {
  it('lists each reason with its account, subscription, text and offer, oldest first, text quoted safely', async () => {
    const first = await payingAccount();
    const second = await payingAccount();
    const since = new Date();
    expect((await callPayments(test.app, first.user, 'subscription-half-off', { subscription_id: first.subscriptionId, text: 'Cheaper, please' })).statusCode).toBe(200);
    const text = 'Too "basic", sorry\n=SUM(A1)';
    expect((await callPayments(test.app, second.user, 'subscription-cancel', { subscription_id: second.subscriptionId, reason: 'low_quality', text })).statusCode).toBe(200);

    const csv = await cancelReasonsCsv(test.app.db, since);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,account_id,subscription_id,reason,text,offer_shown,offer_accepted');
    const ours = csv.split('\r\n').filter((line) => line.includes(first.userId) || line.includes(second.userId)).join('\r\n');
    expect(ours).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[^,]+,${first.userId},${first.subscriptionId},too_expensive,"Cheaper, please",half_off,true\\r\\n`));
    expect(csv).toContain(`,${second.userId},${second.subscriptionId},low_quality,"Too ""basic"", sorry\n=SUM(A1)",,false\r\n`);
    expect(csv.indexOf(first.userId)).toBeLessThan(csv.indexOf(second.userId));
    // Only what came after `since`.
    expect(await cancelReasonsCsv(test.app.db, new Date(Date.now() + 60_000))).toBe('at,account_id,subscription_id,reason,text,offer_shown,offer_accepted\r\n');
  });

  it('defuses a field a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('plain')).toBe('plain');
  });

  it('reads --out and --since, and refuses what it does not know', () => {
    expect(exportOptions(['--out', 'reasons.csv', '--since', '2026-11-01'])).toEqual({ out: 'reasons.csv', since: new Date('2026-11-01T00:00:00Z') });
    expect(exportOptions([])).toEqual({ out: null, since: undefined });
    expect(exportOptions(['--since', 'yesterday'])).toEqual({ error: '--since wants a date like 2026-01-31, not yesterday' });
    expect(exportOptions(['--out'])).toEqual({ error: '--out needs a value' });
    expect(exportOptions(['--format', 'xlsx'])).toEqual({ error: 'unknown option --format' });
  });
});
