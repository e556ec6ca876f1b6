// The programmes routes: /programmes and /programmes/:id.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  programmes: { id: 'title.programmes', defaultMessage: 'Programmes' },
  programmeDetail: { id: 'title.programmeDetail', defaultMessage: 'Programme' },
});

export const routes = {
  programmes: { title: titles.programmes, screen: () => import('./programmes-screen'), actors: () => import('./actors') },
  programmeDetail: { title: titles.programmeDetail, screen: () => import('./programme-screen'), actors: () => import('./detail-actors') },
} satisfies FlowRoutes;
