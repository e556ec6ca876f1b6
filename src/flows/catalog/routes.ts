// The catalog's route: /classes, with its filters in the query.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  classes: { id: 'title.classes', defaultMessage: 'Classes' },
});

export const routes = {
  classes: { title: titles.classes, screen: () => import('./catalog-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
