// The app update flow has no page of its own: "A new version is available" shows over any page.
import type { FlowOverlay } from '@lib/flow-routes';

export const overlay = { screen: () => import('./update-prompt'), actors: () => import('./actors') } satisfies FlowOverlay;
