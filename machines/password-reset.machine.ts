// /forgot-password and /reset-password: asking for a reset link by email (the same answer for
// every address), and choosing the new password with the link's token. Rules from
// domain/account-rules.ts; on success the session takes the user on to /home, replacing
// history (every other device was signed out by the server).
import { assign, fromPromise, setup } from 'xstate';
import { checkRules, forgotPasswordSchema, resetPasswordSchema, type FieldErrors } from '@domain/account-rules';
import { errorNotice, noticeMessages, type Notice } from '@domain/notices';
import { serverMessage, type Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import type { SessionArrival, SignedInUser } from '@domain/session-user';
import { languageOf, userOf } from './account-form';
import { afterRequest, noticeShown, outcomeGuards, outcomeOf, showFailure, type NoticeContext } from './request-states';

export type PasswordResetField = 'email' | 'password' | 'cpassword';
export type PasswordResetValues = Record<PasswordResetField, string>;
export interface RequestLinkInput {
  email: string;
}
/** The answer carries nothing the flow needs: the same words for every address. */
export type RequestLinkOutput = Outcome<{ message: string }>;
export interface ResetPasswordInput {
  token: string;
  password: string;
  cpassword: string;
}
export type ResetPasswordOutput = Outcome<SignedInUser>;

export interface PasswordResetContext extends NoticeContext {
  values: PasswordResetValues;
  errors: FieldErrors<PasswordResetField>;
  /** The link's token (/reset-password?token=…); null on /forgot-password. */
  token: string | null;
}

export type PasswordResetEvent =
  | { type: 'field.change'; field: PasswordResetField; value: string }
  | { type: 'form.submit' }
  /** From "sent": ask for another link (a typo in the address, or it never came). */
  | { type: 'link.again' };

/** The server's own text for answers written for users (400, 429), else the form's line. */
function failureNotice(outcome: Outcome<unknown>, fallback: Notice['message']): Notice {
  if (outcome.kind === 'unreachable') return errorNotice(noticeMessages.unreachable);
  const text = outcome.kind === 'failed' ? serverMessage(outcome) : null;
  if (outcome.kind === 'failed' && text && (outcome.status === 400 || outcome.status === 429)) return errorNotice(text);
  return errorNotice(fallback);
}

const arrival = ({ event }: { event: { output: ResetPasswordOutput } }): SessionArrival => ({
  user: userOf(event.output),
  ...languageOf(event.output),
  remember: false,
  to: routes.home.path,
});

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as { mode: 'forgot' } | { mode: 'reset'; token: string | null },
  },
  actors: {
    requestLink: fromPromise<RequestLinkOutput, RequestLinkInput>(async () => ({ kind: 'unreachable' })),
    resetPassword: fromPromise<ResetPasswordOutput, ResetPasswordInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    /** Hand the signed-in user to the session actor (provided by the app). */
    tellSession: (_, _arrival: SessionArrival) => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    showEmailErrors: assign({ errors: ({ context }) => checkRules(forgotPasswordSchema, context.values) ?? {} }),
    showPasswordErrors: assign({ errors: ({ context }) => checkRules(resetPasswordSchema, context.values) ?? {} }),
    clearNotice: assign({ notice: null }),
    showRequestFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, failureNotice(outcome, noticeMessages.passwordResetRequestFailed))),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, failureNotice(outcome, noticeMessages.passwordResetFailed))),
  },
  guards: {
    ...outcomeGuards,
    isReset: ({ context }) => context.token !== null,
    emailIsValid: ({ context }) => checkRules(forgotPasswordSchema, context.values) === null,
    passwordIsValid: ({ context }) => checkRules(resetPasswordSchema, context.values) === null,
    /** The server refused the link itself: unknown, used or expired. */
    linkRefused: (_, outcome: Outcome<unknown>) => outcome.kind === 'failed' && outcome.body?.code === 'auth.resetLinkInvalid',
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    values: { email: '', password: '', cpassword: '' },
    errors: {},
    notice: null,
    scrollToTop: 0,
    token: input.mode === 'reset' ? input.token ?? '' : null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: ({ context }) => context.token === '', target: 'linkInvalid' },
        { guard: 'isReset', target: 'choosing' },
        { target: 'asking' },
      ],
    },
    asking: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [{ guard: 'emailIsValid', target: 'sending', actions: 'clearNotice' }, { actions: 'showEmailErrors' }],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'requestLink',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        ...afterRequest({
          ok: { target: 'sent' },
          quiet: { target: 'asking' },
          quietWhen: 'wasCancelled',
          failed: { target: 'asking', actions: { type: 'showRequestFailure', params: outcomeOf } },
        }),
      },
    },
    sent: {
      on: { 'link.again': { target: 'asking' } },
    },
    choosing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [{ guard: 'passwordIsValid', target: 'saving', actions: 'clearNotice' }, { actions: 'showPasswordErrors' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token ?? '', password: context.values.password, cpassword: context.values.cpassword }),
        onDone: [
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'done', actions: { type: 'tellSession', params: arrival } },
          { guard: { type: 'linkRefused', params: outcomeOf }, target: 'linkInvalid' },
          { guard: { type: 'wasCancelled', params: outcomeOf }, target: 'choosing' },
          { target: 'choosing', actions: showFailure },
        ],
        onError: { target: 'choosing', actions: showFailure },
      },
    },
    /** The link is unknown, used, expired, or has no token: the view offers a new one. */
    linkInvalid: {},
    done: { type: 'final' },
  },
});

export type PasswordResetMachine = typeof passwordResetMachine;
