/**
 * Playwright fixtures: one demo API server per worker, and a fresh console
 * (browser mode, its own data folder) per test, both real processes.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startConsoleProcess, startDemoProcess, type ConsoleProcess, type DemoProcess } from '../helpers/processes';

export interface ConsoleFixtures {
  consoleApp: ConsoleProcess;
  /** The page opened on the console's URL (the page keeps the token in memory and its tab's sessionStorage, never a cookie). */
  app: Page;
}

export const test = base.extend<ConsoleFixtures, { demo: DemoProcess }>({
  demo: [
    // Playwright reads fixture dependencies from the destructuring pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // vm-disk.vhdx is 48 MiB here (8 GiB by default) so downloads in the browser finish quickly.
      // Restore jobs take 8 s here (20 s by default) so tests can watch one run and finish.
      const demo = await startDemoProcess([
        '--big-folder-items',
        process.env.E2E_BIG_FOLDER_ITEMS ?? '100000',
        '--largest-file-bytes',
        String(48 * 1024 * 1024),
        '--restore-job-seconds',
        '8',
      ]);
      await use(demo);
      await demo.stop();
    },
    { scope: 'worker' },
  ],
  consoleApp: async ({ demo }, use) => {
    const app = await startConsoleProcess({ demoUrl: demo.url });
    await use(app);
    await app.stop();
  },
  app: async ({ page, consoleApp }, use) => {
    await page.goto(consoleApp.url);
    await use(page);
  },
});

export { expect };

export function storedProfiles(dataDir: string): { lastProfileId: string | null; profiles: Array<{ id: string; remembered: boolean }> } {
  return JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as {
    lastProfileId: string | null;
    profiles: Array<{ id: string; remembered: boolean }>;
  };
}

/** Signs in to the demo with its client credentials (prefilled on the form). */
export async function signInToDemo(page: Page, options: { remember?: boolean } = {}): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in to your RMM instance' })).toBeVisible();
  const remember = page.getByLabel('Keep me signed in on this computer');
  // Blueprint draws its own box over the hidden input: click the label, as a technician would.
  if (options.remember === false && (await remember.isChecked())) await page.getByText('Keep me signed in on this computer').click();
  if (options.remember === false) await expect(remember).not.toBeChecked();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('profile-button')).toBeVisible();
}

/** Starts the browser sign-in (PKCE) and approves it on the demo's authorize page. */
export async function signInThroughBrowser(page: Page): Promise<void> {
  await page.getByText('The browser (single sign-on)').click();
  const popupPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/ws\/oauth\/authorize/);
  await popup.getByRole('button', { name: 'Authorize' }).click();
  await expect(popup.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await popup.close();
  await expect(page.getByTestId('profile-button')).toBeVisible();
}
