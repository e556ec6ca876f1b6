// The billing flow's route: /billing, the subscription and its payment method.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@app/flow-routes';

const titles = defineMessages({
  billing: { id: 'title.billing', defaultMessage: 'Billing and subscription' },
});

export const routes = {
  billing: { title: titles.billing, screen: () => import('./billing-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
