/**
 * Answers of a real instance carry values beyond the spec and,
 * now and then, an item the console cannot read. Unknown values pass through and
 * are labelled raw; one unreadable item is skipped and counted, never failing
 * the page; the envelope (array, totals) stays strict.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deviceSchema } from '../../src/main/services/platform/api/schemas';
import { readItems, tolerantArray, tolerantPage } from '../../src/main/services/platform/api/tolerant';
import { contentItemSchema, mountedItemSchema, planSchema, revisionSchema } from '../../src/main/services/backup/backup-api';
import { destinationLabel, planTypeLabel, revisionTypeLabel, unknownItemStatus } from '../../src/shared/model/backup';
import { nodeClassLabel } from '../../src/shared/model/devices';
import { allowedTargetClasses, isWindowsClass } from '../../src/shared/rules/restore';
import { DEVICE_NOUN, skippedItemsNotice } from '../../src/shared/rules/platform/skipped-items';

const device = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  displayName: 'Build Server (REAL-LNX-001)',
  friendlyName: 'Build Server',
  name: 'REAL-LNX-001',
  systemName: 'REAL-LNX-001',
  clientId: 1,
  organizationName: 'Northwind Traders',
  nodeClass: 'LINUX_SERVER',
  nodeRole: 'Linux Server',
  isUp: true,
  lockhartEnabled: false,
  ...overrides,
});

const plan = (overrides: Record<string, unknown> = {}) => ({
  uid: 'p-1',
  id: 1,
  name: 'SQL databases',
  type: 'MSSQL',
  schedule: 'Daily',
  enabled: true,
  deleted: false,
  destination: 'NAS_SHARE',
  backupPermissions: false,
  lastSuccess: null,
  storage: { volumes: 0, local: 0, cloud: 0 },
  allowFileFolderBackupAccess: false,
  ...overrides,
});

describe('tolerant lists', () => {
  it('skips and counts the items that do not match, keeping the rest in order', () => {
    const item = z.object({ id: z.number() });
    expect(readItems(item, [{ id: 1 }, { id: 'x' }, null, { id: 3 }])).toEqual({ items: [{ id: 1 }, { id: 3 }], skipped: 2 });
    expect(tolerantArray(item).parse([{ id: 1 }])).toEqual({ items: [{ id: 1 }], skipped: 0 });
  });

  it('keeps the paged envelope strict: an answer without its totals or array is refused', () => {
    const page = tolerantPage(z.object({ id: z.number() }));
    expect(page.parse({ results: [{ id: 1 }, { id: null }], totalElements: 2, totalPages: 1 })).toEqual({
      results: [{ id: 1 }],
      totalElements: 2,
      totalPages: 1,
      skipped: 1,
    });
    expect(page.safeParse({ results: [{ id: 1 }] }).success).toBe(false);
    expect(page.safeParse({ results: 'nope', totalElements: 0, totalPages: 0 }).success).toBe(false);
    expect(tolerantArray(z.object({ id: z.number() })).safeParse({ id: 1 }).success).toBe(false);
  });
});

describe('answer schemas accept what a real instance sends', () => {
  it('devices of any class, with only an id and a display name required', () => {
    for (const nodeClass of ['LINUX_SERVER', 'VMWARE_VM_HOST', 'HYPERV_VMM_GUEST', 'NMS_SWITCH', 'CLOUD_MONITOR_TARGET']) {
      expect(deviceSchema.parse(device({ nodeClass })).nodeClass).toBe(nodeClass);
    }
    const sparse = deviceSchema.parse({ id: 9, displayName: 'Printer' });
    expect(sparse).toMatchObject({ id: 9, displayName: 'Printer', nodeClass: '', isUp: false, lockhartEnabled: false, clientId: 0 });
    expect(deviceSchema.safeParse(device({ id: 'REAL-BROKEN-001' })).success).toBe(false);
  });

  it('plans of unknown types and destinations; revisions of unknown bldTypes; items of unknown statuses and types', () => {
    expect(planSchema.parse(plan())).toMatchObject({ type: 'MSSQL', destination: 'NAS_SHARE' });
    expect(planSchema.parse(plan({ destination: undefined, enabled: undefined, deleted: 'no' }))).toMatchObject({ destination: '', enabled: true, deleted: false });
    expect(planSchema.safeParse(plan({ uid: undefined })).success).toBe(false);

    const revision = { id: 'r1', size: 1, backupSize: 1, bldType: 'SYNTHETIC_FULL', modified: '2026-01-01T00:00:00Z', jobCreated: '2026-01-01T00:00:00Z' };
    expect(revisionSchema.parse(revision).bldType).toBe('SYNTHETIC_FULL');

    const item = { id: 5, name: 'a.dat', path: 'C:\\a.dat', type: 'SYMLINK', size: 1, backupSize: 1, status: 'ARCHIVED' };
    expect(contentItemSchema.parse(item)).toMatchObject({ id: '5', type: 'FILE', status: 'ARCHIVED' });
    expect(contentItemSchema.parse({ ...item, type: 'folder', status: undefined })).toMatchObject({ type: 'FOLDER', status: 'DEFINED' });
    expect(mountedItemSchema.parse({ name: 'x', type: 'file', size: 0, modified: null }).type).toBe('FILE');
  });
});

describe('labels: known values get theirs, others are shown raw', () => {
  it('device classes', () => {
    expect(nodeClassLabel('WINDOWS_SERVER')).toBe('Windows server');
    expect(nodeClassLabel('MAC')).toBe('Mac');
    expect(nodeClassLabel('VMWARE_VM_HOST')).toBe('VMWARE_VM_HOST');
    expect(nodeClassLabel('')).toBe('-');
    // Inherited names are not labels.
    expect(nodeClassLabel('toString')).toBe('toString');
  });

  it('plan types, destinations, revision types and statuses', () => {
    expect(planTypeLabel('IMAGE')).toBe('Image');
    expect(planTypeLabel('FILE_FOLDER')).toBe('File/Folder');
    expect(planTypeLabel('MSSQL')).toBe('MSSQL');
    expect(destinationLabel('HYBRID')).toBe('Hybrid');
    expect(destinationLabel('NAS_SHARE')).toBe('NAS_SHARE');
    expect(revisionTypeLabel('NON_BLD')).toBe('Full');
    expect(revisionTypeLabel('DELTA')).toBe('Incremental');
    expect(revisionTypeLabel('SYNTHETIC_FULL')).toBe('SYNTHETIC_FULL');
    expect(unknownItemStatus('MISSING')).toBeNull();
    expect(unknownItemStatus('ARCHIVED')).toBe('ARCHIVED');
  });

  it('devices of other classes are never restore targets', () => {
    const allowed: readonly string[] = allowedTargetClasses({ macff: true });
    expect(allowed).not.toContain('LINUX_SERVER');
    expect(isWindowsClass('HYPERV_VMM_GUEST')).toBe(false);
    expect(isWindowsClass('WINDOWS_WORKSTATION')).toBe(true);
  });
});

describe('the skipped-items notice', () => {
  it('counts in words, and says nothing when nothing was skipped', () => {
    expect(skippedItemsNotice(1)).toBe('1 item could not be read and is not shown.');
    expect(skippedItemsNotice(3)).toBe('3 items could not be read and are not shown.');
    expect(skippedItemsNotice(1, DEVICE_NOUN)).toBe('1 device could not be read and is not shown.');
    expect(skippedItemsNotice(0)).toBeNull();
  });
});
