// The billing flow's routes: /billing (the subscription, its payment method and Payment
// History), and /billing/history, where receipts sent before Payment History was a tab lead.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';
import { goTo } from '@domain/navigation';
import { routes as table } from '@domain/routes';

const titles = defineMessages({
  billing: { id: 'title.billing', defaultMessage: 'Billing and subscription' },
  oldPaymentHistory: { id: 'title.oldPaymentHistory', defaultMessage: 'Payment History' },
});

export const routes = {
  billing: { title: titles.billing, screen: () => import('./billing-screen'), actors: () => import('./actors') },
  // Never shown: the guard sends the old link on to the tab, at the same invoice.
  oldPaymentHistory: {
    title: titles.oldPaymentHistory,
    screen: () => import('./billing-screen'),
    guard: () => goTo(table.billing.href({ tab: 'history', invoice: new URLSearchParams(window.location.search).get('invoice') ?? undefined })),
  },
} satisfies FlowRoutes;
