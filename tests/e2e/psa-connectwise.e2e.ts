/**
 * 4 and 8 in Chromium against a demo of its own (the
 * tests change its settings): a ConnectWise product mapping added with two
 * ranked role mappings, one moved up, saved and read back in its order; the
 * monthly product agreement sync schedule (the shared ScheduleEditor, locked
 * to Monthly) saved and read back; Refresh ConnectWise Data's message; Clear
 * Mapping asking first, then previewing the organization it clears, and only
 * its Save changes writing; a row's Never map and Allow Auto Map. Leaving
 * the screen (breadcrumb, navigation) with unsaved Sync changes asks first.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, rowCells, test, withOwnDemo } from './fixtures';

async function openConnectWise(app: Page, page: 'Companies' | 'Configuration' | 'Products'): Promise<void> {
  await app.getByRole('button', { name: 'Integrations', exact: true }).click();
  await app.getByRole('button', { name: 'ConnectWise Manage settings' }).click();
  await expect(app.getByRole('heading', { name: 'ConnectWise Manage', level: 1 })).toBeVisible();
  await app.getByRole('tab', { name: page }).click();
}

async function addRoleMapping(app: Page, dialog: Locator, product: string, agreementType: string, role: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Add role mapping' }).click();
  const row = app.getByRole('dialog', { name: 'Add role mapping' });
  await row.getByLabel('Product').fill(product);
  await app.getByRole('option', { name: product, exact: true }).click();
  await row.getByLabel('Agreement Type').selectOption({ label: agreementType });
  await row.getByLabel('Role').selectOption({ label: role });
  await row.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(row).toBeHidden();
}

test('a product mapping with two ranked role mappings, one moved up, is saved in that order', async ({ page }) => {
  await withOwnDemo(page, [], async () => {
    const app = page;
    await openConnectWise(app, 'Products');
    const list = app.getByRole('region', { name: 'Product Mappings' });
    await list.getByRole('button', { name: 'Add New Mapping' }).click();
    const dialog = app.getByRole('dialog', { name: 'Add product mapping' });
    await dialog.getByLabel('Name').fill('Ranked e2e');
    // §9.4: SINGLE_HIT by default, with §9.3's label.
    await expect(dialog.getByLabel('Map device to first mapping only')).toBeChecked();
    await dialog.getByRole('tab', { name: 'Role mappings' }).click();
    await expect(dialog.getByText('No role mappings available')).toBeVisible();
    await addRoleMapping(app, dialog, 'Managed Server - Standard', 'Managed Services', 'Windows Server');
    await addRoleMapping(app, dialog, 'Managed Workstation - Tier 1', 'Block Time', 'Windows Desktop');
    const roles = dialog.getByRole('region', { name: 'Role mappings' });
    const roleAt = (index: number) => roles.locator(`.bp6-table-quadrant-main [data-row-index="${index}"][data-column="role"]`);
    const rankAt = (index: number) => roles.locator(`.bp6-table-quadrant-main [data-row-index="${index}"][data-column="rank"]`);
    await expect(roleAt(0)).toHaveText('Windows Server');
    await expect(roleAt(1)).toHaveText('Windows Desktop');
    // The second row, selected, moves up: it is ranked 1 now; Up is disabled at the top.
    const up = dialog.getByRole('group', { name: 'Rank' }).getByRole('button', { name: 'Up' });
    await expect(up).toBeDisabled();
    await roleAt(1).click();
    await up.click();
    await expect(roleAt(0)).toHaveText('Windows Desktop');
    await expect(rankAt(0)).toHaveText('1');
    await expect(rankAt(1)).toHaveText('2');
    await expect(up).toBeDisabled();
    await expectNoAxeViolations(app, 'product mapping, role mappings');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(app.locator('.bp6-toast').getByText("Product mapping 'Ranked e2e' saved")).toBeVisible();

    await list.getByRole('button', { name: 'Edit Ranked e2e' }).click();
    const edit = app.getByRole('dialog', { name: 'Edit product mapping' });
    await edit.getByRole('tab', { name: 'Role mappings' }).click();
    const saved = edit.getByRole('region', { name: 'Role mappings' });
    await expect(saved.locator('.bp6-table-quadrant-main [data-row-index="0"][data-column="role"]')).toHaveText('Windows Desktop');
    await expect(saved.locator('.bp6-table-quadrant-main [data-row-index="1"][data-column="role"]')).toHaveText('Windows Server');
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });
});

test('the monthly product agreement sync schedule is saved and read back; Refresh ConnectWise Data says it worked', async ({ page }) => {
  // A walk through a demo and a console of its own, two saves, a reload and a refresh: a slow test's time on a loaded machine.
  test.slow();
  await withOwnDemo(page, [], async () => {
    const app = page;
    await openConnectWise(app, 'Products');
    await app.getByRole('tab', { name: 'Sync' }).click();
    const sync = app.locator('.cw-product-sync');
    // §9.3: Monthly only.
    await expect(sync.getByLabel('Repeats')).toBeDisabled();
    await expect(sync.getByLabel('Repeats')).toHaveValue('MONTHLY');
    await sync.getByText('Enabled', { exact: true }).click();
    await sync.getByLabel('Day of month').selectOption({ label: '15' });
    await expect(sync.getByText(/^Monthly on day 15 at 09:00/)).toBeVisible();
    await expectNoAxeViolations(app, 'product agreement sync');
    // Unsaved: leaving the screen by its breadcrumb asks first; Cancel keeps the page and its changes.
    await app.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Integrations' }).click();
    const question = app.getByRole('alertdialog', { name: 'You have unsaved changes' });
    await expect(question).toContainText('Are you sure you wish to proceed?');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(sync.getByLabel('Day of month')).toHaveValue('15');
    await sync.getByRole('button', { name: 'Save' }).click();
    await expect(app.locator('.bp6-toast').getByText(/saved/i)).toBeVisible();
    await app.reload();
    await openConnectWise(app, 'Products');
    await app.getByRole('tab', { name: 'Sync' }).click();
    await expect(sync.getByLabel('Enabled')).toBeChecked();
    await expect(sync.getByLabel('Day of month')).toHaveValue('15');

    // Saved: nothing to ask. A new change, then the navigation: asked, and Continue goes there.
    await sync.getByText('Enabled', { exact: true }).click();
    await app.getByRole('button', { name: 'Devices', exact: true }).click();
    await question.getByRole('button', { name: 'Continue' }).click();
    await expect(app.getByRole('region', { name: 'Device list' })).toBeVisible();

    await openConnectWise(app, 'Companies');
    await app.getByRole('button', { name: 'Refresh ConnectWise Data' }).click();
    await expect(app.locator('.bp6-toast').getByText('Successfully updated ConnectWise entities')).toBeVisible();
  });
});

test('Clear Mapping asks, then previews the organization it clears; Save changes writes it; Never map is set and removed on the row', async ({ page }) => {
  await withOwnDemo(page, [], async () => {
    const app = page;
    await openConnectWise(app, 'Companies');
    const table = app.getByRole('region', { name: 'Company Mapping' });
    await table.getByRole('textbox', { name: /^Search / }).fill('Acme, Inc.');
    await expect(table.getByRole('button', { name: 'Edit the mapping of Acme, Inc.' })).toBeVisible();
    await expect(table.getByText('Acme Incorporated')).toBeVisible();

    // The row's never-map mark: set, shown as a tag, removed.
    await table.getByRole('button', { name: 'Never map', exact: true }).click();
    await expect(table.locator('.bp6-tag').getByText('Never map')).toBeVisible();
    await expect(table.getByRole('button', { name: 'Never map', exact: true })).toBeDisabled();
    await table.getByRole('button', { name: 'Allow Auto Map' }).click();
    await expect(table.locator('.bp6-tag').getByText('Never map')).toBeHidden();

    const clearButton = table.getByRole('button', { name: 'Clear Mapping' });
    await expect(clearButton).toBeDisabled();
    await table.getByLabel('Select Acme, Inc.').locator('xpath=..').click();
    await expect(table.getByLabel('Select Acme, Inc.')).toBeChecked();
    await clearButton.click();
    // §2.4: the clear confirmation first.
    const question = app.getByRole('alertdialog');
    await expect(question).toContainText("Clear the mapping of 'Acme, Inc.'?");
    await question.getByRole('button', { name: 'Clear Mapping' }).click();
    // Then the preview: nothing is written before it is confirmed.
    const preview = app.getByRole('dialog', { name: 'Review changes' });
    await expect(preview.getByRole('status').filter({ hasText: 'Nothing is saved' })).toContainText('Nothing is saved until you confirm.');
    const company = await rowCells(preview, 'CW Company');
    await expect(company.filter({ hasText: 'Acme, Inc.' })).toHaveCount(1);
    await expect(company.filter({ hasText: 'Acme Incorporated' })).toHaveCount(1);
    await expect(table.getByText('Acme Incorporated')).toBeVisible();
    await preview.getByRole('button', { name: 'Save changes' }).click();
    await expect(preview).toBeHidden();
    await expect(app.locator('.bp6-toast').getByText("The mapping of 'Acme, Inc.' was cleared")).toBeVisible();
    await expect(table.getByText('Acme Incorporated')).toBeHidden();
    await expect((await rowCells(table, 'Acme, Inc.')).filter({ hasText: 'Not mapped' })).toHaveCount(1);
  });
});
