// What a flow declares for each route it owns (src/flows/<flow>/routes.ts): the page's title,
// its screen and its machine's actors, both loaded when the route first opens, and any guard of
// its own. The path and who may open it are the route table's (domain/routes.ts). A flow
// with no page of its own (a dialog over every page) declares an overlay instead (overlay.ts).
import type { ComponentType } from 'react';
import type { MessageDescriptor } from 'react-intl';
import type { Navigation } from '@domain/navigation';
import type { RouteName } from '@domain/routes';
import type { ImplementFlow } from './flow';

export interface FlowRoute {
  /** The document title, "<title> · FitStream", in the UI language. */
  title: MessageDescriptor;
  /** The screen (its own chunk: the first page downloads only its own). */
  screen: () => Promise<{ default: ComponentType }>;
  /** The actors and actions of the machine the screen runs, loaded with the screen. */
  actors?: () => Promise<{ default: ImplementFlow }>;
  /** Once the route's access allows the user: where to send them instead, or null to stay. */
  guard?: () => Navigation | null;
  /** The page works with no network (its screen is in the app shell); otherwise it says "You are offline" while offline. */
  worksOffline?: true;
}

export type FlowRoutes = Partial<Record<RouteName, FlowRoute>>;

/** A flow shown over every page (src/flows/<flow>/overlay.ts): its view and its machine's actors, loaded as the app starts. */
export type FlowOverlay = Pick<FlowRoute, 'screen' | 'actors'>;
