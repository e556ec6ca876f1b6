// Boot: render the app shell. (The machines and screens are wired in by the app issue.)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <main><h1>FitStream</h1></main>
    </StrictMode>,
  );
}
