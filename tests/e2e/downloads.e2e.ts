import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInToDemo, test } from './fixtures';

const MIB = 1024 * 1024;

async function openFolder(app: Page, names: string[]): Promise<void> {
  await app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
  await expect(app.locator('#backup-manage-plans')).toBeVisible();
  for (const name of names) await app.getByRole('button', { name, exact: true }).click();
}

function downloadRow(app: Page, fileName: string) {
  return app.locator(`[data-testid="download-row"][data-file-name="${fileName}"]`);
}

test('download a file revision through the UI: progress, pause, resume, and the file is there complete', async ({ app }) => {
  // Three axe runs with the device list behind the panel: on a loaded machine it takes longer than one test's default time.
  test.slow();
  const folder = mkdtempSync(join(tmpdir(), 'rmm-e2e-downloads-'));
  await signInToDemo(app, { remember: false });

  // A bandwidth limit holds the download running (48 MB at 64 KB/s would take 12 minutes) until the test lifts it.
  await app.getByTestId('downloads-button').click();
  const panel = app.locator('.downloads-drawer');
  await expect(panel.getByText('No downloads')).toBeVisible();
  await expectNoAxeViolations(app, 'empty downloads panel');
  await panel.getByLabel('Bandwidth limit (KB/s, 0 = none)').fill('64');
  await panel.getByLabel('Bandwidth limit (KB/s, 0 = none)').press('Enter');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();

  await openFolder(app, ['Server files', 'C:', 'Data', 'Media']);
  await expect(app.locator('#backup-manage-files')).toBeVisible();
  await app.getByRole('button', { name: 'Download vm-disk.vhdx' }).click();
  const dialog = app.getByRole('dialog', { name: 'Download File' });
  await expect(dialog).toBeVisible();
  // §2: the Download button appears only once a revision is chosen.
  await expect(dialog.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);
  await dialog.getByLabel('Revision').selectOption({ index: 1 });
  await expectNoAxeViolations(app, 'Download File dialog');
  await dialog.getByLabel('Download to folder').fill(folder);
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog).toBeHidden();

  await app.getByTestId('downloads-button').click();
  const row = downloadRow(app, 'vm-disk.vhdx');
  await expect(row.getByTestId('download-state')).toHaveText('Downloading');
  await expect(row.getByTestId('download-progress')).toContainText(/ of 4\d\.\d MB/);
  await expect(panel.getByTestId('downloads-overall')).toContainText('1 active');
  await expectNoAxeViolations(app, 'downloads panel with a running download');

  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row.getByTestId('download-state')).toHaveText('Paused');
  const pausedAt = await row.getByTestId('download-progress').textContent();
  expect(existsSync(join(folder, 'vm-disk.vhdx.part'))).toBe(true);
  expect(existsSync(join(folder, 'vm-disk.vhdx'))).toBe(false);
  await app.waitForTimeout(600);
  await expect(row.getByTestId('download-progress')).toHaveText(pausedAt ?? '');

  await panel.getByLabel('Bandwidth limit (KB/s, 0 = none)').fill('0');
  await panel.getByLabel('Bandwidth limit (KB/s, 0 = none)').press('Enter');
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row.getByTestId('download-state')).toHaveText('Completed', { timeout: 60_000 });
  await expect(row.getByTestId('download-progress')).toContainText('checksum verified');
  // The demo's vm-disk.vhdx is 48 MiB here (a revision a little less); 'checksum verified' means size and sha256 matched.
  const size = statSync(join(folder, 'vm-disk.vhdx')).size;
  expect(size).toBeGreaterThan(46 * MIB);
  expect(size).toBeLessThanOrEqual(48 * MIB);
  // The file and its receipt beside it: what was written (its sha256), where from, checked against the server's checksum.
  expect(readdirSync(folder).sort()).toEqual(['vm-disk.vhdx', 'vm-disk.vhdx.receipt.html', 'vm-disk.vhdx.receipt.json']);
  const sha256 = createHash('sha256').update(readFileSync(join(folder, 'vm-disk.vhdx'))).digest('hex');
  const receipt = JSON.parse(readFileSync(join(folder, 'vm-disk.vhdx.receipt.json'), 'utf8')) as { file: { sha256: string; sizeBytes: number }; verification: { method: string }; device: { name: string | null } };
  expect(receipt.file).toMatchObject({ sha256, sizeBytes: size });
  expect(receipt.verification.method).toBe('checksum');
  expect(receipt.device.name).toBe('File Server (NT-SRV-001)');
  // Copy receipt puts the short text on the clipboard.
  await app.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: 'Copy receipt' }).click();
  await expect(app.locator('.bp6-toast').getByText('Receipt copied')).toBeVisible();
  const copied = await app.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
  expect(copied).toContain(sha256);
  expect(copied).toMatch(/^Download receipt\n/);
  // Browser mode says where the file is instead of opening it.
  await row.getByRole('button', { name: 'Show in folder' }).click();
  await expect(app.locator('.bp6-toast').getByText(`Saved at ${join(folder, 'vm-disk.vhdx')}`)).toBeVisible();
});

