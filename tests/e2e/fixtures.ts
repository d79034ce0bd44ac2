/**
 * Playwright fixtures: one demo API server per worker, and a fresh console
 * (browser mode, its own data folder) per test, both real processes.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
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

/**
 * For a test that needs a demo server of its own (other data, or data it changes): starts one with `demoArgs`
 * and a console on it, opens the console in `page` and signs in, runs `body`, and stops both whatever happens.
 */
export async function withOwnDemo(
  page: Page,
  demoArgs: string[],
  body: (demo: DemoProcess) => Promise<void>,
  options: { beforeSignIn?: (demo: DemoProcess) => Promise<void> } = {},
): Promise<void> {
  const demo = await startDemoProcess(demoArgs);
  const consoleApp = await startConsoleProcess({ demoUrl: demo.url });
  try {
    // A demo switch set here is in place before the console's first read after sign-in.
    await options.beforeSignIn?.(demo);
    await page.goto(consoleApp.url);
    await signInToDemo(page, { remember: false });
    await body(demo);
  } finally {
    await consoleApp.stop();
    await demo.stop();
  }
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

/**
 * No axe-core violation of any impact on the screen the
 * page shows now. Every rule runs (no tag or impact filter) and nothing is
 * excluded: all markup on these screens is the console's or Blueprint's,
 * which the console can fix. Waits for Blueprint's overlay transitions to end
 * first, so half-faded colours are not measured.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // A function, not a string: the console's CSP refuses eval. The e2e tsconfig has no DOM types.
  const overlayMoving = '[class*="-enter-active"], [class*="-exit-active"], [class*="-appear-active"]';
  await page.waitForFunction((selector) => !(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector(selector), overlayMoving);
  // Every rule runs; only violations are asked for in full, and axe runs in the page in one go (legacy mode: the console
  // has no frames). Its partial runs name every node every rule looked at, each with a unique selector: on a screen with a
  // few hundred grid cells and rows that was most of the time of a check (10 to 20 s on a loaded machine).
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  // A contrast failure names its colours, so the fix needs no second run.
  const colours = (node: { any: { data?: unknown }[] }): string => {
    const data = node.any.find((check) => check.data && typeof check.data === 'object' && 'contrastRatio' in check.data)?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
    return data ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)` : '';
  };
  const found = violations.map((v) => `${v.id} [${v.impact ?? 'n/a'}] ${v.help}: ${v.nodes.map((n) => n.target.join(' ') + colours(n)).join(' | ')}`);
  expect(found, `axe-core violations on ${screen}`).toEqual([]);
}

/** Opens the demo's showcase File Server from the device list and waits for its plans. */
export async function openShowcaseDevice(app: Page): Promise<void> {
  await app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
  await expect(app.getByRole('heading', { name: 'File Server (NT-SRV-001)' })).toBeVisible();
  await expect(app.locator('#backup-manage-plans')).toBeVisible();
}

/** The cells of a DataTable's row (Blueprint's table has no row element): by its index, or the row with a cell holding `text`. */
export async function rowCells(table: Locator, row: number | string): Promise<Locator> {
  const main = table.locator('.bp6-table-quadrant-main');
  const index = typeof row === 'number' ? String(row) : await main.locator('.data-table-cell-content').filter({ hasText: row }).first().getAttribute('data-row-index');
  return main.locator(`.data-table-cell-content[data-row-index="${index}"]`);
}

/** Opens a row by its name link, then waits for the level's table. */
export async function enter(app: Page, name: string, level: string): Promise<void> {
  await app.getByRole('button', { name, exact: true }).click();
  await expect(app.locator(`#backup-manage-${level}`)).toBeVisible();
}

/** Walks down the backup browser: each step opens a row by name and waits for the level it leads to. */
export async function walk(app: Page, steps: ReadonlyArray<readonly [name: string, level: string]>): Promise<void> {
  for (const [name, level] of steps) await enter(app, name, level);
}

/** Chooses a theme in the header's theme menu ('Blue', 'Light' or 'Dark'). */
export async function chooseTheme(app: Page, theme: 'Blue' | 'Light' | 'Dark'): Promise<void> {
  await app.getByRole('button', { name: /^Theme: / }).click();
  await app.getByRole('listbox', { name: 'Theme' }).getByRole('option', { name: theme }).click();
  await expect(app.getByRole('button', { name: `Theme: ${theme}` })).toBeVisible();
}

/** The row the grid's keyboard is on (its aria-activedescendant). */
export async function activeRow(grid: Locator): Promise<Locator> {
  await expect(grid).toHaveAttribute('aria-activedescendant', /.+/);
  const id = (await grid.getAttribute('aria-activedescendant'))!;
  return grid.locator(`[id="${id}"]`);
}

/** What a DataTable's grid exposes (expectGrid). */
export interface GridShape {
  /** The grid's name (the table's label). */
  name: string;
  /**
   * The column headers' names, in order ('Select all' for the checkbox column, 'Actions' for row buttons); by default
   * the titles the header shows.
   */
  columns?: readonly string[];
  /** The rows the table holds: the count the screen shows (aria-rowcount is one more, for the header row). */
  rows: number;
}

/**
 * A DataTable is a WAI-ARIA grid to assistive technology: a grid named for the table with aria-rowcount (its rows and the
 * header row) and aria-colcount; one header row whose columnheaders are named by their titles, each once; drawn rows in
 * order with aria-rowindex inside the count and a selection state, each owning one gridcell per column, by aria-colindex.
 */
export async function expectGrid(region: Locator, expected: GridShape): Promise<void> {
  const grid = region.getByRole('grid', { name: expected.name, exact: true });
  await expect(grid).toHaveCount(1);
  // The titles the header shows, once it is drawn.
  const titles = region.locator('.bp6-table-quadrant-top .bp6-table-header');
  await expect(titles.first()).toBeVisible();
  const shown = (await titles.allTextContents()).map((text) => text.replace(/[▲▼]/g, '').trim() || 'Select all');
  const shape = { ...expected, columns: expected.columns ?? shown };
  expect(shape.columns.length).toBeGreaterThan(0);
  await expect(grid).toHaveAttribute('aria-rowcount', String(shape.rows + 1));
  await expect(grid).toHaveAttribute('aria-colcount', String(shape.columns.length));
  const headers = region.getByRole('columnheader');
  await expect(headers).toHaveCount(shape.columns.length);
  for (const [index, title] of shape.columns.entries()) await expect(headers.nth(index)).toHaveAccessibleName(title);
  // The rows as the accessibility tree builds them: each row element and the elements it owns.
  const rows = await grid.evaluate((element) =>
    [...element.querySelectorAll(':scope > [role="row"]')].map((row) => ({
      index: Number(row.getAttribute('aria-rowindex')),
      selected: row.getAttribute('aria-selected'),
      owned: (row.getAttribute('aria-owns') ?? '').split(' ').map((id: string) => {
        const cell = element.ownerDocument.getElementById(id);
        return cell ? { role: cell.getAttribute('role'), column: Number(cell.getAttribute('aria-colindex')) } : null;
      }),
    })),
  );
  const [header, ...body] = rows;
  expect(header?.index).toBe(1);
  expect(header?.owned).toEqual(shape.columns.map((_, column) => ({ role: 'columnheader', column: column + 1 })));
  expect(body.length).toBeGreaterThan(0);
  for (const [position, row] of body.entries()) {
    expect(row.index).toBe(body[0]!.index + position);
    expect(row.index).toBeGreaterThanOrEqual(2);
    expect(row.index).toBeLessThanOrEqual(shape.rows + 1);
    expect(['true', 'false']).toContain(row.selected);
    expect(row.owned).toEqual(shape.columns.map((_, column) => ({ role: 'gridcell', column: column + 1 })));
  }
}

/** The count a remote table shows under its rows ('120 devices · page 1 of 3'), as a number. */
export async function pagedCount(region: Locator): Promise<number> {
  return await shownCount(region.locator('.data-table-pages [data-testid$="-count"]'));
}

/** A count as the screen shows it ('120 devices · page 1 of 3', '100000 items'), as a number. */
export async function shownCount(counter: Locator): Promise<number> {
  await expect(counter).toHaveText(/^\d+ /);
  return Number(/^(\d+) /.exec((await counter.textContent()) ?? '')![1]);
}
