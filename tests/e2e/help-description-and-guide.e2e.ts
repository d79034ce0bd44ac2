/**
 * In Chromium against browser mode and the demo:
 * a picture pasted into the help ticket's description uploads into the
 * editor's tray and reaches the ticket as an upload token (no data: URL);
 * branding hides the Help center and Community and lets a topic open the
 * partner's own https host; the first-time guide keeps clear of the search
 * field and of dialogs, and shows when its dismissal cannot be read. A
 * link made from the keyboard through 'Enter Secure URL' (an address that is
 * not a URL or IP address refused with its message), and a pasted IP address
 * that becomes a link.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInToDemo, test } from './fixtures';
import { helpAdmin, openTicketForm, panel, signIn } from './help-helpers';

/** A real 16x16 PNG. */
const PNG_16 =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABoUlEQVR4nA2SURUAIQgEiWAEIxjBCEQwAhGMQAQiGIEIRjACDebun8fbnR1BhCZ0YQhTUGEJJmzBhRCOkMIVnlD/tTRaozdGYza0sRrW2A1vROM0snEbr1H/b+m0Tu+MzuxoZ3Wsszveic7pZOd2Xqf+JDJogz4YgznQwRrYYA98EIMzyMEdvEH9uWXSJn0yJnOikzWxyZ74JCZnkpM7eZP6W4rSlK4MZSqqLMWUrbgSylFSucpT6mcii7boi7GYC12shS32whexOItc3MVb1E9QjGZ0YxjTUGMZZmzDjTCOkcY1nlE/b9m0Td+MzdzoZm1ssze+ic3Z5OZu3qb+dcRpTneGMx11lmPOdtwJ5zjpXOc59W8pQQt6MIIZaLACC3bgQQQnyOAGL6h/eTm0Qz+MwzzoYR3ssA9+iMM55OEe3qF+TyRpSU9GMhNNVmLJTjyJ5CSZ3OQl9Vsll3bpl3GZF72si132xS9xOZe83Mu71O+gPNqjP8ZjPvSxHvbYD3/E4zzycR/vUb+xUrSiF6OYhRarsGIXXkRxiixu8YqqD5pv7xClJ9+NAAAAAElFTkSuQmCC';

test.afterEach(async ({ demo }) => {
  await helpAdmin(demo, 'PATCH', { branded: false, branding: { enabled: true, ninjaArticlesEnabled: true, submitTicketEnabled: true, topics: [] }, failTooltipRead: false });
});

/** The page's clipboard classes (this file is compiled without the DOM library). */
interface PageClipboard {
  DataTransfer: new () => { items: { add(file: File): void }; setData(type: string, value: string): void };
  ClipboardEvent: new (type: string, init: { clipboardData: unknown; bubbles: boolean; cancelable: boolean }) => unknown;
}

