// Every contract call of the app on one typed client: the shell's (src/app/shared-calls.ts) and
// each flow's and feature's (src/flows/<flow>/calls.ts, src/features/<f>/calls.ts, found when
// the app is built). It loads in the API chunk fetched as the app starts (src/api/lazy-api.ts),
// never in the first page's code.
import type { ApiClient } from '@api/client';
import type { Api, CallsFactory } from '@api/calls';
import { calls as sharedCalls } from './shared-calls';

const flowCalls = import.meta.glob<CallsFactory>(['../flows/*/calls.ts', '../features/*/calls.ts'], { eager: true, import: 'calls' });

/** The calls of `factories` in one object; a name declared twice is a mistake, not an override. */
export function mergeCalls(client: ApiClient, factories: Record<string, CallsFactory>): Api {
  const api: Record<string, unknown> = {};
  for (const [module, factory] of Object.entries(factories)) {
    for (const [name, call] of Object.entries(factory(client))) {
      if (name in api) throw new Error(`the call "${name}" is declared twice (again in ${module})`);
      api[name] = call;
    }
  }
  return api as unknown as Api;
}

export const createApi = (client: ApiClient): Api => mergeCalls(client, { './shared-calls.ts': sharedCalls, ...flowCalls });
