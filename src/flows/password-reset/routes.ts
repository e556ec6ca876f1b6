// The password reset's routes: asking for a link, and the link's page for a new password.
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  forgotPassword: { id: 'title.forgotPassword', defaultMessage: 'Forgot your password' },
  resetPassword: { id: 'title.resetPassword', defaultMessage: 'Choose a new password' },
});

export const routes = {
  forgotPassword: { title: titles.forgotPassword, screen: () => import('./forgot-password-screen'), actors: () => import('./actors') },
  resetPassword: { title: titles.resetPassword, screen: () => import('./reset-password-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
