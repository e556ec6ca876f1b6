// The floor any React 19 app pays: one trivial component rendered with createRoot, built by
// the app's own Vite config so the bundle benchmark has a reference measured in the same run.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Hello() {
  return <h1>Hello, React</h1>;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><Hello /></StrictMode>);
