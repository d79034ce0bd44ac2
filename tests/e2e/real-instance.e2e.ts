/**
 * Real instances where a technician sees them: against a demo answering like a
 * real instance (other device classes, unknown plan types, destinations and
 * statuses, one unreadable item per list), the device list shows the classes
 * raw, the backup browser shows the odd values raw, and each says how many
 * items could not be read instead of failing the page.
 */
import { expect, expectNoAxeViolations, rowCells, signInToDemo, test, walk } from './fixtures';

test('a real instance: odd classes, types and statuses shown raw; unreadable items counted, the rest listed', async ({ app, demo }) => {
  await demo.configure({ realInstance: true });
  try {
    await signInToDemo(app, { remember: false });
    const devices = app.getByRole('region', { name: 'Device list' });
    await app.getByLabel('Search devices').fill('REAL-');
    for (const nodeClass of ['LINUX_SERVER', 'VMWARE_VM_HOST', 'HYPERV_VMM_GUEST', 'NMS_SWITCH', 'CLOUD_MONITOR_TARGET']) {
      await expect(devices.locator('.bp6-table-quadrant-main').getByText(nodeClass, { exact: true })).toBeVisible();
    }
    await expect(app.getByTestId('skipped-notice')).toHaveText('1 device could not be read and is not shown.');
    await expectNoAxeViolations(app, 'device list of a real instance');

    await app.getByLabel('Search devices').fill('File Server');
    await devices.getByRole('button', { name: 'File Server (NT-SRV-001)' }).click();
    const plans = app.locator('#backup-manage-plans');
    await expect(plans).toBeVisible();
    await expect(plans.getByText('MSSQL', { exact: true })).toBeVisible();
    await expect(plans.getByText('NAS_SHARE', { exact: true })).toBeVisible();
    await expect(app.getByTestId('skipped-notice')).toHaveText('1 item could not be read and is not shown.');

    await walk(app, [
      ['Server files', 'volumes'],
      ['C:', 'folders'],
      ['Data', 'files'],
    ]);
    const files = app.locator('#backup-manage-files');
    await expect(files.getByText('archived-by-policy.dat')).toBeVisible();
    await expect(files.locator('[data-tag="status"]')).toHaveText('ARCHIVED');
    await expect(app.getByTestId('skipped-notice')).toHaveText('1 item could not be read and is not shown.');
    // The server counts the unreadable item; the table does not keep a row waiting for it.
    await expect(files.locator('.bp6-table-cell .bp6-skeleton')).toHaveCount(0);
    const rows = Number(await files.getAttribute('data-rows'));
    await expect(app.getByTestId('row-count')).toHaveText(`${rows} items`);
    await expectNoAxeViolations(app, 'backup browser files of a real instance');

    // Restore jobs: a status beyond §4's four shown raw, the unreadable job counted.
    await app.getByRole('tab', { name: 'Activity' }).click();
    const jobs = app.locator('section[aria-label="Restore jobs"]');
    await expect((await rowCells(jobs, 'queued-by-policy.dat')).getByTestId('job-status')).toHaveText('QUEUED');
    await expect(jobs.getByTestId('skipped-notice')).toHaveText('1 item could not be read and is not shown.');
    await expectNoAxeViolations(app, 'Activity of a real instance');
  } finally {
    await demo.configure({ realInstance: false });
  }
});
