/**
 * Tables use the window's width (the columns stretch to the
 * table's right edge) and a column width the technician drags is remembered
 * per table, across a reload.
 */
import type { Page } from '@playwright/test';
import { activeRow, expect, expectNoAxeViolations, openShowcaseDevice, signInToDemo, test, walk } from './fixtures';

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

  const lastHeader = app.locator('#backup-manage-files .bp6-table-quadrant-top .bp6-table-column-headers .bp6-table-header').last();
  await expect(lastHeader).toBeVisible();
  // The last column ends at the table's edge (less at most a vertical scrollbar), not 500 px short of it; the widths
  // settle once the table has measured its room.
  const gap = async (): Promise<number | null> => {
    const table = await app.locator('#backup-manage-files').boundingBox();
    const last = await lastHeader.boundingBox();
    return table && last ? table.x + table.width - (last.x + last.width) : null;
  };
  await expect.poll(async () => { const g = await gap(); return g !== null && g >= 0 && g <= 20; }, { message: 'the last column ends at the right edge' }).toBe(true);

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
  await expect.poll(async () => (await gap()) ?? Infinity).toBeLessThanOrEqual(20);

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
  const table = app.getByRole('region', { name: 'Device list' });
  await expect(table).toHaveAttribute('data-rows', '50');
  const headers = table.locator('.bp6-table-quadrant-top .bp6-table-column-headers .bp6-table-header');
  const nameHeader = headers.filter({ hasText: /^Name$/ });
  const before = Math.round((await nameHeader.boundingBox())!.width);

  // The resize handle is a separator: arrows widen the column by 10 px a press.
  const handle = table.locator('.bp6-table-quadrant-top').getByRole('separator', { name: 'Resize column Name' });
  await handle.focus();
  for (let i = 0; i < 5; i++) await handle.press('ArrowRight');
  await expect.poll(async () => Math.round((await nameHeader.boundingBox())!.width)).toBe(before + 50);
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 50));
  await expectNoAxeViolations(app, 'device list with a focused column resize handle');
  // The other columns gave way: the table still ends at the list's right edge (less at most a scrollbar).
  const wrapper = (await table.locator('.stretch-table').boundingBox())!;
  const lastHeader = (await headers.last().boundingBox())!;
  expect(wrapper.x + wrapper.width - (lastHeader.x + lastHeader.width)).toBeLessThanOrEqual(20);
  expect(wrapper.x + wrapper.width - (lastHeader.x + lastHeader.width)).toBeGreaterThanOrEqual(0);

  await app.reload();
  await expect(table).toHaveAttribute('data-rows', '50');
  await expect.poll(async () => Math.round((await nameHeader.boundingBox())!.width)).toBe(before + 50);
});

/**
 * The device list's filters (a SingleSelect and a
 * RadioGroup of the DataTable's filter types) go to the server, and the name
 * opens the device.
 */
test('the device list filters by class and status on the server; the name opens the device', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const table = app.getByRole('region', { name: 'Device list' });
  const count = app.getByTestId('device-list-count');
  await expect(count).toHaveText('120 devices · page 1 of 3');
  await table.getByRole('button', { name: 'Status' }).click();
  await app.locator('.bp6-popover').getByText('Online', { exact: true }).click();
  await expect(app.getByRole('radio', { name: 'Online' })).toBeChecked();
  await app.keyboard.press('Escape');
  await expect(table.getByRole('button', { name: 'Status: Online' })).toBeVisible();
  await expect(count).not.toHaveText('120 devices · page 1 of 3');
  await expect(table.locator('.bp6-table-quadrant-main').getByText('Online', { exact: true }).first()).toBeVisible();
  await expect(table.locator('.bp6-table-quadrant-main').getByText('Offline', { exact: true })).toHaveCount(0);
  const onlineCount = await count.textContent();
  await table.getByRole('button', { name: 'Class' }).click();
  await app.getByRole('option', { name: 'Mac', exact: true }).click();
  await expect(table.getByRole('button', { name: 'Class: Mac' })).toBeVisible();
  await expect(count).not.toHaveText(onlineCount!);
  await app.keyboard.press('Escape');
  const classes = await table.locator('.bp6-table-quadrant-main .data-table-cell').filter({ hasText: /^(Mac|Windows server|Windows workstation|Mac server)$/ }).allTextContents();
  expect(classes.length).toBeGreaterThan(0);
  for (const nodeClass of classes) expect(nodeClass).toBe('Mac');
  await expectNoAxeViolations(app, 'device list filtered');
  await table.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count).toHaveText('120 devices · page 1 of 3');
  await table.getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
  await expect(app.getByRole('heading', { name: 'File Server (NT-SRV-001)' })).toBeVisible();
});

