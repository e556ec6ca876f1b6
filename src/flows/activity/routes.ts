// Activity's route: /activity.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  activity: { id: 'title.activity', defaultMessage: 'Activity' },
});

export const routes = {
  activity: { title: titles.activity, screen: () => import('./activity-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
