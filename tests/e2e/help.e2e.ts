/**
 * The help panel in Chromium against browser mode and the demo server:
 * suggestions that follow the technician, search, the guide tooltip, a help
 * ticket with a real text file attached through the shared file picker, the
 * FAILURE warning, the
 * attachment cards (SUSPICIOUS: 'Resource Not Found' while submitting; a
 * SUCCESS image previewed through the main process; PROCESSING), the
 * rich-text editor (table, source mode and its refusal, a mention), the
 * backup get-started page with the demo request, and branding.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInToDemo, test } from './fixtures';
import { helpAdmin, openTicketForm, panel, signIn } from './help-helpers';

test.afterEach(async ({ demo }) => {
  await helpAdmin(demo, 'PATCH', {
    ticketResult: 'SUCCESS',
    failUploads: false,
    uploadStatus: 'SUCCESS',
    ticketDelayMs: 0,
    failDemoRequest: false,
    branded: false,
    branding: { enabled: true },
  });
});

test("the guide tooltip, then on a device's backup page the panel suggests its articles; search, Back, clear, Escape", async ({ app, demo }) => {
  await helpAdmin(demo, 'PATCH', { resetTooltip: true });
  await signInToDemo(app, { remember: false });
  const guide = app.getByTestId('help-guide');
  await expect(guide.getByRole('heading', { name: 'A smarter way to get help' })).toBeVisible();
  await expect(guide.getByText('View suggested help articles wherever you are in the app.')).toBeVisible();
  await expectNoAxeViolations(app, 'the first-time help guide');
  await guide.getByRole('button', { name: 'Got it' }).click();
  await expect(guide).toBeHidden();
  // Stored on the user: a new page load does not show it again.
  await app.reload();
  await expect(app.getByTestId('help-button')).toBeVisible();
  await expect(app.getByTestId('help-guide')).toHaveCount(0);

  await app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
  await expect(app.locator('#backup-manage-plans')).toBeVisible();
  await app.getByTestId('help-button').click();
  const help = panel(app);
  await expect(help.getByRole('heading', { name: 'Help resources' })).toBeVisible();
  await expect(help).toHaveCSS('width', '420px');

  const suggested = help.getByTestId('help-suggested');
  await expect(suggested).toHaveAttribute('data-pattern', '/deviceDashboard/:id/backup/:page');
  await expect(suggested).toHaveAttribute('data-help-route', '/deviceDashboard/1/backup/browse');
  await expect(suggested.getByRole('link', { name: 'Browsing backup data of a device' })).toBeVisible();
  await expect(suggested.getByRole('link', { name: 'Restoring files and folders from a backup' })).toBeVisible();
  await expectNoAxeViolations(app, 'help panel with suggested articles');

  // Search: nothing happens before 2000 ms of quiet, then the article list.
  const search = help.getByLabel('Search help articles');
  await search.fill('downloading backup');
  await app.waitForTimeout(1000);
  await expect(help.getByTestId('help-view')).toHaveAttribute('data-view', 'default');
  await expect(help.getByTestId('help-view')).toHaveAttribute('data-view', 'articles', { timeout: 5000 });
  await expect(help.getByTestId('help-search-results').getByRole('link', { name: 'Downloading files and folders from a backup' })).toBeVisible();
  await expectNoAxeViolations(app, 'help article search results');

  // Back pops one view.
  await help.getByRole('button', { name: 'Back' }).click();
  await expect(help.getByTestId('help-view')).toHaveAttribute('data-view', 'default');
  await expect(help.getByTestId('help-suggested')).toBeVisible();

  await search.fill('qqqzzzxxx');
  await expect(help.getByText('No articles found')).toBeVisible({ timeout: 5000 });
  // Clearing the search returns to the default view.
  await search.fill('');
  await expect(help.getByTestId('help-view')).toHaveAttribute('data-view', 'default');

  // Suggestions follow the technician: the device list is the device search.
  await app.getByRole('button', { name: 'Devices' }).click();
  await expect(help.getByTestId('help-suggested')).toHaveAttribute('data-pattern', '/deviceSearch');

  // Escape closes it.
  await help.getByRole('heading', { name: 'Help resources' }).click();
  await app.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('article search failures say so; routes without articles say so', async ({ app, demo, consoleApp }) => {
  await signIn(app);
  // A route of the RMM scheme the table has no pattern for (only the hash changes: no reload).
  await app.goto(`${consoleApp.origin}/#/administration/unknown`);
  await app.getByTestId('help-button').click();
  await expect(panel(app).getByText("We're working on getting articles added for this page...")).toBeVisible();
  await demo.configure({ faults: { errorRate: 1, errorPathPattern: 'zendesk/articles' } });
  try {
    await panel(app).getByLabel('Search help articles').fill('backup');
    await panel(app).getByLabel('Search help articles').press('Enter');
    await expect(panel(app).getByText('Something went wrong on our end.')).toBeVisible();
    await expect(panel(app).getByText('Please try again.')).toBeVisible();
  } finally {
    await demo.configure({ faults: { errorRate: 0, errorPathPattern: null } });
  }
});

test('submit a help ticket with a text file attached through the shared file picker; CC a technician', async ({ app, demo }) => {
  // A long walk with two axe runs over the device list behind the panel: on a loaded machine it takes longer than one test's default time.
  test.slow();
  const folder = mkdtempSync(join(tmpdir(), 'rmm-e2e-help-'));
  const notes = join(folder, 'backup-notes.txt');
  writeFileSync(notes, 'The nightly backup of FILE-SERVER failed with VSS error 0x8004230f.\n');
  const pdf = join(folder, 'report.pdf');
  writeFileSync(pdf, '%PDF-1.4');
  await signIn(app);
  const form = await openTicketForm(app);

  // Required fields.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Required', { exact: true })).toHaveCount(4);

  await form.getByLabel('Subject').fill('Nightly backup fails');
  // Related articles for the subject (3+ characters, not branded).
  await expect(form.getByTestId('help-related-articles').getByRole('link').first()).toBeVisible({ timeout: 6000 });
  await form.getByTestId('rte-content').click();
  await app.keyboard.type('Since Monday the nightly backup fails with a VSS error.');
  await expect(form.getByTestId('rte-char-count')).toHaveText(/\d+ \/ 500/);
  await form.getByLabel('Priority').selectOption('HIGH');
  await form.getByLabel('Category').selectOption('Billing');
  await expect(form.getByText('Request a call from Support Team')).toHaveCount(0);
  await form.getByLabel('Category').selectOption('Backup');
  await form.getByText('Request a call from Support Team').click();

  await form.getByLabel('Phone number').fill('123');
  await expect(form.getByText('Invalid phone number')).toBeVisible();
  await expectNoAxeViolations(app, 'help ticket with an invalid phone number');
  await form.getByLabel('Phone number').fill('2015550123');
  await expect(form.getByText('Invalid phone number')).toHaveCount(0);

  await form.getByLabel('CC technicians').fill('Robin');
  await app.getByRole('option', { name: /Robin Lee/ }).click();
  await expect(form.getByText('Robin Lee')).toBeVisible();

  // Attachments through the shared file picker: a refused type, then the text file, then the same name again.
  const picker = form.getByLabel('Attachments', { exact: true });
  await expect(form.getByRole('button', { name: 'Choose files' })).toBeEnabled();
  await picker.setInputFiles(pdf);
  await expect(form.getByText('Only jpg, jpeg, png, mov, txt file extensions are supported.')).toBeVisible();
  await picker.setInputFiles(notes);
  await expect(form.getByTestId('help-attachment')).toHaveAttribute('data-file-name', 'backup-notes.txt');
  await expect(form.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(1);
  await picker.setInputFiles(notes);
  await expect(form.getByText('File backup-notes.txt has already been uploaded.')).toBeVisible();
  await expectNoAxeViolations(app, 'help ticket with an attachment and an error');

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(app.locator('.bp6-toast').getByText('Ticket sent')).toBeVisible();
  await expect(panel(app)).toBeHidden();

  const state = await helpAdmin(demo, 'GET');
  const sent = state.tickets.at(-1)!;
  expect(sent.attachments).toEqual(['backup-notes.txt']);
  expect(sent.body).toMatchObject({ ticketSubject: 'Nightly backup fails', ticketPriority: 'HIGH', ticketCategory: 'Backup', ticketPhoneNumber: '+12015550123', ticketCc: ['robin.lee@demo-msp.example'] });
  expect(sent.body.ticketBody).toContain('nightly backup fails with a VSS error');
  expect(state.uploads.find((u) => u.metadata.name === 'backup-notes.txt')?.metadata.size).toBe(Buffer.byteLength('The nightly backup of FILE-SERVER failed with VSS error 0x8004230f.\n'));
});

test('a ticket answered with resultCode FAILURE shows the community-registration warning', async ({ app, demo }) => {
  await helpAdmin(demo, 'PATCH', { ticketResult: 'FAILURE' });
  await signIn(app);
  const form = await openTicketForm(app);
  await form.getByLabel('Subject').fill('Question');
  await form.getByTestId('rte-content').click();
  await app.keyboard.type('How do I restore a file?');
  await form.getByLabel('Priority').selectOption('LOW');
  await form.getByLabel('Category').selectOption('Other');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByTestId('help-ticket-problem')).toContainText('register in the community first');
  await expect(form.getByRole('heading', { name: 'Submit Help ticket' })).toBeVisible();
  // Back returns to the default view.
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(panel(app).getByRole('heading', { name: 'Help resources' })).toBeVisible();
});

/** Subject, body, priority and category: what a ticket needs. */
async function fillRequired(app: Page, form: Locator, subject: string): Promise<void> {
  await form.getByLabel('Subject').fill(subject);
  await form.getByTestId('rte-content').click();
  await app.keyboard.type('The attachment shows the problem.');
  await form.getByLabel('Priority').selectOption('NORMAL');
  await form.getByLabel('Category').selectOption('Other');
}

