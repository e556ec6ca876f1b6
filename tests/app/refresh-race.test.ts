// The refresh race, end to end through the real client: ten requests fail with 401 at once;
// the session refreshes exactly once; each request is retried once with Bearer and the new
// token; a retry refused again signs the user out to /login, and is never retried twice. A
// refresh that gets no response keeps the user signed in and the requests report no response.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine, type RefreshTokenOutput, type RestorePersistedOutput } from '@machines/session.machine';
import { createApiClient } from '@api/client';
import { createApi } from '@app/api';
import { createAuthBridge } from '@app/session-token';
import { seededPlans } from '../machines/plan-fixtures';
import { controlledActor, settle } from '../machines/controlled-actor';
import { recordNavigation } from '../machines/navigation-recorder';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () => json(401, { isSuccess: false, message: 'Your session has expired.', statusCode: 401 });

async function setUp(answer: (authorization: string | null, seen: number) => Response) {
  const restore = controlledActor<RestorePersistedOutput>();
  const refresh = controlledActor<RefreshTokenOutput>();
  const session = createActor(sessionMachine.provide({ actors: { restorePersisted: restore.logic, refreshToken: refresh.logic } }));
  const navigations = recordNavigation(session);
  session.start();
  restore.last.resolve({ user: { email: 'ana@example.com', token: 'old', profile: null }, remember: true });
  await settle();
  const seen: { path: string; authorization: string | null; body: string }[] = [];
  const fetch = async (request: Request) => {
    if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    seen.push({ path: new URL(request.url).pathname, authorization: request.headers.get('Authorization'), body: await request.clone().text() });
    return answer(request.headers.get('Authorization'), seen.length);
  };
  const api = createApi(createApiClient({ auth: createAuthBridge(() => session), fetch, baseUrl: 'http://app.test' }));
  return { session, refresh, api, seen, navigations };
}

