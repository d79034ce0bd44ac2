import keytar from 'keytar';
import { chooseTheme, expect, expectNoAxeViolations, signInThroughBrowser, signInToDemo, storedProfiles, test } from './fixtures';
import { startConsoleProcess } from '../helpers/processes';

const KEYCHAIN_SERVICE = 'RMM Technician Console';

async function keychainAccounts(): Promise<string[]> {
  return (await keytar.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account);
}

test('sign in to the demo, see devices, stay signed in across a reload, sign out removes the keychain entry', async ({ app, consoleApp }) => {
  await signInToDemo(app);
  await expect(app.getByRole('region', { name: 'Device list' })).toBeVisible();
  await expect(app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' })).toBeVisible();
  await expect(app.getByTestId('device-list-count')).toHaveText('120 devices · page 1 of 3');

  const { lastProfileId } = storedProfiles(consoleApp.dataDir);
  expect(lastProfileId).toBeTruthy();
  expect(await keychainAccounts()).toContain(lastProfileId);
  // The secret is in the keychain, never in the data folder.
  const profilesText = JSON.stringify(storedProfiles(consoleApp.dataDir));
  expect(profilesText).not.toContain('demo-console-secret');

  await app.reload();
  await expect(app.getByTestId('profile-button')).toBeVisible();
  await expect(app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' })).toBeVisible();

  await app.getByTestId('profile-button').click();
  await app.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(app.getByRole('heading', { name: 'Sign in to your RMM instance' })).toBeVisible();
  expect(await keychainAccounts()).not.toContain(lastProfileId);
});

test('the device list pages by 50 and searches by name', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const list = app.getByRole('region', { name: 'Device list' });
  await expect(list).toHaveAttribute('data-rows', '50');
  const firstOnPage1 = await list.locator('.data-table-cell .button-link-cell').first().textContent();
  await app.getByRole('button', { name: 'Next page' }).click();
  await expect(app.getByTestId('device-list-count')).toHaveText('120 devices · page 2 of 3');
  await expect(list.locator('.data-table-cell .button-link-cell').first()).not.toHaveText(firstOnPage1!);
  await expect(list).toHaveAttribute('data-rows', '50');
  await app.getByLabel('Search devices').fill('Reception');
  await expect(app.getByTestId('device-list-count')).toContainText('page 1 of 1');
  await expect(list.locator('.data-table-cell .button-link-cell').first()).toContainText('Reception');
  const names = await list.locator('.bp6-table-quadrant-main .data-table-cell .button-link-cell').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toContain('Reception');
  // One device found: '1 device', never '1 devices'.
  await app.getByLabel('Search devices').fill('NT-SRV-001');
  await expect(app.getByTestId('device-list-count')).toHaveText('1 device · page 1 of 1');
});

test('browser sign-in with PKCE through the demo authorize page', async ({ app }) => {
  await signInThroughBrowser(app);
  await expect(app.getByTestId('profile-button')).toContainText('Alex Morgan');
  await expect(app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' })).toBeVisible();
});

test('a revoked session signs the technician out with the expiry message', async ({ app, demo }) => {
  await signInThroughBrowser(app);
  await expect(app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' })).toBeVisible();
  await demo.revokeAllTokens();
  await app.getByRole('button', { name: 'Next page' }).click();
  await expect(app.getByText('Your session has expired. Please sign in again.').first()).toBeVisible();
  await expectNoAxeViolations(app, 'sign-in after the session expired');
  await expect(app.getByRole('heading', { name: 'Sign in to your RMM instance' })).toBeVisible();
});

test('a new data folder starts in the blue theme and in English (§9.4); a chosen theme is kept', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  const page = app.locator('html');
  await expect(page).toHaveAttribute('data-theme', 'blue');
  await expect(page).toHaveAttribute('lang', 'en');
  await expect(app.locator('body')).not.toHaveClass(/bp6-dark/);
  const headerColour = () => app.locator('.app-header').evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
  expect(await headerColour()).toBe('rgb(33, 93, 176)');
  await chooseTheme(app, 'Dark');
  await expect(app.locator('body')).toHaveClass(/bp6-dark/);
  await app.reload();
  await expect(app.getByTestId('profile-button')).toBeVisible();
  await expect(app.locator('body')).toHaveClass(/bp6-dark/);
  await expect(page).toHaveAttribute('data-theme', 'dark');
  await chooseTheme(app, 'Light');
  await expect(app.locator('body')).not.toHaveClass(/bp6-dark/);
  expect(await headerColour()).not.toBe('rgb(33, 93, 176)');
  await chooseTheme(app, 'Blue');
  await expect(page).toHaveAttribute('data-theme', 'blue');
});

test('the token stays with its page: no cookie, out of the address bar, kept across a reload', async ({ app }) => {
  await expect(app.getByRole('heading', { name: 'Sign in to your RMM instance' })).toBeVisible();
  expect(app.url()).not.toContain('token');
  expect(await app.context().cookies()).toEqual([]);
  await signInToDemo(app, { remember: false });
  await app.reload();
  await expect(app.getByTestId('profile-button')).toBeVisible();
  expect(await app.context().cookies()).toEqual([]);
});

test('browser-mode requests without the token or from another Origin get 403', async ({ consoleApp, playwright }) => {
  const anonymous = await playwright.request.newContext();
  // The app shell is public build output; everything with data needs the token.
  const shell = await anonymous.get(`${consoleApp.origin}/`);
  expect(shell.status()).toBe(200);
  expect(shell.headers()['set-cookie']).toBeUndefined();
  expect(shell.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect((await anonymous.get(`${consoleApp.origin}/?token=wrong`)).status()).toBe(403);
  expect((await anonymous.post(`${consoleApp.origin}/rpc/session.get`, { data: {} })).status()).toBe(403);
  expect((await anonymous.get(`${consoleApp.origin}/events`)).status()).toBe(403);

  const withToken = { authorization: `Bearer ${consoleApp.token}` };
  const ok = await anonymous.post(`${consoleApp.origin}/rpc/session.get`, { data: {}, headers: withToken });
  expect(ok.status()).toBe(200);
  const foreign = await anonymous.post(`${consoleApp.origin}/rpc/session.get`, {
    data: {},
    headers: { ...withToken, origin: 'http://evil.example' },
  });
  expect(foreign.status()).toBe(403);
  const rebinding = await anonymous.post(`${consoleApp.origin}/rpc/session.get`, {
    data: {},
    headers: { ...withToken, host: 'evil.example' },
  });
  expect(rebinding.status()).toBe(403);
  await anonymous.dispose();
});

test('without a keychain the console offers a this-session-only sign-in that persists nothing', async ({ demo, page }) => {
  const isolated = await startConsoleProcess({
    demoUrl: demo.url,
    env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: '' },
  });
  try {
    await page.goto(isolated.url);
    await expect(page.getByTestId('keychain-warning')).toContainText('The system keychain is not available');
    await expect(page.getByLabel('This session only (nothing is saved)')).toBeDisabled();
    await expect(page.getByLabel('This session only (nothing is saved)')).toBeChecked();
    await expectNoAxeViolations(page, 'sign-in without a keychain');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' })).toBeVisible();
    await page.getByTestId('profile-button').click();
    await expect(page.getByText('This session only: nothing saved')).toBeVisible();
    await expectNoAxeViolations(page, 'the profile menu');
    const { existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    expect(existsSync(join(isolated.dataDir, 'profiles.json'))).toBe(false);
  } finally {
    await isolated.stop();
  }
});
