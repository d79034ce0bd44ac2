import type { Locator, Page } from '@playwright/test';
import type { RestoreJobSpec } from '../../src/shared/model/restore';
import { DEMO_ADMIN_KEY } from '../helpers/processes';
import { expect, expectNoAxeViolations, openShowcaseDevice, rowCells, signInToDemo, test, walk, withOwnDemo } from './fixtures';

/** The restore dialog's target devices, by name (a DataTable: Blueprint's table has no rows to click). */
function targetNames(dialog: Locator): Locator {
  return dialog.locator('.device-picker-table .bp6-table-quadrant-main [data-column="name"]');
}

/** The restore job specifications the demo received, oldest first (its /__demo/state). */
async function receivedSpecs(demoUrl: string): Promise<RestoreJobSpec[]> {
  const res = await fetch(`${demoUrl}/__demo/state`, { headers: { 'x-demo-admin': DEMO_ADMIN_KEY } });
  return ((await res.json()) as { restoreSpecs: RestoreJobSpec[] }).restoreSpecs;
}

/** Other Location, on the File Server, into a new folder of C: named `name`. */
async function restoreIntoNewFolder(app: Page, dialog: ReturnType<Page['getByRole']>, name: string): Promise<void> {
  await dialog.getByText('Other Location').click();
  await targetNames(dialog).filter({ hasText: 'File Server' }).click();
  await dialog.getByTestId('folder-tree').getByText('C:', { exact: true }).click();
  await dialog.getByRole('button', { name: 'New Folder' }).click();
  const newFolder = app.getByRole('dialog', { name: 'New Folder' });
  await newFolder.getByLabel('Folder name').fill(name);
  await newFolder.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByTestId('restore-destination')).toContainText(name);
}

async function openShares(app: Page): Promise<void> {
  await openShowcaseDevice(app);
  await walk(app, [
    ['Server files', 'volumes'],
    ['D:', 'folders'],
    ['Shares', 'files'],
  ]);
}

/** Opens the Restore Folder dialog for D:\Shares\Marketing and picks its newest date. */
async function restoreMarketing(app: Page) {
  await openShares(app);
  await app.getByRole('button', { name: 'Restore Marketing' }).click();
  const dialog = app.getByRole('dialog', { name: 'Restore Folder' });
  await expect(dialog.getByText('D:\\Shares\\Marketing')).toBeVisible();
  await expect(dialog.getByTestId('large-restore-advice')).toContainText('More Information');
  // §4: no date chosen yet, so Restore is disabled.
  await expect(dialog.getByRole('button', { name: 'Restore', exact: true })).toBeDisabled();
  await dialog.getByLabel('Date').selectOption({ index: 1 });
  return dialog;
}