/** Picks a file from disk in the form's file picker. */
async function attachPath(form: Locator, path: string): Promise<void> {
  await form.getByLabel('Attachments', { exact: true }).setInputFiles(path);
  await expect(form.getByTestId('help-attachment').filter({ hasText: basename(path) })).toHaveCount(1);
}

/** A real 1x1 PNG (Chromium decodes it). */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test("a SUSPICIOUS upload shows 'Resource Not Found' on its card while the ticket is submitted; then 'Ticket sent'", async ({ app, demo }) => {
  const folder = mkdtempSync(join(tmpdir(), 'rmm-e2e-help-'));
  const notes = join(folder, 'suspicious-notes.txt');
  writeFileSync(notes, 'Looks harmless.\n');
  // The demo answers uploads SUSPICIOUS and holds the ticket call, so the submitting form can be looked at.
  await helpAdmin(demo, 'PATCH', { uploadStatus: 'SUSPICIOUS', ticketDelayMs: 4000 });
  await signIn(app);
  const form = await openTicketForm(app);
  await fillRequired(app, form, 'Suspicious attachment');
  await attachPath(form, notes);
  const card = form.getByTestId('help-attachment').filter({ hasText: 'suspicious-notes.txt' }).getByTestId('attachment-card');
  await expect(card).toHaveAttribute('data-upload-status', 'LOCAL');
  await expect(card).toContainText('TXT');

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByTestId('help-submitting')).toContainText('Submitting help ticket');
  await expect(card).toHaveAttribute('data-upload-status', 'SUSPICIOUS');
  await expect(card).toHaveAttribute('data-variant', 'ERROR');
  await expect(card.getByTestId('attachment-card-message')).toHaveText('Resource Not Found');
  await expect(card).toBeInViewport();
  // Still submitting: the card was visible during it.
  await expect(form.getByTestId('help-submitting')).toBeVisible();

  await expect(app.locator('.bp6-toast').getByText('Ticket sent')).toBeVisible();
  await expect(panel(app)).toBeHidden();
  expect((await helpAdmin(demo, 'GET')).tickets.at(-1)!.attachments).toEqual(['suspicious-notes.txt']);
});

