// /account's Profiles section (decision 064, anchored `#profiles`): a view of the
// account-profiles child machine. The household's profiles (picture or initial, name, language,
// PIN, Owner and You), Add profile (not past the limit), and on each profile Edit, its PIN and
// Delete (not the owner's; a dialog says what goes with it). Only this section waits for its
// requests, and it says how each ended under its controls.
import { useEffect, useRef } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Badge, Button, Card, Dialog, Spinner } from '@components';
import { NoticeBanner } from '@components/notice-banner';
import type { Notice } from '@domain/notices';
import type { AccountEvent, Profile } from '@machines/account.machine';
import type { AccountProfilesMachine } from '@machines/account-profiles.machine';
import { LANGUAGE_NAMES, PinForm, ProfileForm } from './profile-forms';

const messages = defineMessages({
  title: { id: 'account.profiles.title', defaultMessage: 'Profiles' },
  unavailable: { id: 'account.profiles.unavailable', defaultMessage: 'Your profiles could not be loaded.' },
  retry: { id: 'account.profiles.retry', defaultMessage: 'Try again' },
  owner: { id: 'account.profiles.owner', defaultMessage: 'Owner' },
  you: { id: 'account.profiles.you', defaultMessage: 'You' },
  pinBadge: { id: 'account.profiles.pinBadge', defaultMessage: 'PIN' },
  edit: { id: 'account.profiles.edit', defaultMessage: 'Edit' },
  setPin: { id: 'account.profiles.setPin', defaultMessage: 'Set PIN' },
  changePin: { id: 'account.profiles.changePin', defaultMessage: 'Change PIN' },
  delete: { id: 'account.profiles.delete', defaultMessage: 'Delete' },
  add: { id: 'account.profiles.add', defaultMessage: 'Add profile' },
  lostProgress: { id: 'account.profiles.lost.progress', defaultMessage: 'progress and Continue watching' },
  lostActivity: { id: 'account.profiles.lost.activity', defaultMessage: 'activity, with the weekly goal and the streak' },
  lostProgrammes: { id: 'account.profiles.lost.programmes', defaultMessage: 'programmes' },
  lostSchedule: { id: 'account.profiles.lost.schedule', defaultMessage: 'the schedule and its calendar link' },
  lostFavourites: { id: 'account.profiles.lost.favourites', defaultMessage: 'favourites' },
  lostPlayer: { id: 'account.profiles.lost.player', defaultMessage: 'player preferences, such as captions' },
  deleteConfirm: { id: 'account.profiles.deleteConfirm', defaultMessage: 'Delete profile' },
  cancel: { id: 'account.profiles.cancel', defaultMessage: 'Cancel' },
});

/** Messages with a value (typed, so the value cannot be forgotten). */
const withValues = {
  intro: defineMessage<{ limit: number }>({
    id: 'account.profiles.intro',
    defaultMessage: 'Up to {limit} people can train on this account, each with their own progress, activity, programmes, schedule and favourites.',
  }),
  limitReached: defineMessage<{ limit: number }>({ id: 'account.profiles.limitReached', defaultMessage: 'This household has {limit} profiles, the most it can have. Delete one to add another.' }),
  deleteTitle: defineMessage<{ name: string }>({ id: 'account.profiles.deleteTitle', defaultMessage: 'Delete {name}’s profile?' }),
  deleteLead: defineMessage<{ name: string }>({ id: 'account.profiles.deleteLead', defaultMessage: 'This cannot be undone. Everything {name} trained with is erased:' }),
  deleteDevices: defineMessage<{ name: string }>({ id: 'account.profiles.deleteDevices', defaultMessage: 'Devices training as {name} are signed out.' }),
  editNamed: defineMessage<{ name: string }>({ id: 'account.profiles.editNamed', defaultMessage: 'Edit {name}' }),
  setPinNamed: defineMessage<{ name: string }>({ id: 'account.profiles.setPinNamed', defaultMessage: 'Set PIN for {name}' }),
  changePinNamed: defineMessage<{ name: string }>({ id: 'account.profiles.changePinNamed', defaultMessage: 'Change PIN of {name}' }),
  deleteNamed: defineMessage<{ name: string }>({ id: 'account.profiles.deleteNamed', defaultMessage: 'Delete {name}' }),
};

