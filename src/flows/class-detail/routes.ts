// The class page's route: /classes/:id.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  classDetail: { id: 'title.classDetail', defaultMessage: 'Class' },
});

export const routes = {
  classDetail: { title: titles.classDetail, screen: () => import('./class-detail-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
