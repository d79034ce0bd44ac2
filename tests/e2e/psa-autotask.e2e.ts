/**
 * 6 and 8 in Chromium against a demo of its own (the
 * tests change its mappings): the Integrations list with its unmapped count;
 * Autotask's Auto Map through the review queue (a candidate accepted beside
 * the exact matches) and the preview of every row that changes,
 * nothing written before it is confirmed; an account remap previewed with
 * §8.3's location warning. The review and preview dialogs are solid in the
 * light and dark themes; the account is picked like a select; the
 * breadcrumb leads back to the Integrations list.
 */
import type { Locator, Page } from '@playwright/test';
import { secretMovedMessage } from '../../src/shared/rules/psa/connection';
import { chooseTheme, expect, expectNoAxeViolations, test, withOwnDemo } from './fixtures';

const REMAP_WARNING = 'Because of your update to the account mappings we have also updated some of your location mappings, please take a look under Location Mapping.';

async function unmappedOrganizations(app: Page): Promise<number> {
  const text = await app.getByRole('group', { name: 'Autotask' }).locator('.psa-unmapped').innerText();
  return Number(/(\d+) organizations?/.exec(text)?.[1] ?? NaN);
}

/**
 * The dialog draws a solid background of its own, its table's area too, and
 * everything under a grid of points over it is the dialog's: nothing of the
 * page behind shows through. (The e2e types have no DOM: the page's objects
 * are described as far as used.)
 */
async function expectSolidDialog(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  const seen = await dialog.evaluate((element) => {
    interface Box {
      className: string;
      getBoundingClientRect(): { left: number; top: number; right: number; bottom: number };
      contains(other: unknown): boolean;
      querySelector(selector: string): Box | null;
      ownerDocument: { elementFromPoint(x: number, y: number): Box | null; defaultView: { innerHeight: number; getComputedStyle(e: Box): { backgroundColor: string } } };
    }
    const el = element as unknown as Box;
    const view = el.ownerDocument.defaultView;
    const alpha = (color: string) => Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(color)?.[1] ?? (color === 'transparent' ? 0 : 1));
    const rect = el.getBoundingClientRect();
    const bottom = Math.min(rect.bottom, view.innerHeight);
    const foreign: string[] = [];
    for (let i = 0; i <= 10; i++) {
      for (let j = 0; j <= 10; j++) {
        const x = rect.left + 2 + ((rect.right - rect.left - 4) * i) / 10;
        const y = rect.top + 2 + ((bottom - rect.top - 4) * j) / 10;
        const hit = el.ownerDocument.elementFromPoint(x, y);
        if (hit && !el.contains(hit)) foreign.push(`${Math.round(x)},${Math.round(y)} ${hit.className}`);
      }
    }
    const table = el.querySelector('.psa-auto-map-table, .psa-change-table');
    return { dialog: alpha(view.getComputedStyle(el).backgroundColor), table: table ? alpha(view.getComputedStyle(table).backgroundColor) : null, foreign };
  });
  expect(seen).toEqual({ dialog: 1, table: 1, foreign: [] });
}

async function openAutotask(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Integrations', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await app.getByRole('button', { name: 'Autotask settings' }).click();
  await expect(app.getByRole('heading', { name: 'Autotask', level: 1 })).toBeVisible();
  // The table draws the rows in view: Acme is searched for.
  const table = app.getByRole('region', { name: 'Account Mapping' });
  await table.getByRole('textbox', { name: /^Search / }).fill('Acme, Inc.');
  await expect(table.getByRole('button', { name: 'Edit the mapping of Acme, Inc.' })).toBeVisible();
}

