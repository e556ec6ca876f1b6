// The profile picker's route: /profiles, "Who's training?".
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';

const titles = defineMessages({
  profiles: { id: 'title.profiles', defaultMessage: "Who's training?" },
});

export const routes = {
  profiles: { title: titles.profiles, screen: () => import('./profiles-screen'), actors: () => import('./actors') },
} satisfies FlowRoutes;
