// The player's route: /watch/:id.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@app/flow-routes';

const titles = defineMessages({
  watch: { id: 'title.watch', defaultMessage: 'Watching a class' },
});

export const routes = {
  watch: { title: titles.watch, screen: () => import('./watch-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
