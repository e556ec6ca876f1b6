// The web app manifest's words (read from locales/ at build time by scripts/pwa-manifest.ts): the
// installed app's description in each language. Its name, FitStream, is the same in every one.
import { defineMessages } from '@formatjs/intl';

export const manifestMessages = defineMessages({
  description: { id: 'manifest.description', defaultMessage: 'Fitness classes streamed to every screen.' },
});
