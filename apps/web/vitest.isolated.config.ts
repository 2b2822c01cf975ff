import { defineConfig } from 'vitest/config';
import web, { ISOLATED_TESTS } from './vitest.config.ts';

/** The web tests that replace modules with `vi.mock`, each file in a module registry of its own. */
export default defineConfig({
  root: web.root,
  resolve: web.resolve,
  plugins: web.plugins,
  test: { ...web.test, name: 'web-isolated', include: ISOLATED_TESTS, exclude: [], isolate: true },
});
