// The sign-in flow's route: /login.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  login: { id: 'title.login', defaultMessage: 'Sign in' },
});

export const routes = {
  login: { title: titles.login, screen: () => import('./login-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
