// The settings flow's route: /settings, a profile's own settings (decision 064).
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  settings: { id: 'title.settings', defaultMessage: 'Your settings' },
});

export const routes = {
  settings: { title: titles.settings, screen: () => import('./settings-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
