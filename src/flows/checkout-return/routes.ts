// The checkout return's routes: /users (back from the provider's checkout) and the pages it
// leads to, /success and /cancel, which only an arrival from /users may open.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';
import { arrivedFromCheckout } from '@lib/navigation';
import { checkoutResultGuard } from '@domain/navigation';

const titles = defineMessages({
  users: { id: 'title.users', defaultMessage: 'Confirming your payment' },
  success: { id: 'title.success', defaultMessage: 'Subscription started' },
  cancel: { id: 'title.cancel', defaultMessage: 'Payment not completed' },
});

export const routes = {
  users: { title: titles.users, screen: () => import('./users-screen'), actors: () => import('./actors') },
  success: { title: titles.success, screen: () => import('./success-screen'), guard: () => checkoutResultGuard('success', arrivedFromCheckout()) },
  cancel: { title: titles.cancel, screen: () => import('./cancel-screen'), guard: () => checkoutResultGuard('cancel', arrivedFromCheckout()) },
} satisfies FlowRoutes;
