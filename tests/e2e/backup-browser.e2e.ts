import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startConsoleProcess, startDemoProcess } from '../helpers/processes';
import { enter, expect, expectNoAxeViolations, openShowcaseDevice, signInToDemo, test, walk, withOwnDemo } from './fixtures';

/** The cells of the table row whose name is `name` (Blueprint's table draws a row as cells sharing a row class). */
async function rowOf(app: Page, name: string) {
  const cell = app.locator('.bp6-table-quadrant-main .bp6-table-cell', { has: app.getByText(name, { exact: true }) }).first();
  await expect(cell).toBeVisible();
  const rowClass = /bp6-table-cell-row-\d+/.exec((await cell.getAttribute('class')) ?? '')?.[0];
  return app.locator(`.bp6-table-quadrant-main .${rowClass}`);
}

function crumb(app: Page, text: string) {
  return app.locator('.browser-breadcrumbs').getByText(text, { exact: true });
}

test('walk a file plan to file revisions, jump back by breadcrumb (which sets the page hash), empty and failing folders', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openShowcaseDevice(app);
  await expect(app.getByText('Hybrid').first()).toBeVisible();
  await expect(app.locator('[data-tag="planDeleted"]').first()).toBeVisible();

  await enter(app, 'Server files', 'volumes');
  await expect(app.getByRole('button', { name: 'Volume details for C:' })).toBeVisible();
  await app.getByRole('button', { name: 'Volume details for C:' }).click();
  await expect(app.getByText('File system')).toBeVisible();
  await expect(app.getByText('Disk layout')).toBeVisible();
  await expectNoAxeViolations(app, 'volume details popover');
  await app.keyboard.press('Escape');

  await enter(app, 'C:', 'folders');
  await enter(app, 'Data', 'files');
  // Rows just fetched from the server are "updated", not "cached".
  await expect(app.getByTestId('listing-age')).toHaveText('updated just now');
  // 'Removed' only for an item removed from the plan (status REMOVED), not for a file deleted on the device.
  await expect((await rowOf(app, 'old-budget.xls')).locator('[data-tag="removed"]')).toBeVisible();
  await expect((await rowOf(app, 'lost.docx')).locator('[data-tag="missing"]')).toBeVisible();
  await expect((await rowOf(app, 'temp-export.csv')).locator('[data-tag]')).toHaveCount(0);
  await enter(app, 'readme.txt', 'revisions');
  await expect(app.locator('#backup-manage-revisions').getByText('Full').first()).toBeVisible();
  await expectNoAxeViolations(app, 'file revisions');

  await crumb(app, 'Data').click();
  await expect(app.locator('#backup-manage-files')).toBeVisible();
  // Help spec §2.3: the page hash becomes the crumb's path (the levels below 'All plans').
  await expect(app).toHaveURL(/#\/deviceDashboard\/\d+\/backup\/browse\?at=Server%20files\/C%3A\/Data$/);
  await enter(app, 'Empty', 'files');
  await expect(app.getByText('Empty Folder')).toBeVisible();
  await expectNoAxeViolations(app, 'an empty folder');
  await crumb(app, 'Data').click();
  await app.getByRole('button', { name: 'Broken', exact: true }).click();
  await expect(app.locator('.bp6-toast').getByText('There was an error fetching content for folder Broken')).toBeVisible();
  await expect(app.locator('#backup-manage-files[data-state="error"]')).toBeVisible();
  await expectNoAxeViolations(app, 'a failed folder with its toast');

  await crumb(app, 'All plans').click();
  await expect(app.locator('#backup-manage-plans')).toBeVisible();
  await expect(app.locator('.browser-breadcrumbs').getByText('Server files')).toHaveCount(0);
  await expect(app).toHaveURL(/#\/deviceDashboard\/\d+\/backup\/browse$/);
});

test('a huge folder loads a page at a time as the table scrolls', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openShowcaseDevice(app);
  await enter(app, 'Server files', 'volumes');
  await enter(app, 'C:', 'folders');
  await enter(app, 'Data', 'files');
  await enter(app, 'Archive', 'files');
  // The table says how many rows the listing has once its first page is in.
  await expect.poll(async () => Number(await app.locator('#backup-manage-files').getAttribute('data-rows'))).toBeGreaterThanOrEqual(1000);
  const total = Number(await app.locator('#backup-manage-files').getAttribute('data-rows'));
  await expect(app.getByTestId('row-count')).toHaveText(`${total} items`);
  await expect(app.getByTestId('listing-age')).toContainText('(partly)');
  const scroller = app.locator('#backup-manage-files .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  // The last rows arrive (their page is fetched on demand) and show real names.
  await expect(app.locator('#backup-manage-files .row-open').last()).toBeVisible();
  await expect(app.locator('#backup-manage-files .bp6-table-cell .bp6-skeleton')).toHaveCount(0);
});

test('a folder of 1,000,000 items scrolls to its last row, and Home and End get there by keyboard', async ({ page }) => {
  // Its own demo server: 1M items is 45M px of rows, past Chromium's ~33.5M px cap on an element's height; the table shows a slice that moves.
  await withOwnDemo(page, ['--big-folder-items', '1000000'], async () => {
    await openShowcaseDevice(page);
    await walk(page, [
      ['Server files', 'volumes'],
      ['C:', 'folders'],
      ['Data', 'files'],
      ['Archive', 'files'],
    ]);
    const table = page.locator('#backup-manage-files');
    await expect(table).toHaveAttribute('data-rows', '1000000');
    // The last item in name order (the demo's huge folder: folders, invoices, notes, photos, then reports).
    const last = table.getByLabel('Select report-999996.docx');
    const scroller = table.locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
    await expect
      .poll(
        async () => {
          await scroller.evaluate((el) => {
            el.scrollTop = el.scrollHeight;
          });
          return last.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(last).toBeVisible();
    await table.getByRole('grid').focus();
    await page.keyboard.press('Home');
    await expect(table.getByLabel('Select batch-000000')).toBeChecked();
    await page.keyboard.press('End');
    await expect(last).toBeChecked();
    await expect(table.locator('.bp6-table-cell .bp6-skeleton')).toHaveCount(0);
  });
});

test('keyboard: Enter opens, Backspace goes up; search with a wildcard inside a folder', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openShowcaseDevice(app);
  await enter(app, 'Server files', 'volumes');
  await enter(app, 'C:', 'folders');
  await enter(app, 'Data', 'files');

  await app.locator('#backup-manage-files .data-table-cell', { hasText: /^readme\.txt$/ }).click({ position: { x: 200, y: 20 } });
  await app.keyboard.press('Enter');
  await expect(app.locator('#backup-manage-revisions')).toBeVisible();
  await app.locator('#backup-manage-revisions .bp6-table-cell').first().click();
  await app.keyboard.press('Backspace');
  await expect(app.locator('#backup-manage-files')).toBeVisible();

  const search = app.getByPlaceholder('Search files or folders in restore...');
  // §2's hint shows on hover, not while typing, where it would cover the toolbar and the message under the bar.
  const hint = app.locator('.bp6-tooltip').getByText("Search by file name, folder name or file extension. Use '*' as a wildcard, for example *.txt or Accounting*.");
  await search.hover();
  await expect(hint).toBeVisible();
  await search.fill('ab');
  await app.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(app.getByRole('alert')).toHaveText('Enter at least 3 characters to search.');
  await search.hover();
  await expect(hint).toHaveCount(0);
  await search.fill('*.txt');
  await search.press('Enter');
  await expect(app.locator('#backup-manage-search')).toBeVisible();
  await expect(crumb(app, 'Search Results')).toBeVisible();
  await expectNoAxeViolations(app, 'search results inside a folder');
  const names = app.locator('#backup-manage-search .row-open, #backup-manage-search .name-cell span.bp6-text-overflow-ellipsis');
  await expect(names.first()).toBeVisible();
  const found = await names.allTextContents();
  expect(found.length).toBeGreaterThan(0);
  for (const name of found) expect(name.toLowerCase()).toMatch(/\.txt$/);
  const paths = await app.locator('#backup-manage-search .bp6-table-cell').allTextContents();
  expect(paths.some((text) => text.startsWith('C:\\Data\\'))).toBe(true);
  // The bar emptied on the results goes back to the folder, without an error.
  await search.fill('');
  await search.press('Enter');
  await expect(app.locator('#backup-manage-files')).toBeVisible();
  await expect(crumb(app, 'Search Results')).toHaveCount(0);
  await expect(app.getByRole('alert')).toHaveCount(0);
});

test('walk an image plan: revisions, Mount Image, mounted folders and files, and a failing mounted folder', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openShowcaseDevice(app);
  await enter(app, 'System image', 'volumes');
  // The API has no search of image backups; the bar says so instead of searching file plans.
  const search = app.getByRole('textbox', { name: 'Search backup content' });
  await expect(search).toBeDisabled();
  await expect(app.getByTestId('search-unavailable')).toHaveText('Search is not available in image backups');
  await expectNoAxeViolations(app, 'image plan with search unavailable');
  await enter(app, 'C:', 'revisions');
  await expect(app.locator('#backup-manage-revisions').getByText(/Full|Incremental/).first()).toBeVisible();
  await app.locator('#backup-manage-revisions .row-open').first().click();
  const dialog = app.getByRole('dialog', { name: 'Mount Image' });
  await expect(dialog.getByText('Revision Date')).toBeVisible();
  await expect(dialog.getByText('Volume Name')).toBeVisible();
  await expect(dialog.getByText('Volume Size')).toBeVisible();
  await expectNoAxeViolations(app, 'Mount Image dialog');
  await dialog.getByRole('button', { name: 'Mount' }).click();
  await expect(app.locator('#backup-manage-mounted-folders')).toBeVisible();
  await expect(search).toBeDisabled();
  await expect(app.getByTestId('search-unavailable')).toHaveText('Search is not available inside a mounted image');
  await enter(app, 'Windows', 'mounted-files');
  await enter(app, 'System32', 'mounted-files');
  await expect(app.getByTestId('row-count')).toHaveText(/\d+ items/);
  await expectNoAxeViolations(app, 'mounted image files');
  await app.locator('.browser-breadcrumbs li').nth(3).click();
  await expect(app.locator('#backup-manage-mounted-folders')).toBeVisible();
  await app.getByRole('button', { name: 'Corrupt', exact: true }).click();
  await expect(app.locator('.bp6-toast').getByText('There was an error fetching content for revision Corrupt')).toBeVisible();
});

test('offline: cached folders keep browsing and searching with the banner; it goes when the server is back', async ({ page }) => {
  test.setTimeout(90_000);
  let demo = await startDemoProcess(['--big-folder-items', '2000']);
  const port = demo.port;
  const consoleApp = await startConsoleProcess({ demoUrl: demo.url });
  try {
    await page.goto(consoleApp.url);
    await signInToDemo(page, { remember: false });
    await openShowcaseDevice(page);
    await enter(page, 'Server files', 'volumes');
    await enter(page, 'C:', 'folders');
    await enter(page, 'Data', 'files');
    await enter(page, 'Archive', 'files');
    // Its last page is cached too: more than a page of files to search offline.
    await page.locator('#backup-manage-files .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(page.locator('#backup-manage-files .bp6-table-cell .bp6-skeleton')).toHaveCount(0);
    await crumb(page, 'Data').click();

    await demo.stop();
    await page.getByRole('button', { name: 'Media', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Not available offline' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expectNoAxeViolations(page, 'offline: not available offline, with the banner');

    await crumb(page, 'Data').click();
    await expect(page.getByRole('button', { name: 'readme.txt', exact: true })).toBeVisible();
    await enter(page, 'Archive', 'files');
    await expect(page.getByTestId('listing-age')).toContainText('cached');
    const search = page.getByPlaceholder('Search files or folders in restore...');
    // The first page shows before the matches are counted; the exact count follows.
    await search.fill('*.*');
    await search.press('Enter');
    await expect(page.locator('#backup-manage-search')).toBeVisible();
    await expect(page.getByTestId('row-count')).toHaveText(/^\d+ items$/);
    const found = Number((await page.getByTestId('row-count').textContent())!.split(' ')[0]);
    expect(found).toBeGreaterThan(250);
    await expect(page.locator('#backup-manage-search')).toHaveAttribute('data-rows', String(found));
    await crumb(page, 'Data').click();
    await search.fill('Accounting*');
    await search.press('Enter');
    await expect(page.locator('#backup-manage-search')).toBeVisible();
    await expect(page.getByTestId('listing-age')).toHaveText('from cached listings');
    await expect(page.getByRole('button', { name: 'Accounting 2026.xlsx', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accounting notes.txt', exact: true })).toBeVisible();

    demo = await startDemoProcess(['--big-folder-items', '2000', '--port', String(port)]);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 20_000 });
  } finally {
    await consoleApp.stop();
    await demo.stop();
  }
});

test('recent devices reopen the browser; the offline cache can be cleared', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openShowcaseDevice(app);
  await app.getByRole('button', { name: 'Devices' }).click();
  await app.locator('[data-recent-device="1"]').click();
  await expect(app.locator('#backup-manage-plans')).toBeVisible();
  await app.getByTestId('profile-button').click();
  await app.getByRole('menuitem', { name: 'Offline cache...' }).click();
  await expect(app.getByTestId('cache-usage')).toContainText('used by 1 listing (');
  await app.getByRole('button', { name: 'Clear cache' }).click();
  await expect(app.getByTestId('cache-usage')).toContainText('used by 0 listings');
});

test("search from 'All plans': every file plan's results, each opened, downloaded and restored with its own plan", async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openShowcaseDevice(app);
  const search = app.getByPlaceholder('Search files or folders in restore...');
  await search.fill('budget*');
  await search.press('Enter');
  await expect(app.locator('#backup-manage-search')).toBeVisible();
  // Both file/folder plans are searched, and each result names its plan.
  await expect((await rowOf(app, 'Budget 2026.xlsx')).getByText('Server files', { exact: true })).toBeVisible();
  await expect((await rowOf(app, 'budget-2024.xlsx')).getByText('Old file plan', { exact: true })).toBeVisible();
  await expectNoAxeViolations(app, 'search results from All plans');

  // Opened: its revisions come from its own plan ('Old file plan'), not from a plan of the listing.
  await enter(app, 'budget-2024.xlsx', 'revisions');
  await expect(app.locator('#backup-manage-revisions').getByText(/Full|Incremental/).first()).toBeVisible();
  await crumb(app, 'Search Results').click();
  await expect(app.locator('#backup-manage-search')).toBeVisible();

  // Downloaded from 'Server files': the file arrives under the name the listing showed.
  const folder = mkdtempSync(join(tmpdir(), 'rmm-e2e-search-'));
  await app.getByRole('button', { name: 'Download Budget 2026.xlsx' }).click();
  const download = app.getByRole('dialog', { name: 'Download File' });
  await download.getByLabel('Revision').selectOption({ index: 1 });
  await download.getByLabel('Download to folder').fill(folder);
  await download.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(download).toBeHidden();
  await app.getByTestId('downloads-button').click();
  await expect(app.locator('[data-testid="download-row"][data-file-name="Budget 2026.xlsx"]').getByTestId('download-state')).toHaveText('Completed', { timeout: 30_000 });
  expect(existsSync(join(folder, 'Budget 2026.xlsx')) && statSync(join(folder, 'Budget 2026.xlsx')).size > 0).toBe(true);
  await app.keyboard.press('Escape');

  // Restored from 'Old file plan': the server accepts the job for that plan and path.
  await app.getByRole('button', { name: 'Restore budget-2024.xlsx' }).click();
  const restore = app.getByRole('dialog', { name: 'Restore File' });
  await restore.getByLabel('Revision').selectOption({ index: 1 });
  await restore.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(app.locator('.bp6-toast').getByText('Restore job created successfully')).toBeVisible();
  const progress = app.getByRole('dialog', { name: 'Restore progress' });
  await expect(progress.getByText('Old file plan', { exact: true })).toBeVisible();
  await expect(progress.getByText('C:\\Old\\budget-2024.xlsx')).toBeVisible();
});

test('without the permission to view and restore backup data, folders are locked: entering is refused with the reason, no download or restore', async ({ app }) => {
  await expect(app.getByRole('heading', { name: 'Sign in to your RMM instance' })).toBeVisible();
  // The demo's 'limited' user (Robin Lee) lacks canViewAndRestoreBackupData; 'Server files' does not allow file-folder access.
  await app.getByLabel('Client id').fill('demo-limited');
  await app.getByLabel('Client secret').fill('demo-limited-secret');
  await signInToDemo(app, { remember: false });
  await openShowcaseDevice(app);
  await enter(app, 'Server files', 'volumes');
  await enter(app, 'C:', 'folders');
  const message = 'Restricted: the folders and files of this plan cannot be opened without the permission to view and restore backup data.';
  await expect(app.getByTestId('restricted-note')).toHaveText(message);
  const data = app.locator('#backup-manage-folders .row-restricted', { hasText: /^Data$/ });
  await expect(data).toBeVisible();
  await expect(app.locator('#backup-manage-folders .row-open')).toHaveCount(0);
  await data.click();
  await expect(app.locator('.bp6-toast').getByText(message)).toBeVisible();
  await expect(app.locator('#backup-manage-folders')).toBeVisible();
  await expect(app.locator('#backup-manage-folders .row-download, #backup-manage-folders .row-restore')).toHaveCount(0);
  await expectNoAxeViolations(app, 'restricted folders');

  // Found by a search from 'All plans', a file of that plan is locked the same way.
  await crumb(app, 'All plans').click();
  const search = app.getByPlaceholder('Search files or folders in restore...');
  await search.fill('budget*');
  await search.press('Enter');
  await expect(app.locator('#backup-manage-search .row-restricted', { hasText: 'Budget 2026.xlsx' })).toBeVisible();
  await expect(app.locator('#backup-manage-search .row-download, #backup-manage-search .row-restore')).toHaveCount(0);
});
