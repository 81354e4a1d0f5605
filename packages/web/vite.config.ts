import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

/**
 * The browser client. The engines come from their TypeScript sources (the
 * `@tabula/source` condition), so the client needs no build of theirs; each
 * board is a chunk of its own, loaded when a table of its game opens.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [preact()],
  resolve: { conditions: ['@tabula/source'] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', reportCompressedSize: true },
  server: {
    // `npm run dev -w @tabula/web` proxies the API to a server started apart (`npm run tabula -- serve`).
    proxy: {
      '/games': 'http://127.0.0.1:8080',
      '/tables': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
});
