// The seeded plans (server/db/migrations/0001_seed-plans.sql) and a subscription record, for
// machine and screen tests.
import type { Plan } from '@domain/plans';
import type { Subscription } from '@domain/subscriptions';

const base = { currency: 'EUR', interval: 'month' as const, interval_count: 1, devices: ['TV', 'computer', 'mobile phone', 'tablet'] };

export const seededPlans: Plan[] = [
  { ...base, id: 'basic', position: 0, name: 'Basic', amount: 999, yearly_amount: 9990, quality: 'HD', resolution: '720p', resolutionFull: 'HD (720p)', simultaneousScreens: 1, downloads: 1, popular: false },
  { ...base, id: 'standard', position: 1, name: 'Standard', amount: 1399, yearly_amount: 13990, quality: 'FULL HD', resolution: '1080p', resolutionFull: 'Full HD (1080p)', simultaneousScreens: 2, downloads: 2, popular: true },
  { ...base, id: 'premium', position: 2, name: 'Premium', amount: 1799, yearly_amount: 17990, quality: '4K + HDR', resolution: '2160p', resolutionFull: '4K (Ultra HD) + HDR', simultaneousScreens: 4, downloads: 6, popular: false },
  { ...base, id: 'mobile', position: 3, name: 'Mobile', amount: 899, yearly_amount: 8990, quality: 'HD', resolution: '720p', resolutionFull: 'HD (720p)', simultaneousScreens: 1, downloads: 1, popular: false, devices: ['mobile phone', 'tablet'] },
];

export const activeSubscription: Subscription = {
  subscription_id: 'sub_sandbox_1',
  subscription_status: 'trialing',
  plan_id: 'standard',
  product_name: 'Standard',
  amount: 1399,
  currency: 'EUR',
  interval: 'month',
  interval_count: 1,
  created: '2025-01-10T10:00:00.000Z',
  current_period_start: '2025-01-10T10:00:00.000Z',
  current_period_end: '2025-02-10T10:00:00.000Z',
  trial_end: '2025-01-17T10:00:00.000Z',
  cancel_at_period_end: false,
  card: { brand: 'visa', exp_month: 4, exp_year: 2030 },
  cardlast4: '4242',
};
