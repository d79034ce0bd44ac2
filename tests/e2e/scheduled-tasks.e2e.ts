/**
 * In Chromium against a demo of its own (the tests that add
 * tasks and switch its Windows services off): a MONTHLY scheduled task
 * running a script with an INTEGER and an IPADDRESS variable (their blocked
 * keys refused: 'e' and '-' in the integer, letters in the address, also
 * pasted), targeting a group from the add-targets modal, saved, listed with
 * its next run and read back; its enabled switch saved at once (and put back
 * when the save fails); copied and deleted. A defrag action with an excluded
 * volume; a Windows service action while GET /webapp/winservice fails
 * ('Windows Services could not load', its required service blocking the save
 * with the Actions tab highlighted), then picked by its service name once it
 * works. The shared blocks in the editor: a start date two years ahead
 * picked on the calendar, a typed letter's message, and select-all among
 * targets the task already has cleared by a second click.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_ADMIN_KEY } from '../helpers/processes';
import { expect, expectNoAxeViolations, rowCells, signInToDemo, test, withOwnDemo } from './fixtures';

async function switchServices(demoUrl: string, windowsServices: 'ok' | 'httpError' | 'resultFailure'): Promise<void> {
  const res = await fetch(`${demoUrl}/__demo/admin`, { method: 'PATCH', headers: { 'x-demo-admin': DEMO_ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ windowsServices }) });
  expect(res.ok).toBe(true);
}

async function openTasks(app: Page): Promise<Locator> {
  await app.getByRole('button', { name: 'Administration', exact: true }).first().click();
  await expect(app.getByRole('heading', { name: 'Scheduled tasks', level: 1 })).toBeVisible();
  const table = app.locator('.admin-table');
  // The demo's own tasks are listed first.
  await expect(table.getByRole('button', { name: 'Edit Restart print spooler' })).toBeVisible();
  return table;
}

async function addAction(app: Page, dialog: Locator, kind: 'Run a script' | 'Defragment' | 'Windows service'): Promise<void> {
  await dialog.getByRole('button', { name: 'Add action' }).click();
  await app.getByRole('menuitem', { name: kind }).click();
}

test('a monthly task runs a script with an integer and an IP address (blocked keys refused) on a group, and is listed with its next run', async ({ page }) => {
  await withOwnDemo(page, [], async (demo) => {
    const app = page;
    const table = await openTasks(app);
    await expectNoAxeViolations(app, 'scheduled tasks list');
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = app.getByRole('dialog', { name: 'New scheduled task' });
    await dialog.getByLabel('Name').fill('Gateway check e2e');
    await expect(dialog.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();

    // §9.4: a new task repeats MONTHLY at 09:00; the 15th is chosen.
    await dialog.getByRole('tab', { name: 'Schedule' }).click();
    await expect(dialog.getByLabel('Repeats')).toHaveValue('MONTHLY');
    await expect(dialog.getByLabel('Run at hour')).toHaveValue('9');
    await dialog.getByLabel('Day of month').selectOption('15');
    await expect(dialog.locator('#task-schedule-summary')).toHaveText('Monthly on day 15 at 09:00');
    await expectNoAxeViolations(app, 'scheduled task editor, schedule');

    await dialog.getByRole('tab', { name: 'Actions' }).click();
    await addAction(app, dialog, 'Run a script');
    await dialog.getByRole('combobox', { name: 'Script' }).click();
    await app.keyboard.type('gateway');
    await app.getByRole('option', { name: /Ping gateway/ }).click();
    // §5: required variables are marked '*'.
    await expect(dialog.locator('label[for="task-action-0-vars-variable-0"]')).toHaveText(/Gateway address\s*\*/);
    await expect(dialog.locator('label[for="task-action-0-vars-variable-1"]')).not.toHaveText(/\*/);

    // INTEGER: 'e' and '-' (and '+', '.') do nothing; digits are typed.
    const count = dialog.getByLabel('Ping count');
    await expect(count).toHaveValue('4');
    await count.fill('');
    await count.pressSequentially('1e-2+.');
    await expect(count).toHaveValue('12');

    // IPADDRESS: letters do nothing, typed or pasted; a partial address says so.
    const gateway = dialog.getByLabel('Gateway address');
    await gateway.pressSequentially('10.a0.b0');
    await expect(gateway).toHaveValue('10.0.0');
    await gateway.blur();
    await expect(dialog.getByText('Not an IPv4 address')).toBeVisible();
    // A paste of '.x1' keeps '.1' (the e2e project has no DOM types: the page's constructors are named here).
    await gateway.evaluate((input) => {
      const page = globalThis as unknown as { DataTransfer: new () => { setData(type: string, value: string): void }; ClipboardEvent: new (type: string, init: object) => unknown };
      const data = new page.DataTransfer();
      data.setData('text/plain', '.x1');
      (input as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(new page.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(gateway).toHaveValue('10.0.0.1');
    await expect(dialog.getByText('Not an IPv4 address')).toBeHidden();
    await expectNoAxeViolations(app, 'scheduled task editor, script variables');

    // Targets: a group from the add-targets modal, searched.
    await dialog.getByRole('tab', { name: 'Targets' }).click();
    await dialog.getByRole('button', { name: 'Add targets' }).click();
    const modal = app.getByRole('dialog', { name: 'Add targets' });
    await modal.getByRole('tab', { name: 'Groups' }).click();
    await modal.getByLabel('Search groups').fill('Critical');
    // The server's search: other groups go.
    await expect(modal.getByText('All Servers')).toBeHidden();
    await modal.getByLabel('Select Critical Servers').locator('xpath=..').click();
    await expect(modal.getByLabel('Select Critical Servers')).toBeChecked();
    await expect(modal.getByText('1 chosen: Critical Servers')).toBeVisible();
    await expectNoAxeViolations(app, 'add targets');
    await modal.getByRole('button', { name: 'Add 1' }).click();
    await expect(modal).toBeHidden();
    await expect(dialog.getByRole('list', { name: 'Targets' }).getByText('Critical Servers')).toBeVisible();
    await expectNoAxeViolations(app, 'scheduled task editor, targets');

    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(app.locator('.bp6-toast').getByText("Scheduled task 'Gateway check e2e' saved")).toBeVisible();

    // Listed: monthly, its next run on a 15th, one target.
    const cells = await rowCells(table, 'Gateway check e2e');
    await expect(cells.and(app.locator('[data-column="repeats"]'))).toHaveText('Monthly');
    await expect(cells.and(app.locator('[data-column="targets"]'))).toHaveText('1');
    const nextRun = cells.and(app.locator('[data-column="nextRun"]')).locator('span[title]');
    await expect(nextRun).toHaveAttribute('title', /-15T/);

    // Read back: the variables as typed, the group.
    await table.getByRole('button', { name: 'Edit Gateway check e2e' }).click();
    const edit = app.getByRole('dialog', { name: 'Edit scheduled task' });
    await edit.getByRole('tab', { name: 'Actions' }).click();
    await expect(edit.getByLabel('Ping count')).toHaveValue('12');
    await expect(edit.getByLabel('Gateway address')).toHaveValue('10.0.0.1');
    await edit.getByRole('tab', { name: 'Targets' }).click();
    await expect(edit.getByRole('list', { name: 'Targets' }).getByText('Critical Servers')).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // The switch saves at once: off, and still off once the list is read again.
    await table.getByRole('checkbox', { name: 'Enabled: Gateway check e2e' }).locator('xpath=..').click();
    await expect(table.getByRole('checkbox', { name: 'Enabled: Gateway check e2e' })).not.toBeChecked();
    await app.getByRole('navigation', { name: 'Administration' }).getByText('Billing products').click();
    await app.getByRole('navigation', { name: 'Administration' }).getByText('Scheduled tasks').click();
    await expect(table.getByRole('checkbox', { name: 'Enabled: Gateway check e2e' })).not.toBeChecked();
    // A switch whose save fails is put back, and says why.
    await demo.configure({ faults: { errorRate: 1, errorPathPattern: 'scheduledtasks/.+/enabled$' } });
    await table.getByRole('checkbox', { name: 'Enabled: Gateway check e2e' }).locator('xpath=..').click();
    await expect(app.locator('.bp6-toast.bp6-intent-danger')).toBeVisible();
    await expect(table.getByRole('checkbox', { name: 'Enabled: Gateway check e2e' })).not.toBeChecked();
    await demo.configure({ faults: { errorRate: 0, errorPathPattern: null } });

    // Copy saves it again without its id as 'Copy of …'; Delete asks first.
    await (await rowCells(table, 'Gateway check e2e')).and(app.locator('[data-column="actions"]')).getByRole('button', { name: 'Copy' }).click();
    await expect(table.getByRole('button', { name: 'Edit Copy of Gateway check e2e' })).toBeVisible();
    await (await rowCells(table, 'Copy of Gateway check e2e')).and(app.locator('[data-column="actions"]')).getByRole('button', { name: 'Delete' }).click();
    await expect(app.getByText("Delete the scheduled task 'Copy of Gateway check e2e'? This cannot be undone.")).toBeVisible();
    await app.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('button', { name: 'Edit Copy of Gateway check e2e' })).toBeHidden();
    await expect(table.getByRole('button', { name: 'Edit Gateway check e2e' })).toBeVisible();
  });
});