test('restore a folder to another device into a new folder and watch the job complete', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const dialog = await restoreMarketing(app);
  // Original Location is offered for the File Server (online, MANUAL) and is the default: Restore To is hidden.
  await expect(dialog.getByLabel('Original Location')).toBeChecked();
  await expect(dialog.getByTestId('restore-to')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Restore', exact: true })).toBeEnabled();

  await dialog.getByText('Other Location').click();
  await expect(dialog.getByTestId('restore-to')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Restore', exact: true })).toBeDisabled();
  const target = targetNames(dialog).filter({ hasNotText: 'File Server' }).first();
  const targetName = (await target.textContent()) ?? '';
  await target.click();
  const tree = dialog.getByTestId('folder-tree');
  await expect(tree.locator('.bp6-tree-node').first()).toBeVisible();
  // §9: the folder tree's default height is 500.
  await expect(tree).toHaveCSS('height', '500px');
  await tree.locator('.bp6-tree-node-content').first().click();
  await expect(dialog.getByTestId('restore-destination')).not.toHaveText('none chosen');
  await expectNoAxeViolations(app, 'Restore Folder dialog with the device picker and folder tree');

  await dialog.getByRole('button', { name: 'New Folder' }).click();
  const newFolder = app.getByRole('dialog', { name: 'New Folder' });
  await newFolder.getByRole('button', { name: 'Create' }).click();
  await expect(newFolder.getByText('Required')).toBeVisible();
  await expectNoAxeViolations(app, 'New Folder dialog with an error');
  await newFolder.getByLabel('Folder name').fill('bad:name');
  await newFolder.getByRole('button', { name: 'Create' }).click();
  await expect(newFolder.getByText('Invalid')).toBeVisible();
  await newFolder.getByLabel('Folder name').fill('Restored by e2e');
  await newFolder.getByRole('button', { name: 'Create' }).click();
  await expect(newFolder).toBeHidden();
  await expect(dialog.getByTestId('restore-destination')).toContainText('Restored by e2e');

  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(app.locator('.bp6-toast').getByText('Restore job created successfully')).toBeVisible();
  const progress = app.getByRole('dialog', { name: 'Restore progress' });
  await expect(progress.getByText('D:\\Shares\\Marketing')).toBeVisible();
  await expect(progress.getByTestId('job-target')).toContainText('Restored by e2e');
  // The target device as well as the path.
  await expect(progress.getByTestId('job-target-device')).toHaveText(targetName);
  await expect(progress.getByTestId('job-status')).toHaveText('Preparing');
  await expectNoAxeViolations(app, 'Restore progress dialog');
  await expect(progress.getByTestId('job-status')).toHaveText(/^Completed/, { timeout: 30_000 });
  await expect(progress.getByTestId('job-progress')).toContainText('100%');
  await progress.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
  expect(targetName).not.toBe('');

  // The device's activity lists the job next to its downloads.
  await app.getByRole('tab', { name: 'Activity' }).click();
  const newest = await rowCells(app.getByRole('region', { name: 'Restore jobs table' }), 0);
  await expect(newest.filter({ hasText: 'Marketing' })).toHaveCount(1);
  await expect(newest.getByTestId('job-target-device')).toHaveText(targetName);
  await expectNoAxeViolations(app, 'Activity');
});

test('cancel a running restore job, then clear it', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const dialog = await restoreMarketing(app);
  await dialog.getByText('Other Location').click();
  await targetNames(dialog).filter({ hasText: 'File Server' }).click();
  const tree = dialog.getByTestId('folder-tree');
  await tree.getByText('C:', { exact: true }).click();
  await dialog.getByRole('button', { name: 'New Folder' }).click();
  const newFolder = app.getByRole('dialog', { name: 'New Folder' });
  // HOLD-JOB keeps the demo's job preparing until it is canceled, however slow the machine.
  await newFolder.getByLabel('Folder name').fill('HOLD-JOB restore');
  await newFolder.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByTestId('restore-destination')).toContainText('HOLD-JOB restore');
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();

  const progress = app.getByRole('dialog', { name: 'Restore progress' });
  await progress.getByRole('button', { name: 'Cancel Job' }).click();
  const confirm = app.getByRole('alertdialog');
  await expect(confirm).toContainText('Cancel the restore');
  await expectNoAxeViolations(app, 'Cancel Job confirmation');
  await confirm.getByRole('button', { name: 'Cancel Job' }).click();
  await expect(progress.getByTestId('job-status')).toHaveText('Canceled');
  // Canceled while still counting: no progress line at all, never a dangling '0% ·'.
  await expect(progress.getByTestId('job-progress')).toHaveCount(0);
  await expect(progress).not.toContainText('0% ·');
  await progress.getByRole('button', { name: 'Clear restore' }).click();
  await app.getByRole('alertdialog').getByRole('button', { name: 'Clear restore' }).click();
  await expect(app.locator('.bp6-toast').getByText('Restore cleared')).toBeVisible();
  await progress.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
  await app.getByRole('tab', { name: 'Activity' }).click();
  await expect(app.getByTestId('activity-view')).toBeVisible();
  await expect(app.getByTestId('activity-view').getByText(/HOLD-JOB/)).toHaveCount(0);
});

