// The app's start (src/main.tsx loads it): build the app's actors on the real API client and browser storage, start them (the
// session restores the persisted user), render, or hydrate a pre-rendered public page (its
// language's catalogue and the restored session first, so the first render draws exactly the
// markup the server sent: docs/decisions/042), then hand it what the visitor did meanwhile
// (src/lib/held-input.ts, decision 048). In development, `?inspect` opens the Stately
// inspector (dynamically imported, so production builds do not contain it); the browser suite
// loads its state probe the same way (src/app/state-probe.ts), so other visitors never do.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { lazyApi } from '@api/lazy-api';
import { loadMessages } from '@i18n';
import { routes } from '@domain/routes';
import { accountOf } from '@domain/session-user';
import { createAppActors, type AppDeps } from './actors';
import { App } from './app';
import { drawnWith, listRecords, readDownloadsEarly, readDrawnDownloads } from '@features/downloads';
import type { HeldInput } from '@lib/held-input';
import { drawnWithPriceRange, readDrawnPriceRange } from '@lib/drawn-price-range';
import { createPersistence } from '@lib/persistence';
import { loadScreenAt, SCREEN_SHOWN } from './flow-screens';

async function developmentInspector(): Promise<AppDeps['inspect']> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

/** Starts the app in `root`: rendered, or hydrated when pre-rendered (`held`: what was done on it meanwhile). */
export async function boot(root: HTMLElement, held: HeldInput | null): Promise<void> {
  performance.mark('app:boot');
  // What works offline without waiting for the app: /downloads's list (docs/decisions/047).
  // The restored session's account: only its downloads are read (docs/decisions/038).
  const persistence = createPersistence({ local: window.localStorage, session: window.sessionStorage, cookies: document });
  if (window.location.pathname === routes.downloads.path) {
    const persisted = persistence.readSession();
    readDownloadsEarly(() => listRecords(persisted && accountOf(persisted.user)));
  }
  const prerendered = held !== null;
  // Offline, the service worker may have drawn /downloads with its list (docs/decisions/050): the
  // downloads machine starts with the list it drew, so hydrating it changes nothing.
  if (prerendered) drawnWith(readDrawnDownloads(document));
  // The landing's price range as the server wrote it into the page (docs/decisions/063).
  if (prerendered) drawnWithPriceRange(readDrawnPriceRange(root));
  const actors = createAppActors({
    api: (auth, language) =>
      lazyApi(async () => {
        const [{ createApiClient }, { createApi }] = await Promise.all([import('@api/client'), import('./api')]);
        return createApi(createApiClient({ auth, language }));
      }),
    persistence,
    // A pre-rendered page speaks the language the server chose for it (stored choice or Accept-Language).
    ...(prerendered ? { pageLanguage: document.documentElement.lang } : {}),
    inspect: (await developmentInspector()) ?? (window.__fitstreamStateProbe ? (await import('./state-probe')).stateProbe() : undefined),
  });
  actors.start();
  const app = (
    <StrictMode>
      <App actors={actors} />
    </StrictMode>
  );
  if (!held) {
    createRoot(root).render(app);
    return;
  }
  // And the page's screen: hydrated with its chunk in hand, its markup is never left behind a
  // waiting boundary that an update from above would redraw from the spinner (docs/decisions/050).
  await Promise.all([
    loadMessages(actors.language.getSnapshot().context.language),
    waitFor(actors.session, (snapshot) => !snapshot.matches('restoring')),
    loadScreenAt(window.location.pathname),
  ]);
  // Once the routed screen (its lazy chunk) is hydrated and committed, its handlers answer.
  window.addEventListener(
    SCREEN_SHOWN,
    () => {
      document.documentElement.setAttribute('data-hydrated', '');
      held.replay();
    },
    { once: true },
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the page is already drawn; nothing waits on it).
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
