// The entry: the stylesheet, and the app started. An app page (the shell) starts the app at once.
// A pre-rendered public page is already drawn and answers links and typing without it, so the
// app (React, the machines, the router: src/app/boot.tsx) starts at the visitor's first sign of
// using the page, and what was done meanwhile is handed to it once it has hydrated
// (docs/decisions/042, 048); its own controls (the navbar's disclosures, the language switcher)
// answer without it meanwhile (decision 071). An app page the service worker drew before the app (offline
// /downloads, decision 050: `data-app-start="now"`) is hydrated at once. Nothing else is imported
// here: this is all a public page runs before a visitor does anything.
import './styles/global.css';
import { answerEarly, SIGNED_IN } from './lib/early-controls';
import { holdInput, startOnIntent } from './lib/held-input';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const page = document.documentElement;
if (page.hasAttribute('data-redraw')) {
  // The worker drew the page for a signed-in visitor in another language than the stored one, or
  // there is no stored session (its before-paint script said so and hid the page): the app draws it.
  root.replaceChildren();
  root.removeAttribute('data-prerendered');
  page.removeAttribute('data-redraw');
  page.hidden = false;
}

if (root.hasAttribute('data-prerendered')) answerEarly(root);

if (!root.hasAttribute('data-prerendered') || root.getAttribute('data-app-start') === 'now' || page.hasAttribute(SIGNED_IN) || new URLSearchParams(window.location.search).has('nftoken')) {
  // A deep link into the app (drawn by the worker or not), a public page a signed-in account opens
  // (drawn for a visitor: the app draws the account's navbar), or a one-time sign-in link for the
  // session to exchange at once.
  void import('./app/boot').then(({ boot }) => boot(root, root.hasAttribute('data-prerendered') ? holdInput(root) : null));
} else {
  const held = holdInput(root);
  startOnIntent(() => void import('./app/boot').then(({ boot }) => boot(root, held)));
}
