// The changelog: every release, newest first, with what changed in it (messages in en and es).
// The /changelog page lists them all; the What's new dialog shows the newest once per version,
// so a release is a new entry at the top.
import { defineMessages, type MessageDescriptor } from '@formatjs/intl';

export interface Release {
  version: string;
  heading: MessageDescriptor;
  changes: readonly MessageDescriptor[];
}

const m = defineMessages({
  v140: { id: 'static.changelog.v140.heading', defaultMessage: 'Version 1.4.0' },
  v140a: { id: 'static.changelog.v140.spanish', defaultMessage: 'The whole app is now available in Spanish.' },
  v140b: { id: 'static.changelog.v140.billing', defaultMessage: 'New Billing & Subscriptions page with your payment history.' },
  v140c: { id: 'static.changelog.v140.links', defaultMessage: 'Sign in on another device with a one-time link.' },
  v132: { id: 'static.changelog.v132.heading', defaultMessage: 'Version 1.3.2' },
  v132a: { id: 'static.changelog.v132.session', defaultMessage: 'Fixed being signed out while watching a long class.' },
  v132b: { id: 'static.changelog.v132.contrast', defaultMessage: 'Better contrast and keyboard focus across the app.' },
  v130: { id: 'static.changelog.v130.heading', defaultMessage: 'Version 1.3.0' },
  v130a: { id: 'static.changelog.v130.trial', defaultMessage: 'A 7-day free trial for new members.' },
  v130b: { id: 'static.changelog.v130.profile', defaultMessage: 'Add a profile picture when you set up your account.' },
  v100: { id: 'static.changelog.v100.heading', defaultMessage: 'Version 1.0.0' },
  v100a: { id: 'static.changelog.v100.launch', defaultMessage: 'FitStream launches with four plans and hundreds of classes.' },
});

export const releases = [
  { version: '1.4.0', heading: m.v140, changes: [m.v140a, m.v140b, m.v140c] },
  { version: '1.3.2', heading: m.v132, changes: [m.v132a, m.v132b] },
  { version: '1.3.0', heading: m.v130, changes: [m.v130a, m.v130b] },
  { version: '1.0.0', heading: m.v100, changes: [m.v100a] },
] as const satisfies readonly [Release, ...Release[]];

export const newestRelease: Release = releases[0];
