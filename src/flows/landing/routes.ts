// The landing page's route (/): the visitor's first page.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  landing: { id: 'title.landing', defaultMessage: 'Fitness classes to stream at home' },
});

export const routes = {
  landing: { title: titles.landing, screen: () => import('./landing-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
