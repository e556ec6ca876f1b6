// The player's route: /watch/:id.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  watch: { id: 'title.watch', defaultMessage: 'Watching a class' },
});

export const routes = {
  // Works offline for a downloaded class (it plays from this device, src/features/downloads).
  watch: { title: titles.watch, screen: () => import('./watch-screen'), actors: () => import('./actors'), worksOffline: true },
} satisfies FlowRoutes;
