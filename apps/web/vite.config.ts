import react from '@vitejs/plugin-react';
import { resolve } from 'path';
import { defineConfig } from 'vite';
import { emacsKeyRegistrations } from './build/emacs-key-registrations';
import { precompress } from './build/precompress';
import { woff2Only } from './build/woff2-only';

const root = resolve(__dirname, '../..');

/** Big libraries in chunks of their own: they change less often than the app, so browsers keep them cached. */
const CHUNKS: [string, RegExp][] = [
  ['codemirror', /node_modules\/(@codemirror|@lezer|codemirror|crelt|style-mod|w3c-keyname)\//],
  ['katex', /node_modules\/katex\//],
  ['react', /node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//],
];

export default defineConfig({
  root: __dirname,
  plugins: [react(), woff2Only(), emacsKeyRegistrations(), precompress()],
  resolve: {
    alias: {
      '@oj/contracts': resolve(root, 'libs/contracts/src/index.ts'),
      '@oj/api-client': resolve(root, 'libs/api-client/src/index.ts'),
    },
  },
  build: {
    outDir: resolve(root, 'dist/web'),
    emptyOutDir: true,
    // .vite/manifest.json: what each route loads, read by the first-load budget check (tools/web-budget.js).
    manifest: true,
    // CodeMirror with its language modes is one ~800 kB chunk (230 kB as brotli).
    chunkSizeWarningLimit: 900,
    // Maps are written for debugging; the API serves them only with WEB_SOURCE_MAPS=true.
    sourcemap: true,
    rollupOptions: {
      output: { manualChunks: (id) => CHUNKS.find(([, pattern]) => pattern.test(id))?.[0] },
    },
  },
  // The queue board is served by the API too (its cookie is scoped to /admin/queues).
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/admin/queues': 'http://localhost:3000' } },
});
