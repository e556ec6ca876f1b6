// The entry: the stylesheet, and the app started. An app page (the shell) starts the app at once.
// A pre-rendered public page is already drawn and answers links and typing without it, so the
// app (React, the machines, the router: src/app/boot.tsx) starts at the visitor's first sign of
// using the page, and what was done meanwhile is handed to it once it has hydrated
// (docs/decisions/042, 048). Nothing else is imported here: this is all a public page runs
// before a visitor does anything.
import './styles/global.css';
import { holdInput, startOnIntent } from './app/held-input';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

if (!root.hasAttribute('data-prerendered') || new URLSearchParams(window.location.search).has('nftoken')) {
  // A deep link into the app, or a one-time sign-in link for the session to exchange at once.
  void import('./app/boot').then(({ boot }) => boot(root, root.hasAttribute('data-prerendered') ? holdInput(root) : null));
} else {
  const held = holdInput(root);
  startOnIntent(() => void import('./app/boot').then(({ boot }) => boot(root, held)));
}
