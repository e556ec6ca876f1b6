// The profile flow's route: /details, the name and picture after signing up.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  details: { id: 'title.details', defaultMessage: 'Set up your profile' },
});

export const routes = {
  details: { title: titles.details, screen: () => import('./details-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