test('a SUCCESS image is previewed through the main process (data URL), a text file shows its icon; PROCESSING shows the placeholder', async ({ app, demo }) => {
  const folder = mkdtempSync(join(tmpdir(), 'rmm-e2e-help-'));
  const image = join(folder, 'screenshot.png');
  writeFileSync(image, PNG_1X1);
  const notes = join(folder, 'steps.txt');
  writeFileSync(notes, 'Step 1: open the backup page.\n');
  // resultCode FAILURE keeps the form open with the cards after the uploads.
  await helpAdmin(demo, 'PATCH', { ticketResult: 'FAILURE' });
  await signIn(app);
  const form = await openTicketForm(app);
  await fillRequired(app, form, 'Preview of attachments');
  await attachPath(form, image);
  await attachPath(form, notes);
  const imageCard = form.getByTestId('help-attachment').filter({ hasText: 'screenshot.png' }).getByTestId('attachment-card');
  const notesCard = form.getByTestId('help-attachment').filter({ hasText: 'steps.txt' }).getByTestId('attachment-card');

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByTestId('help-ticket-problem')).toContainText('register in the community first');
  await expect(imageCard).toHaveAttribute('data-upload-status', 'SUCCESS');
  await expect(imageCard).toHaveAttribute('data-preview', 'loaded');
  const preview = imageCard.getByRole('img', { name: 'Preview of screenshot.png' });
  await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect.poll(() => preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
  await expect(notesCard).toHaveAttribute('data-upload-status', 'SUCCESS');
  await expect(notesCard).toHaveAttribute('data-preview', 'none');
  await expect(notesCard.locator('[data-icon="text"]')).toBeVisible();
  await expect(notesCard.getByTestId('attachment-card-message')).toHaveCount(0);

  // Submitted again while the server still processes uploads: the placeholder with the loading icon.
  await helpAdmin(demo, 'PATCH', { uploadStatus: 'PROCESSING' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByTestId('help-ticket-problem')).toContainText('register in the community first');
  await expect(imageCard).toHaveAttribute('data-upload-status', 'PROCESSING');
  await expect(imageCard).toHaveAttribute('data-variant', 'PROCESSING');
  await expect(imageCard.getByTestId('attachment-card-message')).toHaveText('Processing attachment…');
  await expect(imageCard.getByRole('img', { name: 'Preview of screenshot.png' })).toHaveCount(0);
});

test('in the ticket editor: insert a table, source and back, the refusal for unsupported HTML, mention a technician', async ({ app }) => {
  await signIn(app);
  const form = await openTicketForm(app);
  const editor = form.getByTestId('help-ticket-body');
  const content = editor.getByTestId('rte-content');
  await content.click();
  await app.keyboard.type('Table below:');

  await editor.getByRole('toolbar', { name: 'Formatting', exact: true }).getByRole('button', { name: 'Insert table' }).click();
  await app.getByTestId('rte-table-grid-2-3').click();
  await expect(content.locator('table tr')).toHaveCount(2);
  await expect(content.locator('table tr').first().locator('td, th')).toHaveCount(3);

  // Source mode shows the HTML; back to rich text keeps the table.
  await editor.getByTestId('rte-source-toggle').click();
  await expect(editor).toHaveAttribute('data-mode', 'source');
  const source = editor.getByTestId('rte-source');
  await expect(source).toHaveValue(/<table>/);
  await editor.getByTestId('rte-source-toggle').click();
  await expect(editor).toHaveAttribute('data-mode', 'rich');
  await expect(content.locator('table tr')).toHaveCount(2);

  // Unsupported HTML: the switch back is refused with the warning.
  await editor.getByTestId('rte-source-toggle').click();
  const html = await source.inputValue();
  await source.fill(`${html}\n<iframe src="https://example.com"></iframe>`);
  await editor.getByTestId('rte-source-toggle').click();
  const warning = app.getByRole('dialog', { name: 'Unsupported HTML elements' });
  await expect(warning.getByText('This content contains the following unsupported HTML elements')).toBeVisible();
  await expect(warning.getByTestId('rte-unsupported-tags')).toContainText('iframe');
  await expectNoAxeViolations(app, 'Unsupported HTML elements dialog');
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(editor).toHaveAttribute('data-mode', 'source');
  await source.fill(html);
  await editor.getByTestId('rte-source-toggle').click();
  await expect(editor).toHaveAttribute('data-mode', 'rich');
  // The help panel is still open: the dialog's Escape/OK did not close it.
  await expect(form.getByRole('heading', { name: 'Submit Help ticket' })).toBeVisible();

  // Mention a technician.
  await content.locator('p').first().click();
  await app.keyboard.press('End');
  await app.keyboard.type(' @Robin');
  const option = app.getByTestId('rte-mention-option').filter({ hasText: 'Robin Lee' });
  await expect(option).toBeVisible();
  await option.click();
  await expect(content.getByTestId('rte-mention')).toHaveText('@Robin Lee');
  await expect(content.getByTestId('rte-mention')).toHaveAttribute('data-mention-id', '2');

  // Escape in the mention menu dismisses the menu, not the panel with the draft.
  await app.keyboard.type(' @Ale');
  await expect(app.getByTestId('rte-mention-option').first()).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('rte-mention-option')).toHaveCount(0);
  await expect(form.getByRole('heading', { name: 'Submit Help ticket' })).toBeVisible();
  // Another Escape closes the panel.
  await app.keyboard.press('Escape');
  await expect(panel(app)).toBeHidden();
});

