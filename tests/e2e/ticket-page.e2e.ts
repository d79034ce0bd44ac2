/**
 * A ticket's page in Chromium against the demo (ticket
 * 1001 carries the workspace's edge cases, src/demo-server/data/
 * tickets/conversation.ts): the conversation with an internal reply on its
 * warning background (§6), the §6 mention tooltips, the local-file image
 * ignored and the default image size (§5.5), the PROCESSING placeholder
 * asked about again (§4.4), the automation link opening the automation and
 * ruleset dialogs (§2.5), an inline image in the viewer with Download
 * (§2.5, §8.4; a data: picture saved by the main process too), and a header field rolled back when the instance refuses
 * the update (optimistic update), then saved with its log entry.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN_KEY, startConsoleProcess, startDemoProcess, type DemoProcess } from '../helpers/processes';
import { chooseTheme, expect, expectNoAxeViolations, rowCells, signInToDemo, test, withOwnDemo } from './fixtures';

const TICKET = 1001;

async function openTicket(app: Page, id = TICKET): Promise<void> {
  await app.evaluate((route) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = route;
  }, `/ticketing/ticket/${id}`);
  await expect(app.getByTestId('ticket-page')).toHaveAttribute('data-ticket-id', String(id));
  await expect(app.getByTestId('conversation-entry').first()).toBeVisible();
}

async function ticketSwitches(demo: DemoProcess, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${demo.url}/__demo/tickets`, { method: 'PATCH', headers: { 'x-demo-admin': DEMO_ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  if (!res.ok) throw new Error(`/__demo/tickets answered ${res.status}`);
}

test('the conversation: an internal reply on a warning background, §6 mention tooltips, §5.5 images, §4.4 placeholder', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const polled = app.waitForRequest((request) => request.url().endsWith('/rpc/tickets.uploadStatuses'), { timeout: 15_000 });
  await openTicket(app);
  await expect(app.getByRole('heading', { level: 1 })).toContainText(`#${TICKET}`);
  // Opened by its address, the ticket joins the recent tabs by its subject once read (§9.4), not as a bare '#id'.
  const subject = (await app.getByRole('heading', { level: 1 }).innerText()).replace(/^#\d+\s*/, '');
  await expect(app.getByTestId('workspace-recent').getByRole('link').first()).toHaveText(`#${TICKET} ${subject}`);

  // §6: the internal reply (isPublic false) is styled internal: its own class, the warning tag, a background of its own.
  const internal = app.getByTestId('conversation-entry').filter({ hasText: 'can one of you check the firewall logs?' });
  await expect(internal).toHaveAttribute('data-kind', 'internal');
  await expect(internal).toHaveClass(/conversation-entry--internal/);
  await expect(internal.getByText('Internal', { exact: true })).toBeVisible();
  const background = async (kind: string) => app.locator(`[data-kind="${kind}"]`).first().evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
  expect(await background('internal')).not.toBe(await background('public'));
  expect(await background('internal')).not.toBe('rgba(0, 0, 0, 0)');

  // §6 tooltips: a permitted technician by name only; the deleted one, the one not permitted, and an id not found say so.
  const mentions = internal.getByTestId('entry-mention');
  await expect(mentions).toHaveCount(4);
  await expect(mentions.nth(0)).toHaveAttribute('data-status', 'ok');
  const tooltipOf = async (index: number) => {
    await mentions.nth(index).hover();
    const tooltip = app.locator('.bp6-tooltip').last();
    await expect(tooltip).toBeVisible();
    return tooltip;
  };
  await expect(await tooltipOf(1)).toContainText('(Technician deleted)');
  await expect(await tooltipOf(2)).toContainText('(Technician not allowed to view ticket)');
  await expect(await tooltipOf(3)).toHaveText('user:999 (User not Found)');
  await expect(mentions.nth(3)).toHaveAttribute('data-status', 'unknown');

  // The entry's html went through the editor's schema: known mentions by name (not the exported '@user:<id>'), no file:/// image (§5.5: ignored).
  for (const index of [0, 1, 2]) await expect(mentions.nth(index)).not.toContainText('@user:');
  const pasted = app.getByTestId('conversation-entry').filter({ hasText: 'See the picture below and the log attached.' });
  await expect(pasted.locator('img')).toHaveCount(0);
  // §4.4: its log file is still PROCESSING: a placeholder, and the page asks about it again.
  await expect(pasted.getByTestId('attachment-card')).toHaveAttribute('data-upload-status', 'PROCESSING');
  expect((await polled).postDataJSON()).toMatchObject({ ids: [expect.any(String)] });

  // Inline images by cid: the second has width="auto" and no height: 200 × 100 px (§5.5).
  const shown = app.getByTestId('conversation-entry').filter({ hasText: 'This is what the console shows after the restart:' });
  const images = shown.getByTestId('inline-image');
  await expect(images).toHaveCount(2);
  await expect(images.nth(0)).toHaveAttribute('width', '320');
  await expect(images.nth(1)).toHaveAttribute('width', '200');
  await expect(images.nth(1)).toHaveAttribute('height', '100');
  await expect(images.nth(0)).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expectNoAxeViolations(app, 'the ticket page');
  // The internal reply's warning background has colours of its own per theme: each keeps its text readable.
  for (const theme of ['Dark', 'Light'] as const) {
    await chooseTheme(app, theme);
    await expectNoAxeViolations(app, `the ticket page in the ${theme.toLowerCase()} theme`);
  }
});

