// The payment history's route: /billing/history.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@app/flow-routes';

const titles = defineMessages({
  paymentHistory: { id: 'title.paymentHistory', defaultMessage: 'Payment history and invoices' },
});

export const routes = {
  paymentHistory: { title: titles.paymentHistory, screen: () => import('./payment-history-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
