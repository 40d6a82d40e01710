// The demo imports the engine as the `upkeep` package, resolved from ../npm through its
// package.json `exports` (the `browser` condition: lib/browser.js on the wasm `web` build),
// exactly as a user's bundler would.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  base: './',
  resolve: { alias: { upkeep: `${repo}npm` } },
  server: { host: '127.0.0.1', fs: { allow: [repo] } },
  preview: { host: '127.0.0.1' },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
});
