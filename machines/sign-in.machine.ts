// /login: the sign-in form. Rules from src/domain/account-rules.ts; on success it tells the
// session (which persists the user and goes to the remembered origin or /home, replacing).
import { assign, fromPromise, setup } from 'xstate';
import { checkRules, signInSchema, type FieldErrors } from '../src/domain/account-rules';
import { flowPaths } from '../src/domain/navigation';
import { accountFailureNotice, type Notice } from '../src/domain/notices';
import type { Outcome } from '../src/domain/request-outcome';
import type { SessionArrival, SessionUser } from '../src/domain/session-user';

export type SignInField = 'email' | 'password';
export type SignInValues = Record<SignInField, string>;
export type SignInInput = SignInValues;
export type SignInOutput = Outcome<SessionUser>;

export interface SignInContext {
  values: SignInValues;
  remember: boolean;
  errors: FieldErrors<SignInField>;
  notice: Notice | null;
  /** Bumped whenever the view should scroll to the top (a new failure banner). */
  scrollToTop: number;
  /** Where the protected-route guard found the user, if any. */
  origin: string | null;
}

export type SignInEvent =
  | { type: 'field.change'; field: SignInField; value: string }
  | { type: 'remember.change'; value: boolean }
  | { type: 'form.submit' };

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
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    changeRemember: assign({ remember: ({ event }) => (event.type === 'remember.change' ? event.value : false) }),
    showRuleErrors: assign({ errors: ({ context }) => checkRules(signInSchema, context.values) ?? {} }),
    clearNotice: assign({ notice: null }),
    showFailure: assign({
      notice: (_, output: SignInOutput) => accountFailureNotice(output, 'signIn'),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
  },
  guards: {
    formIsValid: ({ context }) => checkRules(signInSchema, context.values) === null,
    succeeded: (_, output: SignInOutput) => output.kind === 'ok',
    wasCancelled: (_, output: SignInOutput) => output.kind === 'cancelled',
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
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'remember.change': { actions: 'changeRemember' },
        'form.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearNotice' },
          { actions: 'showRuleErrors' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ ...context.values, email: context.values.email.trim() }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: {
              type: 'tellSession',
              params: ({ context, event }) => ({
                user: event.output.kind === 'ok' ? event.output.data : { email: '', token: '' },
                remember: context.remember,
                to: context.origin ?? flowPaths.home,
              }),
            },
          },
          { guard: { type: 'wasCancelled', params: ({ event }) => event.output }, target: 'editing' },
          { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: { type: 'showFailure', params: () => ({ kind: 'unreachable' as const }) } },
      },
    },
    signedIn: { type: 'final' },
  },
});

export type SignInMachine = typeof signInMachine;
