// /details (step 2 of 4): name and an optional picture. A picked file is checked by name,
// previewed (the view passes a data URL), uploaded; Save stores the profile; both Save and
// 'Skip for now' end at /home.
import { assign, emit, fromPromise, setup } from 'xstate';
import { checkRules, IMAGE_FILE_NAME_PATTERN, profileSchema, type FieldErrors } from '@domain/account-rules';
import type { Schemas } from '@domain/contract';
import { goTo, type Navigation } from '@domain/navigation';
import { errorNotice, noticeMessages, profileFailureNotice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import { afterRequest, noticeShown, outcomeGuards, outcomeOf, showFailure, type NoticeContext } from './request-states';

export type ProfileField = 'name' | 'image';
export interface UploadImageInput {
  file: Blob;
  fileName: string;
}
export type UploadImageOutput = Outcome<Pick<Schemas['UploadSuccess'], 'image'>>;
export type SaveDetailsInput = Schemas['DetailsRequest'];
export type SaveDetailsOutput = Outcome<Pick<Schemas['DetailsSuccess'], 'name' | 'image'>>;

export interface ProfileContext extends NoticeContext {
  name: string;
  /** The stored file name answered by the upload, sent with Save. */
  image: string | null;
  /** What the round preview shows: a data URL while fresh, else null. */
  preview: string | null;
  pendingFile: UploadImageInput | null;
  errors: FieldErrors<ProfileField>;
}

export type ProfileEvent =
  | { type: 'field.change'; field: 'name'; value: string }
  | { type: 'image.pick'; file: Blob; fileName: string; preview: string }
  | { type: 'image.delete' }
  | { type: 'form.submit' }
  | { type: 'form.skip' };

/** A failed upload takes the picture away again. */
const uploadFailed = { target: 'editing', actions: ['clearImage', 'showImageFailure'] } as const;

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as Navigation,
  },
  actors: {
    uploadImage: fromPromise<UploadImageOutput, UploadImageInput>(async () => ({ kind: 'unreachable' })),
    saveDetails: fromPromise<SaveDetailsOutput, SaveDetailsInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    changeName: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const { name: _cleared, ...errors } = context.errors;
      return { name: event.value, errors };
    }),
    rejectImage: assign(({ context }) => ({ errors: { ...context.errors, image: 'imageNameInvalid' as const } })),
    takeImage: assign(({ context, event }) => {
      if (event.type !== 'image.pick') return {};
      const { image: _cleared, ...errors } = context.errors;
      return { preview: event.preview, image: null, pendingFile: { file: event.file, fileName: event.fileName }, errors, notice: null };
    }),
    keepUploadedImage: assign({
      image: (_, output: UploadImageOutput) => (output.kind === 'ok' ? output.data.image : null),
      pendingFile: null,
    }),
    clearImage: assign({ image: null, preview: null, pendingFile: null }),
    showImageFailure: assign(({ context }) => noticeShown(context, errorNotice(noticeMessages.imageFailed))),
    showRuleErrors: assign({ errors: ({ context }) => ({ ...context.errors, ...(checkRules(profileSchema, { name: context.name }) ?? {}) }) }),
    clearNotice: assign({ notice: null }),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, profileFailureNotice(outcome))),
    goHome: emit(goTo(routes.home.path)),
  },
  guards: {
    ...outcomeGuards,
    imageNameAccepted: ({ event }) => event.type === 'image.pick' && IMAGE_FILE_NAME_PATTERN.test(event.fileName),
    formIsValid: ({ context }) => checkRules(profileSchema, { name: context.name }) === null,
  },
}).createMachine({
  id: 'profile',
  context: {
    name: '',
    image: null,
    preview: null,
    pendingFile: null,
    errors: {},
    notice: null,
    scrollToTop: 0,
  },
  initial: 'editing',
  on: {
    'form.skip': { target: '.done' },
  },
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeName' },
        'image.pick': [
          { guard: 'imageNameAccepted', target: 'uploading', actions: 'takeImage' },
          { actions: 'rejectImage' },
        ],
        'image.delete': { actions: 'clearImage' },
        'form.submit': [
          { guard: 'formIsValid', target: 'saving', actions: 'clearNotice' },
          { actions: 'showRuleErrors' },
        ],
      },
    },
    uploading: {
      tags: ['uploading'],
      invoke: {
        src: 'uploadImage',
        input: ({ context }) => context.pendingFile ?? { file: new Blob([]), fileName: '' },
        ...afterRequest({
          ok: { target: 'editing', actions: { type: 'keepUploadedImage', params: outcomeOf } },
          quiet: { target: 'editing', actions: 'clearImage' },
          quietWhen: 'wasCancelled',
          failed: uploadFailed,
        }),
      },
      on: {
        'field.change': { actions: 'changeName' },
        'image.delete': { target: 'editing', actions: 'clearImage' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveDetails',
        input: ({ context }) => ({ name: context.name.trim(), image: context.image }),
        ...afterRequest({ ok: { target: 'done' }, quiet: { target: 'editing' }, quietWhen: 'wasCancelled', failed: { target: 'editing', actions: showFailure } }),
      },
    },
    done: { type: 'final', entry: 'goHome' },
  },
});

export type ProfileMachine = typeof profileMachine;
