import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './build/precompress.ts';

const API_TARGET = 'http://127.0.0.1:8000';
const proxied: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/auth', '/avatar', '/files', '/doc', '/doc.html'].map((prefix) => [prefix, { target: API_TARGET }]),
);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { ...proxied, '/websocket': { target: API_TARGET, ws: true } },
  },
  build: {
    outDir: 'dist',
    // Read by build/check-bundle-size.ts to hold the sign-in and console bundles to their budgets.
    manifest: true,
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            {
              // Libraries the sign-in page needs; antd and the rest load with the console after sign-in
              // and are split by the pages that use them (see build/check-bundle-size.ts for the budgets).
              name: 'vendor',
              test: /node_modules[\\/]/,
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
