/**
 * The getting-started wizard in Chromium against a demo of its own (its
 * users put back at stepOne through the demo's switch): opened from the help
 * panel, stepOne is done by being signed in; the device step is done by
 * opening a device's page from its Go button; a reload resumes at the step
 * the server keeps; the remaining tasks are skipped; Finish ends it for good,
 * read back after another reload.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_ADMIN_KEY } from '../helpers/processes';
import { expect, expectNoAxeViolations, test, withOwnDemo } from './fixtures';

async function openWizard(app: Page): Promise<Locator> {
  await app.getByTestId('help-button').click();
  await app.locator('.help-panel').getByRole('menuitem', { name: 'Getting started' }).click();
  const wizard = app.getByRole('dialog', { name: 'Getting started' });
  await expect(wizard.getByRole('list', { name: 'Getting started steps' })).toBeVisible();
  return wizard;
}

function step(wizard: Locator, key: string): Locator {
  return wizard.locator(`[data-step="${key}"]`);
}

test('the wizard walks from stepOne to finishTraining: a real task, a reload that resumes, skips, Finish', async ({ page }) => {
  await withOwnDemo(page, [], async (demo) => {
    const res = await fetch(`${demo.url}/__demo/gettingstarted`, { method: 'PATCH', headers: { 'x-demo-admin': DEMO_ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ reset: true }) });
    expect(res.ok).toBe(true);
    const app = page;
    await app.getByRole('button', { name: 'Got it' }).click({ timeout: 3_000 }).catch(() => {});
    let wizard = await openWizard(app);
    // Signed in: the first step is done, the device step is the current one.
    await expect(step(wizard, 'stepOne')).toHaveAttribute('data-status', 'done');
    await expect(step(wizard, 'stepTwo')).toHaveAttribute('aria-current', 'step');
    await expectNoAxeViolations(app, 'getting started');

    // Go leads to the devices; opening one does the step.
    await wizard.getByRole('button', { name: 'Go: Find a device' }).click();
    await app.getByRole('region', { name: 'Device list' }).getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
    await expect(app.getByRole('heading', { name: 'File Server (NT-SRV-001)' })).toBeVisible();

    // After a reload the wizard resumes where the server says: the download step.
    await app.reload();
    await expect(app.getByTestId('profile-button')).toBeVisible();
    await app.getByRole('dialog', { name: 'Getting started' }).getByRole('button', { name: 'Close' }).click({ timeout: 3_000 }).catch(() => {});
    wizard = await openWizard(app);
    await expect(step(wizard, 'stepTwo')).toHaveAttribute('data-status', 'done');
    await expect(step(wizard, 'stepThree')).toHaveAttribute('aria-current', 'step');

    for (const [key, title] of [
      ['stepThree', 'Browse a backup and download a file'],
      ['stepFour', 'Create an automation'],
      ['stepFive', 'Connect a PSA'],
    ] as const) {
      await wizard.getByRole('button', { name: `Skip step: ${title}` }).click();
      await expect(step(wizard, key)).toHaveAttribute('data-status', 'skipped');
    }
    await expect(step(wizard, 'stepSix')).toHaveAttribute('aria-current', 'step');
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect(wizard).toBeHidden();

    // Finished for good: after a reload it does not open by itself, and the help panel's entry shows it done.
    await app.reload();
    await expect(app.getByTestId('profile-button')).toBeVisible();
    await expect(app.getByRole('dialog', { name: 'Getting started' })).toBeHidden();
    wizard = await openWizard(app);
    await expect(wizard.getByRole('button', { name: 'Finish' })).toHaveCount(0);
    await expect(step(wizard, 'stepSix')).toHaveAttribute('data-status', 'done');
  });
});