function Avatar({ profile }: { profile: Profile }) {
  // The name is read next to it: the picture or initial says nothing more.
  return profile.image ? (
    <img className="household__avatar" src={`/uploads/${profile.image}`} alt="" />
  ) : (
    <span className="household__avatar household__avatar--initial" aria-hidden="true">
      {profile.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

export function ProfilesSection({
  actor,
  send,
  notice,
  onDismiss,
}: {
  actor: ActorRefFrom<AccountProfilesMachine> | undefined;
  send: (event: AccountEvent) => void;
  /** How this section's last request ended (its own banner, under its controls). */
  notice: Notice | null;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const t = (descriptor: (typeof messages)[keyof typeof messages]) => intl.formatMessage(descriptor);
  const named = (descriptor: (typeof withValues)[Exclude<keyof typeof withValues, 'intro' | 'limitReached'>], name: string) => intl.formatMessage(descriptor, { name });
  const state = useSelector(actor, (task) =>
    task
      ? {
          loading: task.matches('loading'),
          unavailable: task.matches('unavailable'),
          adding: task.matches({ ready: 'adding' }),
          editing: task.matches({ ready: 'editing' }),
          pinning: task.matches({ ready: 'pinning' }),
          confirming: task.matches({ ready: 'confirmingDelete' }) || task.matches({ ready: 'deleting' }),
          deleting: task.matches({ ready: 'deleting' }),
          busy: task.hasTag('busy'),
          view: task.context.view,
          target: task.context.target,
        }
      : null,
  );
  const busy = state?.busy ?? false;
  const view = state?.view ?? null;
  const full = view !== null && view.profiles.length >= view.limit;
  const doomed = view?.profiles.find((profile) => profile.id === state?.target && state.confirming);
  // A form or the dialog that closes may take the focused control with it (Add, or the deleted
  // profile's row): focus then goes to the section's notice, or its heading, not to the page's top.
  const open = Boolean(state && (state.adding || state.editing || state.pinning || state.confirming));
  const wasOpen = useRef(open);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed || (document.activeElement !== null && document.activeElement !== document.body)) return;
    (heading.current?.closest('section')?.querySelector<HTMLElement>('.banner') ?? heading.current)?.focus();
  }, [open]);
  const formFor = (profile: Profile) => state?.target === profile.id && (state.editing || state.pinning);

  return (
    <Card as="section" id="profiles" aria-labelledby="account-profiles" className="account__section household">
      <h2 id="account-profiles" ref={heading} tabIndex={-1}>
        {t(messages.title)}
      </h2>
      {!state || state.loading ? <Spinner /> : null}
      {state?.unavailable ? (
        <>
          <p>{t(messages.unavailable)}</p>
          <Button variant="secondary" onClick={() => send({ type: 'profiles.retry' })}>
            {t(messages.retry)}
          </Button>
        </>
      ) : null}
      {view ? (
        <>
          <p className="account__hint">{intl.formatMessage(withValues.intro, { limit: view.limit })}</p>
          <ul className="household__list">
            {view.profiles.map((profile) => (
              <li key={profile.id} className="household__item">
                <div className="household__row">
                  <Avatar profile={profile} />
                  <div className="household__who">
                    <strong>{profile.name}</strong>{' '}
                    {profile.owner ? <Badge tone="info">{t(messages.owner)}</Badge> : null}{' '}
                    {profile.id === view.chosen ? <Badge tone="success">{t(messages.you)}</Badge> : null}{' '}
                    {profile.locked ? <Badge>{t(messages.pinBadge)}</Badge> : null}
                    <div className="account__hint" lang={profile.language}>
                      {LANGUAGE_NAMES[profile.language]}
                    </div>
                  </div>
                  <div className="household__actions">
                    <Button variant="secondary" disabled={busy} aria-label={named(withValues.editNamed, profile.name)} onClick={() => send({ type: 'profiles.edit', profileId: profile.id })}>
                      {t(messages.edit)}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={busy}
                      aria-label={named(profile.locked ? withValues.changePinNamed : withValues.setPinNamed, profile.name)}
                      onClick={() => send({ type: 'profiles.pin', profileId: profile.id })}
                    >
                      {t(profile.locked ? messages.changePin : messages.setPin)}
                    </Button>
                    {profile.owner ? null : (
                      <Button variant="danger" disabled={busy} aria-label={named(withValues.deleteNamed, profile.name)} onClick={() => send({ type: 'profiles.delete', profileId: profile.id })}>
                        {t(messages.delete)}
                      </Button>
                    )}
                  </div>
                </div>
                {formFor(profile) && state?.editing ? <ProfileForm actor={actor} send={send} profile={profile} /> : null}
                {formFor(profile) && state?.pinning ? <PinForm actor={actor} send={send} profile={profile} /> : null}
              </li>
            ))}
          </ul>
          {state?.adding ? (
            <ProfileForm actor={actor} send={send} profile={null} />
          ) : (
            <>
              <Button disabled={busy || full} aria-describedby={full ? 'profiles-limit' : undefined} onClick={() => send({ type: 'profiles.add' })}>
                {t(messages.add)}
              </Button>
              {full ? (
                <p id="profiles-limit" className="account__hint">
                  {intl.formatMessage(withValues.limitReached, { limit: view.limit })}
                </p>
              ) : null}
            </>
          )}
        </>
      ) : null}
      <NoticeBanner notice={notice} onDismiss={onDismiss} reserveSpace={false} />

      <Dialog
        open={Boolean(doomed)}
        role="alertdialog"
        title={named(withValues.deleteTitle, doomed?.name ?? '')}
        description={
          <>
            <p>{named(withValues.deleteLead, doomed?.name ?? '')}</p>
            <ul>
              {[messages.lostProgress, messages.lostActivity, messages.lostProgrammes, messages.lostSchedule, messages.lostFavourites, messages.lostPlayer].map((lost) => (
                <li key={lost.id}>{t(lost)}</li>
              ))}
            </ul>
            <p>{named(withValues.deleteDevices, doomed?.name ?? '')}</p>
          </>
        }
        onClose={() => (state?.deleting ? undefined : send({ type: 'profiles.cancel' }))}
      >
        <Button variant="secondary" data-autofocus disabled={state?.deleting} onClick={() => send({ type: 'profiles.cancel' })}>
          {t(messages.cancel)}
        </Button>
        <Button variant="danger" busy={state?.deleting} onClick={() => send({ type: 'profileDelete.confirm' })}>
          {t(messages.deleteConfirm)}
        </Button>
      </Dialog>
    </Card>
  );
}
