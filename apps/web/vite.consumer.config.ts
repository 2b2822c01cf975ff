import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * The script of the consumer's page behind a machine's sticker (`/m/:code`, drawn by the server):
 * a build of its own, after the console's, so that nothing of the console (React, antd) and no
 * chunk shared with it is ever loaded by a phone. Its styles are inlined by the server
 * (apps/server/src/modules/consumer/page-assets.ts reads this manifest).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: '.vite/consumer-manifest.json',
    assetsDir: 'assets',
    cssCodeSplit: true,
    modulePreload: false,
    rolldownOptions: {
      input: { consumer: fileURLToPath(new URL('./consumer/main.ts', import.meta.url)) },
      output: { entryFileNames: 'assets/consumer-[hash].js', assetFileNames: 'assets/consumer-[hash][extname]' },
    },
  },
});
