// Builds the single-page app; in development it proxies the API to the server on PORT.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompiledMessages } from './scripts/precompiled-messages.ts';

const apiPort = process.env.PORT ?? '8080';

export default defineConfig({
  // Messages are parsed here, not in the browser (scripts/precompiled-messages.ts).
  plugins: [precompiledMessages(), react()],
  // The path aliases (@domain/…, @machines/…) are tsconfig.json's, read once for every tool.
  resolve: { tsconfigPaths: true },
  // Source maps stay beside the build for the bundle benchmark and for reading stack traces;
  // 'hidden' leaves no reference to them in the JS, and the server never serves them.
  build: { outDir: 'dist', sourcemap: 'hidden', target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
      '/sandbox': `http://127.0.0.1:${apiPort}`,
    },
  },
});