test('Auto Map: a reviewed candidate is accepted beside the exact matches; the preview shows what changes; the save maps it and the unmapped count drops', async ({ page }) => {
  await withOwnDemo(page, [], async () => {
    const app = page;
    await app.getByRole('button', { name: 'Integrations', exact: true }).click();
    const before = await unmappedOrganizations(app);
    expect(before).toBeGreaterThan(100);
    await expectNoAxeViolations(app, 'Integrations');
    await app.getByRole('button', { name: 'Autotask settings' }).click();
    const table = app.getByRole('region', { name: 'Account Mapping' });
    await expect(table.locator('.bp6-table-quadrant-main [data-column="organization"]').first()).toBeVisible();

    await app.getByRole('button', { name: 'Auto Map', exact: true }).click();
    const review = app.getByRole('dialog', { name: 'Auto Map' });
    // The queue's own status (the table has one too, with its count).
    const queue = review.getByRole('status').filter({ hasText: 'organizations will be mapped.' });
    await expect(queue).toContainText('organizations will be mapped.');
    await expect(queue).toContainText('wait for your decision');
    await expectSolidDialog(review);
    // Lowest scores first: a candidate waiting for a decision (a score, not 'Exact') is accepted here.
    await review.locator('.bp6-table-quadrant-top').getByRole('button', { name: /^Match/ }).click();
    const cell = (index: string | null, column: string) => review.locator(`.bp6-table-quadrant-main [data-row-index="${index}"][data-column="${column}"]`);
    const score = review.locator('.bp6-table-quadrant-main [data-column="score"]').filter({ hasText: /^\d+%$/ }).first();
    await expect(score).toBeVisible();
    const index = await score.getAttribute('data-row-index');
    const organization = (await cell(index, 'source').innerText()).trim();
    const candidate = (await cell(index, 'target').innerText()).trim();
    const pending = Number(/(\d+) candidates? waits?/.exec(await queue.innerText())?.[1]);
    await review.getByRole('radiogroup', { name: `Decision for ${organization}` }).getByRole('radio', { name: 'Accept' }).click();
    await expect(queue).toContainText(pending - 1 === 1 ? '1 candidate waits' : `${pending - 1} candidates wait`);
    await expectNoAxeViolations(app, 'Auto Map review');
    await review.getByRole('button', { name: 'Review changes' }).click();
    const preview = app.getByRole('dialog', { name: 'Review changes' });
    await expect(preview.getByRole('status').filter({ hasText: 'Nothing is saved' })).toContainText('Nothing is saved until you confirm.');
    await expectSolidDialog(preview);
    await preview.getByRole('textbox', { name: /^Search / }).fill(organization);
    await expect(preview.locator('.bp6-table-quadrant-main [data-column="after"]').filter({ hasText: candidate }).first()).toBeVisible();
    await expectNoAxeViolations(app, 'change preview');
    await preview.getByRole('button', { name: 'Save changes' }).click();
    await expect(preview).toBeHidden();
    await expect(app.locator('.bp6-toast').getByText(/account mappings? saved/)).toBeVisible();
    await table.getByRole('textbox', { name: /^Search / }).fill(organization);
    await expect(table.locator('.bp6-table-quadrant-main [data-column="account"]').filter({ hasText: candidate }).first()).toBeVisible();

    // Back the way ConnectWise's page goes back: the breadcrumb.
    await app.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(app.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    await expect.poll(() => unmappedOrganizations(app)).toBeLessThan(before);
  });
});

test("remapping an Autotask account is previewed with §8.3's location warning and saved", async ({ page }) => {
  await withOwnDemo(page, [], async () => {
    const app = page;
    // The preview is solid in the dark theme too.
    await chooseTheme(app, 'Dark');
    await openAutotask(app);
    await app.getByRole('button', { name: 'Edit the mapping of Acme, Inc.' }).click();
    const dialog = app.getByRole('dialog', { name: 'Account Mapping' });
    const account = dialog.getByLabel('Autotask Account');
    // One record, shown like a select: its name in the field, no tags.
    await expect(account).toHaveValue('ACME Inc');
    await account.fill('Contoso Limited');
    // The list is searched on the instance as one types: wait for the searched one before picking.
    const list = app.locator('.entity-multi-select-list');
    await expect(list.getByRole('option').first()).toContainText('Contoso');
    await app.getByRole('option', { name: 'Contoso Limited' }).click();
    // The choice closes the list and the field shows the one chosen (the typed search is gone).
    await expect(list).toBeHidden();
    await expect(account).toHaveValue('Contoso Limited');
    await expect(dialog.locator('.bp6-tag')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const preview = app.getByRole('dialog', { name: 'Review changes' });
    await expect(preview.getByText(REMAP_WARNING)).toBeVisible();
    await expectSolidDialog(preview);
    await expect(preview.getByText('ACME Inc').first()).toBeVisible();
    // Nothing is written before the preview is confirmed: Cancel leaves Acme's account as it was.
    await preview.getByRole('button', { name: 'Cancel' }).click();
    const table = app.getByRole('region', { name: 'Account Mapping' });
    await expect(table.getByText('ACME Inc')).toBeVisible();

    await app.getByRole('button', { name: 'Edit the mapping of Acme, Inc.' }).click();
    await account.fill('Contoso Limited');
    await expect(list.getByRole('option').first()).toContainText('Contoso');
    await app.getByRole('option', { name: 'Contoso Limited' }).click();
    await expect(account).toHaveValue('Contoso Limited');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await preview.getByRole('button', { name: 'Save changes' }).click();
    await expect(preview).toBeHidden();
    await expect(table.getByText('Contoso Limited')).toBeVisible();
    await app.getByRole('tab', { name: 'Location Mapping' }).click();
    const locations = app.getByRole('region', { name: 'Location Mapping' });
    await locations.getByRole('textbox', { name: /^Search / }).fill('Acme, Inc.');
    await expect(locations.getByText('Contoso Limited').first()).toBeVisible();
  });
});

test('the connection modal: another address asks for its secret; saved once, the secret is not asked again and never shown', async ({ page }) => {
  await withOwnDemo(page, [], async () => {
    const app = page;
    await app.getByRole('button', { name: 'Integrations', exact: true }).click();
    await app.getByRole('button', { name: 'Autotask connection' }).click();
    const dialog = app.getByRole('dialog', { name: 'Autotask connection' });
    // Another address asks for its own secret: the one held belongs to the stored address and user.
    await dialog.getByLabel('Instance').fill('https://webservices2.autotask.net');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(secretMovedMessage('autotask'))).toBeVisible();
    await dialog.getByLabel('Instance').fill('ftp://autotask.example');
    await dialog.getByLabel('Secret').fill('at-secret-e2e');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter the instance address, starting with https://')).toBeVisible();
    await dialog.getByLabel('Instance').fill('https://webservices2.autotask.net');
    await expectNoAxeViolations(app, 'connection modal');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(app.locator('.bp6-toast').getByText('Autotask connection saved')).toBeVisible();
    const card = app.getByRole('group', { name: 'Autotask' });
    await expect(card.getByText('https://webservices2.autotask.net')).toBeVisible();
    await app.getByRole('button', { name: 'Autotask connection' }).click();
    await expect(dialog.getByLabel('Secret')).toHaveValue('');
    // Signed in for this session only: the secret is kept in memory, not in the keychain.
    await expect(dialog.getByLabel('Secret')).toHaveAttribute('placeholder', 'Set on the instance; type a new one to replace it');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
