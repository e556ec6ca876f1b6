// The account machine's actors and actions in the app: its calls, the interface language
// following the account's, the data export saved as a file, and signing out.
import { fromCall } from '@app/call-actor';
import { implement } from '@app/flow';
import type { AccountMachine } from '@machines/account.machine';
import { browserTimeZone } from '@domain/schedule';
import { saveTextFile } from './save-file';

export default implement<AccountMachine>(({ api, language, session }) => ({
  actors: {
    loadAccount: fromCall((_, signal) => api.account(signal)),
    changeEmail: fromCall(api.changeEmail),
    changePassword: fromCall(api.changePassword),
    saveLanguage: fromCall(api.setAccountLanguage),
    signOutDevice: fromCall(api.signOutDevice),
    signOutOthers: fromCall((_, signal) => api.signOutOtherDevices(signal)),
    exportData: fromCall((_, signal) => api.exportAccount(signal)),
    deleteAccount: fromCall(api.deleteAccount),
    loadScheduleSettings: fromCall(async (_, signal) => {
      const settings = await api.scheduleSettings(signal);
      return settings.kind === 'ok' ? { kind: 'ok' as const, data: { ...settings.data, proposedZone: browserTimeZone() } } : settings;
    }),
    setReminders: fromCall(api.setScheduleReminders),
    resetFeedLink: fromCall((_, signal) => api.resetScheduleFeedLink(signal)),
    saveAccountZone: fromCall(api.setAccountTimeZone),
  },
  actions: {
    adoptLanguage: (_, value) => {
      if (language.getSnapshot().context.language !== value) language.send({ type: 'language.set', language: value });
    },
    saveFile: (_, file) => saveTextFile(file),
    signOut: () => session.send({ type: 'session.signOut' }),
    copyText: (_, text) => void navigator.clipboard?.writeText(text).catch(() => undefined),
  },
}));
