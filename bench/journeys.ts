// Journeys under load: N simultaneous visitors, each from its own loopback address, walk the
// whole subscription journey through the HTTP API; counts what must not depend on speed
// (errors, subscriptions, duplicate payments) and the server's peak memory.
import { ApiError, ApiSession, benchPassword, newIdentity, visitorAddress } from './api-session';
import { mappingRows, memoryBreakdownOf, memoryBreakdownRows, memoryOf, resetPeakOf, type RunningServer } from './server-process';
import type { Row } from './table';

interface Plan { id: string }
interface Subscription { subscription_id: string; cancel_at_period_end: boolean }
interface Payment { id: string }

interface JourneyOutcome {
  ok: boolean;
  error?: string;
  subscriptions: string[];
  payments: number;
  confirmedIds: string[];
}

/** One visitor: sign-up → plans → subscribe → sandbox card → confirm → subscriptions → cancel → refresh. */
async function journey(origin: string, address: string, label: string): Promise<JourneyOutcome> {
  const session = new ApiSession(origin, address);
  const outcome: JourneyOutcome = { ok: false, subscriptions: [], payments: 0, confirmedIds: [] };
  try {
    const { email, deviceId } = newIdentity(label);
    await session.signUp(email, benchPassword, deviceId);
    const { plans } = await session.call<{ plans: Plan[] }>('plans', 'POST', '/api/v1/payments/plans', 200, { auth: true });
    const plan = plans[1] ?? plans[0];
    if (!plan) throw new Error('plans: none on sale');
    const { url } = await session.call<{ url?: string }>('subscribe', 'POST', '/api/v1/payments/subscribe', 200, { auth: true, json: { plan: plan.id } });
    if (!url) throw new Error('subscribe: no checkout url');
    const checkout = new URL(url, origin).pathname;
    const page = await session.request('GET', checkout);
    if (page.status !== 200) throw new ApiError('checkout page', page);
    // A double click on Pay: two submissions race; one payment must come of them.
    const pay = () =>
      session.request('POST', checkout, {
        form: { card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123', name: 'Bench User' },
      });
    const submissions = await Promise.all([pay(), pay()]);
    const broken = submissions.find((submission) => submission.status >= 500);
    if (broken) throw new ApiError('sandbox card (second submission)', broken);
    const paid = submissions.find((submission) => submission.status === 303) ?? submissions[0];
    if (!paid) throw new Error('sandbox card: no answer');
    const location = paid.headers.location ?? '';
    const sessionId = new URL(location, origin).searchParams.get('session_id');
    if (paid.status !== 303 || !sessionId) throw new ApiError('sandbox card', paid);
    // The return page confirms; a double click or a reload confirms again at the same time.
    const confirm = () =>
      session.call<{ subscription: Subscription }>('confirm', 'POST', '/api/v1/payments/subscription-current', 200, {
        auth: true,
        json: { customer: sessionId, deviceId: 'bench-device-1' },
      });
    const confirmed = await Promise.all([confirm(), confirm()]);
    outcome.confirmedIds = confirmed.map((body) => body.subscription.subscription_id);
    const listed = await session.call<{ plans: Subscription[]; payments: Payment[] }>('subscriptions', 'POST', '/api/v1/payments/subscriptions', 200, { auth: true });
    outcome.subscriptions = listed.plans.map((subscription) => subscription.subscription_id);
    outcome.payments = listed.payments.length;
    const current = listed.plans[0];
    if (!current) throw new Error('subscriptions: none after confirming');
    const canceled = await session.call<{ subscription: Subscription }>('cancel', 'POST', '/api/v1/payments/subscription-cancel', 200, {
      auth: true,
      json: { subscription_id: current.subscription_id },
    });
    if (!canceled.subscription.cancel_at_period_end) throw new Error('cancel: not flagged to cancel at period end');
    const cookieBefore = session.refreshCookieValue;
    const refreshed = await session.call<{ token: string }>('refresh', 'GET', '/api/v1/refresh', 200);
    if (!refreshed.token) throw new Error('refresh: no token');
    if (session.refreshCookieValue === cookieBefore) throw new Error('refresh: the fs_refresh cookie did not rotate');
    outcome.ok = true;
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error);
  }
  return outcome;
}

