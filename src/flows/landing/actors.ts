// The landing machine's actor in the app: the price range for the copy.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { LandingMachine } from '@machines/landing.machine';

export default implement<LandingMachine>(({ api }) => ({ actors: { loadPriceRange: fromCall((_, signal) => api.priceRange(signal)) } }));
