/**
 * The ticketing home in Chromium against the demo.
 * A board opened from the left list shows its tickets in the board's columns
 * and sort, the search narrows them on the server, the board joins the
 * recent tabs, and a favorite stays after a reload; a ticket opens from its
 * row (link and Enter). New ticket: the required fields, the description
 * kept as a draft and offered again on the home, Create opening the new
 * ticket. Offline: a board already opened reads from the cache with its age,
 * and New ticket and Create are disabled with the reason.
 */
import type { Locator, Page } from '@playwright/test';
import { BOARD_COLUMN_LABELS, DEFAULT_BOARD_COLUMNS } from '../../src/shared/rules/ticketing/trigger';
import { startConsoleProcess, startDemoProcess } from '../helpers/processes';
import { expect, expectNoAxeViolations, rowCells, signInToDemo, test } from './fixtures';

/** The demo's 'Unassigned tickets' board: the default columns without the assignee, oldest first (../../src/demo-server/data/ticketing/triggers.ts). */
const UNASSIGNED = { id: 9, name: 'Unassigned tickets', columns: DEFAULT_BOARD_COLUMNS.filter((c) => c !== 'assignee').map((c) => BOARD_COLUMN_LABELS[c]!) };

async function openHome(app: Page): Promise<Locator> {
  await app.getByRole('button', { name: 'Tickets', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
  return app.getByRole('navigation', { name: 'Tickets' });
}

async function openUnassigned(app: Page, nav: Locator): Promise<Locator> {
  await nav.getByTestId('workspace-boards').getByRole('link', { name: UNASSIGNED.name }).click();
  await expect(app.getByRole('heading', { name: UNASSIGNED.name, level: 1 })).toBeVisible();
  const table = app.getByRole('region', { name: `Tickets of ${UNASSIGNED.name}` });
  await expect(table.getByTestId(`workspace-board-${UNASSIGNED.id}-count`)).toHaveText(/^\d+ tickets · page 1 of \d+$/);
  return table;
}

/** The texts of one column's cells on the page shown, top to bottom. */
async function columnTexts(table: Locator, column: number): Promise<string[]> {
  return await table.locator('.bp6-table-quadrant-main .data-table-cell-content').evaluateAll((nodes, col) => {
    const byRow = new Map<string, string[]>();
    for (const node of nodes) {
      const row = node.getAttribute('data-row-index') ?? '';
      byRow.set(row, [...(byRow.get(row) ?? []), node.textContent ?? '']);
    }
    return [...byRow.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, texts]) => texts[col as number] ?? '');
  }, column);
}

test('a board from the left list: its columns and sort, search, recent tabs, a favorite that stays after a reload, a ticket opened from a row', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const nav = await openHome(app);
  await expect(nav.getByTestId('workspace-boards').getByRole('link')).toHaveText(['All tickets', UNASSIGNED.name, 'VIP escalations']);
  await expectNoAxeViolations(app, 'ticketing home');

  const table = await openUnassigned(app, nav);
  // The board's columns in its order, and its sort (§3.1 columns[] and sortBy[]).
  await expect(table.locator('.bp6-table-quadrant-top .bp6-table-column-headers .bp6-table-header')).toHaveText(UNASSIGNED.columns);
  await expect(app.getByText('Sorted by Created, ascending')).toBeVisible();
  const created = (await columnTexts(table, UNASSIGNED.columns.indexOf('Created'))).map((text) => Date.parse(text));
  expect(created.length).toBeGreaterThan(5);
  expect(created.every((time) => Number.isFinite(time))).toBe(true);
  expect(created).toEqual([...created].sort((a, b) => a - b));
  // Opening it put it first in the recent tabs.
  await expect(nav.getByTestId('workspace-recent').getByRole('link').first()).toHaveText(UNASSIGNED.name);
  await expectNoAxeViolations(app, 'a board of the ticket workspace');

  // Search narrows the board on the server (by subject).
  const count = table.getByTestId(`workspace-board-${UNASSIGNED.id}-count`);
  const total = Number((await count.textContent())!.split(' ')[0]);
  const subjects = await columnTexts(table, UNASSIGNED.columns.indexOf('Subject'));
  const word = subjects[0]!.split(' ')[0]!;
  await table.getByLabel(`Search the tickets of ${UNASSIGNED.name}`).fill(word);
  await expect.poll(async () => Number((await count.textContent())!.split(' ')[0])).toBeLessThan(total);
  for (const subject of await columnTexts(table, UNASSIGNED.columns.indexOf('Subject'))) expect(subject.toLowerCase()).toContain(word.toLowerCase());
  await table.getByLabel(`Search the tickets of ${UNASSIGNED.name}`).fill('');
  await expect(count).toHaveText(new RegExp(`^${total} tickets`));

  // A favorite, kept on this computer: still there after a reload.
  await app.getByRole('button', { name: 'Add this board to favorites' }).click();
  await expect(nav.getByTestId('workspace-favorites').getByRole('link')).toHaveText([UNASSIGNED.name]);
  await app.reload();
  await expect(app.getByRole('heading', { name: UNASSIGNED.name, level: 1 })).toBeVisible();
  await expect(nav.getByTestId('workspace-favorites').getByRole('link')).toHaveText([UNASSIGNED.name]);
  await expect(app.getByRole('button', { name: 'Remove this board from favorites' })).toHaveAttribute('aria-pressed', 'true');

  // A row's subject opens its ticket, which joins the recent tabs by id and subject.
  const first = await rowCells(table, 0);
  const id = (await first.nth(UNASSIGNED.columns.indexOf('ID')).textContent())!.trim();
  const subject = (await first.nth(UNASSIGNED.columns.indexOf('Subject')).textContent())!.trim();
  await table.getByRole('link', { name: subject, exact: true }).first().click();
  await expect(app).toHaveURL(new RegExp(`#/ticketing/ticket/${id.slice(1)}$`));
  await expect(nav.getByTestId('workspace-recent').getByRole('link').first()).toHaveText(`${id} ${subject}`);

  // Back on the board, Enter on a row opens it too (the grid takes the keyboard on its first row).
  await nav.getByTestId('workspace-favorites').getByRole('link', { name: UNASSIGNED.name }).click();
  await expect(table.getByTestId(`workspace-board-${UNASSIGNED.id}-count`)).toHaveText(/tickets/);
  await table.getByRole('grid').focus();
  await expect(table.getByRole('grid')).toHaveAttribute('aria-activedescendant', /-r0$/);
  await app.keyboard.press('Enter');
  await expect(app).toHaveURL(new RegExp(`#/ticketing/ticket/${id.slice(1)}$`));
});

