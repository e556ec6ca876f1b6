// The home flow's route: /home.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  home: { id: 'title.home', defaultMessage: 'Home' },
});

export const routes = {
  home: { title: titles.home, screen: () => import('./home-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
