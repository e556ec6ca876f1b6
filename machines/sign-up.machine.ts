// /register: the sign-up form. Rules from src/domain/account-rules.ts; on success it tells the
// session, which goes to /details (step 2 of 4) replacing history (decisions.md).
import { assign, fromPromise, setup } from 'xstate';
import { checkRules, DEFAULT_COUNTRY, signUpSchema, type FieldErrors } from '../src/domain/account-rules';
import { flowPaths } from '../src/domain/navigation';
import { accountFailureNotice, type Notice } from '../src/domain/notices';
import type { Outcome } from '../src/domain/request-outcome';
import type { SessionArrival, SessionUser } from '../src/domain/session-user';

export type SignUpField = 'country' | 'email' | 'password' | 'cpassword';
export type SignUpValues = Record<SignUpField, string>;
export type SignUpInput = SignUpValues;
export type SignUpOutput = Outcome<SessionUser>;

export interface SignUpContext {
  values: SignUpValues;
  errors: FieldErrors<SignUpField>;
  notice: Notice | null;
  /** Bumped whenever the view should scroll to the top (a new failure banner). */
  scrollToTop: number;
}

export type SignUpEvent = { type: 'field.change'; field: SignUpField; value: string } | { type: 'form.submit' };

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as { email?: string } | undefined,
  },
  actors: {
    signUp: fromPromise<SignUpOutput, SignUpInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    /** Hand the new user to the session actor (provided by the app). */
    tellSession: (_, _arrival: SessionArrival) => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    showRuleErrors: assign({ errors: ({ context }) => checkRules(signUpSchema, context.values) ?? {} }),
    clearNotice: assign({ notice: null }),
    showFailure: assign({
      notice: (_, output: SignUpOutput) => accountFailureNotice(output, 'signUp'),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
  },
  guards: {
    formIsValid: ({ context }) => checkRules(signUpSchema, context.values) === null,
    succeeded: (_, output: SignUpOutput) => output.kind === 'ok',
    wasCancelled: (_, output: SignUpOutput) => output.kind === 'cancelled',
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    values: { country: DEFAULT_COUNTRY, email: input?.email ?? '', password: '', cpassword: '' },
    errors: {},
    notice: null,
    scrollToTop: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearNotice' },
          { actions: 'showRuleErrors' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'signUp',
        input: ({ context }) => ({ ...context.values, email: context.values.email.trim() }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'signedUp',
            actions: {
              type: 'tellSession',
              // No remember-me on this form: the new session lives in sessionStorage.
              params: ({ event }) => ({
                user: event.output.kind === 'ok' ? event.output.data : { email: '', token: '' },
                remember: false,
                to: flowPaths.details,
              }),
            },
          },
          { guard: { type: 'wasCancelled', params: ({ event }) => event.output }, target: 'editing' },
          { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: { type: 'showFailure', params: () => ({ kind: 'unreachable' as const }) } },
      },
    },
    signedUp: { type: 'final' },
  },
});

export type SignUpMachine = typeof signUpMachine;
