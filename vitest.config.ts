import { defineConfig } from 'vitest/config';

// One runner for every kind of test; each project can also be run alone (npm run test:unit, …).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          exclude: ['tests/reliability/browser/**'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/reliability/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // After the other projects, not beside them: a page on a 2-core machine shared with
          // PostgreSQL races and fuzzing reacts in seconds instead of milliseconds, and timing-bound
          // steps (a worker install, a toast) become flaky.
          sequence: { groupOrder: 1 },
          // A page's reaction (an IndexedDB write, then a live query's render) can take seconds on a
          // loaded 2-core CI machine; polls wait for it instead of failing after the default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
