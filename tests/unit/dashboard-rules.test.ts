import { describe, expect, it } from 'vitest';
import type { DeviceBackupStatus } from '../../src/shared/model/dashboard';
import { DEFAULT_SETTINGS } from '../../src/shared/model/settings';
import {
  backupPageOf,
  backupStatusLabel,
  countByStatus,
  countOfPage,
  devicesOfPage,
  healthCounts,
  PAGE_TITLES,
  sortByStatus,
  statusSortValue,
} from '../../src/shared/rules/dashboard/backup-status';
import { DEFAULT_ACTIVE_SEARCH, DEFAULT_DASHBOARD_SORT, DEFAULT_EVENT_SCOPE, DEFAULT_PATCH_TYPE } from '../../src/shared/rules/dashboard/defaults';

const device = (nodeId: number, status: string, name = `DEV-${nodeId}`, isUp: boolean | null = true): DeviceBackupStatus => ({
  nodeId,
  name,
  organizationId: 1,
  organizationName: 'Northwind Traders',
  isUp,
  lastBackupAt: null,
  status,
  planName: null,
  message: null,
});

const devices = [device(1, 'SUCCEEDED', 'b'), device(2, 'FAILED', 'z'), device(3, 'NOT_CONFIGURED'), device(4, 'WARNING'), device(5, 'RUNNING'), device(6, 'FAILED', 'a', false), device(7, 'SUCCEEDED', 'a', null)];

describe('backup status counts', () => {
  it('counts each known status, and an unknown one under other', () => {
    expect(countByStatus(devices)).toEqual({ failed: 2, warnings: 1, succeeded: 2, notConfigured: 1, other: 1, total: 7 });
    expect(countByStatus([])).toEqual({ failed: 0, warnings: 0, succeeded: 0, notConfigured: 0, other: 0, total: 0 });
  });

  it("gives each page's tile its count and lists the devices behind it", () => {
    const counts = countByStatus(devices);
    expect(countOfPage(counts, 'failed')).toBe(2);
    expect(countOfPage(counts, 'all')).toBe(7);
    expect(devicesOfPage(devices, 'failed').map((d) => d.nodeId)).toEqual([2, 6]);
    expect(devicesOfPage(devices, 'notConfigured').map((d) => d.nodeId)).toEqual([3]);
    // An unknown status is listed under all only.
    expect(devicesOfPage(devices, 'all').map((d) => d.nodeId)).toContain(5);
    for (const page of ['failed', 'warnings', 'succeeded', 'notConfigured'] as const) expect(devicesOfPage(devices, page).some((d) => d.nodeId === 5)).toBe(false);
  });

  it('counts online, offline and unsaid devices', () => {
    expect(healthCounts(devices)).toEqual({ total: 7, online: 5, offline: 1, unknown: 1 });
  });
});

describe('backup status order and labels', () => {
  it('sorts failed first, then warnings, other statuses, not configured, succeeded; by name within', () => {
    expect(sortByStatus(devices).map((d) => d.nodeId)).toEqual([6, 2, 4, 5, 3, 7, 1]);
    // The table's sort value orders the same way.
    const byValue = [...devices].sort((a, b) => statusSortValue(a).localeCompare(statusSortValue(b)));
    expect(byValue.map((d) => d.nodeId)).toEqual([6, 2, 4, 5, 3, 7, 1]);
  });

  it('shows known statuses by label, others raw', () => {
    expect(backupStatusLabel('NOT_CONFIGURED')).toBe('Not configured');
    expect(backupStatusLabel('RUNNING')).toBe('RUNNING');
    expect(backupStatusLabel('')).toBe('-');
  });

  it("names each page's devices (its tile and its table)", () => {
    expect(Object.values(PAGE_TITLES)).toEqual(['Failed backups', 'Backups with warnings', 'Succeeded backups', 'Backups not configured', 'All backups']);
  });

  it('reads only the known pages from a route', () => {
    expect(backupPageOf('failed')).toBe('failed');
    expect(backupPageOf('notConfigured')).toBe('notConfigured');
    expect(backupPageOf('downloads')).toBeNull();
    expect(backupPageOf(undefined)).toBeNull();
  });
});

describe('defaults', () => {
  it('names the spec defaults: event scope last_day, patch type pending, active search ALL, dashboard sort by status', () => {
    expect(DEFAULT_EVENT_SCOPE).toBe('last_day');
    expect(DEFAULT_PATCH_TYPE).toBe('pending');
    expect(DEFAULT_ACTIVE_SEARCH).toBe('ALL');
    expect(DEFAULT_DASHBOARD_SORT).toEqual({ id: 'status', desc: false });
  });

  it('starts a new profile with the blue theme and locale en', () => {
    expect(DEFAULT_SETTINGS.theme).toBe('blue');
    expect(DEFAULT_SETTINGS.locale).toBe('en');
  });
});