test('the automation link opens the automation dialog, and a ruleset’s link the ruleset dialog read-only (§2.5)', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openTicket(app);
  await app.getByTestId('automation-link').filter({ hasText: 'Escalate VIP tickets' }).first().click();
  const trigger = app.getByRole('dialog', { name: 'Edit event-based automation' });
  await expect(trigger).toBeVisible();
  await expect(trigger.getByLabel('Name')).toHaveValue('Escalate VIP tickets');
  await trigger.getByRole('button', { name: 'Cancel' }).click();
  await expect(trigger).toBeHidden();

  await app.getByTestId('automation-link').filter({ hasText: 'Activity alerts' }).first().click();
  const ruleset = app.getByRole('dialog', { name: 'Edit activity rule automation' });
  await expect(ruleset).toBeVisible();
  await expect(ruleset.getByLabel('Name')).toHaveValue('Activity alerts');
  await expect(ruleset.getByLabel('Name')).toBeDisabled();
});

test('an inline image opens in the viewer (click or Enter), and Download saves it (§2.5)', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openTicket(app);
  const image = app.getByTestId('inline-image').first();
  const viewer = app.getByRole('dialog', { name: 'console-error.png' });
  // The page may still draw the entry anew as it settles, which takes the keyboard off the image: focus it and press
  // Enter until the viewer opens.
  await expect(async () => {
    await image.focus();
    await app.keyboard.press('Enter');
    await expect(viewer).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(viewer.getByTestId('image-viewer-image')).toHaveAttribute('src', /^data:image\/png;base64,/);
  // The main process saves it in the Downloads folder (here the console's downloads root) under its own name, never over another file.
  await viewer.getByRole('button', { name: 'Download' }).click();
  const toast = app.locator('.bp6-toast').filter({ hasText: /^Saved to / });
  await expect(toast).toBeVisible();
  const [, folder, name] = /^Saved to (.+) as (console-error(?: \(\d+\))?\.png)/.exec((await toast.innerText()).trim()) ?? [];
  expect(name, 'the saved name').toBeTruthy();
  const savedPath = join(folder!, name!);
  expect(readFileSync(savedPath).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  rmSync(savedPath, { force: true });
  await viewer.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  // A click opens it too.
  await image.click();
  await expect(viewer).toBeVisible();
  await viewer.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();

  // A picture written into the entry itself (a data: image): the main process saves it too, as 'image' with the
  // extension of what its bytes are; the browser's own download never starts.
  const browserDownloads: string[] = [];
  app.on('download', (download) => browserDownloads.push(download.suggestedFilename()));
  await app.getByTestId('conversation-entry').filter({ hasText: 'A photo of the front panel:' }).getByTestId('inline-image').click();
  const photo = app.getByRole('dialog', { name: 'front panel' });
  await photo.getByRole('button', { name: 'Download' }).click();
  const photoToast = app.locator('.bp6-toast').filter({ hasText: / as image(?: \(\d+\))?\.png/ });
  await expect(photoToast).toBeVisible();
  const [, photoFolder, photoName] = /^Saved to (.+) as (image(?: \(\d+\))?\.png)/.exec((await photoToast.innerText()).trim()) ?? [];
  const photoPath = join(photoFolder!, photoName!);
  expect(readFileSync(photoPath).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  rmSync(photoPath, { force: true });
  expect(browserDownloads).toEqual([]);
});

test('a header field is rolled back when the update fails, then saved with its log entry', async ({ page }) => {
  await withOwnDemo(page, [], async (demo) => {
    await openTicket(page);
    const priority = page.getByLabel('Priority', { exact: true });
    const before = await priority.inputValue();
    const next = before === 'LOW' ? 'URGENT' : 'LOW';
    const nextName = next === 'LOW' ? 'Low' : 'Urgent';

    await ticketSwitches(demo, { failFieldUpdates: true });
    const update = page.waitForResponse((response) => response.url().endsWith('/rpc/tickets.update'));
    await priority.selectOption(next);
    // Shown at once (optimistic), then put back when the instance refuses it, and the failure said.
    await update;
    await expect(priority).toHaveValue(before);
    await expect(page.locator('.bp6-toast.bp6-intent-danger')).toBeVisible();

    await ticketSwitches(demo, { failFieldUpdates: false });
    await priority.selectOption(next);
    await expect(page.getByTestId('conversation-entry').last()).toContainText(`Priority`);
    await expect(page.getByTestId('conversation-entry').last()).toContainText(nextName);
    await expect(priority).toHaveValue(next);
    // The instance kept it: the page opened again reads it back.
    await page.evaluate(() => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = '/ticketing';
    });
    await expect(page.getByTestId('ticket-page')).toBeHidden();
    await openTicket(page);
    await expect(page.getByLabel('Priority', { exact: true })).toHaveValue(next);
  });
});

test('the assignee picker lists technicians only (§6); assignee, tags and CC are saved in place', async ({ page }) => {
  await withOwnDemo(page, [], async () => {
    await openTicket(page);
    const lastEntry = page.getByTestId('conversation-entry').last();

    await page.locator('#ticket-assignee').click();
    const options = page.locator('.entity-multi-select-list').getByRole('option');
    await expect(options.filter({ hasText: 'Hannah Keller' })).toHaveCount(1);
    // The requester is an end user: never offered as an assignee.
    await expect(options.filter({ hasText: 'Kate Fischer' })).toHaveCount(0);
    await expect(options).toHaveCount(7);
    await options.filter({ hasText: 'Hannah Keller' }).click();
    await page.keyboard.press('Escape');
    await expect(lastEntry).toContainText('Assignee');
    await expect(lastEntry).toContainText('Hannah Keller');

    // The location picker lists the ticket's organization's locations only.
    const organization = (await page.locator('#ticket-organization').inputValue()).trim();
    await page.locator('#ticket-location').click();
    await expect(options.first()).toBeVisible();
    // The menu may still hold what it showed before the organization's locations came: wait for those.
    await expect.poll(async () => (await options.allInnerTexts()).every((text) => text.startsWith(organization))).toBe(true);
    await page.keyboard.press('Escape');

    // A tag the instance does not have yet is created, then named by the ticket.
    await page.locator('#ticket-tags').fill('printers-e2e');
    await page.locator('#ticket-tags').press('Enter');
    await expect(lastEntry).toContainText('Tags');
    await expect(lastEntry).toContainText('printers-e2e');

    // CC: a wrong address is refused where it is typed; a right one is saved.
    await page.locator('#ticket-cc').fill('not-an-email');
    await page.locator('#ticket-cc').press('Enter');
    await expect(page.getByText('Not an email address: not-an-email')).toBeVisible();
    await page.locator('#ticket-cc').fill('ann@example.com');
    await page.locator('#ticket-cc').press('Enter');
    await expect(lastEntry).toContainText('CC');
    await expect(lastEntry).toContainText('ann@example.com');
  });
});

test("an inline image whose signed URL fails says 'Failed to load inline image' (§8.4)", async ({ page }) => {
  await withOwnDemo(page, [], async (demo) => {
    await ticketSwitches(demo, { failSignedUrls: true });
    await openTicket(page);
    const shown = page.getByTestId('conversation-entry').filter({ hasText: 'This is what the console shows after the restart:' });
    await expect(shown.getByTestId('inline-image-failed')).toHaveCount(2);
    await expect(shown.getByTestId('inline-image-failed').first()).toHaveText('Failed to load inline image');
    await expect(shown.getByTestId('inline-image')).toHaveCount(0);
    // Said once, however many images failed.
    await expect(page.locator('.bp6-toast').filter({ hasText: 'Failed to load inline image' })).toHaveCount(1);
  });
});

test('offline: a ticket opened before reads from the cache with its age, its fields read-only with the reason', async ({ page }) => {
  test.setTimeout(90_000);
  const demo = await startDemoProcess([]);
  const consoleApp = await startConsoleProcess({ demoUrl: demo.url });
  try {
    await page.goto(consoleApp.url);
    await signInToDemo(page, { remember: false });
    await openTicket(page);
    await expect(page.getByLabel('Status', { exact: true })).toBeEnabled();
    await page.evaluate(() => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = '/ticketing';
    });
    await expect(page.getByTestId('ticket-page')).toBeHidden();
    await demo.stop();

    await openTicket(page);
    await expect(page.getByTestId('ticket-cached-age')).toHaveText(/^Cached (just now|\d+ min ago)$/);
    await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'cannot be edited' })).toContainText('You are offline');
    for (const label of ['Status', 'Priority', 'Severity', 'Type', 'Form']) await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    await expect(page.locator('#ticket-assignee')).toBeDisabled();
    await expect(page.locator('#ticket-tags')).toBeDisabled();
    // The conversation is there, internal reply and all.
    await expect(page.locator('[data-kind="internal"]').first()).toBeVisible();
  } finally {
    await consoleApp.stop();
    await demo.stop().catch(() => undefined);
  }
});

