/**
 * Issue 11 point 9: tables use the window's width (the columns stretch to the
 * table's right edge) and a column width the technician drags is remembered
 * per table, across a reload.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openShowcaseDevice, signInToDemo, test, walk } from './fixtures';

async function openDataFolder(app: Page): Promise<void> {
  await openShowcaseDevice(app);
  await walk(app, [
    ['Server files', 'volumes'],
    ['C:', 'folders'],
    ['Data', 'files'],
  ]);
}

function header(app: Page, name: string) {
  return app.locator('#backup-manage-files .bp6-table-quadrant-top .bp6-table-column-headers .bp6-table-header').filter({ hasText: new RegExp(`^${name}$`) });
}

async function width(app: Page, name: string): Promise<number> {
  const box = await header(app, name).boundingBox();
  return Math.round(box?.width ?? 0);
}

test('at 1600 px the backup browser columns end at the right edge; a dragged width survives a reload', async ({ app }) => {
  await app.setViewportSize({ width: 1600, height: 900 });
  await signInToDemo(app, { remember: false });
  await openDataFolder(app);

  const table = await app.locator('#backup-manage-files').boundingBox();
  const last = await app.locator('#backup-manage-files .bp6-table-quadrant-top .bp6-table-column-headers .bp6-table-header').last().boundingBox();
  expect(table && last).toBeTruthy();
  // The last column ends at the table's edge (less at most a vertical scrollbar), not 500 px short of it.
  expect(table!.x + table!.width - (last!.x + last!.width)).toBeLessThanOrEqual(20);
  expect(table!.x + table!.width - (last!.x + last!.width)).toBeGreaterThanOrEqual(0);

  // Drag the Name column's right edge 150 px to the left.
  const before = await width(app, 'Name');
  const nameHeader = header(app, 'Name');
  await nameHeader.hover();
  const handle = nameHeader.locator('.bp6-table-resize-handle-target');
  const grip = await handle.boundingBox();
  expect(grip).toBeTruthy();
  await app.mouse.move(grip!.x + grip!.width / 2, grip!.y + grip!.height / 2);
  await app.mouse.down();
  await app.mouse.move(grip!.x + grip!.width / 2 - 75, grip!.y + grip!.height / 2, { steps: 5 });
  await app.mouse.move(grip!.x + grip!.width / 2 - 150, grip!.y + grip!.height / 2, { steps: 5 });
  await app.mouse.up();
  await expect.poll(() => width(app, 'Name')).toBeLessThan(before - 100);
  const dragged = await width(app, 'Name');
  // The others took up the room: the table still ends at its edge.
  const lastHeader = app.locator('#backup-manage-files .bp6-table-quadrant-top .bp6-table-column-headers .bp6-table-header').last();
  await expect
    .poll(async () => {
      const box = await lastHeader.boundingBox();
      return table!.x + table!.width - (box!.x + box!.width);
    })
    .toBeLessThanOrEqual(20);

  await app.reload();
  await expect(app.getByTestId('profile-button')).toBeVisible();
  await app.getByRole('button', { name: 'Devices' }).click();
  await openDataFolder(app);
  await expect.poll(() => width(app, 'Name')).toBe(dragged);
  // Remembered per table: the folders level keeps its own widths.
  await app.locator('.browser-breadcrumbs').getByText('C:', { exact: true }).click();
  await expect(app.locator('#backup-manage-folders')).toBeVisible();
  const folderName = await app.locator('#backup-manage-folders .bp6-table-quadrant-top .bp6-table-column-headers .bp6-table-header').filter({ hasText: /^Name$/ }).boundingBox();
  expect(Math.round(folderName!.width)).not.toBe(dragged);
  await expectNoAxeViolations(app, 'backup browser folders with remembered column widths');
});

test('the device list fills the width; a column widened from the keyboard keeps its width after a reload', async ({ app }) => {
  await app.setViewportSize({ width: 1600, height: 900 });
  await signInToDemo(app, { remember: false });
  const table = app.getByRole('table', { name: 'Device list' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  const before = Math.round((await nameHeader.boundingBox())!.width);

  // The resize handle is a separator: arrows widen the column by 10 px a press.
  const handle = table.getByRole('separator', { name: 'Resize column Name' });
  await handle.focus();
  for (let i = 0; i < 5; i++) await handle.press('ArrowRight');
  await expect.poll(async () => Math.round((await nameHeader.boundingBox())!.width)).toBe(before + 50);
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 50));
  await expectNoAxeViolations(app, 'device list with a focused column resize handle');
  // The other columns gave way: the table still ends at the list's right edge.
  const wrapper = (await app.locator('.device-list .resizable-table').boundingBox())!;
  const lastHeader = (await table.getByRole('columnheader', { name: 'Backup' }).boundingBox())!;
  expect(Math.abs(wrapper.x + wrapper.width - (lastHeader.x + lastHeader.width))).toBeLessThanOrEqual(2);

  await app.reload();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect.poll(async () => Math.round((await nameHeader.boundingBox())!.width)).toBe(before + 50);
});
