/**
 * The automations, response templates and boards
 * in Chromium against the demo: an event-based automation with two
 * conditions and an email action (Edit field, Apply) created and read back;
 * a time-based one refused without a 'time since' condition, the §5.1 row
 * messages (time since, a deleted organization), the loop warning at save, a
 * §8.1 resultCode message, one-time actions; a system board locked, its copy saved as the
 * technician's own; the unsaved-changes confirmation.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, rowCells, signInToDemo, test } from './fixtures';

/** A small real PNG (the instance checks a picture's first bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function openTab(app: Page, tab: string, region: string): Promise<Locator> {
  await signInToDemo(app, { remember: false });
  await app.getByRole('button', { name: 'Ticketing' }).click();
  await app.getByRole('tab', { name: tab }).click();
  const table = app.getByRole('region', { name: region });
  await expect(table.locator('[data-column="name"]').first()).toBeVisible();
  return table;
}

/** The n-th condition row of a group ('All of these conditions', 'Any of these conditions'). */
function conditionRow(dialog: Locator, group: 'All' | 'Any', n: number): Locator {
  return dialog.getByRole('group', { name: `${group} of these conditions` }).getByRole('group', { name: /^Condition: / }).nth(n);
}

async function addCondition(dialog: Locator, group: 'All' | 'Any'): Promise<void> {
  await dialog.getByRole('group', { name: `${group} of these conditions` }).getByRole('button', { name: 'Add condition' }).click();
}

async function addAction(app: Page, dialog: Locator, label: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Add action' }).click();
  await app.getByRole('menu', { name: 'Add action' }).getByRole('menuitem', { name: label, exact: true }).click();
}