describe('the refresh race', () => {
  it('ten 401s at once: one refresh, ten retries with Bearer and the new token, ten answers', async () => {
    const { session, refresh, api, seen } = await setUp((authorization) =>
      authorization === 'Bearer new' ? json(200, { isSuccess: true, plans: seededPlans }) : unauthorized(),
    );
    const calls = Array.from({ length: 10 }, () => api.listPlans());
    await settle();
    expect(refresh.calls).toHaveLength(1);
    expect(session.getSnapshot().hasTag('refreshing')).toBe(true);
    refresh.last.resolve({ kind: 'ok', data: { token: 'new' } });
    const outcomes = await Promise.all(calls);
    expect(outcomes.every((outcome) => outcome.kind === 'ok')).toBe(true);
    expect(refresh.calls).toHaveLength(1);
    expect(seen.filter((s) => s.authorization === 'FitStream old')).toHaveLength(10);
    expect(seen.filter((s) => s.authorization === 'Bearer new')).toHaveLength(10);
    expect(seen).toHaveLength(20);
    expect(session.getSnapshot().context.user?.token).toBe('new');
  });

  it('a retry refused again signs out to /login keeping the origin, and is not retried again', async () => {
    const { session, refresh, api, seen, navigations } = await setUp(() => unauthorized());
    const calls = Array.from({ length: 10 }, () => api.listPlans());
    await settle();
    refresh.last.resolve({ kind: 'ok', data: { token: 'new' } });
    const outcomes = await Promise.all(calls);
    expect(outcomes.every((outcome) => outcome.kind === 'failed' && outcome.status === 401)).toBe(true);
    expect(seen).toHaveLength(20);
    expect(refresh.calls).toHaveLength(1);
    expect(session.getSnapshot().matches('visitor')).toBe(true);
    expect(navigations).toEqual([{ type: 'navigate', to: '/login', replace: true, keepOrigin: true }]);
  });

  it('a failed refresh signs out and the requests are not retried', async () => {
    const { session, refresh, api, seen, navigations } = await setUp(() => unauthorized());
    const calls = [api.listPlans(), api.home()];
    await settle();
    refresh.last.resolve({ kind: 'failed', status: 401, body: null });
    const outcomes = await Promise.all(calls);
    expect(outcomes.map((o) => o.kind)).toEqual(['failed', 'failed']);
    expect(seen).toHaveLength(2);
    expect(session.getSnapshot().matches('visitor')).toBe(true);
    expect(navigations).toEqual([{ type: 'navigate', to: '/login', replace: true, keepOrigin: true }]);
  });

  it('a refresh with no response keeps the user signed in; the requests report no response and are not retried', async () => {
    const { session, refresh, api, seen, navigations } = await setUp(() => unauthorized());
    const calls = [api.listPlans(), api.home(), api.listBilling()];
    await settle();
    refresh.last.resolve({ kind: 'unreachable' });
    const outcomes = await Promise.all(calls);
    expect(outcomes).toEqual([{ kind: 'unreachable' }, { kind: 'unreachable' }, { kind: 'unreachable' }]);
    expect(seen).toHaveLength(3);
    expect(refresh.calls).toHaveLength(1);
    expect(session.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(session.getSnapshot().context.user?.token).toBe('old');
    expect(navigations).toEqual([]);
  });

  it('after a refresh with no response, the next 401 refreshes again and the request succeeds', async () => {
    const { session, refresh, api } = await setUp((authorization) =>
      authorization === 'Bearer new' ? json(200, { isSuccess: true, plans: seededPlans }) : unauthorized(),
    );
    const first = api.listPlans();
    await settle();
    refresh.last.resolve({ kind: 'unreachable' });
    expect(await first).toEqual({ kind: 'unreachable' });
    const second = api.listPlans();
    await settle();
    expect(refresh.calls).toHaveLength(2);
    refresh.last.resolve({ kind: 'ok', data: { token: 'new' } });
    expect((await second).kind).toBe('ok');
    expect(session.getSnapshot().context.user?.token).toBe('new');
  });

  it('a request whose own retry gets no response reports no response and keeps the session', async () => {
    const { session, refresh, api } = await setUp((authorization) => {
      if (authorization === 'Bearer new') throw new TypeError('Failed to fetch');
      return unauthorized();
    });
    const call = api.listPlans();
    await settle();
    refresh.last.resolve({ kind: 'ok', data: { token: 'new' } });
    expect(await call).toEqual({ kind: 'unreachable' });
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('retries a request with its body', async () => {
    const { refresh, api, seen } = await setUp((authorization) =>
      authorization === 'Bearer new' ? json(200, { isSuccess: true, url: '/sandbox/checkout/cs_1' }) : unauthorized(),
    );
    const call = api.subscribe({ plan: 'premium' });
    await settle();
    refresh.last.resolve({ kind: 'ok', data: { token: 'new' } });
    expect(await call).toEqual({ kind: 'ok', data: { url: '/sandbox/checkout/cs_1' } });
    expect(seen.map((s) => s.body)).toEqual(['{"plan":"premium"}', '{"plan":"premium"}']);
  });

  it('a 401 on sign-in is wrong credentials: no refresh, no token sent', async () => {
    const { refresh, api, seen } = await setUp(() => json(401, { isSuccess: false, message: 'Wrong email or password.', statusCode: 401 }));
    const outcome = await api.signIn({ email: 'a@b.co', password: 'x', deviceId: 'device-1234' });
    expect(outcome).toEqual({ kind: 'failed', status: 401, body: { isSuccess: false, message: 'Wrong email or password.', statusCode: 401 } });
    expect(refresh.calls).toHaveLength(0);
    expect(seen[0]?.authorization).toBeNull();
  });
});

describe('client outcomes', () => {
  it('reports an aborted request as cancelled and a network failure as unreachable', async () => {
    const { api } = await setUp(() => json(200, { isSuccess: true, plans: [] }));
    const controller = new AbortController();
    controller.abort();
    expect(await api.listPlans(controller.signal)).toEqual({ kind: 'cancelled' });
    const offline = createApi(
      createApiClient({ auth: { token: () => null, freshToken: async () => ({ kind: 'signedOut' as const }), expired: () => {} }, fetch: async () => { throw new TypeError('Failed to fetch'); }, baseUrl: 'http://app.test' }),
    );
    expect(await offline.listPlans()).toEqual({ kind: 'unreachable' });
  });
});
