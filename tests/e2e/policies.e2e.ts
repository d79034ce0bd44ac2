/**
 * Policies in Chromium against a demo of their own (the test saves one):
 * from a device's backup page, the link to the policy its plans come from
 * opens that policy's Backup tab; a plan the 'Servers' policy inherits from
 * 'Company baseline' says so, is edited (Overridden, the parent's value
 * beside the changed field), saved and read back, then reverted after the
 * question and saved again, inherited as before. A policy that is gone says
 * so and leads back to the list.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openShowcaseDevice, test, withOwnDemo } from './fixtures';

function planCard(dialog: Locator, plan: string): Locator {
  return dialog.getByRole('list', { name: 'Backup plans' }).getByRole('listitem', { name: plan, exact: true });
}

async function openPolicyFromList(app: Page, name: string): Promise<Locator> {
  await app.getByRole('button', { name: 'Administration', exact: true }).first().click();
  await app.getByRole('navigation', { name: 'Administration' }).getByText('Policies').click();
  await expect(app.getByRole('grid', { name: 'Policies' })).toBeVisible();
  await app.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const dialog = app.getByRole('dialog', { name: 'Edit policy' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  return dialog;
}

async function save(app: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(app.locator('.bp6-toast').filter({ hasText: /saved/i }).first()).toBeVisible();
  // Saved, the editor closes on the list.
  await expect(dialog).toBeHidden();
}

test('an inherited plan edited is Overridden with the parent value beside it, then reverted; the device page links to its policy', async ({ page }) => {
  await withOwnDemo(page, [], async () => {
    const app = page;
    // The showcase server's plans come from the 'Servers' policy: its link opens the policy on its Backup tab.
    await openShowcaseDevice(app);
    const note = app.getByTestId('device-policy');
    await expect(note).toContainText('Backup plans from policy');
    await note.getByRole('link', { name: 'Servers' }).click();
    let dialog = app.getByRole('dialog', { name: 'Edit policy' });
    await expect(dialog.getByRole('tab', { name: 'Backup' })).toHaveAttribute('aria-selected', 'true');
    await expect(planCard(dialog, 'Documents').getByTestId('plan-inherited-from')).toHaveText('Inherited from Company baseline');
    await expect(planCard(dialog, 'Documents').getByTestId('plan-overridden')).toHaveCount(0);
    // An inherited plan cannot be deleted; the child's own can.
    await expect(planCard(dialog, 'Documents').getByRole('button', { name: 'Delete plan Documents' })).toBeDisabled();
    await expect(planCard(dialog, 'SQL exports').getByRole('button', { name: 'Delete plan SQL exports' })).toBeEnabled();
    await expectNoAxeViolations(app, 'policy editor, backup plans');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edited from the list: the retention of the inherited plan changes.
    dialog = await openPolicyFromList(app, 'Servers');
    await dialog.getByRole('tab', { name: 'Backup' }).click();
    const documents = planCard(dialog, 'Documents');
    await documents.getByRole('button', { name: 'Edit plan Documents' }).click();
    const plan = app.getByRole('dialog', { name: /Documents/ });
    const versions = plan.getByLabel('Versions kept');
    const parentVersions = await versions.inputValue();
    const changed = String(Number(parentVersions) + 5);
    await versions.fill(changed);
    await versions.press('Tab');
    await expect(plan.getByTestId('plan-overridden')).toBeVisible();
    await expectNoAxeViolations(app, 'backup plan dialog, overridden');
    await plan.getByRole('button', { name: 'Apply' }).click();
    await expect(plan).toBeHidden();
    await expect(documents.getByTestId('plan-overridden')).toHaveText('Overridden');
    await expect(documents.getByTestId('parent-value-retention')).toContainText(`${parentVersions} versions`);
    await save(app, dialog);

    // Read back from the server: still overridden, with the parent's value.
    await app.reload();
    dialog = await openPolicyFromList(app, 'Servers');
    await dialog.getByRole('tab', { name: 'Backup' }).click();
    await expect(planCard(dialog, 'Documents').getByTestId('plan-overridden')).toBeVisible();
    await expect(planCard(dialog, 'Documents')).toContainText(`${changed} versions`);

    // Revert asks first, then the plan is the parent's again (saved and read back).
    await planCard(dialog, 'Documents').getByRole('button', { name: 'Revert' }).click();
    const question = app.getByRole('alertdialog');
    await expect(question).toContainText("Revert the plan 'Documents'");
    await question.getByRole('button', { name: 'Revert' }).click();
    await expect(planCard(dialog, 'Documents').getByTestId('plan-overridden')).toHaveCount(0);
    await expect(planCard(dialog, 'Documents')).toContainText(`${parentVersions} versions`);
    await save(app, dialog);
    await app.reload();
    dialog = await openPolicyFromList(app, 'Servers');
    await dialog.getByRole('tab', { name: 'Backup' }).click();
    await expect(planCard(dialog, 'Documents').getByTestId('plan-inherited-from')).toHaveText('Inherited from Company baseline');
    await expect(planCard(dialog, 'Documents').getByTestId('plan-overridden')).toHaveCount(0);
    await expect(planCard(dialog, 'Documents')).toContainText(`${parentVersions} versions`);

    // A policy that is gone says so, and leads to the list.
    await app.evaluate(() => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = '/editor/policy/4242';
    });
    await expect(app.getByText('This policy no longer exists.')).toBeVisible();
    await app.getByRole('button', { name: 'Go to policies' }).click();
    await expect(app.getByRole('grid', { name: 'Policies' })).toBeVisible();
  });
});
