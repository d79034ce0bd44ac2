/**
 * The other integrations beside the PSA cards, in Chromium against a demo
 * of their own (the test saves a webhook): an http address refused, an https
 * one saved with a secret (never shown again) and tested, its answer shown;
 * the service desk switched off and on (saved on the server, read back after
 * a reload) and put back when the save fails; web security registered, held
 * at Registering by the demo until released.
 */
import type { Page } from '@playwright/test';
import { DEMO_ADMIN_KEY } from '../helpers/processes';
import { expect, expectNoAxeViolations, test, withOwnDemo } from './fixtures';

async function switches(demoUrl: string, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${demoUrl}/__demo/integrations`, { method: 'PATCH', headers: { 'x-demo-admin': DEMO_ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  expect(res.ok).toBe(true);
}

/** The service desk's Enabled switch as a technician clicks it (Blueprint draws it over the hidden input). */
function deskSwitch(app: Page) {
  return app.getByRole('group', { name: 'Service desk' }).locator('label.bp6-switch');
}

async function openIntegrations(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Integrations', exact: true }).first().click();
  await expect(app.getByRole('heading', { name: 'Other integrations', level: 2 })).toBeVisible();
}

test('a webhook is added with a secret and tested; a connection toggled off and on, put back when the save fails; web security registers', async ({ page }) => {
  await withOwnDemo(page, [], async (demo) => {
    const app = page;
    await app.getByRole('button', { name: 'Got it' }).click({ timeout: 3_000 }).catch(() => {});
    await openIntegrations(app);
    await expectNoAxeViolations(app, 'integrations');

    // The webhook: http refused, https saved with a secret, then tested (the demo's address answers 503).
    await app.getByRole('button', { name: 'Webhook settings' }).click();
    const dialog = app.getByRole('dialog', { name: 'Webhook' });
    const address = dialog.getByLabel('Address');
    await address.fill('http://hooks.demo.example/status/503');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/Only https:\/\/ addresses are accepted/)).toBeVisible();
    await address.fill('https://hooks.demo.example/status/503');
    await dialog.getByLabel('Secret').fill('whsec-e2e-secret');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('button', { name: 'Replace secret' })).toBeVisible();
    await expect(dialog.getByLabel('Secret')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Test webhook' }).click();
    await expect(dialog.getByRole('status', { name: 'Webhook test result' })).toContainText('Status 503');
    await expectNoAxeViolations(app, 'webhook dialog with a test result');
    await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // The secret never reaches the page.
    expect(await app.content()).not.toContain('whsec-e2e-secret');

    // The service desk off and on, saved at once; read back after a reload.
    const desk = app.getByRole('checkbox', { name: 'Service desk enabled' });
    await expect(desk).not.toBeChecked();
    await deskSwitch(app).click();
    await expect(desk).toBeChecked();
    await app.reload();
    await openIntegrations(app);
    await expect(app.getByRole('checkbox', { name: 'Service desk enabled' })).toBeChecked();
    // A failed save puts it back, with the server's message.
    await switches(demo.url, { failToggle: true });
    await deskSwitch(app).click();
    await expect(app.getByRole('group', { name: 'Service desk' }).getByRole('alert')).toContainText('demo switch failToggle');
    await expect(app.getByRole('checkbox', { name: 'Service desk enabled' })).toBeChecked();
    await switches(demo.url, { failToggle: false });
    await deskSwitch(app).click();
    await expect(app.getByRole('checkbox', { name: 'Service desk enabled' })).not.toBeChecked();

    // Web security: Not configured, Registering while the demo holds it, Registered once released.
    const security = app.getByRole('group', { name: 'Web security' });
    await expect(security).toContainText('Not configured');
    await switches(demo.url, { holdRegistration: true });
    await security.getByRole('button', { name: 'Register web security' }).click();
    await expect(security).toContainText('Registering');
    await switches(demo.url, { holdRegistration: false });
    await expect(security).toContainText('Registered');
  });
});