test('mount an image revision and restore a folder from it (EXTRACT)', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
  await app.getByRole('button', { name: 'System image', exact: true }).click();
  await app.getByRole('button', { name: 'C:', exact: true }).click();
  await expect(app.locator('#backup-manage-revisions')).toBeVisible();
  await app.locator('#backup-manage-revisions .row-open').first().click();
  const mount = app.getByRole('dialog', { name: 'Mount Image' });
  await mount.getByRole('button', { name: 'Mount' }).click();
  await expect(app.locator('#backup-manage-mounted-folders')).toBeVisible();
  await app.getByRole('button', { name: 'Users', exact: true }).click();
  await expect(app.locator('#backup-manage-mounted-files')).toBeVisible();
  await app.getByRole('button', { name: 'Restore Public' }).click();
  const dialog = app.getByRole('dialog', { name: 'Restore Folder' });
  await expect(dialog.getByText('/Users/Public')).toBeVisible();
  await expect(dialog.getByText('Revision', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Restore', exact: true })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(app.locator('.bp6-toast').getByText('Restore job created successfully')).toBeVisible();
  await expect(app.getByRole('dialog', { name: 'Restore progress' }).getByText('/Users/Public')).toBeVisible();
});

test('delete a file with the second factor and see it gone', async ({ page }) => {
  // Deleting changes the demo's data: this test owns its server.
  await withOwnDemo(page, ['--big-folder-items', '1000'], async (demo) => {
    await openShares(page);
    await expect(page.getByRole('button', { name: 'shared-calendar.ics', exact: true })).toBeVisible();
    // Blueprint draws its own box over the hidden input: click the box, as a technician would.
    await page.getByLabel('Select shared-calendar.ics').locator('xpath=..').click();
    await expect(page.getByLabel('Select shared-calendar.ics')).toBeChecked();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm delete data' });
    await expect(dialog.getByRole('table', { name: 'Data to delete' })).toContainText('D:\\Shares\\shared-calendar.ics');
    await expect(dialog).toContainText('within 72 hours');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog.getByText('Second factor required')).toBeVisible();
    await expectNoAxeViolations(page, 'Confirm delete data with the second factor');
    await dialog.getByPlaceholder('123456').fill('000000');
    await dialog.getByRole('button', { name: 'Confirm with code' }).click();
    await expect(dialog.getByText('The code is not valid.')).toBeVisible();
    await expect(page.locator('.bp6-toast').getByText('Error deleting plan files')).toHaveCount(0);

    // A later real failure says so, and the stale 'not valid' goes. First a 500...
    await demo.configure({ faults: { errorRate: 1, errorPathPattern: '/delete-revisions' } });
    await dialog.getByPlaceholder('123456').fill('123456');
    await dialog.getByRole('button', { name: 'Confirm with code' }).click();
    const failed = page.locator('.bp6-toast').getByText('Error deleting plan files');
    await expect(failed).toBeVisible();
    await expect(dialog.getByText('The code is not valid.')).toHaveCount(0);
    await page.locator('.bp6-toast').getByRole('button', { name: /close/i }).first().click();
    await expect(failed).toHaveCount(0);
    // ...then a wrong code once more, and a 403 (the permission withdrawn meanwhile) clears it too.
    await demo.configure({ faults: { errorRate: 0, errorPathPattern: null } });
    await dialog.getByPlaceholder('123456').fill('000000');
    await dialog.getByRole('button', { name: 'Confirm with code' }).click();
    await expect(dialog.getByText('The code is not valid.')).toBeVisible();
    await demo.configure({ permissions: { tech: { canViewAndRestoreBackupData: false } } });
    await dialog.getByPlaceholder('123456').fill('123456');
    await dialog.getByRole('button', { name: 'Confirm with code' }).click();
    await expect(failed).toBeVisible();
    await expect(dialog.getByText('The code is not valid.')).toHaveCount(0);
    await demo.configure({ permissions: { tech: { canViewAndRestoreBackupData: true } } });

    await dialog.getByRole('button', { name: 'Confirm with code' }).click();
    await expect(page.locator('.bp6-toast').getByText('Data deletion scheduled successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'shared-calendar.ics', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Marketing', exact: true })).toBeVisible();
  });
});

