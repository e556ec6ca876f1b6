// The plan change's route: /billing/plan.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  planChange: { id: 'title.planChange', defaultMessage: 'Change plan' },
});

export const routes = {
  planChange: { title: titles.planChange, screen: () => import('./plan-change-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
