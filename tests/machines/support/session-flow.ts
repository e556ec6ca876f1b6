// The session machine wired with controllable fakes and a simulated clock, started with its
// navigation recorded: one set-up for the session's main and edge tests.
import { vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  sessionMachine,
  type CountDownloadsInput,
  type CountDownloadsOutput,
  type ExchangeLinkTokenInput,
  type ExchangeLinkTokenOutput,
  type RefreshTokenOutput,
  type RestorePersistedOutput,
} from '@machines/session.machine';
import { controlledActor, settle } from '../controlled-actor';
import { navigationsOf, startFlow } from './navigation';

export function startSession() {
  const restore = controlledActor<RestorePersistedOutput>();
  const exchange = controlledActor<ExchangeLinkTokenOutput, ExchangeLinkTokenInput>();
  const refresh = controlledActor<RefreshTokenOutput>();
  const revoke = controlledActor<void>();
  const countDownloads = controlledActor<CountDownloadsOutput, CountDownloadsInput>();
  const persistSession = vi.fn();
  const purgePersisted = vi.fn();
  // What this browser holds for the account (its downloads, its queued reports: docs/decisions/038).
  const claimDevice = vi.fn();
  const releaseDevice = vi.fn();
  const forgetQueuedReports = vi.fn();
  const adoptLanguage = vi.fn();
  const speakLanguage = vi.fn();
  const clock = new SimulatedClock();
  const machine = sessionMachine.provide({
    actors: { restorePersisted: restore.logic, exchangeLinkToken: exchange.logic, refreshToken: refresh.logic, revokeSession: revoke.logic, countDownloads: countDownloads.logic },
    actions: { persistSession, purgePersisted, claimDevice: (_, user) => claimDevice(user), releaseDevice, forgetQueuedReports, adoptLanguage: (_, language) => adoptLanguage(language), speakLanguage: (_, language) => speakLanguage(language) },
  });
  const actor = startFlow(machine, { clock });
  /** Log out, the device holding `held` downloads (none: no question asked). */
  const signOut = async (held = 0) => {
    actor.send({ type: 'session.signOut' });
    countDownloads.last.resolve(held);
    await settle();
  };
  return { actor, clock, restore, exchange, refresh, revoke, countDownloads, persistSession, purgePersisted, claimDevice, releaseDevice, forgetQueuedReports, adoptLanguage, speakLanguage, signOut, navigations: navigationsOf(actor) };
}