test('New ticket: required fields, the description kept as a draft and offered again on the home, Create opens the new ticket', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const nav = await openHome(app);
  await nav.getByRole('button', { name: 'New ticket' }).click();
  await expect(app.getByRole('heading', { name: 'New ticket', level: 1 })).toBeVisible();
  await expect(app).toHaveURL(/#\/ticketing\/new\?draft=[0-9a-f-]{36}$/);
  const form = app.getByRole('form', { name: 'New ticket' });

  // Create with nothing filled: the required fields say so.
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Required')).toHaveCount(3);

  await form.getByLabel('Summary').fill('Label printer prints blank pages');
  await form.getByRole('textbox', { name: 'Description' }).click();
  await app.keyboard.type('Every label comes out blank since this morning.');
  await form.getByPlaceholder('Search organizations...').fill('Contoso');
  await app.getByRole('option', { name: 'Contoso Dental' }).click();
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('new-ticket-saved')).toBeVisible();
  await expectNoAxeViolations(app, 'new ticket form');

  // Leaving keeps it: the home offers it again, and Resume brings the form back as it was.
  await openHome(app);
  const unsent = app.getByTestId('workspace-unsent');
  await expect(unsent.getByText('Label printer prints blank pages')).toBeVisible();
  await unsent.getByRole('button', { name: 'Resume Label printer prints blank pages' }).click();
  await expect(form.getByLabel('Summary')).toHaveValue('Label printer prints blank pages');
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveText('Every label comes out blank since this morning.');
  await expect(form.locator('#new-ticket-organization')).toHaveValue('Contoso Dental');

  await form.getByLabel('Ticket form').selectOption({ label: 'Hardware request' });
  await expect(form.getByLabel('Ticket form').locator('option', { hasText: 'Legacy intake (retired)' })).toHaveCount(0);
  await form.getByLabel('Priority').selectOption({ label: 'High' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(app).toHaveURL(/#\/ticketing\/ticket\/\d+$/);
  const id = /ticket\/(\d+)$/.exec(app.url())![1];
  await expect(nav.getByTestId('workspace-recent').getByRole('link').first()).toHaveText(`#${id} Label printer prints blank pages`);

  // Sent: no longer offered on the home.
  await openHome(app);
  await expect(app.getByTestId('workspace-unsent')).toHaveCount(0);
});

test('offline: a board opened before reads from the cache with its age; New ticket and Create are disabled with the reason', async ({ page }) => {
  test.setTimeout(90_000);
  const demo = await startDemoProcess([]);
  const consoleApp = await startConsoleProcess({ demoUrl: demo.url });
  try {
    await page.goto(consoleApp.url);
    await signInToDemo(page, { remember: false });
    const nav = await openHome(page);
    await openUnassigned(page, nav);
    await demo.stop();

    await nav.getByTestId('workspace-boards').getByRole('link', { name: 'All tickets' }).click();
    await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 20_000 });
    await nav.getByTestId('workspace-boards').getByRole('link', { name: UNASSIGNED.name }).click();
    const table = page.getByRole('region', { name: `Tickets of ${UNASSIGNED.name}` });
    await expect(table.getByTestId(`workspace-board-${UNASSIGNED.id}-count`)).toHaveText(/^\d+ tickets/);
    await expect(page.getByTestId('workspace-cached-age')).toHaveText(/^Cached (just now|\d+ min ago)$/);

    const newTicket = nav.getByRole('button', { name: 'New ticket' });
    await expect(newTicket).toHaveAttribute('aria-disabled', 'true');
    await newTicket.hover();
    await expect(page.locator('.bp6-tooltip')).toHaveText('New tickets cannot be created while the instance cannot be reached.');
    // The reason is the button's description too, for a screen reader and the keyboard.
    await expect(newTicket).toHaveAccessibleDescription('New tickets cannot be created while the instance cannot be reached.');
    await expectNoAxeViolations(page, 'ticket workspace offline');

    // The form still opens from its address (a draft to finish), with Create disabled and the reason said.
    await page.evaluate(() => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = '#/ticketing/new';
    });
    await expect(page.getByRole('heading', { name: 'New ticket', level: 1 })).toBeVisible();
    await expect(page.getByTestId('new-ticket-offline')).toContainText('The instance cannot be reached');
    await expect(page.getByRole('button', { name: 'Create' })).toBeDisabled();
  } finally {
    await consoleApp.stop();
    await demo.stop().catch(() => undefined);
  }
});
