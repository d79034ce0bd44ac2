/** Autotask's device data sync attributes as the instance answers them (spec/ticketing-automations-psa.md §9.4 defaults). */
import { describe, expect, it } from 'vitest';
import { AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES } from '../../src/shared/model/psa';
import { autotaskSyncAttributesOf } from '../../src/shared/rules/psa/sync-attributes';

describe('Autotask sync attributes read from the instance', () => {
  const defaults = [...AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES];

  it('are §9.4 defaults when the instance sends none (no list, null, an empty answer)', () => {
    expect(defaults).toEqual(['cpuSpeed', 'defaultGateway', 'macAddress', 'model', 'lastLoginName', 'localHardDrives', 'osInfo', 'productKey', 'privateIpAddress', 'ram', 'serialNumber']);
    for (const answer of [{}, { deviceDataSyncAttributes: null }, null, undefined, '', { other: ['ram'] }]) expect(autotaskSyncAttributesOf(answer)).toEqual(defaults);
  });

  it('are what the instance sends when it sends a list, an empty one (every box unticked and saved) included', () => {
    expect(autotaskSyncAttributesOf({ deviceDataSyncAttributes: ['ram', 'model', 'futureField'] })).toEqual(['ram', 'model', 'futureField']);
    expect(autotaskSyncAttributesOf(['serialNumber'])).toEqual(['serialNumber']);
    expect(autotaskSyncAttributesOf({ deviceDataSyncAttributes: [] })).toEqual([]);
    // An entry that cannot be read is left out, not the list.
    expect(autotaskSyncAttributesOf({ deviceDataSyncAttributes: ['ram', 42, ''] })).toEqual(['ram']);
  });

  it('never read an inherited member as the list', () => {
    expect(autotaskSyncAttributesOf(Object.create({ deviceDataSyncAttributes: ['ram'] }))).toEqual(defaults);
  });
});
