import react from '@vitejs/plugin-react';
import { resolve } from 'path';
import { defineConfig } from 'vite';

const root = resolve(__dirname, '../..');

export default defineConfig({
  root: __dirname,
  plugins: [react()],
  resolve: {
    alias: {
      '@oj/contracts': resolve(root, 'libs/contracts/src/index.ts'),
      '@oj/api-client': resolve(root, 'libs/api-client/src/index.ts'),
    },
  },
  build: { outDir: resolve(root, 'dist/web'), emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
