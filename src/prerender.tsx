// Build time only (scripts/prerender.ts loads it through Vite's SSR): a public page as a
// signed-out visitor first sees it, in one language, before any API answer. main.tsx hydrates
// this markup with the same tree (docs/decisions/042), so it must render exactly what the
// browser's first render does: the session restored to "visitor", the catalogue loaded.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { waitFor } from 'xstate';
import { createIntl } from '@formatjs/intl';
import type { Api } from '@api/calls';
import { loadMessages, type AppLocale } from '@i18n';
import { routes, type RouteName } from '@domain/routes';
import { createAppActors } from './app/actors';
import { App } from './app/app';
import { createPersistence } from './app/persistence';
import { routeTitles } from './app/route-titles';

/** Storage that forgets: a first visit has nothing stored. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** Every call stays pending: the page shows what it shows before any answer arrives. */
const pendingApi = new Proxy({}, { get: () => () => new Promise(() => undefined) }) as Api;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The document title: "<page> · FitStream". */
  title: string;
}

/** The page at `pathname` in `language`, as main.tsx's first render in a browser draws it. */
/** Null when a part of the page keeps suspending (it is then left to the app shell). */
export async function renderPage(pathname: string, language: AppLocale): Promise<RenderedPage | null> {
  const persistence = createPersistence({ local: memoryStorage(), session: memoryStorage() }, () => '00000000-0000-4000-8000-000000000000');
  persistence.writeLanguage(language);
  const actors = createAppActors({ api: pendingApi, persistence });
  actors.start();
  await waitFor(actors.session, (snapshot) => !snapshot.matches('restoring'));
  const messages = await loadMessages(language);
  const errors: unknown[] = [];
  const render = async () =>
    readAll(
      (
        await prerender(
          <StrictMode>
            <App actors={actors} ssrPath={pathname} />
          </StrictMode>,
          // React outlines a boundary whose markup passes this size (12,800 bytes by default) as a
          // hidden template and an inline script to reveal it, which the CSP blocks: the Spanish
          // sign-up form, its country list longer than in English, was left to the app shell.
          { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
        )
      ).prelude,
    );
  // The first render loads the lazy screens; a boundary that resolved late would come as a
  // hidden template and an inline script to reveal it (which the CSP blocks). A render that
  // finds every screen loaded gives plain markup.
  const streaming = (markup: string) => markup.includes('<script') || markup.includes('<template');
  let html = await render();
  for (let attempt = 0; attempt < 4 && streaming(html); attempt += 1) html = await render();
  // A screen that cannot render without a browser would be drawn by the client instead: a flash.
  if (errors.length > 0) throw new Error(`prerender ${pathname} (${language}): ${String(errors[0])}`, { cause: errors[0] });
  actors.session.stop();
  actors.language.stop();
  actors.favourites.stop();
  actors.connectivity.stop();
  if (streaming(html)) return null;
  const name = (Object.keys(routes) as RouteName[]).find((route) => routes[route].path === pathname);
  const intl = createIntl({ locale: language, defaultLocale: 'en', messages, onError: () => undefined });
  const page = name ? intl.formatMessage(routeTitles[name]) : null;
  return { html, title: page ? `${page} · FitStream` : 'FitStream' };
}
