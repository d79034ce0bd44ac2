/**
 * Issue 17 point 1 in Chromium against a demo of its own (the tests add
 * tasks and switch its Windows services off): a MONTHLY scheduled task
 * running a script with an INTEGER and an IPADDRESS variable (their blocked
 * keys refused: 'e' and '-' in the integer, letters in the address, also
 * pasted), targeting a group from the add-targets modal, saved, listed with
 * its next run and read back; its enabled switch saved at once (and put back
 * when the save fails); copied and deleted. A defrag action with an excluded
 * volume; a Windows service action while GET /webapp/winservice fails
 * ('Windows Services could not load', its required service blocking the save
 * with the Actions tab highlighted), then picked by its service name once it
 * works.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_ADMIN_KEY } from '../helpers/processes';
import { expect, expectNoAxeViolations, rowCells, test, withOwnDemo } from './fixtures';

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
