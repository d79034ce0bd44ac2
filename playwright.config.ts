import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, as its headless shell when installed (package chromium-headless-shell, what Playwright itself
 * runs headless): the same Blink without the browser's own UI, about a quarter less CPU per test here. CHROMIUM_PATH
 * names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two at once, one per core: a third was measured slower on two cores (the suite about a fifth longer).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // One retry on CI, where two cores run the demo server, the console and Chromium at once; a retried pass is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    browserName: 'chromium',
    headless: true,
    // Recording a trace snapshots the page at every action: on these screens of grids that was about 40 % of the suite's
    // time. A failed test's retry (CI) records one; locally, add --trace on to a run that needs it.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a technician who asked the system for less motion: nothing spins or fades (the console honours the setting), so no
    // frame is drawn for an animation while a test waits. The screens' states and texts are the same.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
