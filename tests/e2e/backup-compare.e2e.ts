/**
 * Comparing a folder between two backup dates in Chromium against the shared
 * demo: the File Server's C:\Users between two nights (files changed), then
 * from an older night (whole folders added); the kinds filter the grid, which
 * is a grid to assistive technology; a row downloads from the date it
 * exists at through Download Folder with that date chosen, and the zip holds
 * the folder of that night.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectGrid, expectNoAxeViolations, signInToDemo, test } from './fixtures';

async function pickDate(dialog: Locator, label: string, day: string): Promise<string> {
  const select = dialog.getByLabel(label);
  const option = select.locator('option', { hasText: day }).first();
  await expect(option).toBeAttached();
  const value = (await option.getAttribute('value'))!;
  await select.selectOption(value);
  return (await option.textContent())!.trim();
}

async function openUsers(app: Page): Promise<Locator> {
  await app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
  await expect(app.locator('#backup-manage-plans')).toBeVisible();
  await app.getByRole('button', { name: 'Server files', exact: true }).click();
  await app.getByRole('button', { name: 'C:', exact: true }).click();
  await expect(app.locator('#backup-manage-folders')).toBeVisible();
  await app.getByRole('button', { name: 'Compare backup dates… Users' }).click();
  return app.getByRole('dialog', { name: 'Compare backup dates' });
}

test('compare a folder between two backup dates: changed files, folders added, the filters, a download from a date', async ({ app }) => {
  const folder = mkdtempSync(join(tmpdir(), 'rmm-e2e-compare-'));
  await signInToDemo(app, { remember: false });
  const dialog = await openUsers(app);
  await expect(dialog.getByText('C:\\Users')).toBeVisible();
  // It starts at the newest backup against the one before it.
  await expect(dialog.getByLabel('To date').locator('option:checked')).toHaveText(/^Nov 16, 2026/);
  await expect(dialog.getByLabel('From date').locator('option:checked')).toHaveText(/^Nov 15, 2026/);

  // Two nights apart: the files that changed, and nothing else.
  await pickDate(dialog, 'From date', 'Nov 11, 2026');
  const to = await pickDate(dialog, 'To date', 'Nov 16, 2026');
  await dialog.getByRole('button', { name: 'Compare' }).click();
  await expect(dialog.getByText(/^Compared .*: 11 changes\.$/)).toBeVisible();
  await expectGrid(dialog, { name: 'Changes between the two backup dates', rows: 11 });
  await expect(dialog.getByTestId('compare-limits')).toContainText('8 levels deep');
  await expect(dialog.getByRole('checkbox', { name: /^Changed: 11 items/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^Added: 0 items/ })).toBeVisible();

  // From a month before: alex and robin were not backed up yet, whole folders added.
  await pickDate(dialog, 'From date', 'Oct 17, 2026');
  await dialog.getByRole('button', { name: 'Compare' }).click();
  await expect(dialog.getByRole('checkbox', { name: /^Added: 2 items/ })).toBeVisible();
  // Only the added ones.
  await dialog.getByText(/^Changed: /).click();
  await expect(dialog.getByRole('checkbox', { name: /^Changed: / })).not.toBeChecked();
  await expectGrid(dialog, { name: 'Changes between the two backup dates', rows: 2 });
  await expectNoAxeViolations(app, 'compare backup dates');

  // alex exists only at the later date: downloading from the earlier one is refused with the reason; from the later one
  // opens Download Folder with that date chosen.
  await dialog.getByRole('button', { name: 'Actions for alex' }).click();
  const menu = app.getByRole('menu', { name: 'Actions for alex' });
  await expect(menu.getByRole('menuitem', { name: /^Download from Oct 17, 2026/ })).toBeDisabled();
  await menu.getByRole('menuitem', { name: `Download from ${to}` }).click();
  const download = app.getByRole('dialog', { name: 'Download Folder' });
  await expect(download.getByLabel('Date').locator('option:checked')).toHaveText(to);
  await download.getByLabel('Download to folder').fill(folder);
  await download.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(download).toBeHidden();
  await expect.poll(() => existsSync(join(folder, 'alex.zip')), { timeout: 30_000 }).toBe(true);
  const check = spawnSync('unzip', ['-t', join(folder, 'alex.zip')], { encoding: 'utf8' });
  expect(check.status).toBe(0);
});