test('an event-based automation with two conditions and an email action is created, listed and reads back', async ({ app }) => {
  const table = await openTab(app, 'Automations', 'Automations');
  await table.getByRole('button', { name: 'Add' }).click();
  await app.getByRole('menuitem', { name: 'Event-based automation' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add event-based automation' });
  await expect(dialog.getByRole('tab')).toHaveText(['General', 'Conditions', 'Actions']);
  await dialog.getByLabel('Name').fill('Escalate urgent tickets');
  await dialog.getByLabel('Description').fill('Urgent new tickets mail their assignee.');

  await dialog.getByRole('tab', { name: 'Conditions' }).click();
  await addCondition(dialog, 'All');
  const first = conditionRow(dialog, 'All', 0);
  await expect(first.getByLabel('Field')).toHaveValue('action');
  await first.getByLabel('Value').selectOption({ label: 'Ticket Created' });
  await addCondition(dialog, 'All');
  const second = conditionRow(dialog, 'All', 1);
  await second.getByLabel('Field').selectOption({ label: 'Priority' });
  // §9.1: changed and changed_to are event-based operators for priority.
  await expect(second.getByLabel('Operator').locator('option')).toHaveText(['Equals', 'Does not equal', 'Changed', 'Changed to']);
  await second.getByLabel('Operator').selectOption({ label: 'Changed' });
  // §5.1: 'changed' needs no value.
  await expect(second.getByLabel('Value')).toHaveCount(0);
  await second.getByLabel('Operator').selectOption({ label: 'Equals' });
  await second.getByLabel('Value').selectOption({ label: 'Urgent' });

  await dialog.getByRole('tab', { name: 'Actions' }).click();
  await addAction(app, dialog, 'Email');
  const card = dialog.getByRole('group', { name: 'Action 1: Email' });
  await expect(card).toContainText('No subject yet');
  await card.getByRole('button', { name: 'Edit' }).click();
  const field = app.getByRole('dialog', { name: 'Edit field' });
  await field.getByText('Assignee', { exact: true }).click();
  await expect(field.getByText('Current user', { exact: true })).toBeVisible();
  await field.getByLabel('Subject').fill('Urgent ticket waiting');
  await field.getByRole('textbox', { name: 'Body text' }).click();
  await app.keyboard.type('An urgent ticket needs you: ');
  await field.getByRole('button', { name: 'Placeholders' }).click();
  await app.getByRole('menu', { name: 'Placeholders' }).getByRole('menuitem', { name: /\{\{ticket\.id\}\}/ }).click();
  await field.getByText('Allow email response by recipient').click();
  // A file for the email (§3.1 uploads): in the body's tray, uploaded at once; the automation's with Apply.
  await field.locator('input[type="file"]').setInputFiles({ name: 'escalation-map.png', mimeType: 'image/png', buffer: PNG });
  await expect(field.getByRole('list', { name: 'Files to attach' }).getByRole('button', { name: 'Remove escalation-map.png' })).toBeVisible();
  await expectNoAxeViolations(app, 'email action Edit field');
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field).toBeHidden();
  await expect(card).toContainText('Subject: Urgent ticket waiting');
  await expect(dialog.getByRole('region', { name: 'Attachments' }).getByText('escalation-map.png')).toBeVisible();
  // §2.1: the subject change has its own Edit field sub-dialog.
  await addAction(app, dialog, 'Update ticket');
  const update = dialog.getByRole('group', { name: 'Action 2: Update ticket' });
  await update.getByLabel('Field').selectOption({ label: 'Subject' });
  await update.getByRole('button', { name: 'Edit subject' }).click();
  const subject = app.getByRole('dialog', { name: 'Edit field' });
  await subject.getByLabel('Subject').fill('[URGENT] needs an owner');
  await subject.getByRole('button', { name: 'Apply' }).click();
  await expect(update).toContainText('[URGENT] needs an owner');

  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.locator('.bp6-toast').getByText('Success', { exact: true })).toBeVisible();
  const row = await rowCells(table, 'Escalate urgent tickets');
  await expect(row.filter({ hasText: 'Event-based automation' })).toHaveCount(1);

  // Edit: loaded, then filled (§4.1).
  await table.getByRole('button', { name: 'Escalate urgent tickets' }).click();
  const edit = app.getByRole('dialog', { name: 'Edit event-based automation' });
  await edit.getByRole('tab', { name: 'Conditions' }).click();
  await expect(conditionRow(edit, 'All', 1).getByLabel('Field')).toHaveValue('priority');
  await expect(conditionRow(edit, 'All', 1).getByLabel('Value')).toHaveValue('URGENT');
  await edit.getByRole('tab', { name: 'Actions' }).click();
  await edit.getByRole('group', { name: 'Action 1: Email' }).getByRole('button', { name: 'Edit' }).click();
  const again = app.getByRole('dialog', { name: 'Edit field' });
  await expect(again.getByRole('textbox', { name: 'Body text' })).toContainText('{{ticket.id}}');
  await expect(again.getByLabel('Allow email response by recipient')).toBeChecked();
  await again.getByRole('button', { name: 'Cancel' }).click();
  // Saved with the automation: read back as its attachment (a SUCCESS picture, previewed through its signed URL).
  const attachments = edit.getByRole('region', { name: 'Attachments' });
  await expect(attachments.getByText('escalation-map.png')).toBeVisible();
  await expect(attachments.locator('li[data-upload-status="SUCCESS"] img')).toHaveCount(1);
  await expectNoAxeViolations(app, 'automation editor, actions');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
});

