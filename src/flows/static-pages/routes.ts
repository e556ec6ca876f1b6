// The static pages' routes: the legal and information pages (no machine; they work offline).
import { defineMessages } from 'react-intl';
import type { FlowRoutes } from '@lib/flow-routes';
import { staticPages } from './index';

const titles = defineMessages({
  terms: { id: 'title.terms', defaultMessage: 'Terms of use' },
  privacy: { id: 'title.privacy', defaultMessage: 'Privacy' },
  dmca: { id: 'title.dmca', defaultMessage: 'Copyright (DMCA)' },
  eula: { id: 'title.eula', defaultMessage: 'Licence agreement' },
  support: { id: 'title.support', defaultMessage: 'Support' },
  changelog: { id: 'title.changelog', defaultMessage: "What's new" },
  cookies: { id: 'title.cookies', defaultMessage: 'Cookies and storage' },
});

export const routes = {
  terms: { title: titles.terms, screen: staticPages.terms, worksOffline: true },
  privacy: { title: titles.privacy, screen: staticPages.privacy, worksOffline: true },
  dmca: { title: titles.dmca, screen: staticPages.dmca, worksOffline: true },
  eula: { title: titles.eula, screen: staticPages.eula, worksOffline: true },
  support: { title: titles.support, screen: staticPages.support, worksOffline: true },
  changelog: { title: titles.changelog, screen: staticPages.changelog, worksOffline: true },
  cookies: { title: titles.cookies, screen: staticPages.cookies, worksOffline: true },
} satisfies FlowRoutes;
