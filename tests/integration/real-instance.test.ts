/**
 * Real instances over real HTTP: the demo with `realInstance` answers as a real
 * RMM does beyond the spec (other device classes, unknown plan types,
 * destinations, statuses and bldTypes, one unreadable item per list). The
 * console shows the odd values raw, skips the unreadable item with a count, and
 * still keeps devices of other classes out of the restore target query.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserLocation, ListingPage } from '../../src/shared/model/backup/browser';
import { NODE_CLASSES, type Device, type Page } from '../../src/shared/model/devices';
import type { RestoreJobList } from '../../src/shared/model/restore';
import { restoreJobStatusLabel } from '../../src/shared/rules/restore';
import { DEMO_FIXTURES as F } from '../../src/demo-server/data/backup';
import { REAL_INSTANCE_PLAN_UID } from '../../src/demo-server/data/real-instance';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { cleanups, signedIn } from '../helpers/downloads';

async function realInstance(): Promise<DemoServer> {
  const server = await startDemoServer({ realInstance: true, sizes: { bigFolderItems: 1000 } });
  cleanups.push(() => server.close());
  return server;
}

const list = (s: Awaited<ReturnType<typeof signedIn>>, location: BrowserLocation, page = 0) => s.call<ListingPage>('backup.listPage', { location, page });

describe('a real instance', () => {
  it('lists devices of every class raw, skips the unreadable one with a count, and keeps them out of the restore targets', async () => {
    const s = await signedIn(await realInstance());
    const odd = await s.call<Page<Device>>('devices.query', { page: 0, name: 'REAL-' });
    expect(odd.results.map((d) => d.nodeClass)).toEqual(['LINUX_SERVER', 'VMWARE_VM_HOST', 'HYPERV_VMM_GUEST', 'NMS_SWITCH', 'CLOUD_MONITOR_TARGET']);
    expect(odd.skipped).toBe(1);
    expect(odd.totalElements).toBe(6);

    // The whole first page still reads: 50 devices of the spec's classes.
    const first = await s.call<Page<Device>>('devices.query', { page: 0 });
    expect(first.results).toHaveLength(50);
    expect(first.skipped).toBe(0);

    // §5's restore target query: only the four classes, online, backup enabled.
    const targets = await s.call<Page<Device>>('devices.query', { page: 0, name: 'REAL-', online: true, lockhartEnabled: true, nodeClass: [...NODE_CLASSES] });
    expect(targets.results).toEqual([]);
    expect(targets.skipped).toBe(1);
  });

  it('shows plans of unknown types and destinations, items of unknown statuses, revisions of unknown types; skips unreadable ones', async () => {
    const s = await signedIn(await realInstance());
    const plans = await list(s, { level: 'plans', nodeId: F.nodeId });
    const sql = plans.rows.find((row) => row.kind === 'plan' && row.plan.uid === REAL_INSTANCE_PLAN_UID);
    expect(sql).toMatchObject({ plan: { type: 'MSSQL', destination: 'NAS_SHARE', name: 'SQL databases' } });
    expect(plans.skipped).toBe(1);
    expect(plans.rows.some((row) => row.kind === 'plan' && row.plan.name === 'Plan without a uid')).toBe(false);
    // Read again from the cache: still counted.
    expect(await list(s, { level: 'plans', nodeId: F.nodeId })).toMatchObject({ source: 'cache', skipped: 1 });
    expect(await list(s, { level: 'volumes', nodeId: F.nodeId, planUid: REAL_INSTANCE_PLAN_UID })).toMatchObject({ rows: [], total: 0, skipped: 0 });

    const data = await list(s, { level: 'files', nodeId: F.nodeId, planUid: F.filePlan.uid, folderId: F.folders.data.id });
    const archived = data.rows.find((row) => row.kind === 'item' && row.item.name === 'archived-by-policy.dat');
    expect(archived).toMatchObject({ item: { status: 'ARCHIVED', type: 'FILE' } });
    expect(data.skipped).toBe(1);
    // The server counts the unreadable item; the page holds one row fewer than that.
    expect(data.rows).toHaveLength(data.total - 1);

    const revisions = await list(s, { level: 'revisions', nodeId: F.nodeId, planUid: F.filePlan.uid, fileId: F.files.accounting.id, source: 'file' });
    expect(revisions.rows.map((row) => (row.kind === 'revision' ? row.revision.bldType : null))).toContain('SYNTHETIC_FULL');
    expect(revisions.skipped).toBe(0);
  });

  it('lists restore jobs of a status beyond the four raw, and skips an unreadable job with a count', async () => {
    const s = await signedIn(await realInstance());
    const listed = await s.call<RestoreJobList>('restore.jobs', { nodeId: F.nodeId });
    expect(listed.skipped).toBe(1);
    const queued = listed.jobs.find((job) => job.status === 'QUEUED');
    expect(queued).toMatchObject({ file: 'queued-by-policy.dat', jobUID: `real-queued-${F.nodeId}` });
    expect(restoreJobStatusLabel(queued!)).toBe('QUEUED');
  });
});
