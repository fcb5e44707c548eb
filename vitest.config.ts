import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.ts'],
    pool: 'forks',
    // Migrates one template database; each file's database is a copy of it (server/test/template-database.ts).
    globalSetup: ['server/test/global-setup.ts'],
    // Two cores: two files at a time, each with its own database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
