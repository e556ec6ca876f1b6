// The API's code arrives in a chunk of its own (src/api/lazy-api.ts): calls made before it
// arrives wait for it, and a chunk that could not be fetched is a call with no response
// (the screen's Try Again), fetched again by the next call.
import { describe, expect, it, vi } from 'vitest';
import { lazyApi } from '@api/lazy-api';
import type { Api } from '@api/calls';
import { ok } from '@domain/request-outcome';

const plansApi = (answer: string) => ({ listPlans: vi.fn(async () => ok(answer)) }) as unknown as Api;

describe('lazyApi', () => {
  it('starts fetching at once and answers calls made before the code arrived', async () => {
    let arrive: (api: Api) => void = () => {};
    const load = vi.fn(() => new Promise<Api>((resolve) => (arrive = resolve)));
    const api = lazyApi(load);
    expect(load).toHaveBeenCalledTimes(1);
    const pending = api.listPlans();
    const real = plansApi('plans');
    arrive(real);
    await expect(pending).resolves.toEqual(ok('plans'));
    await expect(api.listPlans()).resolves.toEqual(ok('plans'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.listPlans).toHaveBeenCalledTimes(2);
  });

  it('passes the arguments through', async () => {
    const signIn = vi.fn(async () => ok({ token: 't' }));
    const api = lazyApi(async () => ({ signIn }) as unknown as Api);
    const signal = new AbortController().signal;
    await api.signIn({ email: 'a@b.co', password: 'p', deviceId: 'd' }, signal);
    expect(signIn).toHaveBeenCalledWith({ email: 'a@b.co', password: 'p', deviceId: 'd' }, signal);
  });

  it('answers unreachable when the code cannot be fetched, and fetches it again on the next call', async () => {
    const load = vi.fn<() => Promise<Api>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(plansApi('plans'));
    const api = lazyApi(load);
    await expect(api.listPlans()).resolves.toEqual({ kind: 'unreachable' });
    await expect(api.listPlans()).resolves.toEqual(ok('plans'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
