/**
 * The reply composer in Chromium against the demo: an
 * internal reply (the default, §6 warning background) with a mention of a
 * technician and a picked file, sent and shown internal in the conversation
 * with its file's §4.4 PROCESSING placeholder, then its card; and a draft
 * that survives the console killed mid-draft (SIGKILL) and started again on
 * the same data folder, then discarded.
 */
import type { Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADMIN_KEY, startConsoleProcess, type ConsoleProcess, type DemoProcess } from '../helpers/processes';
import { expect, expectNoAxeViolations, signInToDemo, test } from './fixtures';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function openTicket(app: Page, id: number): Promise<void> {
  await app.evaluate((route) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = route;
  }, `/ticketing/ticket/${id}`);
  await expect(app.getByTestId('ticket-page')).toHaveAttribute('data-ticket-id', String(id));
  await expect(app.getByTestId('reply-composer')).toBeVisible();
}

async function ticketSwitches(demo: DemoProcess, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${demo.url}/__demo/tickets`, { method: 'PATCH', headers: { 'x-demo-admin': DEMO_ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  if (!res.ok) throw new Error(`/__demo/tickets answered ${res.status}`);
}

/** Waits until every change is written to the draft store (the status says so and nothing is pending). */
async function draftSaved(app: Page): Promise<void> {
  const status = app.getByTestId('reply-draft-status');
  await expect(status).toHaveAttribute('data-pending', 'false');
  await expect(status).toHaveText(/^Draft saved /);
}

test('an internal reply with a mention and a file: sent, shown internal, its file processing then ready; the composer empties', async ({ app, demo }) => {
  // A long walk with three axe runs: on a loaded machine it takes longer than one test's default time.
  test.slow();
  const TICKET = 1004;
  // The demo holds the upload PROCESSING until the test has seen the §4.4 placeholder in the conversation.
  await ticketSwitches(demo, { holdUploads: true });
  try {
    await signInToDemo(app, { remember: false });
    await openTicket(app, TICKET);
    const composer = app.getByTestId('reply-composer');
    // §6 and emptyReplyDraft: internal by default, on the warning background.
    await expect(composer).toHaveAttribute('data-visibility', 'internal');
    await expect(composer).toHaveClass(/reply-composer--internal/);
    await expect(composer.getByRole('radio', { name: 'Internal' })).toBeChecked();
    const send = composer.getByRole('button', { name: 'Send internal note' });
    await expect(send).toBeDisabled();
    await expect(composer.getByTestId('reply-send-reason')).toHaveText('Write a reply or attach a file to send it.');

    // §9.4: the editor input is at most 450 px high.
    await expect(composer.locator('.rte-scroll')).toHaveCSS('max-height', '450px');

    const editor = composer.getByRole('textbox', { name: 'Internal note' });
    await editor.click();
    // §6: a deleted technician is offered disabled, with its tooltip.
    await app.keyboard.type('@former');
    const deleted = composer.getByTestId('rte-mention-option').filter({ hasText: 'Former Technician' });
    await expect(deleted).toHaveAttribute('data-status', 'deleted');
    await expect(deleted).toHaveAttribute('title', 'Former Technician (Technician deleted)');
    await app.keyboard.press('Escape');
    for (let i = 0; i < '@former'.length; i++) await app.keyboard.press('Backspace');
    await app.keyboard.type('Printer queue cleared, ');
    await app.keyboard.type('@priya');
    const option = composer.getByTestId('rte-mention-option').filter({ hasText: 'Priya Shah' });
    await expect(option).toBeVisible();
    await option.click();
    await app.keyboard.type(' please check the spooler.');
    await expect(composer.getByTestId('rte-mention')).toHaveText('@Priya Shah');

    await composer.getByTestId('rte-attach-input').setInputFiles({ name: 'queue.png', mimeType: 'image/png', buffer: PNG });
    const card = composer.getByTestId('reply-attachments').getByTestId('attachment-card');
    await expect(card).toHaveAttribute('aria-label', 'queue.png');
    // Uploaded by the main process: the card carries the instance's status (the placeholder while PROCESSING).
    await expect(card).not.toHaveAttribute('data-upload-status', 'LOCAL');
    await expect(send).toBeEnabled();
    await expectNoAxeViolations(app, 'the reply composer with a mention and a file');

    await send.click();
    const entry = app.getByTestId('conversation-entry').filter({ hasText: 'Printer queue cleared' });
    await expect(entry).toHaveAttribute('data-kind', 'internal');
    await expect(entry).toHaveClass(/conversation-entry--internal/);
    await expect(entry.getByTestId('entry-mention')).toHaveText('@Priya Shah');
    const sentFile = entry.getByTestId('attachment-card');
    await expect(sentFile).toHaveAttribute('aria-label', 'queue.png');
    // §4.4: the placeholder while the instance checks the file, then its card.
    await expect(sentFile).toHaveAttribute('data-variant', 'PROCESSING');
    await expect(sentFile.getByTestId('attachment-card-message')).toHaveText('Processing attachment…');
    await ticketSwitches(demo, { holdUploads: false });
    await expect(sentFile).toHaveAttribute('data-upload-status', 'SUCCESS', { timeout: 30_000 });
    await expect(sentFile).toHaveAttribute('data-variant', 'DEFAULT');

    // The composer is empty again, and the draft is gone (deleted once the instance confirmed).
    await expect(editor).toHaveText('');
    await expect(composer.getByTestId('reply-attachments')).toHaveCount(0);
    await expect(send).toBeDisabled();
    await app.reload();
    await openTicket(app, TICKET);
    await expect(app.getByTestId('reply-draft-restored')).toHaveCount(0);
    await expect(app.getByTestId('conversation-entry').filter({ hasText: 'Printer queue cleared' })).toHaveCount(1);
  } finally {
    await ticketSwitches(demo, { holdUploads: false });
  }
});

test('a draft survives the console killed mid-draft: text, Internal and its file are back after a restart; Discard removes it', async ({ page, demo }) => {
  const TICKET = 1006;
  const NOT_PERMITTED = 'Mei Lin (Technician not allowed to view ticket)';
  const dataDir = mkdtempSync(join(tmpdir(), 'rmm-console-e2e-draft-'));
  let consoleApp: ConsoleProcess = await startConsoleProcess({ demoUrl: demo.url, dataDir });
  try {
    await page.goto(consoleApp.url);
    await signInToDemo(page, { remember: false });
    await openTicket(page, TICKET);
    const composer = page.getByTestId('reply-composer');
    await composer.getByRole('textbox', { name: 'Internal note' }).click();
    await page.keyboard.type('VPN drops every 20 minutes, ');
    // §6: a technician who may not view the ticket can be mentioned, flagged with its tooltip.
    await page.keyboard.type('@mei');
    const option = composer.getByTestId('rte-mention-option').filter({ hasText: 'Mei Lin' });
    await expect(option).toHaveAttribute('data-status', 'notPermitted');
    await expect(option).toHaveAttribute('title', NOT_PERMITTED);
    await page.keyboard.press('Enter');
    await expect(composer.getByTestId('rte-mention')).toHaveAttribute('title', NOT_PERMITTED);
    await composer.getByRole('button', { name: 'Add time entry' }).click();
    await composer.getByLabel('Minutes worked').fill('30');
    await composer.getByLabel('Agreement').selectOption({ label: 'Block hours (20 h)' });
    await composer.getByRole('textbox', { name: 'Internal note' }).click();
    await composer.getByTestId('rte-attach-input').setInputFiles({ name: 'router-log.txt', mimeType: 'text/plain', buffer: Buffer.from('12:00 tunnel down\n12:01 tunnel up\n') });
    await expect(composer.getByTestId('reply-attachments').getByTestId('attachment-card')).not.toHaveAttribute('data-upload-status', 'LOCAL');
    await draftSaved(page);

    // Killed hard: nothing is flushed on the way out; only what was saved as it was typed survives.
    const exited = new Promise((resolve) => consoleApp.process.once('exit', resolve));
    consoleApp.process.kill('SIGKILL');
    await exited;

    consoleApp = await startConsoleProcess({ demoUrl: demo.url, dataDir });
    await page.goto(consoleApp.url);
    await signInToDemo(page, { remember: false });
    await openTicket(page, TICKET);
    const restored = page.getByTestId('reply-draft-restored');
    await expect(restored).toContainText('Draft restored (saved ');
    const again = page.getByTestId('reply-composer');
    await expect(again.getByRole('textbox', { name: 'Internal note' })).toHaveText('VPN drops every 20 minutes, @Mei Lin');
    await expect(again.getByTestId('rte-mention')).toHaveAttribute('title', NOT_PERMITTED);
    await expect(again).toHaveAttribute('data-visibility', 'internal');
    await expect(again.getByLabel('Minutes worked')).toHaveValue('30');
    await expect(again.getByLabel('Agreement').locator('option:checked')).toHaveText('Block hours (20 h)');
    const file = again.getByTestId('reply-attachments').getByTestId('attachment-card');
    await expect(file).toHaveAttribute('aria-label', 'router-log.txt');
    // Still known to the instance (asked again after the restart), so the reply can be sent as it is.
    await expect(file).toHaveAttribute('data-upload-status', /^(PROCESSING|SUCCESS)$/);
    await expect(again.getByRole('button', { name: 'Send internal note' })).toBeEnabled();

    // Discard (confirmed) empties the composer and removes the draft from this computer.
    await restored.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard draft' }).click();
    await expect(again.getByRole('textbox', { name: 'Internal note' })).toHaveText('');
    await expect(again.getByTestId('reply-attachments')).toHaveCount(0);
    await page.reload();
    await openTicket(page, TICKET);
    await expect(page.getByTestId('reply-draft-restored')).toHaveCount(0);
  } finally {
    await consoleApp.stop();
  }
});