/** Pastes into the editor as a browser does: a ClipboardEvent carrying files, HTML or plain text. */
async function paste(content: Locator, data: { pngBase64?: string; html?: string; text?: string }): Promise<void> {
  await content.evaluate((element, { pngBase64, html, text }) => {
    const page = globalThis as unknown as PageClipboard;
    const transfer = new page.DataTransfer();
    if (pngBase64) transfer.items.add(new File([Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0))], 'image.png', { type: 'image/png' }));
    if (html) transfer.setData('text/html', html);
    if (text) transfer.setData('text/plain', text);
    (element as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(new page.ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, data);
}

test("pictures pasted into the description upload into the editor's tray and reach the ticket's imageTokens, never as data URLs", async ({ app, demo }) => {
  await signIn(app);
  const form = await openTicketForm(app);
  await form.getByLabel('Subject').fill('Backup error dialog');
  const content = form.getByTestId('rte-content');
  await content.click();
  await app.keyboard.type('The error dialog is in the screenshot.');
  await form.getByLabel('Priority').selectOption('NORMAL');
  await form.getByLabel('Category').selectOption('Backup');

  // A screenshot from the clipboard (a file), then a web page's picture (HTML with a data URL).
  await paste(content, { pngBase64: PNG_16 });
  const tray = form.getByRole('list', { name: 'Files in the description' });
  const pasted = tray.getByTestId('rte-attachment').filter({ hasText: 'image.png' });
  await expect(pasted).toHaveAttribute('data-progress', '100');
  await expect(pasted).toHaveAttribute('data-content-id', /^cid-/);
  await expect(pasted.getByTestId('rte-attachment-thumb')).toBeVisible();
  await paste(content, { html: `<p>From the wiki:</p><img src="data:image/png;base64,${PNG_16}">` });
  const fromHtml = tray.getByTestId('rte-attachment').filter({ hasText: 'pasted-image.png' });
  await expect(fromHtml).toHaveAttribute('data-progress', '100');
  await expect(content.locator('img')).toHaveCount(0);
  await expectNoAxeViolations(app, 'help ticket with pictures in the attachment tray');
  // Both are on the server already, before the ticket.
  const uploads = (await helpAdmin(demo, 'GET')).uploads.filter((u) => !u.deleted).map((u) => u.metadata.name);
  expect(uploads).toEqual(expect.arrayContaining(['image.png', 'pasted-image.png']));

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(app.locator('.bp6-toast').getByText('Ticket sent')).toBeVisible();
  const sent = (await helpAdmin(demo, 'GET')).tickets.at(-1)!;
  expect(sent.body.ticketSubject).toBe('Backup error dialog');
  expect(sent.attachments).toEqual(['image.png', 'pasted-image.png']);
  expect(sent.body.imageTokens).toHaveLength(2);
  expect(sent.body.ticketBody).toContain('The error dialog is in the screenshot.');
  expect(sent.body.ticketBody).not.toContain('data:');
});

test("branding without articles hides the Help center and Community; a branded topic opens the partner's own https host", async ({ app, demo }) => {
  const partner = 'https://help.partner-msp.example/kb/backup';
  await app.context().route('https://help.partner-msp.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner KB</title><h1>Partner knowledge base</h1>' }));
  await helpAdmin(demo, 'PATCH', {
    branded: true,
    branding: { enabled: true, ninjaArticlesEnabled: false, topics: [{ topic: 'Partner knowledge base', token: 'kb', action: partner }, { topic: 'Partner status page', token: 'status', action: 'http://status.partner-msp.example/' }] },
  });
  await signIn(app);
  await app.getByTestId('help-button').click();
  const help = panel(app);
  await expect(help.getByRole('menuitem', { name: 'Submit a help ticket' })).toBeVisible();
  await expect(help.getByRole('menuitem', { name: 'Help center' })).toHaveCount(0);
  await expect(help.getByRole('menuitem', { name: 'Community' })).toHaveCount(0);
  await expectNoAxeViolations(app, 'branded help panel with its topics');

  const popup = app.context().waitForEvent('page');
  await help.getByRole('menuitem', { name: 'Partner knowledge base' }).click();
  const tab = await popup;
  await expect(tab).toHaveURL(partner);
  await expect(tab.getByRole('heading', { name: 'Partner knowledge base' })).toBeVisible();
  await tab.close();
  // Only https: a topic on plain http stays refused (the other refusals: tests/integration/help-description.test.ts).
  await help.getByRole('menuitem', { name: 'Partner status page' }).click();
  await expect(app.locator('.bp6-toast').getByText('This link is not on the list of sites the console may open.')).toBeVisible();

  // Articles enabled again: both links are back.
  await helpAdmin(demo, 'PATCH', { branding: { ninjaArticlesEnabled: true } });
  await app.reload();
  await app.getByTestId('help-button').click();
  await expect(panel(app).getByRole('menuitem', { name: 'Help center' })).toBeVisible();
  await expect(panel(app).getByRole('menuitem', { name: 'Community' })).toBeVisible();
});

async function expectApart(a: Locator, b: Locator): Promise<void> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const overlap = x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  expect(overlap, `${JSON.stringify(x)} overlaps ${JSON.stringify(y)}`).toBe(false);
}

function searchField(app: Page): Locator {
  return app.locator('main').getByRole('textbox', { name: /search/i }).first();
}