test('a text file previews with a Download button', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
  for (const name of ['Server files', 'C:', 'Data']) await app.getByRole('button', { name, exact: true }).click();
  await app.getByRole('button', { name: 'Preview Accounting notes.txt' }).click();
  const dialog = app.getByRole('dialog', { name: 'Accounting notes.txt' });
  await expect(dialog.getByTestId('file-preview').locator('pre')).not.toBeEmpty();
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(app.getByRole('dialog', { name: 'Download File' })).toBeVisible();
});

test("the target's folder tree loads lazily, a page of 1000 at a time with 'Load More'", async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const dialog = await restoreMarketing(app);
  await dialog.getByText('Other Location').click();
  await targetNames(dialog).filter({ hasText: 'File Server' }).click();
  const tree = dialog.getByTestId('folder-tree');
  const node = (label: string) => tree.locator('.bp6-tree-node-content').filter({ has: app.getByText(label, { exact: true }) });
  await node('C:').locator('.bp6-tree-node-caret').click();
  await node('Data').locator('.bp6-tree-node-caret').click();
  await node('Exports').locator('.bp6-tree-node-caret').click();
  const loadMore = tree.getByText('Load More', { exact: true });
  await expect(loadMore).toHaveCount(1);
  await loadMore.click();
  await expect(tree.getByText('Load More', { exact: true })).toHaveCount(1);
  await tree.getByText('Load More', { exact: true }).click();
  // 2500 children: pages of 1000, 1000 and 500, then no more.
  await expect(tree.getByText('Load More', { exact: true })).toHaveCount(0);
  await node('Locked').locator('.bp6-tree-node-caret').click();
  await expect(tree.getByText('Directory listing unavailable.')).toBeVisible();
});

test('Restore To lists the eligible devices on its first page, though the first 50 devices are not', async ({ page }) => {
  // Organizations in blocks: the last organization's devices come after the first 50 online, backup-enabled ones.
  await withOwnDemo(page, ['--big-folder-items', '1000', '--organization-layout', 'blocks'], async () => {
    await page.getByLabel('Search devices').fill('WT-SRV-113');
    await page.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'WT-SRV-113' }).click();
    await page.getByRole('button', { name: 'Daily files', exact: true }).click();
    await page.locator('#backup-manage-volumes .row-open').first().click();
    await page.locator('#backup-manage-folders').getByRole('button', { name: /^Restore / }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Restore Folder' });
    await dialog.getByLabel('Date').selectOption({ index: 1 });
    await dialog.getByText('Other Location').click();
    const organizations = dialog.locator('.device-picker-table .bp6-table-quadrant-main [data-column="organization"]');
    await expect(organizations.first()).toBeVisible();
    expect(await organizations.count()).toBeGreaterThan(1);
    // Every target is of the source's organization (its client settings' devices).
    await expect(organizations.filter({ hasNotText: 'Wingtip Toys' })).toHaveCount(0);
    await expect(dialog.getByText('No online devices available')).toHaveCount(0);
  });
});

