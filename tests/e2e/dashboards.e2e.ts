/**
 * The dashboards in Chromium: the technician's morning check, from the
 * system dashboard's Failed backups tile to the devices behind it (sorted by
 * status) and, in one click, a failed device's backup browser; the sort a
 * technician picks and the collapsed sidebar are both kept after a reload.
 */
import { expect, expectNoAxeViolations, rowCells, signInToDemo, test } from './fixtures';

test('the backup dashboard lists the failed backups; one click opens a device\'s backup browser; the sidebar and the sort are kept locally', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await app.getByRole('button', { name: 'Got it' }).click({ timeout: 3_000 }).catch(() => {});
  await app.getByRole('banner').getByRole('button', { name: 'Dashboard' }).click();
  await expect(app.getByRole('heading', { name: 'System dashboard', level: 1 })).toBeVisible();
  await expectNoAxeViolations(app, 'system dashboard');

  // The Failed tile names its count, and opens the devices behind it.
  const failedTile = app.getByRole('button', { name: /^\d+ Failed backups$/ });
  const failed = Number(await failedTile.locator('.dashboard-tile-count').innerText());
  expect(failed).toBeGreaterThan(0);
  await failedTile.click();
  await expect(app).toHaveURL(/#\/systemDashboard\/backup\/failed$/);
  const grid = app.getByRole('grid', { name: 'Failed backups' });
  await expect(grid).toHaveAttribute('aria-rowcount', String(failed + 1));
  await expectNoAxeViolations(app, 'backup status, failed');

  // Every row is a failed backup; its device's backup browser is one click away.
  const first = app.getByRole('link', { name: /^Open backups of / }).first();
  const device = ((await first.getAttribute('aria-label')) ?? '').replace('Open backups of ', '');
  await first.click();
  await expect(app).toHaveURL(/#\/deviceDashboard\/\d+\/backup$/);
  await expect(app.getByRole('heading', { name: device, level: 1 })).toBeVisible();

  // All backups are sorted by status by default (failed first); a sort by device name is kept after a reload.
  await app.goBack();
  await app.getByRole('group', { name: 'Backup statuses' }).getByRole('button', { name: /^All/ }).click();
  const all = app.getByRole('grid', { name: 'All backups' });
  await expect(await rowCells(app.locator('main'), 0)).toContainText(['Failed']);
  await expect(all).toBeVisible();
  const deviceHeader = app.locator('main').getByRole('columnheader', { name: 'Device', exact: true });
  await deviceHeader.getByRole('button', { name: 'Device', exact: true }).click();
  await expect(deviceHeader).toHaveAttribute('aria-sort', 'ascending');

  // The sidebar collapsed, and still collapsed after a reload.
  const toggle = app.getByRole('button', { name: 'Collapse sidebar' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(app.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  await app.reload();
  await expect(app.getByRole('grid', { name: 'All backups' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  await expect(deviceHeader).toHaveAttribute('aria-sort', 'ascending');
  // Collapsed, its entries keep their names.
  await expect(app.getByRole('navigation', { name: 'Dashboard' }).getByRole('menuitem', { name: 'Approvals' })).toBeVisible();
  await expectNoAxeViolations(app, 'backup status, sidebar collapsed');
});
