// The session machine wired with controllable fakes and a simulated clock, started with its
// navigation recorded: one set-up for the session's main and edge tests.
import { vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  sessionMachine,
  type ExchangeLinkTokenInput,
  type ExchangeLinkTokenOutput,
  type RefreshTokenOutput,
  type RestorePersistedOutput,
} from '@machines/session.machine';
import { controlledActor } from '../controlled-actor';
import { navigationsOf, startFlow } from './navigation';

export function startSession() {
  const restore = controlledActor<RestorePersistedOutput>();
  const exchange = controlledActor<ExchangeLinkTokenOutput, ExchangeLinkTokenInput>();
  const refresh = controlledActor<RefreshTokenOutput>();
  const revoke = controlledActor<void>();
  const persistSession = vi.fn();
  const purgePersisted = vi.fn();
  const clock = new SimulatedClock();
  const machine = sessionMachine.provide({
    actors: { restorePersisted: restore.logic, exchangeLinkToken: exchange.logic, refreshToken: refresh.logic, revokeSession: revoke.logic },
    actions: { persistSession, purgePersisted },
  });
  const actor = startFlow(machine, { clock });
  return { actor, clock, restore, exchange, refresh, revoke, persistSession, purgePersisted, navigations: navigationsOf(actor) };
}
