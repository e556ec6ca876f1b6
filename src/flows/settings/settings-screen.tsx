// /settings: a view of the profile settings machine, for a profile other than the owner's: its
// language, new classes, schedule and calendar (src/features/profile-settings, as on /account),
// heart rate (src/features/heart-rate) and this device's data saver. Each section is busy only while its own task runs, and says how it
// ended in place.
import { useEffect } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { DataSaverSetting, LanguageSection, NotificationsSection, ScheduleSettings } from '@features/profile-settings';
import { HeartRateSettingsSection } from '@features/heart-rate';
import { useFlow } from '@lib/flow';
import { useLanguage, useSession } from '@lib/app-actors';
import { profileSettingsMachine, type ProfileSettingsContext } from '@machines/profile-settings.machine';

const messages = defineMessages({
  title: { id: 'settings.title', defaultMessage: 'Your settings' },
});

const intro = defineMessage<{ name: string }>({ id: 'settings.intro', defaultMessage: "{name}'s own settings: the household's other profiles keep theirs." });

export default function SettingsScreen() {
  const intl = useIntl();
  const [spoken] = useLanguage();
  const name = useSession((snapshot) => snapshot.context.user?.profile?.name ?? '');
  const [snapshot, send] = useFlow(profileSettingsMachine, { language: spoken });
  const { language, notice, noticeFrom } = snapshot.context;
  const noticeOf = (task: NonNullable<ProfileSettingsContext['noticeFrom']>) => (noticeFrom === task ? notice : null);
  const dismiss = () => send({ type: 'notice.dismiss' });
  // The navbar's switcher changes the language spoken (and the profile's) while the page is open.
  useEffect(() => send({ type: 'language.spoken', language: spoken }), [send, spoken]);
  return (
    <div className="page account">
      <h1>{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(intro, { name })}</p>
      <LanguageSection actor={snapshot.children.language} language={language} send={send} notice={noticeOf('language')} onDismiss={dismiss} />
      <NotificationsSection actor={snapshot.children.notifications} send={send} notice={noticeOf('notifications')} onDismiss={dismiss} />
      <HeartRateSettingsSection />
      <DataSaverSetting />
      <ScheduleSettings actor={snapshot.children.schedule} send={send} notice={noticeOf('schedule')} onDismiss={dismiss} />
    </div>
  );
}