test('the backup get-started page of a device without backup, and the demo request (confirmation even when it fails)', async ({ app, demo }) => {
  await signIn(app);
  await app.getByRole('link', { name: /^Get started with Backup on / }).first().click();
  const page = app.getByTestId('backup-get-started');
  await expect(page.getByRole('heading', { name: 'Get started with Backup' })).toBeVisible();
  await expectNoAxeViolations(app, 'backup get-started page');
  for (const feature of ['Full image backup', 'Document, file and folder backup', 'Cloud-only, local-only and hybrid storage', 'End-user self-service file restore', 'Fast file restore', 'Bare metal restore']) {
    await expect(page.getByText(feature, { exact: true })).toBeVisible();
  }
  // The help panel suggests the backup articles here too (page getStarted of backup/:page).
  await app.getByTestId('help-button').click();
  await expect(panel(app).getByTestId('help-suggested')).toHaveAttribute('data-pattern', '/deviceDashboard/:id/backup/:page');
  await app.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Request Demo' }).click();
  const dialog = app.getByRole('dialog', { name: 'Request Demo' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Alex Morgan');
  await dialog.getByLabel('Name').fill('');
  await dialog.getByLabel('Email').fill('alex@');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Enter your name.')).toBeVisible();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
  await expectNoAxeViolations(app, 'Request Demo dialog with errors');
  await dialog.getByLabel('Name').fill('Alex Morgan');
  await dialog.getByLabel('Email').fill('alex.morgan@demo-msp.example');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Thank you!')).toBeVisible();
  await expectNoAxeViolations(app, 'demo request sent');
  expect((await helpAdmin(demo, 'GET')).demoRequests.at(-1)).toEqual({ userName: 'Alex Morgan', userEmail: 'alex.morgan@demo-msp.example' });
  await dialog.getByRole('button', { name: 'Done' }).click();

  await helpAdmin(demo, 'PATCH', { failDemoRequest: true });
  await page.getByRole('button', { name: 'Request Demo' }).click();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Thank you!')).toBeVisible();
});

test('branding that disables help hides the help button; a branded installation without tickets hides the ticket', async ({ app, demo }) => {
  await helpAdmin(demo, 'PATCH', { branded: true, branding: { enabled: false } });
  await signInToDemo(app, { remember: false });
  await expect(app.getByTestId('profile-button')).toBeVisible();
  await expect(app.getByTestId('help-button')).toHaveCount(0);

  await helpAdmin(demo, 'PATCH', { branded: true, branding: { enabled: true, submitTicketEnabled: false, ninjaArticlesEnabled: true } });
  await app.reload();
  await app.getByTestId('help-button').click();
  await expect(panel(app).getByRole('menuitem', { name: 'Help center' })).toBeVisible();
  await expect(panel(app).getByRole('menuitem', { name: 'Submit a help ticket' })).toHaveCount(0);
  await expect(panel(app).getByRole('menuitem', { name: 'NinjaOne Academy' })).toBeVisible();
});