test('the link of an automation deleted since says so, and no dialog opens (§2.5)', async ({ page }) => {
  await withOwnDemo(page, [], async () => {
    const name = 'Remind about unassigned tickets';
    await openTicket(page);
    await expect(page.getByTestId('automation-link').filter({ hasText: name }).first()).toBeVisible();

    // Deleted in ticketing administration meanwhile.
    await page.getByRole('button', { name: 'Ticketing', exact: true }).click();
    const table = page.getByRole('region', { name: 'Automations' });
    const row = await rowCells(table, name);
    await row.filter({ has: page.getByRole('button', { name: 'Delete' }) }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('button', { name, exact: true })).toHaveCount(0);

    await openTicket(page);
    await page.getByTestId('automation-link').filter({ hasText: name }).first().click();
    // §8.1: loading a trigger fails with 'Failed' (a gone one too).
    await expect(page.locator('.bp6-toast.bp6-intent-danger')).toHaveText('Failed');
    await expect(page.getByRole('dialog', { name: /automation/i })).toHaveCount(0);
    await expect(page.getByLabel(`Opening ${name}`)).toHaveCount(0);
  });
});

/** The instance's answer for the ticket, changed by `edit` on its way to the page. */
async function editTicketAnswer(app: Page, edit: (view: { conversation: unknown }) => void): Promise<void> {
  await app.route('**/rpc/tickets.view', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { ok: boolean; value?: { conversation: unknown } };
    if (answer.value) edit(answer.value);
    await route.fulfill({ response, json: answer });
  });
}

