// The What's new machine's action in the app: the version it showed (or skipped) recorded in this device's storage.
import { implement } from '@lib/flow';
import type { WhatsNewMachine } from '@machines/whats-new.machine';

export default implement<WhatsNewMachine>(({ persistence }) => ({
  actions: { rememberVersion: (_, version) => persistence.writeSeenVersion(version) },
}));
