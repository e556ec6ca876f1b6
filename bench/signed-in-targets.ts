// The signed-in calls `npm run bench:profile` and `npm run bench:compare` load (bench/profile.ts,
// bench/compare-builds.ts), and the account each is asked with.
import { ApiSession, benchPassword, newIdentity } from './api-session';
import { subscriber } from './playback';
import type { Target } from './throughput';

export const signedInTargets: Record<string, Target> = {
  plans: { name: 'POST /api/v1/payments/plans', method: 'POST', path: '/api/v1/payments/plans', auth: true, maxP99Ms: 10 },
  home: { name: 'POST /api/v1/payments/home', method: 'POST', path: '/api/v1/payments/home', auth: true, maxP99Ms: 25 },
  'up-next': { name: 'GET /api/v1/programmes/up-next', method: 'GET', path: '/api/v1/programmes/up-next', auth: true, maxP99Ms: 25 },
  'classes-home': { name: 'GET /api/v1/classes/home', method: 'GET', path: '/api/v1/classes/home', auth: true, maxP99Ms: 25 },
  activity: { name: 'GET /api/v1/activity', method: 'GET', path: '/api/v1/activity', auth: true, maxP99Ms: 25 },
  catalog: { name: 'GET /api/v1/classes', method: 'GET', path: '/api/v1/classes', auth: true, maxP99Ms: 25 },
  // Not signed in: the pre-rendered landing page (answered before Fastify, with the headers every page carries).
  landing: { name: 'GET /', method: 'GET', path: '/', auth: false, maxP99Ms: 25 },
};

/** The target named `name`, or an error listing the names. */
export function signedInTarget(name: string): Target {
  const target = signedInTargets[name];
  if (!target) throw new Error(`--target must be one of ${Object.keys(signedInTargets).join(', ')}`);
  return target;
}

/**
 * A signed-in account for `target` on the server at `origin`: for the home's calls and activity a
 * subscriber following a programme (as the engagement bench asks them), else a new account.
 */
export async function accountFor(origin: string, target: Target, label: string): Promise<ApiSession> {
  if (target.path.includes('/home') || target.path.includes('/programmes') || target.path.includes('/activity')) {
    const session = await subscriber(origin, 'standard');
    await session.call('start', 'POST', '/api/v1/programmes/yoga-foundations/start', 200, { auth: true, json: { weekdays: [1, 3, 5] } });
    return session;
  }
  const session = new ApiSession(origin);
  const { email, deviceId } = newIdentity(label);
  await session.signUp(email, benchPassword, deviceId);
  return session;
}
