// /details (step 2 of 4): name and an optional picture. A picked file is checked by name,
// previewed (the view passes a data URL), uploaded; Save stores the profile; both Save and
// 'Skip for now' end at /home.
import { assign, fromPromise, setup } from 'xstate';
import { checkRules, IMAGE_FILE_NAME_PATTERN, profileSchema, type FieldErrors } from '../src/domain/account-rules';
import { flowPaths, goTo, type Navigation } from '../src/domain/navigation';
import { errorNotice, noticeMessages, profileFailureNotice, type Notice } from '../src/domain/notices';
import type { Outcome } from '../src/domain/request-outcome';

export type ProfileField = 'name' | 'image';
export interface UploadImageInput {
  file: Blob;
  fileName: string;
}
export type UploadImageOutput = Outcome<{ image: string }>;
export interface SaveDetailsInput {
  name: string;
  image: string | null;
}
export type SaveDetailsOutput = Outcome<{ name?: string; image?: string | null }>;

export interface ProfileContext {
  name: string;
  /** The stored file name answered by the upload, sent with Save. */
  image: string | null;
  /** What the round preview shows: a data URL while fresh, else null. */
  preview: string | null;
  pendingFile: UploadImageInput | null;
  errors: FieldErrors<ProfileField>;
  notice: Notice | null;
  scrollToTop: number;
  navigation: Navigation | null;
}

export type ProfileEvent =
  | { type: 'field.change'; field: 'name'; value: string }
  | { type: 'image.pick'; file: Blob; fileName: string; preview: string }
  | { type: 'image.delete' }
  | { type: 'form.submit' }
  | { type: 'form.skip' };

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
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
    showImageFailure: assign({
      notice: () => errorNotice(noticeMessages.imageFailed),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
    showRuleErrors: assign({ errors: ({ context }) => ({ ...context.errors, ...(checkRules(profileSchema, { name: context.name }) ?? {}) }) }),
    clearNotice: assign({ notice: null }),
    showSaveFailure: assign({
      notice: (_, output: SaveDetailsOutput) => profileFailureNotice(output),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
    goHome: assign({ navigation: goTo(flowPaths.home) }),
  },
  guards: {
    imageNameAccepted: ({ event }) => event.type === 'image.pick' && IMAGE_FILE_NAME_PATTERN.test(event.fileName),
    formIsValid: ({ context }) => checkRules(profileSchema, { name: context.name }) === null,
    succeeded: (_, output: Outcome<unknown>) => output.kind === 'ok',
    wasCancelled: (_, output: Outcome<unknown>) => output.kind === 'cancelled',
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
    navigation: null,
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
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'keepUploadedImage', params: ({ event }) => event.output },
          },
          { guard: { type: 'wasCancelled', params: ({ event }) => event.output }, target: 'editing', actions: 'clearImage' },
          { target: 'editing', actions: ['clearImage', 'showImageFailure'] },
        ],
        onError: { target: 'editing', actions: ['clearImage', 'showImageFailure'] },
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
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => event.output }, target: 'done' },
          { guard: { type: 'wasCancelled', params: ({ event }) => event.output }, target: 'editing' },
          { target: 'editing', actions: { type: 'showSaveFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: { type: 'showSaveFailure', params: () => ({ kind: 'unreachable' as const }) } },
      },
    },
    done: { type: 'final', entry: 'goHome' },
  },
});

export type ProfileMachine = typeof profileMachine;
