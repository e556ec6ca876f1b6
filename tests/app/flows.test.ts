// A flow is one folder: its routes are found at build time (src/app/flows.ts) and its calls
// too (src/app/api.ts). Every route of the table is declared by exactly one flow, with a title
// and a screen; a route left out, declared twice or unknown to the table stops the app.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@api/client';
import { mergeCalls } from '@app/api';
import type { FlowRoute } from '@lib/flow-routes';
import { collectRoutes, flowRoutes } from '@app/flows';
import { routes } from '@domain/routes';

const entry: FlowRoute = { title: { id: 'title.x', defaultMessage: 'X' }, screen: async () => ({ default: () => null }) };
const allButLogin = Object.fromEntries(Object.keys(routes).filter((name) => name !== 'login').map((name) => [name, entry]));

describe('flow routes', () => {
  it('declare every route of domain/routes.ts once, each with a title and a screen', () => {
    expect(Object.keys(flowRoutes).sort()).toEqual(Object.keys(routes).sort());
    for (const declared of Object.values(flowRoutes)) {
      expect(declared.title.defaultMessage).toEqual(expect.any(String));
      expect(declared.screen).toEqual(expect.any(Function));
    }
  });

  it('refuse a route no flow declares', () => {
    expect(() => collectRoutes({ './a/routes.ts': allButLogin })).toThrow('no flow declares route "login"');
  });

  it('refuse a route two flows declare', () => {
    expect(() => collectRoutes({ './a/routes.ts': { ...allButLogin, login: entry }, './b/routes.ts': { login: entry } })).toThrow(
      'route "login" is declared by ./a/routes.ts and ./b/routes.ts',
    );
  });

  it('refuse a route that is not in the table', () => {
    const modules = { './a/routes.ts': { ...allButLogin, login: entry }, './b/routes.ts': { nowhere: entry } as never };
    expect(() => collectRoutes(modules)).toThrow('./b/routes.ts declares "nowhere", which is not in domain/routes.ts');
  });

  it('load each screen with its flow', async () => {
    const screens = await Promise.all(Object.values(flowRoutes).map((declared) => declared.screen()));
    for (const screen of screens) expect(screen.default).toEqual(expect.any(Function));
  });
});

describe('flow calls', () => {
  const client = {} as ApiClient;

  it('put every module\'s calls in one API', () => {
    const api = mergeCalls(client, { './a/calls.ts': () => ({ one: () => 1 }), './b/calls.ts': () => ({ two: () => 2 }) }) as unknown as Record<string, () => number>;
    expect(Object.keys(api).sort()).toEqual(['one', 'two']);
  });

  it('refuse a call two modules declare', () => {
    expect(() => mergeCalls(client, { './a/calls.ts': () => ({ one: () => 1 }), './b/calls.ts': () => ({ one: () => 2 }) })).toThrow(
      'the call "one" is declared twice (again in ./b/calls.ts)',
    );
  });
});
