import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The web tests run in one module registry (`isolate: false`): importing antd and React once
 * rather than per file saves two thirds of their time. Files that replace modules with `vi.mock`
 * need a registry of their own: they are named `*.isolated.test.*` and run in `web-isolated`
 * (`vitest.isolated.config.ts`).
 */
export const ISOLATED_TESTS = ['src/**/*.isolated.test.{ts,tsx}'];

// Pure modules run under node; component tests opt into jsdom with a `@vitest-environment jsdom` docblock.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...ISOLATED_TESTS],
    environment: 'node',
    isolate: false,
    // antd component tests under jsdom take seconds each on a busy machine.
    testTimeout: 30_000,
  },
});
