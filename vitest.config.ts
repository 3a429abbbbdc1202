import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Files of the node projects run side by side, two at least even on a 2-core machine: most of a
// server test's time is spent waiting on its server, its database or a timer, and every file has a
// server of its own (port 0, a fresh data folder, a database of its own on PostgreSQL).
const SIDE_BY_SIDE = Math.max(2, availableParallelism() - 1);

// Files of the unit and integration projects share their worker's modules (isolate: false): loading
// the server or the replica's code afresh for each file cost those projects about a fifth of their
// time. Their files keep no state in modules (a server, a replica, a clock are a test's own objects);
// one that has to switch a module's mode loads a copy of its own (unit/client/straight-through.test.ts).
// The reliability files stay isolated: two of them replace a module for the whole file (vi.mock).

// One runner for every kind of test; each project can also be run alone (npm run test:unit, …).
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/retried-tests.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          maxWorkers: SIDE_BY_SIDE,
          // A guard against a hang, not a budget: linting the whole tree or a 100,000-tour sort takes
          // seconds when the server projects load the same two cores.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['tests/support/server-templates.ts'],
          maxWorkers: SIDE_BY_SIDE,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A mail or a socket message after a call arrives within seconds on a loaded machine;
          // polls wait for it instead of failing after the default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          exclude: ['tests/reliability/browser/**'],
          environment: 'node',
          globalSetup: ['tests/support/server-templates.ts'],
          maxWorkers: SIDE_BY_SIDE,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 10_000 } },
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
          // Two files at a time, each worker on a product server of its own (global-setup.ts): a
          // browser test mostly waits on a page, so two keep a 2-core machine busy without slowing
          // either past its waits.
          maxWorkers: 2,
          // One more try for a browser test that failed: a real browser on a loaded 2-core machine
          // now and then misses one of its waits by seconds (a first sync, a push delivered through
          // the DevTools protocol), each time a different one. A test that fails twice fails the run;
          // one that passes on its second try is named with its first error (support/retried-tests.ts).
          retry: 1,
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
