// /login: the sign-in form (the account-form pattern). Rules from domain/account-rules.ts;
// on success it tells the session, which persists the user (remember me: across browser
// restarts) and goes to the remembered origin or /home, replacing history.
import { assign, fromPromise, setup } from 'xstate';
import { checkRules, signInSchema } from '@domain/account-rules';
import { accountFailureNotice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import type { SessionArrival, SignedInUser } from '@domain/session-user';
import { accountFormStates, fieldChanged, languageOf, userOf, type AccountFormContext } from './account-form';
import { noticeShown, outcomeGuards } from './request-states';

export type SignInField = 'email' | 'password';
export type SignInValues = Record<SignInField, string>;
export type SignInInput = SignInValues;
export type SignInOutput = Outcome<SignedInUser>;

export interface SignInContext extends AccountFormContext<SignInField> {
  remember: boolean;
  /** Where the protected-route guard found the user, if any. */
  origin: string | null;
}

export type SignInEvent =
  | { type: 'field.change'; field: SignInField; value: string }
  | { type: 'remember.change'; value: boolean }
  | { type: 'form.submit' };

const arrival = ({ context, event }: { context: SignInContext; event: { output: SignInOutput } }): SessionArrival => ({
  user: userOf(event.output),
  ...languageOf(event.output),
  remember: context.remember,
  to: context.origin ?? routes.home.path,
});

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as { origin?: string | null; email?: string } | undefined,
  },
  actors: {
    signIn: fromPromise<SignInOutput, SignInInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    /** Hand the signed-in user to the session actor (provided by the app). */
    tellSession: (_, _arrival: SessionArrival) => {},
    changeField: assign(({ context, event }) => (event.type === 'field.change' ? fieldChanged(context, event.field, event.value) : {})),
    changeRemember: assign({ remember: ({ event }) => (event.type === 'remember.change' ? event.value : false) }),
    showRuleErrors: assign({ errors: ({ context }) => checkRules(signInSchema, context.values) ?? {} }),
    clearNotice: assign({ notice: null }),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, accountFailureNotice(outcome, 'signIn'))),
  },
  guards: {
    ...outcomeGuards,
    formIsValid: ({ context }) => checkRules(signInSchema, context.values) === null,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    values: { email: input?.email ?? '', password: '' },
    remember: false,
    errors: {},
    notice: null,
    scrollToTop: 0,
    origin: input?.origin ?? null,
  }),
  initial: 'editing',
  states: {
    ...accountFormStates({ request: 'signIn', done: 'signedIn', arrival, on: { 'remember.change': { actions: 'changeRemember' } } }),
    signedIn: { type: 'final' },
  },
});

export type SignInMachine = typeof signInMachine;
