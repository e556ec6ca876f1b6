// Boot: build the app's actors on the real API client and browser storage, start them (the
// session restores the persisted user), render, or hydrate a pre-rendered public page (its
// language's catalogue and the restored session first, so the first render draws exactly the
// markup the server sent: docs/decisions/042). In development, `?inspect` opens the Stately
// inspector (dynamically imported, so production builds do not contain it); the browser suite
// loads its state probe the same way (src/app/state-probe.ts), so other visitors never do.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import './styles/global.css';
import { lazyApi } from './api/lazy-api';
import { createAppActors, type AppDeps } from './app/actors';
import { App } from './app/app';
import { createPersistence } from './app/persistence';
import { loadMessages } from '@i18n';

async function developmentInspector(): Promise<AppDeps['inspect']> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

async function boot(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const prerendered = root.hasAttribute('data-prerendered');
  // Until React has taken the pre-rendered page over, its controls do nothing: say so (assistive
  // technology, and browser automation waits); the before-paint script holds any form submission.
  if (prerendered) root.setAttribute('aria-disabled', 'true');
  const actors = createAppActors({
    api: (auth, language) =>
      lazyApi(async () => {
        const [{ createApiClient }, { createApi }] = await Promise.all([import('./api/client'), import('./app/api')]);
        return createApi(createApiClient({ auth, language }));
      }),
    persistence: createPersistence({ local: window.localStorage, session: window.sessionStorage, cookies: document }),
    // A pre-rendered page speaks the language the server chose for it (stored choice or Accept-Language).
    ...(prerendered ? { pageLanguage: document.documentElement.lang } : {}),
    inspect: (await developmentInspector()) ?? (window.__fitstreamStateProbe ? (await import('./app/state-probe')).stateProbe() : undefined),
  });
  actors.start();
  const app = (
    <StrictMode>
      <App actors={actors} />
    </StrictMode>
  );
  if (!prerendered) {
    createRoot(root).render(app);
    return;
  }
  await Promise.all([loadMessages(actors.language.getSnapshot().context.language), waitFor(actors.session, (snapshot) => !snapshot.matches('restoring'))]);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the page is already drawn; nothing waits on it).
  startTransition(() => {
    hydrateRoot(root, app);
  });
  whenHydrated(root, () => {
    root.removeAttribute('aria-disabled');
    document.documentElement.setAttribute('data-hydrated', '');
  });
}

/** Calls `done` once the routed screen's element belongs to React (its lazy chunk hydrated). */
function whenHydrated(root: HTMLElement, done: () => void, framesLeft = 600): void {
  const screen = root.querySelector('#main > *');
  if (framesLeft === 0 || (screen && Object.keys(screen).some((key) => key.startsWith('__reactFiber')))) done();
  else requestAnimationFrame(() => whenHydrated(root, done, framesLeft - 1));
}

void boot();
