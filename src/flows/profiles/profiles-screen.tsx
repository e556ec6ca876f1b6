// /profiles, "Who's training?": a view of the profile picker machine. A large button per profile
// (picture or initial, name, a lock when it has a PIN); a locked one asks its PIN, the field
// focused; the owner's profile may also go to manage the profiles.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Banner, ProfileAvatar, Spinner } from '@components';
import { useSession } from '@lib/app-actors';
import { useFlow } from '@lib/flow';
import { rememberedOrigin } from '@lib/navigation';
import { routes } from '@domain/routes';
import type { Profile } from '@domain/session-user';
import { canManageProfiles, profilePickerMachine } from '@machines/profile-picker.machine';
import { PinForm } from './pin-form';

const messages = defineMessages({
  title: { id: 'profiles.title', defaultMessage: "Who's training?" },
  loading: { id: 'profiles.loading', defaultMessage: 'Loading the profiles…' },
  choosing: { id: 'profiles.choosing', defaultMessage: 'Opening the profile…' },
  failedTitle: { id: 'profiles.failed.title', defaultMessage: 'The profiles could not be loaded' },
  chooseFailedTitle: { id: 'profiles.chooseFailed.title', defaultMessage: 'The profile could not be opened' },
  retry: { id: 'profiles.retry', defaultMessage: 'Try again' },
  back: { id: 'profiles.back', defaultMessage: 'Choose another profile' },
  locked: { id: 'profiles.locked', defaultMessage: 'PIN' },
  manage: { id: 'profiles.manage', defaultMessage: 'Manage profiles' },
});

function LockIcon({ label }: { label: string }) {
  return (
    <svg className="profile-choice__lock" role="img" aria-label={label} width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function ProfileChoice({ profile, current, onPick }: { profile: Profile; current: boolean; onPick: () => void }) {
  const intl = useIntl();
  return (
    <li>
      <button type="button" className="profile-choice" aria-current={current ? 'true' : undefined} onClick={onPick}>
        <ProfileAvatar name={profile.name} image={profile.image} size="lg" />
        <span className="profile-choice__name">{profile.name}</span>
        {profile.locked && <LockIcon label={intl.formatMessage(messages.locked)} />}
      </button>
    </li>
  );
}

export default function ProfilesScreen() {
  const intl = useIntl();
  const current = useSession((snapshot) => snapshot.context.user?.profile?.id ?? null);
  const [snapshot, send] = useFlow(profilePickerMachine, { current, origin: rememberedOrigin() });
  const { profiles, picked, pin, pinError, notice } = snapshot.context;
  const pickedProfile = profiles.find((p) => p.id === picked);
  const back = (
    <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'profiles.back' })}>
      {intl.formatMessage(messages.back)}
    </button>
  );
  const retry = (
    <button type="button" className="btn btn--primary" onClick={() => send({ type: 'retry' })}>
      {intl.formatMessage(messages.retry)}
    </button>
  );
  return (
    <div className="page stack profiles">
      <h1 className="profiles__title">{intl.formatMessage(messages.title)}</h1>
      {snapshot.hasTag('loading') && <Spinner size="lg" label={messages.loading} />}
      {snapshot.hasTag('busy') && <Spinner size="lg" label={messages.choosing} />}
      {snapshot.matches('failed') && (
        <section className="stack profiles__failure" aria-labelledby="profiles-failed">
          <h2 id="profiles-failed">{intl.formatMessage(messages.failedTitle)}</h2>
          <Banner message={notice?.message} reserveSpace={false} />
          <div>{retry}</div>
        </section>
      )}
      {snapshot.matches('picking') && (
        <>
          <Banner message={notice?.message} reserveSpace={false} />
          <ul className="profiles__list">
            {profiles.map((profile) => (
              <ProfileChoice
                key={profile.id}
                profile={profile}
                current={profile.id === current}
                onPick={() => send({ type: 'profile.pick', profileId: profile.id })}
              />
            ))}
          </ul>
          {canManageProfiles(snapshot.context) && (
            <p className="profiles__manage">
              <Link href={`${routes.account.href()}#profiles`}>{intl.formatMessage(messages.manage)}</Link>
            </p>
          )}
        </>
      )}
      {snapshot.matches('askingPin') && pickedProfile && (
        <PinForm
          profile={pickedProfile}
          pin={pin}
          error={pinError}
          onChange={(value) => send({ type: 'pin.change', value })}
          onSubmit={() => send({ type: 'pin.submit' })}
          back={back}
        />
      )}
      {snapshot.matches('pinLocked') && (
        <section className="stack profiles__failure">
          <Banner message={pinError} reserveSpace={false} />
          <div>{back}</div>
        </section>
      )}
      {snapshot.matches('chooseFailed') && (
        <section className="stack profiles__failure" aria-labelledby="profiles-choose-failed">
          <h2 id="profiles-choose-failed">{intl.formatMessage(messages.chooseFailedTitle)}</h2>
          <Banner message={notice?.message} reserveSpace={false} />
          <div className="profiles__actions">
            {retry}
            {back}
          </div>
        </section>
      )}
    </div>
  );
}
