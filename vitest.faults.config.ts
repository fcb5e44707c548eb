import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the fault-injection suite. Each file starts real processes (app nodes, a private PostgreSQL,
// a private Redis, the embedded database) and breaks them, so files run one at a time.
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
