// The API with its code (the typed client, openapi-fetch, every call) in a chunk of its own,
// fetched as the app starts rather than before it: the first page renders without waiting for
// it. A call made before the chunk arrives waits for it; a chunk that cannot be fetched answers
// 'unreachable' (the screen's Try Again), and the next call fetches it again.
import { unreachable, type Outcome } from '@domain/request-outcome';
import type { Api } from './calls';

type Call = (...args: unknown[]) => Promise<Outcome<unknown>>;

export function lazyApi(load: () => Promise<Api>): Api {
  let loading: Promise<Api> | null = null;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  void loaded().catch(() => {});
  return new Proxy({} as Api, {
    get: (_, name) =>
      async (...args: unknown[]): Promise<Outcome<unknown>> => {
        let api: Api;
        try {
          api = await loaded();
        } catch {
          return unreachable;
        }
        return (api[name as keyof Api] as Call)(...args);
      },
  });
}
