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
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { ...proxied, '/websocket': { target: API_TARGET, ws: true } },
  },
  build: {
    outDir: 'dist',
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
              // Only what the first screen needs: components used by later pages alone stay in
              // those pages' chunks, so the sign-in page does not grow with the console.
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis|dayjs|clsx|classnames)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            {
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