test('download a folder as a zip for a backup date; asked about an existing file, keep both', async ({ app }) => {
  const folder = mkdtempSync(join(tmpdir(), 'rmm-e2e-downloads-'));
  await signInToDemo(app, { remember: false });
  await openFolder(app, ['Server files', 'C:']);
  await expect(app.locator('#backup-manage-folders')).toBeVisible();

  for (const round of [1, 2]) {
    await app.getByRole('button', { name: 'Download Users' }).click();
    const dialog = app.getByRole('dialog', { name: 'Download Folder' });
    await expect(dialog.getByText('C:\\Users')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);
    if (round === 1) {
      await dialog.getByLabel('Date').selectOption({ index: 1 });
    } else {
      // §2's date picker beside the list: only backup dates can be picked; a day picks its newest backup.
      const calendar = dialog.getByTestId('backup-date-calendar');
      await expect(calendar.locator('button.rdp-day[disabled]').first()).toBeVisible();
      await expectNoAxeViolations(app, 'Download Folder dialog with the date picker');
      const newestDay = calendar.locator('button.rdp-day:not([disabled]):not(.rdp-day_outside)').last();
      const day = (await newestDay.textContent())!.trim();
      await newestDay.click();
      await expect(dialog.getByLabel('Date')).not.toHaveValue('');
      const chosen = await dialog.getByLabel('Date').locator('option:checked').textContent();
      expect(chosen).toMatch(new RegExp(`\\b0?${day},`));
    }
    await dialog.getByText('Include Latest Revision of Deleted Files').click();
    await dialog.getByLabel('Download to folder').fill(folder);
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    if (round === 2) {
      const question = app.getByRole('dialog', { name: 'File already exists' });
      await expect(question.getByText('Users.zip')).toBeVisible();
      await expectNoAxeViolations(app, 'File already exists question');
      await question.getByRole('button', { name: 'Keep both' }).click();
    }
    await expect(dialog).toBeHidden();
    await app.getByTestId('downloads-button').click();
    const name = round === 1 ? 'Users.zip' : 'Users (1).zip';
    await expect(downloadRow(app, name).getByTestId('download-state')).toHaveText('Completed', { timeout: 30_000 });
    // Closed by its button: under load, focus may not be in the panel yet when a key is pressed.
    const panel = app.getByRole('dialog', { name: 'Downloads' });
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
  }
  for (const zip of ['Users.zip', 'Users (1).zip']) {
    const check = spawnSync('unzip', ['-t', join(folder, zip)], { encoding: 'utf8' });
    expect(check.status).toBe(0);
    expect(check.stdout).toContain('No errors detected');
    expect(check.stdout).toMatch(/meeting notes\.txt/);
    // A zip's receipt lists its entries.
    const zipReceipt = JSON.parse(readFileSync(join(folder, `${zip}.receipt.json`), 'utf8')) as { zip: { readable: boolean; entries: Array<{ name: string }> } };
    expect(zipReceipt.zip.readable).toBe(true);
    expect(zipReceipt.zip.entries.map((entry) => entry.name).some((name) => name.endsWith('meeting notes.txt'))).toBe(true);
  }
});

test('a file with nothing in the cloud says browser download is not available', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openFolder(app, ['Server files', 'C:', 'Data']);
  await expect(app.locator('#backup-manage-files')).toBeVisible();
  await app.getByRole('button', { name: 'Download lost.docx' }).click();
  const dialog = app.getByRole('dialog', { name: 'Download File' });
  await expect(dialog.getByText('Browser download is not available for the selected file(s). To recover the file(s), please use the restore option.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);
});

test("an image download that fails says 'Error while downloading image.'", async ({ app }) => {
  const folder = mkdtempSync(join(tmpdir(), 'rmm-e2e-downloads-'));
  await signInToDemo(app, { remember: false });
  await openFolder(app, ['System image', 'C:']);
  await app.locator('#backup-manage-revisions .row-open').first().click();
  await app.getByRole('dialog', { name: 'Mount Image' }).getByRole('button', { name: 'Mount' }).click();
  await expect(app.locator('#backup-manage-mounted-folders')).toBeVisible();
  // The demo's image folder /Corrupt answers 500.
  await app.getByRole('button', { name: 'Download Corrupt' }).click();
  const dialog = app.getByRole('dialog', { name: 'Download Folder' });
  await dialog.getByLabel('Download to folder').fill(folder);
  await expectNoAxeViolations(app, 'image Download Folder dialog');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await app.getByTestId('downloads-button').click();
  await expect(downloadRow(app, 'Corrupt.zip')).toContainText('Error while downloading image.');
  await expectNoAxeViolations(app, 'downloads panel with a failed image download');
  await expect(downloadRow(app, 'Corrupt.zip')).not.toContainText('(500)');
});