/**
 * The backup browser is a configuration of the shared
 * DataTable: the keyboard selects (arrow, Shift+arrow), Escape clears, Enter
 * opens, show-selected-only narrows the rows; and the table's settings (its
 * columns) are kept across a reload.
 */
test('backup browser on the DataTable: keyboard selection, show selected only, Enter opens; settings survive a reload', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openDataFolder(app);
  const table = app.locator('#backup-manage-files');
  const count = table.getByTestId('selected-count');
  // The rows arrive after the table shows: wait for them before reading how many there are.
  await expect.poll(async () => Number(await table.getAttribute('data-rows'))).toBeGreaterThan(3);
  const total = Number(await table.getAttribute('data-rows'));

  // A click selects a row alone; Shift+arrows extend from it.
  await table.locator('.data-table-cell', { hasText: /^readme\.txt$/ }).click({ position: { x: 200, y: 20 } });
  await expect(count).toHaveText('1 selected');
  await expect(table.getByLabel('Select readme.txt')).toBeChecked();
  await app.keyboard.press('Shift+ArrowUp');
  await app.keyboard.press('Shift+ArrowUp');
  await expect(count).toHaveText('3 selected');
  await expect(table.getByRole('checkbox', { name: /^Select (?!all)/, checked: true })).toHaveCount(3);
  await expect(app.getByRole('button', { name: 'Download', exact: true })).toBeEnabled();

  // Show selected only: the three rows, then all of them again.
  await table.getByText('Show selected only').click();
  await expect(table).toHaveAttribute('data-rows', '3');
  await table.getByText('Show selected only').click();
  await expect(table).toHaveAttribute('data-rows', String(total));

  // Escape clears (the keyboard stays on its row); an arrow moves a single selection; Enter opens the row the keyboard is on.
  await table.locator('.data-table-cell', { hasText: /^readme\.txt$/ }).click({ position: { x: 200, y: 20 } });
  await app.keyboard.press('Escape');
  await expect(count).toHaveText('');
  await expect(app.getByRole('button', { name: 'Download', exact: true })).toBeDisabled();
  await app.keyboard.press('ArrowUp');
  await expect(table.getByLabel('Select readme.txt')).not.toBeChecked();
  await app.keyboard.press('ArrowDown');
  await expect(count).toHaveText('1 selected');
  await expect(table.getByLabel('Select readme.txt')).toBeChecked();
  // A screen reader hears where the keyboard is: the grid's active row is readme.txt, selected, at its place among the rows.
  const grid = table.getByRole('grid', { name: 'Backup listing' });
  await expect(grid).toBeFocused();
  const active = await activeRow(grid);
  await expect(active).toHaveAccessibleName('readme.txt');
  await expect(active).toHaveAttribute('aria-selected', 'true');
  const place = Number(await active.getAttribute('aria-rowindex'));
  expect(place).toBeGreaterThanOrEqual(2);
  expect(place).toBeLessThanOrEqual(total + 1);
  await expect(grid).toHaveAttribute('aria-rowcount', String(total + 1));
  await app.keyboard.press('Enter');
  // The revisions load, then their grid takes the keyboard (a loading level holds it until then): Backspace goes from there.
  const revisions = app.locator('#backup-manage-revisions');
  await expect(revisions.getByRole('grid')).toBeFocused();
  await app.keyboard.press('Backspace');
  await expect(table).toBeVisible();

  // Table settings: hide the Backup size column; it stays hidden after a reload.
  await table.getByRole('button', { name: 'Table settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Table settings' });
  await dialog.getByText('Backup size', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(header(app, 'Backup size')).toHaveCount(0);
  await expect(header(app, 'Size')).toHaveCount(1);
  await app.reload();
  await expect(app.getByTestId('profile-button')).toBeVisible();
  await app.getByRole('button', { name: 'Devices' }).click();
  await openDataFolder(app);
  await expect(header(app, 'Size')).toHaveCount(1);
  await expect(header(app, 'Backup size')).toHaveCount(0);
  await expectNoAxeViolations(app, 'backup browser on the DataTable with a column hidden');
});