test("a time-based automation needs a 'time since' condition; row messages, a resultCode message, one-time actions, unsaved changes", async ({ app }) => {
  const table = await openTab(app, 'Automations', 'Automations');
  await table.getByRole('button', { name: 'Add' }).click();
  await app.getByRole('menuitem', { name: 'Time-based automation' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add time-based automation' });
  await dialog.getByLabel('Name').fill('Stale waiting tickets');

  await dialog.getByRole('tab', { name: 'Conditions' }).click();
  await addCondition(dialog, 'All');
  const row = conditionRow(dialog, 'All', 0);
  await expect(row.getByLabel('Field')).toHaveValue('ticket_created');
  await row.getByLabel('Field').selectOption({ label: 'Status' });
  await row.getByLabel('Value').selectOption({ label: 'Waiting' });
  // A time-since row in the any-group does not count (§9.1: all-group only): none is offered there.
  await addCondition(dialog, 'Any');
  const anyRow = conditionRow(dialog, 'Any', 0);
  await expect(anyRow.getByLabel('Field').locator('option', { hasText: 'Hours since ticket created' })).toHaveCount(0);
  await anyRow.getByLabel('Field').selectOption({ label: 'Organization' });
  await anyRow.getByPlaceholder('Search organizations...').fill('Retired');
  await app.getByRole('option', { name: 'Retired Client (deleted)' }).click();
  await app.keyboard.press('Escape');

  await dialog.getByRole('tab', { name: 'Actions' }).click();
  await addAction(app, dialog, 'Add tags');
  await dialog.getByRole('group', { name: 'Action 1: Add tags' }).getByRole('textbox').fill('stale');
  await dialog.getByRole('group', { name: 'Action 1: Add tags' }).getByRole('textbox').press('Enter');
  await addAction(app, dialog, 'Add time');
  // §4.1: a one-time action only once.
  await dialog.getByRole('button', { name: 'Add action' }).click();
  await expect(app.getByRole('menu', { name: 'Add action' }).getByRole('menuitem', { name: 'Add time', exact: true })).toHaveAttribute('aria-disabled', 'true');
  // §6: time-based automations are not offered the current user as a recipient.
  await app.getByRole('menu', { name: 'Add action' }).getByRole('menuitem', { name: 'Email', exact: true }).click();
  await dialog.getByRole('group', { name: 'Action 3: Email' }).getByRole('button', { name: 'Edit' }).click();
  await expect(app.getByRole('dialog', { name: 'Edit field' }).getByText('Current user', { exact: true })).toHaveCount(0);
  await app.getByRole('dialog', { name: 'Edit field' }).getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Remove Email' }).click();

  await dialog.getByRole('button', { name: 'Create' }).click();
  // The tab says so to assistive technology too, in its name.
  await expect(dialog.locator('[data-tab-error="true"]')).toHaveText(['Conditions']);
  await expect(dialog.getByRole('tab', { name: 'Conditions, has errors' })).toBeVisible();
  await expect(dialog.getByText("Time-based automations require at least one 'time since' condition to be set")).toBeVisible();
  await expect(conditionRow(dialog, 'Any', 0)).toContainText('Must not contain deleted organizations');

  await conditionRow(dialog, 'Any', 0).getByRole('button', { name: 'Remove this condition' }).click();
  await addCondition(dialog, 'All');
  const since = conditionRow(dialog, 'All', 1);
  await since.getByLabel('Hours').fill('0');
  await since.getByLabel('Hours').blur();
  await expect(since).toContainText('Required');
  await since.getByLabel('Minutes').selectOption('30');
  await expect(since).not.toContainText('Required');
  await expectNoAxeViolations(app, 'automation editor, conditions with errors');

  // Nothing its actions do makes a condition false: it would run every hour on the same tickets.
  await dialog.getByRole('button', { name: 'Create' }).click();
  const warning = app.getByRole('alertdialog');
  await expect(warning).toContainText('Before you save');
  await expect(warning).toContainText('None of its conditions is made false by its own actions: it would run every hour on the same tickets.');
  await warning.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeVisible();
  await addCondition(dialog, 'All');
  const tagRow = conditionRow(dialog, 'All', 2);
  await tagRow.getByLabel('Field').selectOption({ label: 'Tags' });
  await tagRow.getByLabel('Operator').selectOption({ label: 'Contains none' });
  await tagRow.getByRole('textbox').fill('stale');
  await tagRow.getByRole('textbox').press('Enter');

  // §8.1: the server's resultCode, in the technician's words; the dialog keeps what was typed.
  await dialog.getByRole('tab', { name: 'General' }).click();
  await dialog.getByLabel('Description').fill('[fail:automation_ticket_assignee_do_not_exists]');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(app.locator('.bp6-toast').getByText('Ticket actions cannot contain deleted users')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Description').fill('Waiting tickets untouched for half an hour get tagged.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect((await rowCells(table, 'Stale waiting tickets')).filter({ hasText: 'Time-based automation' })).toHaveCount(1);

  // A change, then Cancel: 'You have unsaved changes'; Continue closes without saving.
  await table.getByRole('button', { name: 'Stale waiting tickets' }).click();
  const edit = app.getByRole('dialog', { name: 'Edit time-based automation' });
  await edit.getByLabel('Name').fill('Renamed but not saved');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const confirm = app.getByRole('alertdialog');
  await expect(confirm).toContainText('You have unsaved changes');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByRole('button', { name: 'Renamed but not saved' })).toHaveCount(0);
});

test('a system board is locked and cannot be deleted; its copy is the technician own board with conditions; a failed board save', async ({ app }) => {
  const table = await openTab(app, 'Boards', 'Boards');
  const system = await rowCells(table, 'All tickets');
  await expect(system.filter({ hasText: /^System$/ })).toHaveCount(1);
  await expect(system.getByRole('button', { name: 'Delete' })).toBeDisabled();

  // A board's name opens its tickets; Edit its editor.
  await system.getByRole('button', { name: 'Edit' }).click();
  const locked = app.getByRole('dialog', { name: 'Edit ticket board' });
  await expect(locked.getByRole('tab')).toHaveText(['General', 'Columns and sorting']);
  await expect(locked.getByLabel('Name')).toBeDisabled();
  await locked.getByRole('button', { name: 'Cancel' }).click();

  await system.getByRole('button', { name: 'Copy' }).click();
  const copy = app.getByRole('dialog', { name: 'Add ticket board' });
  await expect(copy.getByRole('tab')).toHaveText(['General', 'Conditions', 'Columns and sorting']);
  await expect(copy.getByLabel('Name')).toHaveValue('All tickets (Copy)');
  await expect(copy.getByLabel('Name')).toBeEnabled();
  // Before Create, the dialog says what the copy needs: the system board's own conditions are hidden, so it has none.
  const needs = copy.getByText('This copy has no conditions yet. A board needs at least 1 condition: add one on the Conditions tab before Create.');
  await expect(needs).toBeVisible();
  await copy.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(copy.getByText('Add at least 1 condition')).toBeVisible();
  await expect(needs).toBeVisible();
  await addCondition(copy, 'All');
  await expect(needs).toHaveCount(0);
  await conditionRow(copy, 'All', 0).getByLabel('Field').selectOption({ label: 'Priority' });
  await conditionRow(copy, 'All', 0).getByLabel('Value').selectOption({ label: 'High' });
  await copy.getByRole('tab', { name: 'Columns and sorting' }).click();
  const columns = copy.getByRole('list', { name: 'Board columns' });
  await expect(columns.getByRole('listitem').first()).toContainText('Status');
  await copy.getByRole('button', { name: 'Move Status down' }).click();
  await expect(columns.getByRole('listitem').first()).toContainText('ID');
  await copy.getByLabel('Column to add').selectOption({ label: 'Device' });
  await copy.getByRole('button', { name: 'Add column' }).click();
  await expect(columns.getByRole('listitem').last()).toContainText('Device');
  // §6: the Agreement column is offered, the demo instance having a PSA (psaType) and the technician the PSA permission.
  await expect(copy.getByLabel('Column to add').locator('option', { hasText: 'Agreement' })).toHaveCount(1);
  // Priority, added last, moved to the front (the board's first column).
  await copy.getByLabel('Column to add').selectOption({ label: 'Priority' });
  await copy.getByRole('button', { name: 'Add column' }).click();
  const moveUp = copy.getByRole('button', { name: 'Move Priority up' });
  while (await moveUp.isEnabled()) await moveUp.click();
  await expect(columns.getByRole('listitem').first()).toContainText('Priority');
  await expectNoAxeViolations(app, 'board editor, columns');
  await copy.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(copy).toBeHidden();
  // The list is read again after a board save (§7.1).
  const mine = await rowCells(table, 'All tickets (Copy)');
  await expect(mine.filter({ hasText: 'Custom' })).toHaveCount(1);
  await expect(mine.getByRole('button', { name: 'Delete' })).toBeEnabled();
  // The copy's tickets: its own condition (priority High) applied by the server, its columns in their order.
  await table.getByRole('button', { name: 'All tickets (Copy)' }).click();
  const tickets = app.getByRole('region', { name: 'Tickets of All tickets (Copy)' });
  await expect(tickets.locator('.bp6-table-quadrant-main [data-row-index="0"][data-column="priority"]')).toHaveText('High');
  await expect(tickets.locator('.bp6-table-quadrant-main [data-column="priority"]').filter({ hasNotText: 'High' })).toHaveCount(0);
  await expect(app.getByText(/^\d+ tickets · page 1 of \d+$/)).not.toHaveText(/^2,?000 /);
  await app.getByRole('button', { name: 'Boards', exact: true }).click();

  await (await rowCells(table, 'VIP escalations')).getByRole('button', { name: 'Edit' }).click();
  const edit = app.getByRole('dialog', { name: 'Edit ticket board' });
  await edit.getByLabel('Name').fill('VIP escalations [fail]');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(app.locator('.bp6-toast').getByText('Error saving ticket board')).toBeVisible();
  await expect(edit).toBeVisible();
});

test("a board's name opens its tickets; the rule tester shows each row against a ticket; the back-test counts the last 500", async ({ app }) => {
  const boards = await openTab(app, 'Boards', 'Boards');
  await boards.getByRole('button', { name: 'VIP escalations' }).click();
  const tickets = app.getByRole('region', { name: 'Tickets of VIP escalations' });
  // The board's columns in its order, its sort (priority, descending), the server applying its conditions.
  await expect(tickets.locator('.bp6-table-quadrant-main [data-row-index="0"][data-column="priority"]')).toHaveText('Urgent');
  await expect(app.getByText('Sorted by Priority, descending')).toBeVisible();
  await expect(app.getByText(/^\d+ tickets · page 1 of \d+$/)).toBeVisible();
  await expectNoAxeViolations(app, 'board view');
  await app.getByRole('button', { name: 'Boards', exact: true }).click();
  await expect(boards).toBeVisible();

  await app.getByRole('tab', { name: 'Automations' }).click();
  const automations = app.getByRole('region', { name: 'Automations' });
  await automations.getByRole('button', { name: 'Escalate VIP tickets' }).click();
  const dialog = app.getByRole('dialog', { name: 'Edit event-based automation' });
  await dialog.getByRole('tab', { name: 'Conditions' }).click();
  await dialog.getByRole('button', { name: 'Test against a ticket' }).click();
  const tester = app.getByRole('dialog', { name: 'Test against a ticket' });
  await tester.getByRole('textbox', { name: 'Search tickets by id or subject' }).fill('3000');
  await expect(tester.getByRole('menuitem')).toHaveCount(1);
  await tester.getByRole('menuitem').click();
  await expect(tester.getByText(/^#3000 /)).toBeVisible();
  // Updated, not created: the Action row fails, with the ticket's own value beside it.
  const all = tester.getByRole('region', { name: /^All of these conditions: / });
  const actionRow = all.locator('tr', { hasText: 'Action' });
  await expect(actionRow).toHaveAttribute('data-pass', 'false');
  await expect(actionRow).toContainText('Ticket Updated');
  await tester.getByLabel('Action', { exact: true }).selectOption({ label: 'Ticket Created' });
  await expect(actionRow).toHaveAttribute('data-pass', 'true');
  await expect(tester.getByRole('status').filter({ hasText: /Would (not )?run/ })).toBeVisible();

  await tester.getByRole('button', { name: 'Back-test' }).click();
  await expect(tester.getByText(/^Would match \d+ of the last 500 tickets/)).toBeVisible();
  await expect(tester.getByRole('list', { name: 'Matched tickets' }).getByRole('listitem').first()).toHaveText(/^#\d+ /);
  await expectNoAxeViolations(app, 'rule tester');
  await tester.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
  await expect(tester).toBeHidden();
  await expect(dialog).toBeVisible();
});

test('every save keeps the version it replaced: the history shows what changed since, and a version is restored', async ({ app }) => {
  const table = await openTab(app, 'Automations', 'Automations');
  await table.getByRole('button', { name: 'Flag security incidents' }).click();
  const edit = app.getByRole('dialog', { name: 'Edit event-based automation' });
  await edit.getByLabel('Name').fill('Flag security incidents now');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toBeHidden();
  await table.getByRole('button', { name: 'Flag security incidents now' }).click();
  const again = app.getByRole('dialog', { name: 'Edit event-based automation' });
  await again.getByRole('button', { name: 'History' }).click();
  const history = app.getByRole('dialog', { name: 'History' });
  await history.getByRole('menu', { name: 'Earlier versions' }).getByRole('menuitem').first().click();
  const changes = history.getByRole('table', { name: 'Changes since this version' });
  await expect(changes.locator('tr', { hasText: 'name' })).toContainText('Flag security incidents');
  await expect(changes.locator('tr', { hasText: 'name' })).toContainText('Flag security incidents now');
  await expectNoAxeViolations(app, 'history');
  await history.getByRole('button', { name: 'Restore this version' }).click();
  await expect(history).toBeHidden();
  await expect(again).toBeHidden();
  await expect(table.getByRole('button', { name: 'Flag security incidents', exact: true })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Flag security incidents now' })).toHaveCount(0);
});

test("a disabled row action says why: a system board's Delete tells 'System boards cannot be deleted' on hover and on focus", async ({ app }) => {
  const table = await openTab(app, 'Boards', 'Boards');
  const remove = (await rowCells(table, 'All tickets')).getByRole('button', { name: 'Delete' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription('System boards cannot be deleted');
  const tooltip = app.locator('.bp6-tooltip').filter({ hasText: 'System boards cannot be deleted' });
  await remove.hover();
  await expect(tooltip).toBeVisible();
  await app.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();
  await remove.focus();
  await expect(tooltip).toBeVisible();
  // Pressed, it does nothing: no confirmation to delete.
  await remove.press('Enter');
  await expect(app.getByRole('alertdialog')).toHaveCount(0);
  await expectNoAxeViolations(app, 'a disabled action with its reason');
});

test("toasts sit bottom right, clear of the header's navigation; a dialog's own failure toast goes when the dialog closes", async ({ app }) => {
  // The instance failing to give the ticket attributes: the automation dialog says so in a toast while it is open.
  await app.route('**/rpc/ticketing.attributes', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: false, error: { code: 'SERVER_ERROR', message: 'Error fetching ticket attributes' } }) }),
  );
  const table = await openTab(app, 'Automations', 'Automations');
  await table.getByRole('button', { name: 'Add' }).click();
  await app.getByRole('menuitem', { name: 'Event-based automation' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add event-based automation' });
  const toast = app.locator('.bp6-toast').filter({ hasText: 'Error fetching ticket attributes' });
  await expect(toast).toBeVisible();
  // Measured where it rests, once the toast and the dialog have finished moving in.
  await expect(app.locator('[class*="-enter-active"], [class*="-appear-active"]')).toHaveCount(0);

  const box = (await toast.boundingBox())!;
  const nav = (await app.locator('.app-header').boundingBox())!;
  const viewport = app.viewportSize()!;
  const overlaps = box.x < nav.x + nav.width && nav.x < box.x + box.width && box.y < nav.y + nav.height && nav.y < box.y + box.height;
  expect(overlaps, 'the toast covers the header').toBe(false);
  expect(box.y).toBeGreaterThan(viewport.height / 2);
  expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.75);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Gone with the dialog, long before its own 8 s.
  await expect(toast).toBeHidden({ timeout: 2000 });
});

test('a new tag the instance refuses to create says so and is taken out of the field; the others stay', async ({ app }) => {
  const table = await openTab(app, 'Automations', 'Automations');
  await table.getByRole('button', { name: 'Add' }).click();
  // The instance's tags are read as the editor opens: only a tag it lacks is created.
  const tagsRead = app.waitForResponse((response) => response.url().includes('/rpc/ticketing.tags'));
  await app.getByRole('menuitem', { name: 'Event-based automation' }).click();
  await tagsRead;
  const dialog = app.getByRole('dialog', { name: 'Add event-based automation' });
  await dialog.getByRole('tab', { name: 'Actions' }).click();
  await addAction(app, dialog, 'Add tags');
  const card = dialog.getByRole('group', { name: 'Action 1: Add tags' });
  await card.getByRole('textbox').fill('kept-new-tag');
  await card.getByRole('textbox').press('Enter');
  // The demo refuses to create a tag named with '[fail]'.
  await card.getByRole('textbox').fill('refused[fail]');
  await card.getByRole('textbox').press('Enter');
  await expect(app.locator('.bp6-toast').getByText('Error creating tag', { exact: true })).toBeVisible();
  await expect(card.locator('.bp6-tag', { hasText: 'refused[fail]' })).toHaveCount(0);
  await expect(card.locator('.bp6-tag', { hasText: 'kept-new-tag' })).toHaveCount(1);
});
