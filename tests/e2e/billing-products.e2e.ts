/**
 * Billing products in Chromium against a demo of its own (the tests add a
 * product and flip the demo's §8 switches): a billing product group made with
 * members, refused by each §5 rule until it is right (name and description
 * required, a name over 50, a group without products, a node role unless all
 * roles), its money and multipliers shown in their own decimals, saved, listed
 * and read back; leaving with changes asks first; Copy, and Delete asked
 * first; 'Error fetching user roles' and 'Error fetching initial data' when
 * those calls fail, gone after Retry.
 */
import type { Page } from '@playwright/test';
import { DEMO_ADMIN_KEY, type DemoProcess } from '../helpers/processes';
import { expect, expectNoAxeViolations, rowCells, test, withOwnDemo } from './fixtures';

async function switches(demo: DemoProcess, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${demo.url}/__demo/admin`, { method: 'PATCH', headers: { 'x-demo-admin': DEMO_ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  expect(res.ok).toBe(true);
}

async function openBillingProducts(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Administration', exact: true }).first().click();
  await app.getByRole('navigation', { name: 'Administration' }).getByRole('menuitem', { name: 'Billing products' }).click();
  await expect(app.getByRole('heading', { name: 'Billing products', level: 1 })).toBeVisible();
}

const helperOf = (app: Page, fieldId: string) => app.locator(`.bp6-form-group:has(#${fieldId}) .bp6-form-helper-text`);

test('a billing product group with members is refused by each §5 rule, then saved, listed and read back', async ({ page }) => {
  await withOwnDemo(page, [], async () => {
    const app = page;
    await openBillingProducts(app);
    const list = app.getByRole('region', { name: 'Billing products' });
    await expect(list.getByRole('button', { name: 'Managed server bundle', exact: true })).toBeVisible();
    await expect(await rowCells(list, 'Legacy support')).toContainText(['Legacy support', 'Product', 'No']);
    await expectNoAxeViolations(app, 'billing products list');

    await app.getByRole('button', { name: 'Add', exact: true }).click();
    await app.getByRole('menuitem', { name: 'Add group' }).click();
    await expect(app.getByRole('heading', { name: 'New product group', level: 1 })).toBeVisible();
    const save = app.getByRole('button', { name: 'Save', exact: true });

    // Nothing filled: name and description required, and a group needs products; all roles needs no node role.
    await save.click();
    await expect(app.getByText('Check the marked fields before saving.')).toBeVisible();
    await expect(helperOf(app, 'billing-name')).toHaveText('Required');
    await expect(helperOf(app, 'billing-description')).toHaveText('Required');
    await expect(app.getByText('A product group needs at least one product.')).toBeVisible();
    await expect(app.getByText('Choose a node role, or apply the product to all roles.')).toBeHidden();

    // A name over 50 is refused; 50 is not.
    const name = app.getByRole('textbox', { name: 'Name' });
    await name.fill('N'.repeat(51));
    await expect(helperOf(app, 'billing-name')).toHaveText('At most 50 characters');
    await name.fill('E2E bundle');
    await expect(helperOf(app, 'billing-name')).toHaveCount(0);
    await app.getByRole('textbox', { name: 'Description' }).fill('Monitoring with the legacy support.');
    await expect(helperOf(app, 'billing-description')).toHaveCount(0);

    // Money in two fixed decimals; multipliers in theirs without trailing zeros; keys that are not a number are not taken.
    const price = app.locator('#billing-price');
    // More decimals than money keeps, filled in at once or pasted: rounded, and said; never left as it was.
    await price.fill('3.456');
    await expect(price).toHaveValue('3.46');
    await expect(app.getByRole('status').filter({ hasText: 'Rounded to 3.46' })).toBeVisible();
    const paste = (text: string) =>
      price.evaluate((element, pasted) => {
        // The page's own classes, typed here without the DOM library (this file is type-checked as Node code).
        const page = globalThis as unknown as { DataTransfer: new () => { setData(type: string, data: string): void }; ClipboardEvent: new (type: string, init: object) => unknown };
        const input = element as unknown as { value: string; focus(): void; setSelectionRange(start: number, end: number): void; dispatchEvent(event: unknown): boolean };
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
        const data = new page.DataTransfer();
        data.setData('text/plain', pasted);
        input.dispatchEvent(new page.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
    // Pasted after what the field shows, the two make no number: the pasted amount is taken.
    await paste('7.891');
    await expect(price).toHaveValue('7.89');
    await paste('about ten');
    await expect(price).toHaveValue('7.89');
    await expect(app.getByRole('status').filter({ hasText: "'about ten' is not a number: the field kept 7.89." })).toBeVisible();
    await price.fill('');
    await price.pressSequentially('12.5x');
    await price.blur();
    await expect(price).toHaveValue('12.50');
    const offHours = app.locator('#billing-offHoursMultiplier');
    await offHours.fill('1.500');
    await offHours.blur();
    await expect(offHours).toHaveValue('1.5');

    // Node role: mandatory once all roles is off.
    await app.locator('label.bp6-checkbox', { hasText: 'All roles' }).click();
    await save.click();
    await expect(app.getByText('Choose a node role, or apply the product to all roles.')).toBeVisible();
    const nodeRole = app.locator('#billing-nodeRoleId');
    const roleName = (await nodeRole.locator('option').nth(1).textContent())!;
    await nodeRole.selectOption({ label: roleName });
    await expect(app.getByText('Choose a node role, or apply the product to all roles.')).toBeHidden();

    // Members: an inactive one is marked; two are chosen.
    const members = app.getByRole('region', { name: 'Products in this group' });
    await expect(await rowCells(members, 'Legacy support')).toContainText(['Inactive']);
    // Blueprint draws its own box over the input: click its label, as a technician would.
    await members.getByLabel('Select Server monitoring').locator('xpath=..').click();
    await members.getByLabel('Select Legacy support').locator('xpath=..').click();
    await expect(members.getByLabel('Select Server monitoring')).toBeChecked();
    await expect(app.getByText('A product group needs at least one product.')).toBeHidden();

    // A user role, picked from the list the server sends with the keyboard: Enter picks it and does not submit the form.
    await app.locator('#billing-userRoles').click();
    const roles = app.locator('.entity-multi-select-list').getByRole('option');
    // The list shows 'Loading...' until the server's roles came: read the first role once they are there.
    await expect(roles.first()).toBeVisible();
    await expect(roles.filter({ hasText: 'Loading...' })).toHaveCount(0);
    const userRole = (await roles.first().textContent())!.trim();
    await app.keyboard.press('Enter');
    await app.keyboard.press('Escape');
    await expect(app.locator('.bp6-tag', { hasText: userRole })).toBeVisible();
    await expect(app.getByRole('heading', { name: 'New product group', level: 1 })).toBeVisible();
    await expectNoAxeViolations(app, 'billing product group form');

    await save.click();
    await expect(app.getByRole('heading', { name: 'Billing products', level: 1 })).toBeVisible();
    const row = await rowCells(list, 'E2E bundle');
    await expect(row).toContainText(['E2E bundle', 'Group', '12.50']);

    // Read back: what was saved is what the form shows.
    await list.getByRole('button', { name: 'E2E bundle', exact: true }).click();
    await expect(app.getByRole('heading', { name: 'Edit product group', level: 1 })).toBeVisible();
    await expect(price).toHaveValue('12.50');
    await expect(offHours).toHaveValue('1.5');
    await expect(nodeRole.locator('option:checked')).toHaveText(roleName);
    await expect(members.getByRole('checkbox', { name: 'Select Server monitoring' })).toBeChecked();
    await expect(members.getByRole('checkbox', { name: 'Select Legacy support' })).toBeChecked();
    await expect(members.getByRole('checkbox', { name: 'Select Backup add-on' })).not.toBeChecked();
    await expect(app.locator('.bp6-tag', { hasText: userRole })).toBeVisible();

    // Leaving with changes asks first: Cancel stays, Continue leaves without saving.
    await name.fill('E2E bundle renamed');
    await app.getByRole('navigation', { name: 'Administration' }).getByRole('menuitem', { name: 'Scheduled tasks' }).click();
    const question = app.getByRole('alertdialog', { name: 'You have unsaved changes' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(name).toHaveValue('E2E bundle renamed');
    await app.getByRole('button', { name: 'Back to billing products' }).click();
    await question.getByRole('button', { name: 'Continue' }).click();
    await expect(list.getByRole('button', { name: 'E2E bundle', exact: true })).toBeVisible();
    await expect(list.getByRole('button', { name: 'E2E bundle renamed', exact: true })).toHaveCount(0);

    // Copy opens the form on a copy (no id: a new product on save); Delete asks first.
    const cells = await rowCells(list, 'E2E bundle');
    await cells.getByRole('button', { name: 'Copy' }).click();
    await expect(app.getByRole('heading', { name: 'Copy product group', level: 1 })).toBeVisible();
    await expect(name).toHaveValue('Copy of E2E bundle');
    await expect(members.getByLabel('Select Server monitoring')).toBeChecked();
    await app.getByRole('button', { name: 'Cancel', exact: true }).click();
    await (await rowCells(list, 'E2E bundle')).getByRole('button', { name: 'Delete' }).click();
    const ask = app.getByRole('alertdialog');
    await expect(ask).toContainText("Delete the billing product 'E2E bundle'? This cannot be undone.");
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect(list.getByRole('button', { name: 'E2E bundle', exact: true })).toHaveCount(0);
    await expect(list.getByRole('button', { name: 'Managed server bundle', exact: true })).toBeVisible();
  });
});

test('the user roles and initial data failures are named, and Retry reads them again', async ({ page }) => {
  await withOwnDemo(page, [], async (demo) => {
    const app = page;
    await switches(demo, { failUserRoles: true, failInitialData: true });
    await openBillingProducts(app);
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    await app.getByRole('menuitem', { name: 'Add product' }).click();
    await expect(app.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
    const rolesFailure = app.getByRole('alert').filter({ hasText: 'Error fetching user roles' });
    const initialFailure = app.getByRole('alert').filter({ hasText: 'Error fetching initial data' });
    await expect(rolesFailure).toBeVisible();
    await expect(initialFailure).toBeVisible();

    await switches(demo, { failUserRoles: false, failInitialData: false });
    await rolesFailure.getByRole('button', { name: 'Retry' }).click();
    await initialFailure.getByRole('button', { name: 'Retry' }).click();
    await expect(rolesFailure).toHaveCount(0);
    await expect(initialFailure).toHaveCount(0);
    await app.locator('#billing-userRoles').click();
    await expect(app.locator('.entity-multi-select-list').getByRole('option').first()).toBeVisible();
  });
});