test('restoring several selected revisions restores those revisions, with the If File Exists chosen', async ({ app, demo }) => {
  await signInToDemo(app, { remember: false });
  await openShares(app);
  for (const name of ['Marketing', 'Brochure 2026.pdf']) await app.getByRole('button', { name, exact: true }).click();
  const table = app.locator('#backup-manage-revisions');
  await expect(table).toBeVisible();
  const boxes = table.getByRole('checkbox', { name: /^Select (?!all)/ });
  for (const n of [0, 1]) await boxes.nth(n).locator('xpath=..').click();
  await app.getByRole('button', { name: 'Restore', exact: true }).click();

  const dialog = app.getByRole('dialog', { name: 'Restore File' });
  await expect(dialog.getByTestId('restore-revisions').locator('li')).toHaveCount(2);
  // The revisions are chosen already: no date to pick, and Restore is possible at once.
  await expect(dialog.getByLabel('Date')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Restore', exact: true })).toBeEnabled();
  await expectNoAxeViolations(app, 'Restore File dialog for several revisions');
  await dialog.getByLabel('If File Exists').selectOption('OVERWRITE');
  const before = (await receivedSpecs(demo.url)).length;
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(app.locator('.bp6-toast').getByText('Restore job created successfully')).toBeVisible();

  const specs = (await receivedSpecs(demo.url)).slice(before);
  expect(specs).toHaveLength(2);
  expect(specs.every((s) => s.sourcePath === 'D:\\Shares\\Marketing\\Brochure 2026.pdf' && !s.backupJobId && s.collisionHandling === 'OVERWRITE')).toBe(true);
  expect(new Set(specs.map((s) => s.revisionId)).size).toBe(2);

  // One file restored: '1 item', never '1 items'.
  const progress = app.getByRole('dialog', { name: 'Restore progress' });
  await expect(progress.getByTestId('job-progress')).toContainText(' of 1 item', { timeout: 30_000 });
  await expect(progress.getByTestId('job-progress')).not.toContainText('items');
});

test('a folder restore sends the options chosen; a failed job says why', async ({ app, demo }) => {
  await signInToDemo(app, { remember: false });
  const dialog = await restoreMarketing(app);
  await dialog.getByText('Include Latest Revision of Deleted Files').click();
  await dialog.getByLabel('If File Exists').selectOption('SKIP');
  await dialog.getByText('Restore NTFS Permissions').click();
  // FAIL-JOB makes the demo's job fail part way.
  await restoreIntoNewFolder(app, dialog, 'FAIL-JOB e2e');
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(app.locator('.bp6-toast').getByText('Restore job created successfully')).toBeVisible();

  const spec = (await receivedSpecs(demo.url)).at(-1)!;
  expect(spec).toMatchObject({ sourcePath: 'D:\\Shares\\Marketing', collisionHandling: 'SKIP', restoreDeletedFiles: true, restorePermissions: true, originalLocation: false });
  expect(spec.backupJobId).toBeTruthy();

  const progress = app.getByRole('dialog', { name: 'Restore progress' });
  await expect(progress.getByTestId('job-target-device')).toHaveText('File Server (NT-SRV-001)');
  await expect(progress.getByTestId('job-status')).toHaveText('Failed', { timeout: 30_000 });
  await expect(progress.getByTestId('job-failure')).toContainText('Access to the destination folder was denied.');
});

test("'Restore NTFS Permissions' goes by the item's backupPermissions: none for a Mac's items", async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'Design iMac (FL-MAC-003)' }).click();
  for (const name of ['Design projects', 'Macintosh HD', 'Projects']) await app.getByRole('button', { name, exact: true }).click();
  await app.getByRole('button', { name: 'Restore Brand refresh' }).click();
  const dialog = app.getByRole('dialog', { name: 'Restore Folder' });
  await expect(dialog.getByText('/Users/design/Projects/Brand refresh')).toBeVisible();
  // The plan backs up permissions, but APFS items carry none.
  await expect(dialog.getByText('Restore NTFS Permissions')).toHaveCount(0);
  // Closed by its button: an Escape pressed before the dialog has taken focus (a loaded CI machine) reaches the table instead.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A revision restores with its file's backupPermissions too, not the plan's.
  await app.getByRole('button', { name: 'brief.pages', exact: true }).click();
  const revisions = app.locator('#backup-manage-revisions');
  await expect(revisions).toBeVisible();
  await revisions.getByRole('checkbox', { name: /^Select (?!all)/ }).first().locator('xpath=..').click();
  await app.getByRole('button', { name: 'Restore', exact: true }).click();
  const fileDialog = app.getByRole('dialog', { name: 'Restore File' });
  await expect(fileDialog.getByText('/Users/design/Projects/brief.pages')).toBeVisible();
  await expect(fileDialog.getByText('Restore NTFS Permissions')).toHaveCount(0);
});
