// The What's new flow has no page of its own: its dialog shows over whatever page is open.
import type { FlowOverlay } from '@lib/flow-routes';

export const overlay = { screen: () => import('./whats-new-dialog'), actors: () => import('./actors') } satisfies FlowOverlay;
