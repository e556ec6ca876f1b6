// Boot: build the app's actors on the real API client and browser storage, start them (the
// session restores the persisted user), render. In development, `?inspect` opens the Stately
// inspector (dynamically imported, so production builds do not contain it); the browser suite
// loads its state probe the same way (src/app/state-probe.ts), so other visitors never do.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { lazyApi } from './api/lazy-api';
import { createAppActors, type AppDeps } from './app/actors';
import { App } from './app/app';
import { createPersistence } from './app/persistence';

async function developmentInspector(): Promise<AppDeps['inspect']> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

async function boot(): Promise<void> {
  const actors = createAppActors({
    api: (auth, language) =>
      lazyApi(async () => {
        const [{ createApiClient }, { createApi }] = await Promise.all([import('./api/client'), import('./app/api')]);
        return createApi(createApiClient({ auth, language }));
      }),
    persistence: createPersistence({ local: window.localStorage, session: window.sessionStorage }),
    inspect: (await developmentInspector()) ?? (window.__fitstreamStateProbe ? (await import('./app/state-probe')).stateProbe() : undefined),
  });
  actors.start();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App actors={actors} />
    </StrictMode>,
  );
}

void boot();
