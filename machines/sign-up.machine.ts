// /register: the sign-up form (the account-form pattern). Rules from
// domain/account-rules.ts; on success it tells the session, which goes to /details (step 2
// of 4) replacing history, so Back does not return to a form that already did its job.
import { assign, fromPromise, setup } from 'xstate';
import { checkRules, DEFAULT_COUNTRY, signUpSchema } from '@domain/account-rules';
import { accountFailureNotice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import type { SessionArrival, SignedInUser } from '@domain/session-user';
import { accountFormStates, fieldChanged, languageOf, userOf, type AccountFormContext } from './account-form';
import { noticeShown, outcomeGuards } from './request-states';

export type SignUpField = 'country' | 'email' | 'password' | 'cpassword';
export type SignUpValues = Record<SignUpField, string>;
export type SignUpInput = SignUpValues;
export type SignUpOutput = Outcome<SignedInUser>;

export type SignUpContext = AccountFormContext<SignUpField>;

export type SignUpEvent = { type: 'field.change'; field: SignUpField; value: string } | { type: 'form.submit' };

// No remember-me on this form: the new session lives in sessionStorage.
const arrival = ({ event }: { event: { output: SignUpOutput } }): SessionArrival => ({
  user: userOf(event.output),
  ...languageOf(event.output),
  remember: false,
  to: routes.details.path,
});

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    /** `country`: the one suggested from the browser's languages (domain/countries.ts). */
    input: {} as { email?: string; country?: string } | undefined,
  },
  actors: {
    signUp: fromPromise<SignUpOutput, SignUpInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    /** Hand the new user to the session actor (provided by the app). */
    tellSession: (_, _arrival: SessionArrival) => {},
    changeField: assign(({ context, event }) => (event.type === 'field.change' ? fieldChanged(context, event.field, event.value) : {})),
    showRuleErrors: assign({ errors: ({ context }) => checkRules(signUpSchema, context.values) ?? {} }),
    clearNotice: assign({ notice: null }),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, accountFailureNotice(outcome, 'signUp'))),
  },
  guards: {
    ...outcomeGuards,
    formIsValid: ({ context }) => checkRules(signUpSchema, context.values) === null,
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    values: { country: input?.country ?? DEFAULT_COUNTRY, email: input?.email ?? '', password: '', cpassword: '' },
    errors: {},
    notice: null,
    scrollToTop: 0,
  }),
  initial: 'editing',
  states: {
    ...accountFormStates({ request: 'signUp', done: 'signedUp', arrival }),
    signedUp: { type: 'final' },
  },
});

export type SignUpMachine = typeof signUpMachine;
