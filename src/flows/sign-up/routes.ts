// The sign-up flow's route: /register.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  register: { id: 'title.register', defaultMessage: 'Create your account' },
});

export const routes = {
  register: { title: titles.register, screen: () => import('./register-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