test("one odd entry never blanks the console: a change of a field named '__proto__' and an author type 'constructor' show raw", async ({ app }) => {
  await editTicketAnswer(app, (view) => {
    const [first] = view.conversation as Array<{ author: { type: string }; changes: Array<{ field: string; from: string | null; to: string | null }> }>;
    first!.author.type = 'constructor';
    first!.changes = [...first!.changes, { field: '__proto__', from: 'old', to: 'new' }, { field: 'toString', from: null, to: 'set' }];
  });
  await signInToDemo(app, { remember: false });
  await openTicket(app);
  const entry = app.getByTestId('conversation-entry').first();
  const changes = entry.getByRole('list', { name: 'Changes' });
  await expect(changes.getByText('__proto__', { exact: true })).toBeVisible();
  await expect(changes.getByText('toString', { exact: true })).toBeVisible();
  await expect(entry.getByText('constructor', { exact: true })).toBeVisible();
  await expect(app.getByRole('heading', { level: 1 })).toContainText(`#${TICKET}`);
});

test('a page that fails to draw says what failed with Retry, and the header still navigates', async ({ app }) => {
  // An answer the page cannot read (no conversation list): drawing the ticket fails.
  await editTicketAnswer(app, (view) => {
    view.conversation = null;
  });
  await signInToDemo(app, { remember: false });
  await app.evaluate((route) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = route;
  }, `/ticketing/ticket/${TICKET}`);
  const failure = app.getByRole('alert').filter({ hasText: 'This page could not be shown' });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Reload the console' })).toBeVisible();
  await expectNoAxeViolations(app, 'a page that failed to draw');

  // The rest of the console works: the header goes to another page, and back to a page that now draws.
  await app.getByRole('banner').getByRole('button', { name: 'Devices' }).click();
  await expect(app.getByRole('region', { name: 'Device list' })).toBeVisible();
  await expect(failure).toHaveCount(0);
  await app.unroute('**/rpc/tickets.view');
  await openTicket(app);
  await expect(app.getByRole('heading', { level: 1 })).toContainText(`#${TICKET}`);
});
