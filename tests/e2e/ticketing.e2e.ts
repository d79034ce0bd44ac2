/**
 * Ticketing administration (and the shared tabbed dialog): ticketing
 * administration's rulesets in Chromium against the demo: the list, a
 * condition rule whose reset value is clamped on a unit change, a failed
 * submit highlighting the tabs with errors for 5 seconds, the unsaved-changes
 * confirmation, a save that shows in the list, copy and delete.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, rowCells, signInToDemo, test } from './fixtures';

/** Blueprint draws its own box over a checkbox's input: click the box, as a technician would. */
async function flip(box: Locator): Promise<void> {
  await box.locator('xpath=..').click();
}

async function openRulesets(app: Page) {
  await signInToDemo(app, { remember: false });
  await app.getByRole('button', { name: 'Ticketing' }).click();
  await expect(app.getByRole('heading', { name: 'Ticketing', level: 1 })).toBeVisible();
  await app.getByRole('tab', { name: 'Rulesets' }).click();
  const table = app.getByRole('region', { name: 'Ticket rulesets' });
  await expect(table.getByRole('button', { name: 'Disk space conditions' })).toBeVisible();
  return table;
}

test('a condition rule: errors highlight their tabs for 5 s, the reset value is clamped on a unit change, the save shows in the list', async ({ app }) => {
  const table = await openRulesets(app);
  await table.getByRole('button', { name: 'Add' }).click();
  await app.getByRole('menuitem', { name: 'Condition rule' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add condition rule automation' });
  await expect(dialog.getByText('Configure the settings to be used on ticket creation and updates from conditions.')).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText(['General', 'Ticket creation', 'Condition reset', 'Condition retrigger']);

  // Create with only the reset filled: the tabs with errors are marked, the first of them shown, its errors revealed.
  await dialog.getByRole('tab', { name: 'Condition reset' }).click();
  await dialog.getByLabel('Status').selectOption({ label: 'Resolved' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  const marked = dialog.locator('[data-tab-error="true"]');
  // The retrigger status falls back to the trigger status, which is missing too.
  await expect(marked).toHaveText(['General', 'Ticket creation', 'Condition retrigger']);
  await expect(dialog.getByRole('tab', { name: 'General, has errors' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
  await expectNoAxeViolations(app, 'ruleset modal after a failed submit');
  // §2.3: highlighted for 5 seconds.
  await expect(marked).toHaveCount(0, { timeout: 8_000 });

  await dialog.getByLabel('Name').fill('Printer offline');
  await dialog.getByRole('tab', { name: 'Ticket creation' }).click();
  await dialog.getByLabel('Form').selectOption({ label: 'Hardware request' });
  await expect(dialog.getByLabel('Form').locator('option', { hasText: 'Legacy intake (retired)' })).toHaveCount(0);
  await dialog.getByLabel('Status').selectOption({ label: 'New' });
  await expect(dialog.getByLabel('Priority').locator('option').first()).toHaveText('Use Policy');
  await dialog.locator('#ruleset-tags').fill('printers');
  await dialog.locator('#ruleset-tags').press('Enter');

  // Condition reset: 5000 minutes, then hours: clamped to 999.
  await dialog.getByRole('tab', { name: 'Condition reset' }).click();
  await dialog.getByLabel('Unit').selectOption('MINUTES');
  const value = dialog.getByLabel('Add time entry value');
  await value.fill('5000');
  await value.blur();
  await dialog.getByLabel('Unit').selectOption('HOURS');
  await expect(value).toHaveValue('999');

  await dialog.getByRole('tab', { name: 'Condition retrigger' }).click();
  await expect(dialog.getByLabel('Priority').locator('option').first()).toHaveText('Use Current');
  await dialog.getByText('Create new ticket').click();
  await expect(dialog.locator('#ruleset-retrigger-tags')).toBeDisabled();

  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.locator('.bp6-toast').getByText('Ticket ruleset saved')).toBeVisible();
  const row = await rowCells(table, 'Printer offline');
  await expect(row.filter({ hasText: 'Condition rule' })).toHaveCount(1);
  await expect(row.filter({ hasText: 'printers' })).toHaveCount(1);

  // Edit: the rule loads, then fills the form (§4.2); the clamped value was saved.
  await table.getByRole('button', { name: 'Printer offline' }).click();
  const edit = app.getByRole('dialog', { name: 'Edit condition rule automation' });
  await edit.getByRole('tab', { name: 'Condition reset' }).click();
  await expect(edit.getByLabel('Add time entry value')).toHaveValue('999');
  await expect(edit.getByLabel('Unit')).toHaveValue('HOURS');
  // A change, then Cancel: the unsaved-changes confirmation; Cancel keeps the dialog, Continue closes it.
  await edit.getByLabel('Add time entry value').fill('12');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const confirm = app.getByRole('alertdialog');
  await expect(confirm).toContainText('You have unsaved changes');
  await expect(confirm).toContainText('Are you sure you wish to proceed?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await app.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(edit).toBeHidden();

  // Read-only mode (§2.2, §6): an earlier version viewed from the history has every input and Save disabled.
  await table.getByRole('button', { name: 'Printer offline' }).click();
  await edit.getByRole('tab', { name: 'Condition reset' }).click();
  await edit.getByLabel('Add time entry value').fill('12');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await table.getByRole('button', { name: 'Printer offline' }).click();
  await edit.getByRole('button', { name: 'History' }).click();
  const history = app.getByRole('dialog', { name: 'History' });
  await history.getByRole('menu', { name: 'Earlier versions' }).getByRole('menuitem').first().click();
  await history.getByRole('button', { name: 'View this version' }).click();
  const version = app.getByRole('dialog', { name: /^Printer offline — version of / });
  await expect(version.getByLabel('Name')).toBeDisabled();
  await expect(version.getByRole('button', { name: 'Save' })).toBeDisabled();
  await version.getByRole('tab', { name: 'Condition reset' }).click();
  await expect(version.getByLabel('Add time entry value')).toHaveValue('999');
  await expect(version.getByLabel('Add time entry value')).toBeDisabled();
  await expectNoAxeViolations(app, 'ruleset version, read-only');
  await version.getByRole('button', { name: 'Cancel' }).click();
  await expect(version).toBeHidden();
});

test('a failed save keeps the modal open with §8.2 message; copy saves as new; delete asks first', async ({ app }) => {
  const table = await openRulesets(app);
  // The keyboard's row follows its ruleset when a sort moves it: Enter opens the same one.
  await (await rowCells(table, 'Offline devices')).filter({ hasText: 'Condition rule' }).click();
  const nameHeader = table.locator('.bp6-table-quadrant-top').getByRole('button', { name: /^Name/ });
  await nameHeader.click();
  await nameHeader.click();
  await expect(table.locator('.bp6-table-quadrant-main [data-row-index="0"][data-column="name"]')).toHaveText('Script failures');
  await table.getByRole('grid').focus();
  await app.keyboard.press('Enter');
  const opened = app.getByRole('dialog', { name: 'Edit condition rule automation' });
  await expect(opened.getByLabel('Name')).toHaveValue('Offline devices');
  await opened.getByRole('button', { name: 'Cancel' }).click();
  await expect(opened).toBeHidden();

  await table.getByRole('button', { name: 'Script failures' }).click();
  const edit = app.getByRole('dialog', { name: 'Edit script rule automation' });
  await expect(edit.getByRole('tab')).toHaveText(['General', 'Ticket creation']);
  await edit.getByLabel('Name').fill('Script failures [fail]');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(app.locator('.bp6-toast').getByText('Error updating ticket ruleset')).toBeVisible();
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Name')).toHaveValue('Script failures [fail]');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await app.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();

  // Copy: ' (Copy)', saved as a new ruleset beside the first.
  const cells = await rowCells(table, 'Activity alerts');
  await cells.filter({ has: app.getByRole('button', { name: 'Copy' }) }).getByRole('button', { name: 'Copy' }).click();
  const copy = app.getByRole('dialog', { name: 'Add activity rule automation' });
  await expect(copy.getByLabel('Name')).toHaveValue('Activity alerts (Copy)');
  await copy.getByRole('button', { name: 'Create' }).click();
  await expect(table.getByRole('button', { name: 'Activity alerts (Copy)' })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Activity alerts', exact: true })).toBeVisible();

  const copied = await rowCells(table, 'Activity alerts (Copy)');
  await copied.filter({ has: app.getByRole('button', { name: 'Delete' }) }).getByRole('button', { name: 'Delete' }).click();
  const ask = app.getByRole('alertdialog');
  await expect(ask).toContainText("Delete the ticket ruleset 'Activity alerts (Copy)'?");
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('button', { name: 'Activity alerts (Copy)' })).toHaveCount(0);
  await expectNoAxeViolations(app, 'ticket rulesets list');
});

test('the configuration: notification flags and the timer saved (only what changed), kept after a reload; the checks before saving', async ({ app }) => {
  await openRulesets(app);
  await app.getByRole('tab', { name: 'Configuration' }).click();
  const form = app.getByRole('form', { name: 'Ticketing configuration' });
  const matrix = form.getByRole('table', { name: 'Email notifications' });
  // §3's defaults on screen: end users get public comments as CC, not as requester; never as assignee or for private comments.
  await expect(matrix.getByLabel('Public comment: CC, end user or contact')).toBeChecked();
  await expect(matrix.getByLabel('Public comment: Requester, end user or contact')).not.toBeChecked();
  await expect(matrix.getByLabel('Private comment: Requester: not for end users or contacts')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

  await form.getByText('Enable ticketing').click();
  await flip(matrix.getByLabel('Public comment: Requester, end user or contact'));
  await flip(matrix.getByLabel('Ticket assigned: Assignee, technician'));
  await form.getByText('Timer', { exact: true }).click();
  // The timer needs a mode, and a domain to send from is needed to use it: said on Save.
  await form.getByText('Send from this domain').click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Required')).toHaveCount(2);
  await form.getByLabel('Timer mode').selectOption('MANUAL');
  await form.getByLabel('From-email domain').fill('help.example.com');
  await expectNoAxeViolations(app, 'ticketing configuration');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(app.locator('.bp6-toast').getByText('Ticketing configuration saved')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

  await app.reload();
  await expect(app.getByTestId('profile-button')).toBeVisible();
  await app.getByRole('tab', { name: 'Configuration' }).click();
  await expect(form.getByLabel('Enable ticketing')).toBeChecked();
  await expect(matrix.getByLabel('Public comment: Requester, end user or contact')).toBeChecked();
  await expect(matrix.getByLabel('Ticket assigned: Assignee, technician')).not.toBeChecked();
  await expect(form.getByLabel('Timer mode')).toHaveValue('MANUAL');
  await expect(form.getByLabel('From-email domain')).toHaveValue('help.example.com');

  // Discard goes back to what was saved.
  await flip(matrix.getByLabel('Ticket updated: CC, technician'));
  await expect(matrix.getByLabel('Ticket updated: CC, technician')).not.toBeChecked();
  await expect(form.getByText('Unsaved changes')).toBeVisible();
  await form.getByRole('button', { name: 'Discard changes' }).click();
  await expect(matrix.getByLabel('Ticket updated: CC, technician')).toBeChecked();
});
