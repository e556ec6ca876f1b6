// The downloads flow also runs over every page: the online check of this device's licences (at
// start and when the connection returns), and the notice when a revoked download was deleted.
import type { FlowOverlay } from '@lib/flow-routes';

export const overlay = { screen: () => import('./licence-notice'), actors: () => import('./check-actors') } satisfies FlowOverlay;
