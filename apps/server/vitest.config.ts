import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    // Tests of several instances sharing one server need PostgreSQL and run only in that mode.
    include: [
      'src/**/*.test.ts',
      'test/*.test.ts',
      ...(process.env.TEST_DATABASE_URL ? ['test/postgres/*.test.ts'] : []),
    ],
    // The crash and load tests of the embedded database run real processes for minutes: once per run is enough.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? ['test/durability.test.ts', 'test/load.test.ts'] : []),
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
