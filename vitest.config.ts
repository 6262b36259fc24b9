import { defineConfig } from 'vitest/config';

// The API suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL names a server.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    // One migrated PGlite per run, copied for each API test database.
    globalSetup: ['tests/support/pglite-template.ts'],
    // The machines are shared and slow at times; a test that needs longer than this has a real problem.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
      },
      {
        extends: true as const,
        test: { name: 'api-pglite', include: ['tests/api/**/*.test.ts'], env: { TEST_DB: 'pglite' } },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