test('the first-time guide never covers the search field (1280x800) and steps aside while a dialog is open', async ({ app, demo }) => {
  await app.setViewportSize({ width: 1280, height: 800 });
  await helpAdmin(demo, 'PATCH', { resetTooltip: true });
  await signInToDemo(app, { remember: false });
  const guide = app.getByTestId('help-guide');
  await expect(guide).toBeVisible();
  await expectApart(guide, searchField(app));
  await expectNoAxeViolations(app, 'device list with the first-time help guide');

  // The backup browser's search bar sits right under the help button.
  await app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
  await expect(searchField(app)).toBeVisible();
  await expect.poll(async () => {
    const [g, s] = [(await guide.boundingBox())!, (await searchField(app).boundingBox())!];
    return g.y >= s.y + s.height || g.x >= s.x + s.width || g.x + g.width <= s.x;
  }).toBe(true);
  await expectApart(guide, searchField(app));

  // A dialog: the guide steps aside, and comes back once it is closed.
  await app.getByTestId('profile-button').click();
  await expect(guide).toBeHidden();
  await app.getByRole('menuitem', { name: 'Offline cache...' }).click();
  const dialog = app.getByRole('dialog', { name: /cache/i });
  await expect(dialog).toBeVisible();
  await expect(guide).toBeHidden();
  // The dialog's overlay takes the focus (from the closing menu) before Escape can reach it: pressed only once it has.
  await expect.poll(() => dialog.evaluate((el) => (el.closest('.bp6-overlay') ?? el).contains(el.ownerDocument.activeElement))).toBe(true);
  await app.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(guide).toBeVisible();
  await guide.getByRole('button', { name: 'Got it' }).click();
  await expect(guide).toHaveCount(0);
});

test('the first-time guide shows when whether it was dismissed cannot be read', async ({ app, demo }) => {
  // The instance cannot say whether this user put the guide away: not knowing, it shows rather than hiding for good.
  await helpAdmin(demo, 'PATCH', { failTooltipRead: true });
  await signInToDemo(app, { remember: false });
  const guide = app.getByTestId('help-guide');
  await expect(guide).toBeVisible();
  await expect(app.getByTestId('help-button')).toHaveAttribute('data-guide', 'pending');
  await guide.getByRole('button', { name: 'Got it' }).click();
  await expect(guide).toHaveCount(0);
});

test("a link from the keyboard through 'Enter Secure URL': what is not a URL or IP address is refused with its message; a pasted IP address becomes a link", async ({ app }) => {
  await signIn(app);
  const form = await openTicketForm(app);
  const content = form.getByTestId('help-ticket-body').getByTestId('rte-content');
  await content.click();
  await app.keyboard.type('Router admin');
  await app.keyboard.press('Shift+Home');
  // The editor hears of a selection made by keys on the page's next selectionchange: Ctrl+K waits until it is there, as a hand would.
  await expect.poll(() => app.evaluate(() => String((globalThis as unknown as { getSelection(): unknown }).getSelection()))).toBe('Router admin');
  await app.keyboard.press('ControlOrMeta+k');
  const dialog = app.getByRole('dialog', { name: 'Enter Secure URL' });
  const url = dialog.getByRole('textbox', { name: 'URL' });
  await expect(url).toBeFocused();

  // §5: a valid URL or IP address, nothing else; the dialog keeps what was typed.
  await app.keyboard.type('router admin');
  await app.keyboard.press('Enter');
  await expect(dialog.getByText('Enter a valid URL or IP address.')).toBeVisible();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveValue('router admin');
  await expectNoAxeViolations(app, 'Enter Secure URL dialog with its message');
  await app.keyboard.press('ControlOrMeta+a');
  await app.keyboard.type('192.168.1.1:8443');
  await expect(dialog.getByText('Enter a valid URL or IP address.')).toBeHidden();
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(content.locator('a')).toHaveText('Router admin');
  await expect(content.locator('a')).toHaveAttribute('href', 'https://192.168.1.1:8443');
  await expect(content).toBeFocused();

  // Escape cancels without a link, and leaves the help panel open.
  await app.keyboard.press('End');
  await app.keyboard.type(' or ');
  await app.keyboard.press('ControlOrMeta+k');
  await expect(dialog).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(content.locator('a')).toHaveCount(1);
  await expect(form.getByRole('heading', { name: 'Submit Help ticket' })).toBeVisible();

  // §5: pasted text that is a valid secure URL becomes a link where it lands.
  await paste(content, { text: '10.0.0.5' });
  await expect(content.locator('a[href="https://10.0.0.5"]')).toHaveText('10.0.0.5');
  await expect(content).toHaveText('Router admin or 10.0.0.5');
});
