/**
 * Every table of the console is a WAI-ARIA grid to assistive technology. Each
 * screen with a table is walked and its grid checked (expectGrid): named for
 * the table, one header row with one columnheader per column (announced
 * once), aria-rowcount = the count the screen shows plus the header row, drawn
 * rows with aria-rowindex and a selection state, each owning one gridcell per
 * column. axe-core notices none of this (a table without table roles passes).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectGrid, openShowcaseDevice, pagedCount, shownCount, signInToDemo, test, walk } from './fixtures';

/** A local table's rows: the count it holds (its status says 'N rows'). */
async function heldRows(region: Locator): Promise<number> {
  return await shownCount(region.getByTestId('table-status'));
}

async function openAdministration(app: Page, item: 'Scheduled tasks' | 'Billing products'): Promise<void> {
  await app.getByRole('button', { name: 'Administration', exact: true }).first().click();
  await app.getByRole('navigation', { name: 'Administration' }).getByRole('menuitem', { name: item }).click();
  await expect(app.getByRole('heading', { name: item, level: 1 })).toBeVisible();
}

test('the device list, the backup browser down to a folder of 100,000 items, and the restore target picker are grids', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const devices = app.getByRole('region', { name: 'Device list' });
  await expect(devices.getByRole('button', { name: 'File Server (NT-SRV-001)' })).toBeVisible();
  await expectGrid(devices, { name: 'Device list', columns: ['Name', 'Organization', 'Class', 'Role', 'Status', 'Backup'], rows: await pagedCount(devices) });
  // One tab stop: Tab enters the grid (its keyboard on the first row), the next Tab reaches that row's link and no
  // other row's; the header's controls take Tab only once ArrowUp has put the keyboard on the header row.
  const grid = devices.getByRole('grid', { name: 'Device list' });
  await devices.getByRole('button', { name: 'Table settings' }).focus();
  await app.keyboard.press('Tab');
  await expect(grid).toBeFocused();
  const tabbable = () =>
    devices.locator('.data-table-body').evaluate((body) =>
      [...body.querySelectorAll('a[href], button, input, [tabindex]')].filter((element) => (element as unknown as { tabIndex: number }).tabIndex >= 0 && !element.closest('[inert]')).map((element) => element.getAttribute('aria-label') ?? element.textContent),
    );
  expect(await tabbable()).toEqual(['Device list', 'File Server (NT-SRV-001)']);
  await app.keyboard.press('Tab');
  await expect(devices.getByRole('button', { name: 'File Server (NT-SRV-001)' })).toBeFocused();
  await app.keyboard.press('Shift+Tab');
  await app.keyboard.press('ArrowUp');
  await expect(grid).toHaveAttribute('aria-activedescendant', /-hr$/);
  expect(await tabbable()).toEqual(['Device list', ...['Name', 'Organization', 'Class', 'Role', 'Status', 'Backup'].map((column) => `Resize column ${column}`)]);
  await app.keyboard.press('ArrowDown');

  await openShowcaseDevice(app);
  await walk(app, [
    ['Server files', 'volumes'],
    ['D:', 'folders'],
    ['Shares', 'files'],
  ]);
  const shares = app.locator('#backup-manage-files');
  await expect(app.getByTestId('row-count')).toHaveText(/^\d+ items$/);
  await expectGrid(shares, { name: 'Backup listing', rows: await shownCount(app.getByTestId('row-count')) });

  // The restore target picker: its rows were plain text; now each is a selectable row named by its device.
  await app.getByRole('button', { name: 'Restore Marketing' }).click();
  const dialog = app.getByRole('dialog', { name: 'Restore Folder' });
  await dialog.getByLabel('Date').selectOption({ index: 1 });
  await dialog.getByText('Other Location').click();
  const picker = dialog.getByRole('region', { name: 'Target devices' });
  await expect(picker.getByRole('grid', { name: 'Target devices' }).getByRole('row').nth(1)).toHaveAttribute('aria-selected', 'false');
  await expectGrid(picker, { name: 'Target devices', rows: await pagedCount(picker) });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A folder of 100,000 items: aria-rowcount is the whole listing, not the rows drawn.
  await app.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Server files' }).click();
  await walk(app, [
    ['C:', 'folders'],
    ['Data', 'files'],
    ['Archive', 'files'],
  ]);
  await expect(app.getByTestId('row-count')).toHaveText('100000 items', { timeout: 30_000 });
  await expectGrid(app.locator('#backup-manage-files'), { name: 'Backup listing', rows: 100_000 });
});

test('ticket boards, rulesets, automations, scheduled tasks, billing products and PSA mappings are grids', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await app.getByRole('button', { name: 'Tickets', exact: true }).click();
  const nav = app.getByRole('navigation', { name: 'Tickets' });
  await nav.getByTestId('workspace-boards').getByRole('link', { name: 'Unassigned tickets' }).click();
  const board = app.getByRole('region', { name: 'Tickets of Unassigned tickets' });
  await expectGrid(board, { name: 'Tickets of Unassigned tickets', rows: await pagedCount(board) });

  await app.getByRole('button', { name: 'Ticketing' }).click();
  await app.getByRole('tab', { name: 'Rulesets' }).click();
  const rulesets = app.getByRole('region', { name: 'Ticket rulesets' });
  await expect(rulesets.getByRole('button', { name: 'Disk space conditions' })).toBeVisible();
  await expectGrid(rulesets, { name: 'Ticket rulesets', rows: await heldRows(rulesets) });
  await app.getByRole('tab', { name: 'Automations' }).click();
  const automations = app.getByRole('region', { name: 'Automations' });
  await expect(automations.locator('[data-column="name"]').first()).toBeVisible();
  await expectGrid(automations, { name: 'Automations', rows: await heldRows(automations) });

  await openAdministration(app, 'Scheduled tasks');
  const tasks = app.getByRole('region', { name: 'Scheduled tasks' });
  await expect(tasks.getByRole('button', { name: 'Edit Restart print spooler' })).toBeVisible();
  await expectGrid(tasks, { name: 'Scheduled tasks', rows: await heldRows(tasks) });
  await openAdministration(app, 'Billing products');
  const billing = app.getByRole('region', { name: 'Billing products' });
  await expectGrid(billing, { name: 'Billing products', rows: await heldRows(billing) });

  await app.getByRole('button', { name: 'Integrations', exact: true }).click();
  await app.getByRole('button', { name: 'Autotask settings' }).click();
  const accounts = app.getByRole('region', { name: 'Account Mapping' });
  await expect(accounts.locator('[data-column="organization"]').first()).toBeVisible();
  await expectGrid(accounts, { name: 'Account Mapping', rows: await heldRows(accounts) });
  await app.getByRole('button', { name: 'Integrations', exact: true }).click();
  await app.getByRole('button', { name: 'ConnectWise Manage settings' }).click();
  await app.getByRole('tab', { name: 'Companies' }).click();
  const companies = app.getByRole('region', { name: 'Company Mapping' });
  await expect(companies.getByRole('button', { name: /^Edit the mapping of / }).first()).toBeVisible();
  await expectGrid(companies, { name: 'Company Mapping', rows: await heldRows(companies) });
});
