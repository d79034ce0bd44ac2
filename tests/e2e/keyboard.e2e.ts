/**
 * The main flows with the keyboard alone: no click, no fill, no focus() on a
 * control. Keys go to whatever has the focus, as a technician's would; the
 * accessibility tree is checked on the way (the grid's active row, its
 * selection) as well as the result.
 */
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { activeRow, expect, test } from './fixtures';

/** Whether `target` has the focus now (false when it is not there at all). */
const isFocused = async (target: Locator) => (await target.count()) > 0 && (await target.first().evaluate((element) => element === element.ownerDocument.activeElement));

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails past `most` presses. */
async function tabTo(app: Page, target: Locator, options: { back?: boolean; most?: number } = {}): Promise<void> {
  for (let presses = 0; presses < (options.most ?? 40); presses++) {
    if (await isFocused(target)) return;
    await app.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Presses ArrowDown (or `key`) in a focused grid until its active row is named `name`. */
async function arrowTo(app: Page, grid: Locator, name: string, key = 'ArrowDown', most = 60): Promise<void> {
  await expect(grid).toBeFocused();
  // As a technician waits for the rows before moving through them (aria-rowcount counts the header row too).
  await expect(grid).not.toHaveAttribute('aria-rowcount', /^[01]$/);
  for (let presses = 0; presses < most; presses++) {
    const id = await grid.getAttribute('aria-activedescendant');
    if (id && (await grid.locator(`[id="${id}"]`).getAttribute('aria-label')) === name) return;
    if (id && (await accessibleNameOf(grid, id)) === name) return;
    await app.keyboard.press(key);
  }
  await expect(await activeRow(grid)).toHaveAccessibleName(name);
}

/** A row's name when it comes from its primary cell (aria-labelledby). */
async function accessibleNameOf(grid: Locator, id: string): Promise<string | null> {
  return await grid.evaluate((element, rowId) => {
    const row = element.ownerDocument.getElementById(rowId);
    const by = row?.getAttribute('aria-labelledby');
    return row?.getAttribute('aria-label') ?? (by ? (element.ownerDocument.getElementById(by)?.textContent?.trim() ?? null) : null);
  }, id);
}

/** Signs in to the demo (its fields come filled) with Tab and Enter. */
async function signInByKeyboard(app: Page): Promise<void> {
  await expect(app.getByRole('heading', { name: 'Sign in to your RMM instance' })).toBeVisible();
  await tabTo(app, app.getByRole('button', { name: 'Sign in' }));
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('profile-button')).toBeVisible();
}

/** Opens the row the grid's keyboard is on (Enter), once it is the one named. */
async function openRow(app: Page, grid: Locator, name: string): Promise<void> {
  await arrowTo(app, grid, name);
  await app.keyboard.press('Enter');
}

test('from sign-in: a device from the list, into a folder, two files selected and downloaded', async ({ app }) => {
  const folder = mkdtempSync(join(tmpdir(), 'rmm-e2e-keyboard-'));
  await signInByKeyboard(app);

  const devices = app.getByRole('grid', { name: 'Device list' });
  await tabTo(app, devices);
  await openRow(app, devices, 'File Server (NT-SRV-001)');
  await expect(app.getByRole('heading', { name: 'File Server (NT-SRV-001)' })).toBeVisible();

  // Each level's table takes the keyboard when it replaces the last one.
  const listing = app.getByRole('grid', { name: 'Backup listing' });
  await tabTo(app, listing);
  for (const [name, level] of [
    ['Server files', 'volumes'],
    ['C:', 'folders'],
    ['Data', 'files'],
  ] as const) {
    await openRow(app, listing, name);
    await expect(app.locator(`#backup-manage-${level}`)).toBeVisible();
    await expect(listing).toBeFocused();
  }

  // Two files: the first by the arrows, the next with Shift.
  await arrowTo(app, listing, 'Accounting 2026.xlsx');
  await app.keyboard.press('Shift+ArrowDown');
  const selected = listing.locator('[role="row"][aria-selected="true"]');
  await expect(selected).toHaveCount(2);
  const names = [await accessibleNameOf(listing, (await selected.nth(0).getAttribute('id'))!), await accessibleNameOf(listing, (await selected.nth(1).getAttribute('id'))!)];
  expect(names).toEqual(['Accounting 2026.xlsx', 'Accounting notes.txt']);
  await expect(app.getByTestId('selected-count')).toHaveText('2 selected');
  // As a screen reader gets it: the two rows selected, each with its cells.
  await expect(listing).toMatchAriaSnapshot(`
    - grid "Backup listing":
      - row "Accounting 2026.xlsx" [selected]:
        - gridcell "Select Accounting 2026.xlsx"
      - row "Accounting notes.txt" [selected]
  `);

  // Download sits in the toolbar above the table.
  await tabTo(app, app.getByRole('button', { name: 'Download', exact: true }), { back: true });
  await app.keyboard.press('Enter');
  const dialog = app.getByRole('dialog', { name: /^Download/ });
  await expect(dialog).toBeVisible();
  await tabTo(app, dialog.getByLabel('Download to folder'));
  await app.keyboard.press('ControlOrMeta+A');
  await app.keyboard.type(folder);
  await tabTo(app, dialog.getByRole('button', { name: 'Download', exact: true }));
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect.poll(() => names.every((name) => name !== null && existsSync(join(folder, name)) && statSync(join(folder, name)).size > 0), { timeout: 30_000 }).toBe(true);
});

/** Walks the backup browser from the device list by the keyboard: each level opened with Enter on its row. */
async function browseByKeyboard(app: Page, steps: readonly string[]): Promise<Locator> {
  const devices = app.getByRole('grid', { name: 'Device list' });
  await tabTo(app, devices);
  await openRow(app, devices, 'File Server (NT-SRV-001)');
  const listing = app.getByRole('grid', { name: 'Backup listing' });
  await tabTo(app, listing);
  for (const name of steps) {
    await openRow(app, listing, name);
    await expect(app.getByRole('navigation', { name: 'Breadcrumb' }).getByText(name, { exact: true })).toBeVisible();
    await expect(listing).toBeFocused();
  }
  return listing;
}

test('restore a folder to another device: the target picked in the picker and the folder in the tree by keyboard', async ({ app }) => {
  await signInByKeyboard(app);
  const listing = await browseByKeyboard(app, ['Server files', 'D:', 'Shares']);
  await arrowTo(app, listing, 'Marketing');
  await expect(await activeRow(listing)).toHaveAttribute('aria-selected', 'true');
  await tabTo(app, app.getByRole('button', { name: 'Restore', exact: true }), { back: true });
  await app.keyboard.press('Enter');
  const dialog = app.getByRole('dialog', { name: 'Restore Folder' });
  await expect(dialog.getByText('D:\\Shares\\Marketing')).toBeVisible();

  // The newest date (a native select takes the arrows), then Other Location (the radios take them too).
  await tabTo(app, dialog.getByLabel('Date'));
  await app.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Date')).not.toHaveValue('');
  await tabTo(app, dialog.getByLabel('Original Location'));
  await app.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Other Location')).toBeChecked();

  // The target: the first device that is not the File Server, chosen by moving onto it.
  const picker = dialog.getByRole('grid', { name: 'Target devices' });
  await tabTo(app, picker);
  await expect(picker).not.toHaveAttribute('aria-multiselectable');
  // The devices are read as the dialog opens: wait for them before moving, as a technician does.
  await expect(picker).not.toHaveAttribute('aria-rowcount', /^[01]$/);
  let target = '';
  for (let presses = 0; presses < 10 && !target; presses++) {
    await app.keyboard.press('ArrowDown');
    const row = await activeRow(picker);
    const name = (await row.getAttribute('aria-label')) ?? (await accessibleNameOf(picker, (await row.getAttribute('id'))!)) ?? '';
    if (!name.includes('File Server') && (await row.getAttribute('aria-disabled')) !== 'true') target = name;
  }
  expect(target).not.toBe('');
  await expect(await activeRow(picker)).toHaveAttribute('aria-selected', 'true');

  // The destination: the first folder of the target's tree, chosen with Enter.
  const tree = dialog.getByRole('tree', { name: 'Folders on the device' });
  await tabTo(app, tree);
  await expect(tree).toHaveAttribute('aria-activedescendant', /.+/);
  await app.keyboard.press('Enter');
  await expect(dialog.getByTestId('restore-destination')).not.toHaveText('none chosen');
  const chosen = tree.getByRole('treeitem', { selected: true });
  await expect(chosen).toHaveCount(1);
  await expect(dialog.getByTestId('restore-destination')).toContainText((await chosen.textContent())!);

  await tabTo(app, dialog.getByRole('button', { name: 'Restore', exact: true }));
  await app.keyboard.press('Enter');
  await expect(app.locator('.bp6-toast').getByText('Restore job created successfully')).toBeVisible();
  const progress = app.getByRole('dialog', { name: 'Restore progress' });
  await expect(progress.getByText('D:\\Shares\\Marketing')).toBeVisible();
  await expect(progress.getByTestId('job-target-device')).toHaveText(target);
});

test('a ticket board, a ticket opened from it, and an internal reply sent', async ({ app }) => {
  await signInByKeyboard(app);
  await tabTo(app, app.getByRole('button', { name: 'Tickets', exact: true }));
  await app.keyboard.press('Enter');
  const boards = app.getByRole('navigation', { name: 'Tickets' }).getByTestId('workspace-boards');
  await tabTo(app, boards.getByRole('link', { name: 'Unassigned tickets' }));
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { name: 'Unassigned tickets', level: 1 })).toBeVisible();

  const board = app.getByRole('grid', { name: 'Tickets of Unassigned tickets' });
  // Tab puts the keyboard on the first row without selecting it; Space selects it, Enter opens it.
  await tabTo(app, board);
  const row = await activeRow(board);
  await expect(row).toHaveAttribute('aria-rowindex', '2');
  await expect(row).toHaveAttribute('aria-selected', 'false');
  await app.keyboard.press('Space');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  const ticket = /^#(\d+) /.exec((await row.getAttribute('aria-label')) ?? '')?.[1];
  expect(ticket).toBeTruthy();
  await app.keyboard.press('Enter');
  await expect(app).toHaveURL(new RegExp(`#/ticketing/ticket/${ticket}$`));
  const composer = app.getByTestId('reply-composer');
  await expect(composer).toHaveAttribute('data-visibility', 'internal');

  const editor = composer.getByRole('textbox', { name: 'Internal note' });
  await tabTo(app, editor, { most: 80 });
  await app.keyboard.type('Checked from the keyboard alone.');
  await tabTo(app, composer.getByRole('button', { name: 'Send internal note' }));
  await app.keyboard.press('Enter');
  const entry = app.getByTestId('conversation-entry').filter({ hasText: 'Checked from the keyboard alone.' });
  await expect(entry).toHaveAttribute('data-kind', 'internal');
  await expect(editor).toHaveText('');
});

