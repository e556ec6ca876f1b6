// The schedule flow's route: /schedule, the week of planned classes.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  schedule: { id: 'title.schedule', defaultMessage: 'Your schedule' },
});

export const routes = {
  schedule: { title: titles.schedule, screen: () => import('./schedule-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