test("a defrag action, and a Windows service action while the services fail: 'Windows Services could not load'", async ({ page }) => {
  await withOwnDemo(page, [], async (demo) => {
    const app = page;
    const table = await openTasks(app);
    await switchServices(demo.url, 'httpError');
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = app.getByRole('dialog', { name: 'New scheduled task' });
    await dialog.getByLabel('Name').fill('Defrag e2e');
    await dialog.getByRole('tab', { name: 'Actions' }).click();

    // Defragment: C: comes included; 'd' is added as D: and excluded.
    await addAction(app, dialog, 'Defragment');
    await dialog.getByLabel('Add a volume').fill('d');
    await dialog.getByLabel('Add a volume').press('Enter');
    const volumes = dialog.getByRole('list', { name: 'Volumes' });
    await expect(volumes.getByRole('listitem')).toHaveText([/C:/, /D:/]);
    await volumes.getByRole('radiogroup', { name: 'D:: include or exclude' }).getByText('Exclude').click();

    // Windows service: the list fails; the message is in the form, and the service stays required.
    await addAction(app, dialog, 'Windows service');
    await expect(dialog.getByText('Windows Services could not load')).toBeVisible();
    await expectNoAxeViolations(app, 'scheduled task editor, actions');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('tab', { name: /Actions/ }).locator('[data-tab-error="true"]')).toBeVisible();
    await expect(dialog).toBeVisible();

    // Without it the task saves; the defrag options are read back.
    await dialog.getByRole('button', { name: 'Remove action 2' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await table.getByRole('button', { name: 'Edit Defrag e2e' }).click();
    const edit = app.getByRole('dialog', { name: 'Edit scheduled task' });
    await edit.getByRole('tab', { name: 'Actions' }).click();
    const saved = edit.getByRole('list', { name: 'Volumes' });
    await expect(saved.getByRole('radiogroup', { name: 'C:: include or exclude' }).getByRole('radio', { name: 'Include' })).toBeChecked();
    await expect(saved.getByRole('radiogroup', { name: 'D:: include or exclude' }).getByRole('radio', { name: 'Exclude' })).toBeChecked();

    // The services work again: one is found by its service name, stopped, saved.
    await switchServices(demo.url, 'ok');
    await addAction(app, edit, 'Windows service');
    await edit.getByRole('combobox', { name: 'Windows service' }).click();
    await app.keyboard.type('wuauserv');
    await app.getByRole('option', { name: /Windows Update/ }).click();
    await edit.getByLabel('Operation').selectOption('STOP');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await table.getByRole('button', { name: 'Edit Defrag e2e' }).click();
    await app.getByRole('dialog', { name: 'Edit scheduled task' }).getByRole('tab', { name: 'Actions' }).click();
    await expect(app.getByRole('dialog', { name: 'Edit scheduled task' }).getByRole('combobox', { name: 'Windows service' })).toHaveValue('Windows Update');
  });
});

test('the editor picks a start date two years ahead, says why a typed letter is wrong, and select-all among disabled targets clears on a second click', async ({ app }) => {
  // Nothing is saved: the shared demo serves.
  await signInToDemo(app, { remember: false });
  const table = await openTasks(app);
  await table.getByRole('button', { name: 'Edit Restart print spooler' }).click();
  const dialog = app.getByRole('dialog', { name: 'Edit scheduled task' });
  await dialog.getByRole('tab', { name: 'Schedule' }).click();

  // §5: a character that is not a digit or a separator gives the error (it was dropped without a word).
  const start = dialog.getByLabel('Start date', { exact: true });
  await start.fill('');
  await start.pressSequentially('1a');
  await expect(start).toHaveValue('1a');
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Only digits and the date separators are allowed.')).toBeVisible();

  // §9: the calendar's years reach 50 ahead (Blueprint's default stopped six months ahead).
  const year = new Date().getFullYear() + 2;
  await dialog.getByRole('button', { name: 'Choose Start date on a calendar' }).click();
  const calendar = app.locator('.bp6-datepicker');
  await expect(calendar.getByRole('combobox', { name: /Year/ }).locator(`option[value="${new Date().getFullYear() + 50}"]`)).toHaveCount(1);
  await calendar.getByRole('combobox', { name: /Year/ }).selectOption(String(year));
  await calendar.locator('.rdp-day:not(.rdp-day_outside)').filter({ hasText: /^15$/ }).click();
  await expect(calendar).toBeHidden();
  await expect(start).toHaveValue(new RegExp(`15.*${year}|${year}.*15`));
  await expect(dialog.getByText('Only digits and the date separators are allowed.')).toBeHidden();
  // The schedule took it: its first run is on that day.
  await expect(dialog.locator('#task-schedule-next-runs + ol time').first()).toHaveAttribute('datetime', new RegExp(`^${year}-`));

  // Add targets: the task's own group is shown ticked and disabled; select-all, then again, which clears.
  await dialog.getByRole('tab', { name: 'Targets' }).click();
  await dialog.getByRole('button', { name: 'Add targets' }).click();
  const modal = app.getByRole('dialog', { name: 'Add targets' });
  await modal.getByRole('tab', { name: 'Groups' }).click();
  // Blueprint's table draws its header in each quadrant: the top one is the one on screen.
  const selectAll = modal.locator('.bp6-table-quadrant-top').getByRole('checkbox', { name: 'Select all' });
  const own = modal.getByLabel('Select Workstations');
  const other = modal.getByLabel('Select All Servers');
  await expect(own).toBeDisabled();
  await expect(own).toBeChecked();
  await selectAll.locator('xpath=..').click();
  await expect(selectAll).toBeChecked();
  await expect(other).toBeChecked();
  // The demo's 24 groups, less the one the task has.
  await expect(modal.getByText(/^23 chosen: /)).toBeVisible();
  await selectAll.locator('xpath=..').click();
  await expect(selectAll).not.toBeChecked();
  await expect(other).not.toBeChecked();
  await expect(own).toBeChecked();
  await expect(modal.getByText('Tick the devices, groups or organizations the task runs on.')).toBeVisible();
});

test("an editor page's header logo leads to the system dashboard, asking first when there are unsaved changes", async ({ app }) => {
  // Nothing is saved: the shared demo serves.
  await signInToDemo(app, { remember: false });
  const table = await openTasks(app);
  await table.getByRole('button', { name: 'Edit Restart print spooler' }).click();
  await expect(app).toHaveURL(/#\/editor\/scheduledTask\/\d+$/);
  const dialog = app.getByRole('dialog', { name: 'Edit scheduled task' });
  // §2.1: the editor header's logo links to the system dashboard overview.
  const logo = dialog.getByRole('link', { name: 'System dashboard' });
  await expect(logo).toHaveAttribute('href', '#/systemDashboard/overview');

  await dialog.getByRole('textbox', { name: 'Name' }).fill('Restart print spooler (edited)');
  await logo.click();
  const unsaved = app.getByRole('alertdialog', { name: 'You have unsaved changes' });
  await unsaved.getByRole('button', { name: 'Cancel' }).click();
  // Kept: the editor with what was typed.
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Restart print spooler (edited)');
  await expect(app).toHaveURL(/#\/editor\/scheduledTask\/\d+$/);

  // From the keyboard too: the logo is the header's first stop.
  await logo.focus();
  await app.keyboard.press('Enter');
  await unsaved.getByRole('button', { name: 'Continue' }).click();
  await expect(app).toHaveURL(/#\/systemDashboard\/overview$/);
  await expect(dialog).toBeHidden();
  await expect(app.getByRole('heading', { name: 'System dashboard', level: 1 })).toBeVisible();
  await expect(app.getByRole('banner').getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
});