export interface JourneyOptions {
  sizes: number[];
  /** The peak-memory budget applies at this N. */
  peakBudgetMB: number;
  peakBudgetAt: number;
  label: string;
}

/** Runs each N in turn against one fresh server; answers the rows. */
export async function measureJourneys(server: RunningServer, options: JourneyOptions): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [round, n] of options.sizes.entries()) {
    const group = `journeys ${options.label} N=${n}`;
    // The round's own peak: start-up (PGlite opening, the app compressed) peaks apart.
    const peakBefore = (await memoryOf(server.pid)).peakRssMB;
    const peakReset = await resetPeakOf(server.pid);
    const started = performance.now();
    // Each round uses its own /16 of loopback addresses so per-IP limits never carry over.
    const outcomes = await Promise.all(
      Array.from({ length: n }, (_, index) => journey(server.origin, visitorAddress(20 + round, index), `j${n}`)),
    );
    const seconds = (performance.now() - started) / 1000;
    const completed = outcomes.filter((outcome) => outcome.ok).length;
    const failures = outcomes.filter((outcome) => !outcome.ok);
    const subscriptionIds = new Set(outcomes.flatMap((outcome) => outcome.subscriptions));
    const duplicateSubscriptions = outcomes.reduce((sum, outcome) => sum + Math.max(0, outcome.subscriptions.length - 1), 0);
    const splitConfirms = outcomes.filter((outcome) => new Set(outcome.confirmedIds).size > 1).length;
    const duplicatePayments = outcomes.reduce((sum, outcome) => sum + Math.max(0, outcome.payments - 1), 0);
    const memory = await memoryOf(server.pid);
    if (failures.length > 0) {
      const kinds = new Map<string, number>();
      for (const failure of failures) {
        const kind = (failure.error ?? '').slice(0, 120);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      for (const [kind, count] of kinds) console.log(`  ${group}: ${count} × ${kind}`);
    }
    rows.push(
      { group, figure: 'completed journeys/s', value: completed / seconds, unit: '/s', note: `${completed} in ${seconds.toFixed(1)} s` },
      { group, figure: 'failed journeys', value: failures.length, unit: '', budget: { kind: 'equal', limit: 0, of: 'value' } },
      { group, figure: 'subscriptions created', value: subscriptionIds.size, unit: '', budget: { kind: 'equal', limit: n, of: 'value' } },
      {
        group,
        figure: 'duplicate payments (extra payments or subscriptions per account, split confirms)',
        value: duplicatePayments + duplicateSubscriptions + splitConfirms,
        unit: '',
        budget: { kind: 'equal', limit: 0, of: 'value' },
      },
      {
        group,
        figure: peakReset ? 'server peak RSS during the round' : 'server peak RSS so far (since start: the peak could not be reset)',
        value: memory.peakRssMB,
        unit: 'MB',
        ...(n === options.peakBudgetAt ? { budget: { kind: 'max' as const, limit: options.peakBudgetMB, of: 'value' as const } } : {}),
      },
      { group, figure: 'server peak RSS before the round (since start, or since the previous round)', value: peakBefore, unit: 'MB' },
    );
    if (n === options.peakBudgetAt) {
      // A figure to explain the peak; its absence must not lose the rows above.
      const breakdown = await memoryBreakdownOf(server).catch((error: unknown) => error as Error);
      if (breakdown instanceof Error) rows.push({ group, figure: 'memory breakdown', value: null, unit: '', note: breakdown.message });
      else rows.push(...memoryBreakdownRows(group, 'after the journeys', breakdown));
      rows.push(...(await mappingRows(group, 'after the journeys', server.pid)));
    }
    console.log(`  ${group}: ${completed}/${n} in ${seconds.toFixed(1)} s, peak RSS ${memory.peakRssMB} MB (${peakReset ? 'during the round' : 'since start'}; before it ${peakBefore} MB)`);
  }
  return rows;
}
