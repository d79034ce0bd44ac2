/**
 * Node approvals in Chromium against a demo of their own (the test decides
 * devices and changes a mode): two pending devices approved at once, a
 * candidate among them WAITING to install (the demo holds installations
 * until released) with the acting technician and the time in the Approved
 * tab; one of them rejected from Approved after the question; an
 * organization switched to Automatic, and a device arriving there (through
 * the demo's control call, never a timer) listed as approved by no one.
 * Then, signed in as a user without the permissions, the buttons are
 * disabled and say why.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_ADMIN_KEY } from '../helpers/processes';
import { expect, expectNoAxeViolations, rowCells, signInToDemo, test, withOwnDemo } from './fixtures';

async function demoControl(demoUrl: string, method: 'PATCH' | 'POST', path: string, body: unknown): Promise<void> {
  const res = await fetch(`${demoUrl}${path}`, { method, headers: { 'x-demo-admin': DEMO_ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.ok, `${method} ${path}`).toBe(true);
}

async function openTab(app: Page, tab: 'Security' | 'Pending' | 'Approved' | 'Rejected'): Promise<Locator> {
  await app.getByRole('tab', { name: tab, exact: true }).click();
  await expect(app.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  return app.getByRole('tabpanel');
}

/** Approvals, in the Dashboard's sidebar. */
async function openApprovals(app: Page): Promise<void> {
  await app.getByRole('banner').getByRole('button', { name: 'Dashboard' }).click();
  await app.getByRole('navigation', { name: 'Dashboard' }).getByRole('menuitem', { name: 'Approvals' }).click();
}

/** Selects a device's row with a click, or adds it to the selection (Ctrl/Cmd+click), as a technician does. */
async function pick(panel: Locator, name: string, add = false): Promise<void> {
  await panel.locator('.data-table-cell', { hasText: new RegExp(`^${name}$`) }).click({ position: { x: 60, y: 12 }, modifiers: add ? ['ControlOrMeta'] : [] });
  await expect(panel.getByLabel(`Select ${name}`)).toBeChecked();
}

/** The text of a row's cells, by a text one of them holds. */
async function rowText(panel: Locator, name: string): Promise<string> {
  const cells = await rowCells(panel, name);
  return (await cells.allInnerTexts()).join(' | ');
}

test('approve two pending devices (a candidate WAITING, the acting user recorded), reject one from Approved, and a device arriving where the mode is Automatic is approved', async ({ page }) => {
  // No device arrives by itself while the test runs, and a candidate's installation stays WAITING until released.
  await withOwnDemo(page, [], async (demo) => {
    await demoControl(demo.url, 'PATCH', '/__demo/approvals', { holdInstallations: true, arrivalEverySeconds: 0 });
    const app = page;
    await openApprovals(app);
    await expect(app.getByRole('heading', { name: 'Node approvals', level: 1 })).toBeVisible();
    let panel = await openTab(app, 'Pending');
    await expect(panel.getByRole('grid', { name: 'Pending devices' })).toBeVisible();
    await expect(panel.getByRole('checkbox', { name: 'Select NT-SRV-N02' })).toBeVisible();
    await expectNoAxeViolations(app, 'node approvals, pending');

    // Two devices, one of them a candidate, approved in one go.
    await pick(panel, 'NT-WS-N01');
    await pick(panel, 'NT-SRV-N02', true);
    await panel.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(panel.getByRole('checkbox', { name: 'Select NT-SRV-N02' })).toBeHidden();
    await expect(panel.getByRole('checkbox', { name: 'Select NT-WS-N01' })).toBeHidden();

    panel = await openTab(app, 'Approved');
    await expect(panel.getByRole('checkbox', { name: 'Select NT-SRV-N02' })).toBeVisible();
    const candidate = await rowText(panel, 'NT-SRV-N02');
    expect(candidate).toContain('Waiting to install');
    // The demo's technician decided, today.
    expect(candidate).toContain('Alex Morgan');
    expect(await rowText(panel, 'NT-WS-N01')).toContain('Agent installed');
    await expectNoAxeViolations(app, 'node approvals, approved');

    // Rejected from Approved, after the question; it lands in Rejected with who did it.
    await pick(panel, 'NT-WS-N01');
    await panel.getByRole('button', { name: 'Reject', exact: true }).click();
    const question = app.getByRole('alertdialog');
    await expect(question).toContainText('Reject 1 device?');
    await question.getByRole('button', { name: 'Reject' }).click();
    await expect(panel.getByRole('checkbox', { name: 'Select NT-WS-N01' })).toBeHidden();
    panel = await openTab(app, 'Rejected');
    await expect(panel.getByRole('checkbox', { name: 'Select NT-WS-N01' })).toBeVisible();
    expect(await rowText(panel, 'NT-WS-N01')).toContain('Rejected');

    // Contoso Dental (organization 2) set to Automatic, asked first and kept by the server.
    panel = await openTab(app, 'Security');
    const mode = panel.getByLabel('Approval mode for Contoso Dental');
    await expect(mode).toHaveValue('MANUAL');
    await mode.selectOption('AUTOMATIC');
    const ask = app.getByRole('alertdialog');
    await expect(ask).toContainText('Contoso Dental');
    await ask.getByRole('button', { name: 'Change mode' }).click();
    await expect(app.locator('.bp6-toast').filter({ hasText: 'Contoso Dental: Automatic' })).toBeVisible();
    await expectNoAxeViolations(app, 'node approvals, security');

    // A device arrives there now: it is approved on arrival, by no one.
    await demoControl(demo.url, 'POST', '/__demo/approvals/arrive', { organizationId: 2, name: 'CD-WS-E2E' });
    panel = await openTab(app, 'Approved');
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(panel.getByRole('checkbox', { name: 'Select CD-WS-E2E' })).toBeVisible();
    expect(await rowText(panel, 'CD-WS-E2E')).toContain('Automatic');
    panel = await openTab(app, 'Pending');
    await expect(panel.getByRole('checkbox', { name: 'Select CD-MAC-N03' })).toBeVisible();
    await expect(panel.getByRole('checkbox', { name: 'Select CD-WS-E2E' })).toBeHidden();

    // Released, the waiting candidate installs.
    await demoControl(demo.url, 'PATCH', '/__demo/approvals', { holdInstallations: false });
    panel = await openTab(app, 'Approved');
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => rowText(panel, 'NT-SRV-N02')).toContain('Installed');

    // Without the permissions (taken away, then signed in again), the buttons are disabled and say why.
    await demoControl(demo.url, 'PATCH', '/__demo/config', { permissions: { tech: { canViewAndRestoreBackupData: true, canApproveNodes: false, canRejectNodes: false } } });
    await app.getByTestId('profile-button').click();
    await app.getByRole('menuitem', { name: 'Sign out' }).click();
    await signInToDemo(app, { remember: false });
    await openApprovals(app);
    panel = await openTab(app, 'Pending');
    await expect(panel.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Reject', exact: true })).toBeDisabled();
    await expect(panel.getByTestId('approvals-permission-reasons')).toContainText("You don't have permission to approve devices.");
  });
});
