// The cancel flow (machines/cancel-flow.machine.ts, decision 068): a reason first, then the one
// offer the server says the reason brings, or the confirmation; Back and Keep at each step; how
// it ends (kept, cancelled, paused, 50 % off, failed) is its output for the billing page.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  cancelFlowMachine,
  type AcceptHalfOffInput,
  type CancelFlowInput,
  type CancelSubscriptionInput,
  type CancelSubscriptionOutput,
  type FindCancelOfferOutput,
  type PauseSubscriptionInput,
} from '@machines/cancel-flow.machine';
import type { CancelReason } from '@domain/cancel-reasons';
import { cancelled, failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { activeSubscription } from './plan-fixtures';

function flow() {
  const offer = controlledActor<FindCancelOfferOutput, CancelFlowInput & { reason: CancelReason }>();
  const cancel = controlledActor<CancelSubscriptionOutput, CancelSubscriptionInput>();
  const halfOff = controlledActor<CancelSubscriptionOutput, AcceptHalfOffInput>();
  const pause = controlledActor<CancelSubscriptionOutput, PauseSubscriptionInput>();
  const actors = { findCancelOffer: offer.logic, cancelSubscription: cancel.logic, acceptHalfOff: halfOff.logic, pauseSubscription: pause.logic };
  const actor = createActor(cancelFlowMachine.provide({ actors }), { input: { subscriptionId: 'sub_1' } }).start();
  const state = () => actor.getSnapshot().value;
  const output = () => actor.getSnapshot().output;
  return { actor, offer, cancel, halfOff, pause, state, output };
}

async function toStepTwo(page: ReturnType<typeof flow>, reason: CancelReason, offer: 'pause' | 'half_off' | null, text = '') {
  page.actor.send({ type: 'reason.choose', reason });
  if (text) page.actor.send({ type: 'reason.text', text });
  page.actor.send({ type: 'reason.next' });
  expect(page.state()).toBe('findingOffer');
  expect(page.actor.getSnapshot().hasTag('busy')).toBe(true);
  expect(page.offer.last.input).toEqual({ subscriptionId: 'sub_1', reason });
  page.offer.last.resolve(ok({ offer }));
  await settle();
}

const paused = { ...activeSubscription, pause: { paused_from: '2026-12-01T00:00:00.000Z', resumes_at: '2027-02-01T00:00:00.000Z' } };

describe('cancel flow', () => {
  it('needs a reason before it goes on', () => {
    const page = flow();
    expect(page.state()).toBe('choosingReason');
    page.actor.send({ type: 'reason.next' });
    expect(page.state()).toBe('choosingReason');
    expect(page.offer.calls).toHaveLength(0);
  });

  it('"unused": offers a pause; the months chosen and the words go with it, and it ends paused', async () => {
    const page = flow();
    await toStepTwo(page, 'unused', 'pause', '  Injured this winter ');
    expect(page.state()).toBe('offering');
    page.actor.send({ type: 'pause.months', months: 2 });
    page.actor.send({ type: 'offer.accept' });
    expect(page.state()).toBe('pausing');
    expect(page.pause.last.input).toEqual({ subscriptionId: 'sub_1', months: 2, cancelReason: 'unused', text: 'Injured this winter' });
    page.pause.last.resolve(ok({ subscription: paused }));
    await settle();
    expect(page.output()).toEqual({ result: 'paused', subscription: paused });
    expect(page.cancel.calls).toHaveLength(0);
  });

  it('"too expensive": offers 50 % off the next month, and it ends with the discount', async () => {
    const page = flow();
    await toStepTwo(page, 'too_expensive', 'half_off');
    expect(page.actor.getSnapshot().context.offer).toBe('half_off');
    page.actor.send({ type: 'offer.accept' });
    expect(page.state()).toBe('acceptingHalfOff');
    expect(page.halfOff.last.input).toEqual({ subscriptionId: 'sub_1' });
    const discounted = { ...activeSubscription, next_charge_percent_off: 50 };
    page.halfOff.last.resolve(ok({ subscription: discounted }));
    await settle();
    expect(page.output()).toEqual({ result: 'halfOff', subscription: discounted });
  });

  it('"Cancel anyway" beside an offer cancels with the reason', async () => {
    const page = flow();
    await toStepTwo(page, 'too_expensive', 'half_off', 'Cheaper elsewhere');
    page.actor.send({ type: 'cancel.anyway' });
    expect(page.state()).toBe('cancelling');
    expect(page.cancel.last.input).toEqual({ subscriptionId: 'sub_1', reason: 'too_expensive', text: 'Cheaper elsewhere' });
    expect(page.halfOff.calls).toHaveLength(0);
    const flagged = { ...activeSubscription, cancel_at_period_end: true };
    page.cancel.last.resolve(ok({ subscription: flagged }));
    await settle();
    expect(page.output()).toEqual({ result: 'cancelled', subscription: flagged });
  });

  it('a reason without an offer goes straight to the confirmation, then cancels (two steps at most)', async () => {
    const page = flow();
    await toStepTwo(page, 'other', null);
    expect(page.state()).toBe('confirming');
    page.actor.send({ type: 'offer.accept' });
    expect(page.state()).toBe('confirming');
    page.actor.send({ type: 'cancel.confirm' });
    expect(page.cancel.last.input).toEqual({ subscriptionId: 'sub_1', reason: 'other' });
  });

  it('Back returns to the reason (kept) from either second step; Keep ends the flow at any step without a request', async () => {
    for (const offer of ['pause', null] as const) {
      const page = flow();
      await toStepTwo(page, offer ? 'unused' : 'low_quality', offer);
      page.actor.send({ type: 'cancel.back' });
      expect(page.state()).toBe('choosingReason');
      expect(page.actor.getSnapshot().context.reason).toBe(offer ? 'unused' : 'low_quality');
    }
    for (const step of ['choosingReason', 'offering', 'confirming'] as const) {
      const page = flow();
      if (step !== 'choosingReason') await toStepTwo(page, 'unused', step === 'offering' ? 'pause' : null);
      expect(page.state()).toBe(step);
      page.actor.send({ type: 'cancel.keep' });
      expect(page.state()).toBe('done');
      expect(page.output()).toEqual({ result: 'kept' });
      expect(page.cancel.calls.length + page.pause.calls.length + page.halfOff.calls.length).toBe(0);
    }
  });

  it('ignores Keep and Back while a request runs', async () => {
    const page = flow();
    await toStepTwo(page, 'other', null);
    page.actor.send({ type: 'cancel.confirm' });
    page.actor.send({ type: 'cancel.keep' });
    page.actor.send({ type: 'cancel.back' });
    expect(page.state()).toBe('cancelling');
  });

  it('ends failed with the outcome of a refused or crashed request, and kept when quiet', async () => {
    const refused = flow();
    await toStepTwo(refused, 'too_expensive', 'half_off');
    refused.actor.send({ type: 'offer.accept' });
    const answer = failed(409, { isSuccess: false, message: 'Once per account.' });
    refused.halfOff.last.resolve(answer);
    await settle();
    expect(refused.output()).toEqual({ result: 'failed', outcome: answer });

    const crashed = flow();
    crashed.actor.send({ type: 'reason.choose', reason: 'other' });
    crashed.actor.send({ type: 'reason.next' });
    crashed.offer.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(crashed.output()).toMatchObject({ result: 'failed', outcome: { kind: 'unreachable' } });

    const quiet = flow();
    await toStepTwo(quiet, 'other', null);
    quiet.actor.send({ type: 'cancel.confirm' });
    quiet.cancel.last.resolve(cancelled);
    await settle();
    expect(quiet.output()).toEqual({ result: 'kept' });
  });

  it('goes back to the reasons when the offer question is answered quietly (a 401)', async () => {
    const page = flow();
    page.actor.send({ type: 'reason.choose', reason: 'unused' });
    page.actor.send({ type: 'reason.next' });
    page.offer.last.resolve(failed(401, null));
    await settle();
    expect(page.state()).toBe('choosingReason');
  });

  it('Back, then a reason without an offer: the earlier offer is forgotten, so cancelling does not show it again', async () => {
    const page = flow();
    await toStepTwo(page, 'unused', 'pause');
    page.actor.send({ type: 'cancel.back' });
    await toStepTwo(page, 'other', null);
    expect(page.state()).toBe('confirming');
    expect(page.actor.getSnapshot().context.offer).toBeNull();
  });

  it('words of only spaces are not sent; the page is busy while an offer is being taken', async () => {
    const pausing = flow();
    await toStepTwo(pausing, 'unused', 'pause', '   ');
    pausing.actor.send({ type: 'offer.accept' });
    expect(pausing.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(pausing.pause.last.input).toEqual({ subscriptionId: 'sub_1', months: 1, cancelReason: 'unused' });

    const halving = flow();
    await toStepTwo(halving, 'too_expensive', 'half_off', '   ');
    halving.actor.send({ type: 'offer.accept' });
    expect(halving.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(halving.halfOff.last.input).toEqual({ subscriptionId: 'sub_1' });
  });
});
