import { defineConfig } from 'vitest/config';

const serverTest = {
  include: ['tests/server/**/*.test.ts'],
  environment: 'node' as const,
  globalSetup: ['tests/support/emulator-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 90_000,
  // Each file opens its own database (~0.5 GB for PGlite): two at a time fit the machine.
  maxWorkers: 2,
  // A worker loads the server's modules once for all its files: each file builds its own app, database and accounts
  // (tests/support/server.ts), so nothing of one file's reaches the next, and reloading the modules per file cost
  // ~2 s of CPU each (docs/testing.md).
  isolate: false,
};

export default defineConfig({
  // The import aliases come from tsconfig.base.json; each project inherits them (`extends: true`).
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/domain/**/*.test.ts',
            'tests/machines/**/*.test.ts',
            'tests/web/**/*.test.ts',
            'tests/services/**/*.test.ts',
            'tests/nfse/**/*.test.ts',
          ],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: one, here. The main process mostly waits.
          maxWorkers: 2,
          // Rendering PDFs and statecharts, signing and TLS take seconds on a busy 2-core machine.
          testTimeout: 20_000,
          sequence: { groupOrder: 0 },
        },
      },
      // The server runs go one after the other: they share the emulator's accounts (the demo logins).
      {
        extends: true as const,
        test: {
          ...serverTest,
          name: 'server-pglite',
          env: { TEST_DB: 'pglite' },
          sequence: { groupOrder: 1 },
          // One migrated PGlite, copied by each file.
          globalSetup: [...serverTest.globalSetup, 'tests/support/pglite-template.ts'],
        },
      },
      // The same suite against real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                ...serverTest,
                name: 'server-postgres',
                env: { TEST_DB: 'postgres' },
                sequence: { groupOrder: 2 },
                // One migrated database, copied by each file.
                globalSetup: [...serverTest.globalSetup, 'tests/support/postgres-template.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
