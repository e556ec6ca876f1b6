// The profile's heart-rate settings (issue 43, decision 072), a section of /account and /settings:
// whether its heart rate is recorded with its classes, its maximum heart rate or a birth year for
// the estimate (both optional; nothing else is asked), and "Delete my heart-rate data", confirmed
// first, which erases the summaries and the settings and nothing else.
import { assign, setup } from 'xstate';
import { isBirthYear, isMaxHeartRate, type HeartRateSettings } from '@domain/heart-rate';
import { heartRateNotices } from '@domain/heart-rate-notices';
import { errorNotice, serverFailureNotice, successNotice, type Notice } from '@domain/failure-notice';
import type { Outcome } from '@domain/request-outcome';
import { afterRequest, fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export interface ProfileHeartRate extends HeartRateSettings {
  recording: boolean;
}

export type HeartRateField = 'maxHeartRate' | 'birthYear';

export type HeartRateSettingsEvent =
  | { type: 'field.change'; field: HeartRateField; value: string }
  | { type: 'recording.change'; on: boolean }
  | { type: 'settings.save' }
  | { type: 'data.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'retry' }
  | { type: 'notice.dismiss' };

export interface HeartRateSettingsInput {
  /** Today, for the ages a birth year may give. */
  today: Date;
}

export interface HeartRateSettingsContext {
  today: Date;
  /** The switch as the form shows it. */
  recording: boolean;
  /** Whether the profile's recording is on as last kept (the monitor is offered then). */
  recorded: boolean;
  values: Record<HeartRateField, string>;
  errors: Partial<Record<HeartRateField, true>>;
  notice: Notice | null;
}

type SettingsOutcome = Outcome<ProfileHeartRate>;

const number = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));
const errorsOf = ({ values, today }: HeartRateSettingsContext): HeartRateSettingsContext['errors'] => {
  const max = number(values.maxHeartRate);
  const year = number(values.birthYear);
  return { ...(max !== null && !isMaxHeartRate(max) ? { maxHeartRate: true } : {}), ...(year !== null && !isBirthYear(year, today) ? { birthYear: true } : {}) };
};
const formOf = (settings: ProfileHeartRate) => ({
  recording: settings.recording,
  recorded: settings.recording,
  values: { maxHeartRate: settings.maxHeartRate?.toString() ?? '', birthYear: settings.birthYear?.toString() ?? '' },
  errors: {},
});
const settingsOf = (done: { event: { output: SettingsOutcome } | { error: unknown } }) => {
  const outcome = outcomeOf(done);
  return outcome.kind === 'ok' ? (outcome.data as ProfileHeartRate) : null;
};

export const heartRateSettingsMachine = setup({
  types: {
    context: {} as HeartRateSettingsContext,
    events: {} as HeartRateSettingsEvent,
    input: {} as HeartRateSettingsInput,
  },
  actors: {
    loadSettings: fromOutcome<ProfileHeartRate>(),
    saveSettings: fromOutcome<ProfileHeartRate, ProfileHeartRate>(),
    deleteData: fromOutcome<ProfileHeartRate>(),
  },
  actions: {
    takeSettings: assign((_, settings: ProfileHeartRate | null) => (settings ? formOf(settings) : {})),
    changeField: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value }, errors: { ...context.errors, [event.field]: undefined } } : {},
    ),
    changeRecording: assign({ recording: ({ context, event }) => (event.type === 'recording.change' ? event.on : context.recording) }),
    showRuleErrors: assign({ errors: ({ context }) => errorsOf(context) }),
    showSaved: assign({ notice: successNotice(heartRateNotices.saved) }),
    showDeleted: assign({ notice: successNotice(heartRateNotices.deleted) }),
    showLoadFailed: assign({ notice: errorNotice(heartRateNotices.loadFailed) }),
    showFailure: assign({ notice: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    ...outcomeGuards,
    valid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
  },
}).createMachine({
  id: 'heartRateSettings',
  context: ({ input }) => ({ today: input.today, recording: false, recorded: false, values: { maxHeartRate: '', birthYear: '' }, errors: {}, notice: null }),
  initial: 'loading',
  on: { 'notice.dismiss': { actions: 'clearNotice' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadSettings',
        ...afterRequest({
          ok: { target: 'ready', actions: { type: 'takeSettings', params: settingsOf } },
          quiet: { target: 'failed' },
          failed: { target: 'failed', actions: 'showLoadFailed' },
        }),
      },
    },
    /** The settings could not be read: the section says so, with Try again. */
    failed: { on: { retry: { target: 'loading', actions: 'clearNotice' } } },
    /** The form: recording on or off, the maximum, the birth year; Delete my heart-rate data. */
    ready: {
      on: {
        'field.change': { actions: 'changeField' },
        'recording.change': { actions: 'changeRecording' },
        'settings.save': [{ guard: 'valid', target: 'saving', actions: 'clearNotice' }, { actions: 'showRuleErrors' }],
        'data.delete': { target: 'confirmingDelete', actions: 'clearNotice' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => ({ recording: context.recording, maxHeartRate: number(context.values.maxHeartRate), birthYear: number(context.values.birthYear) }),
        ...afterRequest({
          ok: { target: 'ready', actions: [{ type: 'takeSettings', params: settingsOf }, 'showSaved'] },
          quiet: { target: 'ready' },
          failed: { target: 'ready', actions: { type: 'showFailure', params: outcomeOf } },
        }),
      },
    },
    /** "Delete my heart-rate data?" saying what goes and what stays. */
    confirmingDelete: {
      on: { 'delete.confirm': { target: 'deleting' }, 'delete.cancel': { target: 'ready' } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteData',
        ...afterRequest({
          ok: { target: 'ready', actions: [{ type: 'takeSettings', params: settingsOf }, 'showDeleted'] },
          quiet: { target: 'ready' },
          failed: { target: 'ready', actions: { type: 'showFailure', params: outcomeOf } },
        }),
      },
    },
  },
});

export type HeartRateSettingsMachine = typeof heartRateSettingsMachine;