/** Moves a focused native select with the arrows until it shows `label`. */
async function arrowToOption(app: Page, select: Locator, label: string): Promise<void> {
  await expect(select).toBeFocused();
  const shown = () => select.evaluate((element) => (element as unknown as { selectedOptions: ArrayLike<{ text: string }> }).selectedOptions[0]?.text ?? '');
  await app.keyboard.press('Home');
  for (let presses = 0; presses < 40 && (await shown()) !== label; presses++) await app.keyboard.press('ArrowDown');
  expect(await shown()).toBe(label);
}

/** Moves along a focused tab list with the arrows until `tab` has the focus, then selects it. */
async function arrowToTab(app: Page, tab: Locator, key = 'ArrowRight'): Promise<void> {
  for (let presses = 0; presses < 10 && !(await isFocused(tab)); presses++) await app.keyboard.press(key);
  await expect(tab).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

test('an event-based automation with one condition and one action, created and listed', async ({ app }) => {
  await signInByKeyboard(app);
  await tabTo(app, app.getByRole('button', { name: 'Ticketing', exact: true }));
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { name: 'Ticketing', level: 1 })).toBeVisible();
  await tabTo(app, app.getByRole('tab', { selected: true }));
  await arrowToTab(app, app.getByRole('tab', { name: 'Automations' }));
  const table = app.getByRole('region', { name: 'Automations' });
  await tabTo(app, table.getByRole('button', { name: 'Add' }));
  await app.keyboard.press('Enter');
  const kind = app.getByRole('menuitem', { name: 'Event-based automation' });
  await expect(kind).toBeVisible();
  // A menu's items are reached with Tab (Blueprint's menus have no arrow keys).
  await tabTo(app, kind, { most: 5 });
  await app.keyboard.press('Enter');

  const dialog = app.getByRole('dialog', { name: 'Add event-based automation' });
  await tabTo(app, dialog.getByLabel('Name'));
  await app.keyboard.type('Keyboard escalation');
  await tabTo(app, dialog.getByRole('tab', { name: 'General' }), { back: true });
  await arrowToTab(app, dialog.getByRole('tab', { name: 'Conditions' }), 'ArrowDown');

  await tabTo(app, dialog.getByRole('group', { name: 'All of these conditions' }).getByRole('button', { name: 'Add condition' }));
  await app.keyboard.press('Enter');
  const condition = dialog.getByRole('group', { name: 'All of these conditions' }).getByRole('group', { name: /^Condition: / }).first();
  await expect(condition.getByLabel('Field')).toHaveValue('action');
  await tabTo(app, condition.getByLabel('Value'));
  await arrowToOption(app, condition.getByLabel('Value'), 'Ticket Created');

  await tabTo(app, dialog.getByRole('tab', { name: 'Conditions' }), { back: true });
  await arrowToTab(app, dialog.getByRole('tab', { name: 'Actions' }), 'ArrowDown');
  await tabTo(app, dialog.getByRole('button', { name: 'Add action' }));
  await app.keyboard.press('Enter');
  const update = app.getByRole('menu', { name: 'Add action' }).getByRole('menuitem', { name: 'Update ticket', exact: true });
  await expect(update).toBeVisible();
  await tabTo(app, update, { most: 10 });
  await app.keyboard.press('Enter');
  const action = dialog.getByRole('group', { name: 'Action 1: Update ticket' });
  await tabTo(app, action.getByLabel('Field'));
  await arrowToOption(app, action.getByLabel('Field'), 'Priority');
  await tabTo(app, action.getByLabel('Value'));
  await arrowToOption(app, action.getByLabel('Value'), 'High');

  await tabTo(app, dialog.getByRole('button', { name: 'Create' }));
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(app.locator('.bp6-toast').getByText('Success', { exact: true })).toBeVisible();
  const grid = table.getByRole('grid', { name: 'Automations' });
  await expect(grid.getByRole('row', { name: 'Keyboard escalation' })).toHaveCount(1);
});
