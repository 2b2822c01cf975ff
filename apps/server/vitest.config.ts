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
    // The PostgreSQL pass runs the tests whose outcome can depend on the database. Run once: the
    // crash, load and process tests of the embedded database (real processes, for minutes), and
    // the tests that never reach a database (requests refused at the door, headers, pure units).
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL
        ? [
            'test/durability.test.ts',
            'test/task-durability.test.ts',
            'test/load.test.ts',
            'test/process.test.ts',
            'test/malformed-requests.test.ts',
            'test/security-headers.test.ts',
            'src/lib/**',
            // The embedded database's own thread: the PostgreSQL pass has none.
            'src/db/pglite-thread.test.ts',
            'src/config.test.ts',
            'src/plugins/**',
          ]
        : []),
    ],
    globalSetup: ['test/global-setup.ts'],
    // Every file builds its own app on its own database: modules load once for all the files
    // (a third less time), and the files pass in any order (`--sequence.shuffle.files`).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
