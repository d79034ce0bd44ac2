/**
 * What the PSA mapping saves send, and what their previews and rows say first. Incomplete role rows
 * refuse the save (never dropped); product ranks are 1..count of the rows saved; values the save call cannot send
 * back (an unknown location type, an unknown group operator: the contract's enums refuse them) are shown with what
 * they are saved as; Clear Mapping's preview names every organization it clears.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AutotaskDeviceRoleMapping, ConnectWiseConfigurationRoleMapping, ConnectWiseProductRoleMapping } from '../../src/shared/model/psa';
import { clearConnectWiseMappings } from '../../src/shared/rules/psa/connectwise';
import { changedRowCount } from '../../src/shared/rules/psa/diff';
import { asSaved, choiceText, companySave } from '../../src/renderer/src/features/psa/connectwise/company-rows';
import {
  configurationRowsToSave,
  groupsText,
  INCOMPLETE_ROWS_MESSAGE,
  incompleteRowsError,
  isIncompleteConfigurationRow,
  isIncompleteProductRow,
  productRowsToSave,
} from '../../src/renderer/src/features/psa/connectwise/role-rows';
import { company, site } from '../helpers/psa';

// The Autotask dialog's module reads products through the renderer's API (a window's): not needed here.
vi.mock('../../src/renderer/src/core/api', () => ({ api: { call: () => Promise.reject(new Error('not in unit tests')) } }));
const { deviceRoleMappingInput, isIncompleteRow, INCOMPLETE_ROLE_MAPPINGS } = await import('../../src/renderer/src/features/psa/autotask/DeviceRoleMappingDialog');

const productRow = (id: number, ranking: number, extra: Partial<ConnectWiseProductRoleMapping> = {}): ConnectWiseProductRoleMapping => ({
  id,
  nodeRoleId: 1,
  productId: 10 + id,
  productName: null,
  agreementTypeId: 5,
  agreementTypeName: null,
  groups: [],
  groupsLogicOperator: 'AND',
  ranking,
  ...extra,
});

const configurationRow = (id: number, extra: Partial<ConnectWiseConfigurationRoleMapping> = {}): ConnectWiseConfigurationRoleMapping => ({
  id,
  nodeRoleId: id,
  configurationTypeId: 20,
  configurationTypeName: null,
  onCreateStatusId: null,
  onCreateStatusName: null,
  onDeleteStatusId: null,
  onDeleteStatusName: null,
  ...extra,
});

describe('incomplete role rows refuse the save', () => {
  it('product rows: an incomplete one is an error of the rows, and the save call refuses it rather than dropping it', () => {
    const rows = [productRow(1, 1), productRow(2, 2, { productId: null })];
    expect(rows.map(isIncompleteProductRow)).toEqual([false, true]);
    expect(incompleteRowsError('nodeRoleProductMappings', rows, isIncompleteProductRow)).toEqual({ nodeRoleProductMappings: INCOMPLETE_ROWS_MESSAGE });
    expect(incompleteRowsError('nodeRoleProductMappings', rows.slice(0, 1), isIncompleteProductRow)).toEqual({});
    expect(() => productRowsToSave(rows)).toThrow(INCOMPLETE_ROWS_MESSAGE);
    expect(isIncompleteProductRow(productRow(3, 1, { agreementTypeId: null }))).toBe(true);
    expect(isIncompleteProductRow(productRow(3, 1, { nodeRoleId: null }))).toBe(true);
  });

  it('product rows are saved ranked 1..count in their order, whatever ranks they were read with', () => {
    const saved = productRowsToSave([productRow(1, 7), productRow(2, 3), productRow(3, 12)]);
    expect(saved.map((r) => [r.id, r.ranking])).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
    ]);
  });

  it('configuration rows: Device Role and Configuration Type are required', () => {
    expect(isIncompleteConfigurationRow(configurationRow(1, { configurationTypeId: null }))).toBe(true);
    expect(isIncompleteConfigurationRow(configurationRow(1, { nodeRoleId: null }))).toBe(true);
    expect(() => configurationRowsToSave([configurationRow(1), configurationRow(2, { configurationTypeId: null })])).toThrow(INCOMPLETE_ROWS_MESSAGE);
    expect(configurationRowsToSave([configurationRow(1)])).toEqual([{ id: 1, nodeRoleId: 1, configurationTypeId: 20, onCreateStatusId: null, onDeleteStatusId: null }]);
  });

  it('Autotask device role mapping rows: role, product and configuration type are required', () => {
    const mapping: AutotaskDeviceRoleMapping = {
      id: 4,
      name: 'Servers',
      disableInstalledProductOnNodeDelete: false,
      overrideProductMapping: true,
      nodeRoleInstalledProductCategoryMappings: [
        { id: 1, nodeRoleId: 1, productId: 30, productName: 'P', installedProductCategoryId: 40, installedProductCategoryName: 'C' },
        { id: 2, nodeRoleId: 2, productId: 31, productName: 'Q', installedProductCategoryId: null, installedProductCategoryName: null },
      ],
    };
    expect(mapping.nodeRoleInstalledProductCategoryMappings.map(isIncompleteRow)).toEqual([false, true]);
    expect(() => deviceRoleMappingInput(mapping, true)).toThrow(INCOMPLETE_ROLE_MAPPINGS);
    const complete = { ...mapping, nodeRoleInstalledProductCategoryMappings: mapping.nodeRoleInstalledProductCategoryMappings.slice(0, 1) };
    expect(deviceRoleMappingInput(complete, true).nodeRoleInstalledProductCategoryMappings).toEqual([{ id: 1, nodeRoleId: 1, productId: 30, installedProductCategoryId: 40 }]);
  });
});

describe('values the save call cannot send back are shown with what they are saved as', () => {
  it('an unknown group operator: saved as AND, and the row says so', () => {
    const name = (id: number | string) => `G${String(id)}`;
    expect(groupsText(productRow(1, 1, { groups: [1, 2], groupsLogicOperator: 'OR' }), name)).toBe('Any Groups: G1, G2');
    expect(groupsText(productRow(1, 1, { groups: [], groupsLogicOperator: 'AND' }), name)).toBe('Any group');
    expect(groupsText(productRow(1, 1, { groups: [1, 2], groupsLogicOperator: 'XOR' }), name)).toBe('All Groups: G1, G2 (XOR (unknown) → All Groups)');
    expect(productRowsToSave([productRow(1, 1, { groupsLogicOperator: 'XOR' })])[0]!.groupsLogicOperator).toBe('AND');
  });

  const read = company(1, 'Acme', {
    companyId: 100,
    companyName: 'Acme Inc',
    locationSiteMappings: [
      site(11, { psaSiteId: 5, psaSiteName: 'Main', productMappingType: 'PER_DEVICE', configurationTypeMappingType: 'CLIENT_DEFAULT' }),
      site(12, { productMappingType: 'LEGACY', productMappingId: 3, productMappingName: 'Managed', configurationTypeMappingType: 'NONE' }),
    ],
  });

  it('an unknown location type: the row shows it and what it becomes', () => {
    expect(choiceText(read.locationSiteMappings[0]!, read, 'product')).toBe('PER_DEVICE (unknown) → Organization default (none set)');
    expect(choiceText(read.locationSiteMappings[1]!, read, 'product')).toBe('LEGACY (unknown) → Managed');
    expect(asSaved(read).locationSiteMappings.map((s) => s.productMappingType)).toEqual(['CLIENT_DEFAULT', 'SPECIFIED']);
  });

  it('an untouched organization is not sent; a touched one lists the rewrite of its unknown types in the preview', () => {
    const other = company(2, 'Other', { locationSiteMappings: [site(21, { productMappingType: 'PER_DEVICE' })] });
    const before = [read, other];
    const after = [{ ...read, productMappingId: 1, productMappingName: 'Managed' }, other];
    const { changes, rows } = companySave(before, after);
    expect(rows.map((r) => r.clientId)).toEqual([1]);
    expect(rows[0]!.locationSiteMappings!.map((s) => s.productMappingType)).toEqual(['CLIENT_DEFAULT', 'SPECIFIED']);
    const product = (key: string) => changes.find((c) => c.key === key && c.field === 'productMapping');
    expect(product('1/11')).toMatchObject({ before: 'PER_DEVICE (unknown)', after: 'Organization default' });
    expect(product('1/12')).toMatchObject({ before: 'LEGACY (unknown): Managed', after: 'Managed' });
    expect(changes.some((c) => c.key.startsWith('2'))).toBe(false);
  });

  it('nothing changed: nothing previewed, nothing sent (unknown values of untouched rows stay as read)', () => {
    expect(companySave([read], [read])).toEqual({ changes: [], rows: [] });
  });
});

describe('Clear Mapping goes through the preview', () => {
  it('every cleared organization is named, and only they are sent, cleared', () => {
    const acme = company(1, 'Acme', { companyId: 100, companyName: 'Acme Inc', locationSiteMappings: [site(11, { psaSiteId: 5, psaSiteName: 'Main', agreementId: 9, agreementName: 'MSA' })] });
    const contoso = company(2, 'Contoso', { companyId: 200, companyName: 'Contoso Ltd' });
    const fresh = company(3, 'Fresh');
    const before = [acme, contoso, fresh];
    const { changes, rows } = companySave(before, clearConnectWiseMappings(before, [1, 3]));
    expect(rows).toEqual([{ clientId: 1, companyId: null }]);
    expect(changedRowCount(changes)).toBe(2);
    expect(changes.find((c) => c.field === 'companyId')).toMatchObject({ label: 'Acme', before: 'Acme Inc', after: '' });
    expect(changes.find((c) => c.field === 'psaSiteId')).toMatchObject({ label: 'Acme / Location 11', before: 'Main', after: '' });
  });
});
