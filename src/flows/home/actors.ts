// The home machine's actors in the app: the account's home, then the subscriber's rows.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { HomeMachine } from '@machines/home.machine';

export default implement<HomeMachine>(({ api }) => ({
  actors: { loadHome: fromCall((_, signal) => api.home(signal)), loadClassesHome: fromCall((_, signal) => api.classesHome(signal)) },
}));
