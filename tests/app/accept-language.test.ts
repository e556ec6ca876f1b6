// The app says its interface language on every API call (Accept-Language), through the real
// client built the way src/main.tsx builds it: the stored language from the start, the new one
// as soon as the user switches, and on the retry after a refreshed token too.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@api/client';
import { createApi } from '@app/api';
import { createAppActors } from '@app/actors';
import { createPersistence, memoryStorage, STORAGE_KEYS } from '@lib/persistence';
import { seededPlans } from '../machines/plan-fixtures';
import { settle } from '../machines/controlled-actor';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function app(options: { storedLanguage?: string; signedIn?: boolean; answer?: (request: Request) => Response } = {}) {
  const seen: { path: string; language: string | null; authorization: string | null }[] = [];
  const local = memoryStorage();
  if (options.storedLanguage) local.setItem(STORAGE_KEYS.language, JSON.stringify(options.storedLanguage));
  const fetch = async (request: Request) => {
    seen.push({ path: new URL(request.url).pathname, language: request.headers.get('Accept-Language'), authorization: request.headers.get('Authorization') });
    return (options.answer ?? (() => json(200, { isSuccess: true, plans: seededPlans })))(request);
  };
  const persistence = createPersistence({ local, session: memoryStorage() });
  if (options.signedIn) persistence.writeSession({ user: { email: 'ana@example.com', token: 'old', profile: null }, remember: true });
  const actors = createAppActors({
    api: (auth, language) => createApi(createApiClient({ auth, language, fetch, baseUrl: 'http://app.test' })),
    persistence,
  });
  actors.start();
  return { actors, seen };
}

describe('Accept-Language on every API call', () => {
  it('is the interface language: English by default, Spanish once the user switches, and back', async () => {
    const { actors, seen } = app();
    await actors.api.listPlans();
    actors.language.send({ type: 'language.set', language: 'es' });
    await actors.api.signIn({ email: 'ana@example.com', password: 'Secret1!', deviceId: 'device-123' });
    actors.language.send({ type: 'language.set', language: 'en' });
    await actors.api.listPlans();
    expect(seen.map(({ path, language }) => [path, language])).toEqual([
      ['/api/v1/payments/plans', 'en'],
      ['/api/v1/auth/sign-in', 'es'],
      ['/api/v1/payments/plans', 'en'],
    ]);
  });

  it('starts from the language the browser kept', async () => {
    const { actors, seen } = app({ storedLanguage: 'es' });
    await actors.api.listPlans();
    expect(seen[0]?.language).toBe('es');
  });

  it('goes with the retry after a refreshed token', async () => {
    const { actors, seen } = app({
      storedLanguage: 'es',
      signedIn: true,
      answer: (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/api/v1/refresh') return json(200, { isSuccess: true, message: 'ok', token: 'new', email: 'ana@example.com' });
        // The saved classes the app loads for a signed-in user (not the call under test).
        if (path === '/api/v1/favourites') return json(200, { isSuccess: true, classes: [] });
        // Whether the account subscribes, asked at sign-in for the navigation (not the call under test either).
        if (path === '/api/v1/payments/home') return json(200, { isSuccess: true, hasSubscription: false });
        return request.headers.get('Authorization') === 'Bearer new'
          ? json(200, { isSuccess: true, plans: seededPlans })
          : json(401, { isSuccess: false, message: 'Tu sesión ha caducado.', statusCode: 401, code: 'auth.sessionExpired' });
      },
    });
    await settle();
    const outcome = await actors.api.listPlans();
    expect(outcome.kind).toBe('ok');
    const plansCalls = seen.filter(({ path }) => path !== '/api/v1/favourites' && path !== '/api/v1/payments/home');
    expect(plansCalls.map(({ path, authorization, language }) => [path, authorization, language])).toEqual([
      ['/api/v1/payments/plans', 'FitStream old', 'es'],
      ['/api/v1/refresh', null, 'es'],
      ['/api/v1/payments/plans', 'Bearer new', 'es'],
    ]);
  });
});
