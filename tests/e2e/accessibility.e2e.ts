/**
 * The screens pass axe-core in both themes, each screen is
 * one main landmark with one h1, and the browser's breadcrumb is a real trail.
 * Other e2e tests check the dialogs and panels they open with the same helper.
 */
import type { Page } from '@playwright/test';
import { chooseTheme, enter, expect, expectNoAxeViolations, openShowcaseDevice, signInToDemo, test } from './fixtures';

/** One main landmark and exactly one visible h1. */
async function expectOneMainAndH1(app: Page): Promise<void> {
  await expect(app.getByRole('main')).toHaveCount(1);
  await expect(app.locator('h1:visible')).toHaveCount(1);
}

test('sign-in, device list and backup browser pass axe-core in the blue and the dark theme', async ({ app }) => {
  // Seven full axe runs: on a loaded machine they take longer than one test's default time.
  test.slow();
  await expect(app.getByRole('heading', { name: 'Sign in to your RMM instance', level: 1 })).toBeVisible();
  await expectOneMainAndH1(app);
  await expectNoAxeViolations(app, 'sign-in');
  await signInToDemo(app, { remember: false });
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'blue');
  await expect(app.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
  await expectOneMainAndH1(app);
  await expectNoAxeViolations(app, 'device list (blue)');

  await openShowcaseDevice(app);
  await expect(app.getByRole('heading', { name: 'File Server (NT-SRV-001)', level: 1 })).toBeVisible();
  await expectOneMainAndH1(app);
  await expectNoAxeViolations(app, 'backup browser plans (blue)');
  await enter(app, 'Server files', 'volumes');
  await enter(app, 'C:', 'folders');
  await enter(app, 'Data', 'files');
  await expectNoAxeViolations(app, 'backup browser files (blue)');

  await chooseTheme(app, 'Dark');
  await expect(app.locator('body')).toHaveClass(/bp6-dark/);
  await expectNoAxeViolations(app, 'backup browser files (dark)');
  await enter(app, 'readme.txt', 'revisions');
  await expectNoAxeViolations(app, 'backup browser revisions (dark)');
  await app.getByRole('button', { name: 'Devices' }).click();
  await expect(app.getByRole('region', { name: 'Device list' })).toBeVisible();
  await expectNoAxeViolations(app, 'device list (dark)');
});

test('the breadcrumb is a trail of links in an ordered list, the current level marked', async ({ app }) => {
  await signInToDemo(app, { remember: false });
  await openShowcaseDevice(app);
  await enter(app, 'Server files', 'volumes');
  await enter(app, 'C:', 'folders');
  const trail = app.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.locator('ol > li')).toHaveCount(3);
  await expect(trail.locator('ol > li > a')).toHaveCount(3);
  await expect(trail.getByRole('link', { name: 'All plans' })).toHaveAttribute('href', /#/);
  await expect(trail.getByRole('link', { name: 'C:' })).toHaveAttribute('aria-current', 'page');
  await expect(trail.locator('[aria-current]')).toHaveCount(1);
  // A link, so the keyboard follows it like a technician's click.
  await trail.getByRole('link', { name: 'Server files' }).press('Enter');
  await expect(app.locator('#backup-manage-volumes')).toBeVisible();
  await expect(trail.getByRole('link', { name: 'Server files' })).toHaveAttribute('aria-current', 'page');
});

test('a trail too wide for the window collapses its middle into a menu opened on hover (help spec §2.3)', async ({ app }) => {
  await app.setViewportSize({ width: 760, height: 800 });
  await signInToDemo(app, { remember: false });
  await openShowcaseDevice(app);
  await enter(app, 'Server files', 'volumes');
  await enter(app, 'C:', 'folders');
  await enter(app, 'Data', 'files');
  await enter(app, 'Archive', 'files');
  const trail = app.getByRole('navigation', { name: 'Breadcrumb' });
  const more = trail.getByRole('button', { name: /more levels/ });
  await expect(more).toBeVisible();
  await expect(trail.getByRole('link', { name: 'All plans' })).toBeVisible();
  await expect(trail.getByRole('link', { name: 'Archive' })).toHaveAttribute('aria-current', 'page');
  const hidden = app.getByRole('menu', { name: 'Hidden levels' });
  // Hovered until the menu shows: under load the first hover can land while the trail still lays itself out.
  await expect(async () => {
    await app.mouse.move(0, 0);
    await more.hover();
    await expect(hidden.getByRole('menuitem').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expectNoAxeViolations(app, 'collapsed breadcrumb menu');
  await hidden.getByRole('menuitem', { name: 'Server files' }).click();
  await expect(app.locator('#backup-manage-volumes')).toBeVisible();
});
