// The pricing flow's route: /pricing, the plans and the checkout.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  pricing: { id: 'title.pricing', defaultMessage: 'Plans and pricing' },
});

export const routes = {
  pricing: { title: titles.pricing, screen: () => import('./pricing-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
