// Every route's document title (the browser tab, history, bookmarks and the first thing a
// screen reader says on a new page), in the UI language: "<page> · FitStream". Each flow
// declares its routes' titles; a route without one fails tests/app/route-titles.test.ts.
import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { routes, type RouteName } from '@domain/routes';
import { flowRoutes } from './flows';

/** Each route's title, as its flow declares it (src/flows/<flow>/routes.ts). */
export const routeTitles = Object.fromEntries(Object.entries(flowRoutes).map(([name, { title }]) => [name, title])) as Record<RouteName, MessageDescriptor>;

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
