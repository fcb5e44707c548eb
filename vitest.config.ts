import { defineConfig } from 'vitest/config';
import { precompiledMessages } from './scripts/precompiled-messages.ts';

// Tests load the compiled catalogues (`lang/*.json?ast`, docs/decisions/0395) as the browser does, but keep every
// descriptor's English as text: the server, which tests share these modules with, never runs the build.
const { transform: _descriptorsStayText, ...compiledCatalogues } = precompiledMessages();

export default defineConfig({
  plugins: [compiledCatalogues],
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.ts'],
    pool: 'forks',
    // Migrates one template database; each file's database is a copy of it (server/test/template-database.ts).
    globalSetup: ['server/test/global-setup.ts'],
    // Argon2id at its smallest cost (server/lib/passwords.ts): hashing at the production cost was most of the input
    // fuzz test, the longest file, and of every sign-in test.
    env: { TEST_PASSWORD_HASH_COST: 'lowest' },
    // Two cores: two files at a time, each with its own database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
