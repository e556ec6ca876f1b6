// The account flow's route: /account.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  account: { id: 'title.account', defaultMessage: 'Your account' },
});

export const routes = {
  account: { title: titles.account, screen: () => import('./account-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
