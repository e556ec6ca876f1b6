// Every route's document title (the browser tab, history, bookmarks and the first thing a
// screen reader says on a new page), in the UI language: "<page> · FitStream". Keyed by the
// route names of src/domain/routes.ts; a route without a title fails the typecheck and
// tests/app/route-titles.test.ts.
import { useEffect } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { routes, type RouteName } from '@domain/routes';

export const routeTitles = defineMessages({
  landing: { id: 'title.landing', defaultMessage: 'Fitness classes to stream at home' },
  login: { id: 'title.login', defaultMessage: 'Sign in' },
  forgotPassword: { id: 'title.forgotPassword', defaultMessage: 'Forgot your password' },
  resetPassword: { id: 'title.resetPassword', defaultMessage: 'Choose a new password' },
  register: { id: 'title.register', defaultMessage: 'Create your account' },
  details: { id: 'title.details', defaultMessage: 'Set up your profile' },
  home: { id: 'title.home', defaultMessage: 'Home' },
  classes: { id: 'title.classes', defaultMessage: 'Classes' },
  classDetail: { id: 'title.classDetail', defaultMessage: 'Class' },
  watch: { id: 'title.watch', defaultMessage: 'Watching a class' },
  pricing: { id: 'title.pricing', defaultMessage: 'Plans and pricing' },
  users: { id: 'title.users', defaultMessage: 'Confirming your payment' },
  success: { id: 'title.success', defaultMessage: 'Subscription started' },
  cancel: { id: 'title.cancel', defaultMessage: 'Payment not completed' },
  account: { id: 'title.account', defaultMessage: 'Your account' },
  planChange: { id: 'title.planChange', defaultMessage: 'Change plan' },
  paymentHistory: { id: 'title.paymentHistory', defaultMessage: 'Payment history and invoices' },
  billing: { id: 'title.billing', defaultMessage: 'Billing and subscription' },
  terms: { id: 'title.terms', defaultMessage: 'Terms of use' },
  privacy: { id: 'title.privacy', defaultMessage: 'Privacy' },
  dmca: { id: 'title.dmca', defaultMessage: 'Copyright (DMCA)' },
  eula: { id: 'title.eula', defaultMessage: 'Licence agreement' },
  support: { id: 'title.support', defaultMessage: 'Support' },
  changelog: { id: 'title.changelog', defaultMessage: "What's new" },
}) satisfies Record<RouteName, MessageDescriptor>;

const SITE = 'FitStream';

/** Keeps document.title on "<page> · FitStream" for the current route and language. */
export function useDocumentTitle(): void {
  const intl = useIntl();
  const [location] = useLocation();
  const { parser } = useRouter();
  const name = (Object.keys(routes) as RouteName[]).find((route) => matchRoute(parser, routes[route].path, location)[0]) ?? null;
  const page = name ? intl.formatMessage(routeTitles[name]) : null;
  useEffect(() => {
    document.title = page ? `${page} · ${SITE}` : SITE;
  }, [page]);
}
