import { defineConfig } from 'vitest/config';

/** Unit test files that replace a module with vi.mock: they run isolated (see the 'unit-isolated' project). */
const MOCKING_UNIT_TESTS = ['tests/unit/download-folder-scan.test.ts', 'tests/unit/psa-save-rows.test.tsx', 'tests/unit/ticket-workspace-writes.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          exclude: MOCKING_UNIT_TESTS,
          environment: 'node',
          // Unit tests share their workers' module graph: importing the sources once per worker instead of once per
          // file is most of the suite's time (about 65 s against 12 s here). They keep no state between files.
          isolate: false,
        },
      },
      {
        test: {
          // Files that replace a module (vi.mock) need a module graph of their own.
          name: 'unit-isolated',
          include: MOCKING_UNIT_TESTS,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Integration suites start real servers and touch the real keychain: one file at a time.
          fileParallelism: false,
          // The files share one module graph (the sources imported once, not once per file: about 350 s became 90 s
          // here); what a file changes for the whole process it puts back (https.test.ts), and the download helpers'
          // cleanups run after every test of every file (the setup file).
          isolate: false,
          setupFiles: ['tests/integration/setup.ts'],
        },
      },
    ],
  },
});
