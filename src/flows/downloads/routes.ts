// The downloads flow's route: /downloads, which works offline (its list is this device's own).
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  downloads: { id: 'title.downloads', defaultMessage: 'Downloads' },
});

export const routes = {
  downloads: { title: titles.downloads, screen: () => import('./downloads-screen'), actors: () => import('./actors'), worksOffline: true },
} satisfies FlowRoutes;
