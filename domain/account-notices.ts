// What the account page (/account) says in its banner when something it asked for worked.
import { defineMessages } from '@formatjs/intl';

export const accountNotices = defineMessages({
  emailChanged: { id: 'account.notice.emailChanged', defaultMessage: 'Your email has been changed.' },
  passwordChanged: {
    id: 'account.notice.passwordChanged',
    defaultMessage: 'Your password has been changed. Every other device has been signed out.',
  },
  languageSaved: { id: 'account.notice.languageSaved', defaultMessage: 'Your language has been saved.' },
  deviceSignedOut: { id: 'account.notice.deviceSignedOut', defaultMessage: 'That device has been signed out.' },
  otherDevicesSignedOut: { id: 'account.notice.otherDevicesSignedOut', defaultMessage: 'Every other device has been signed out.' },
  dataDownloaded: { id: 'account.notice.dataDownloaded', defaultMessage: 'Your data has been downloaded.' },
  notificationsSaved: { id: 'account.notice.notificationsSaved', defaultMessage: 'Your new-class notifications have been saved.' },
  pushOn: { id: 'account.notice.pushOn', defaultMessage: 'This device will be told when new classes arrive.' },
  pushOff: { id: 'account.notice.pushOff', defaultMessage: 'This device will no longer be told about new classes.' },
  loadFailed: { id: 'account.notice.loadFailed', defaultMessage: 'Your account could not be loaded.' },
});

/** What /account says when the browser's side of Web Push refuses or does not answer in time. */
export const pushProblems = defineMessages({
  permissionRefused: {
    id: 'account.notice.pushPermissionRefused',
    defaultMessage: 'Notifications are blocked for FitStream in this browser. Allow them in the browser’s site settings, then try again.',
  },
  permissionNoAnswer: {
    id: 'account.notice.pushPermissionNoAnswer',
    defaultMessage: 'Your browser did not answer when we asked to notify you. Nothing has changed; try again, or check the browser’s site settings.',
  },
  subscribeNoAnswer: {
    id: 'account.notice.pushSubscribeNoAnswer',
    defaultMessage: 'Your browser did not finish turning on notifications for this device. Nothing has changed; please try again later.',
  },
  unsubscribeNoAnswer: {
    id: 'account.notice.pushUnsubscribeNoAnswer',
    defaultMessage: 'Your browser did not finish turning off notifications for this device. Please try again later.',
  },
});

/** What /account's Profiles section says when something it asked for worked (decision 064). */
export const profileNotices = defineMessages({
  added: { id: 'account.profiles.notice.added', defaultMessage: 'The profile has been added.' },
  saved: { id: 'account.profiles.notice.saved', defaultMessage: 'The profile has been saved.' },
  deleted: { id: 'account.profiles.notice.deleted', defaultMessage: 'The profile and everything it trained with have been deleted. Its devices have been signed out.' },
  pinSet: { id: 'account.profiles.notice.pinSet', defaultMessage: 'The PIN has been set: it is asked before anyone switches into this profile.' },
  pinChanged: { id: 'account.profiles.notice.pinChanged', defaultMessage: 'The PIN has been changed.' },
  pinRemoved: { id: 'account.profiles.notice.pinRemoved', defaultMessage: 'The PIN has been removed: anyone in the household can switch into this profile.' },
});
