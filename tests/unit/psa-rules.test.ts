/** The PSA mapping settings' shared rules (spec/ticketing-automations-psa.md §3.3, §3.4, §4.3, §5.3, §5.4, §8.3, §9.3, §9.4). */
import { describe, expect, it } from 'vitest';
import {
  AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES,
  CONNECTWISE_OPTIONAL_ATTRIBUTES,
  CONNECTWISE_QUESTIONS,
  CONNECTWISE_REQUIRED_ATTRIBUTES,
  DEFAULT_GROUPS_LOGIC_OPERATOR,
  DEFAULT_PRODUCT_MAPPING_TYPE,
  GROUPS_LOGIC_OPERATORS,
  PRODUCT_MAPPING_TYPE_LABELS,
  type ConnectWiseProductRoleMapping,
} from '../../src/shared/model/psa';
import {
  agreementEnabled,
  choiceOfSite,
  chooseMapping,
  clearConnectWiseMappings,
  effectiveMapping,
  mappingTypeOfChoice,
  remapCompany,
  setAgreement,
  setSite,
} from '../../src/shared/rules/psa/connectwise';
import { changedRowCount, diffMappings } from '../../src/shared/rules/psa/diff';
import { autoMapCountText, PSA_MESSAGES } from '../../src/shared/rules/psa/messages';
import {
  autotaskAccountMappingSchema,
  autotaskDeviceRoleMappingSchema,
  autotaskLocationMappingSchema,
  connectWiseCompanyMappingSchema,
  connectWiseProductMappingSchema,
  nextPageKey,
  readAccountList,
  readAgreementList,
  readItems,
  readSyncAttributes,
} from '../../src/shared/rules/psa/schemas';
import {
  AUTOTASK_ATTRIBUTES_CHECKLIST,
  attributeLabel,
  CONNECTWISE_ATTRIBUTES_CHECKLIST,
  CONNECTWISE_QUESTIONS_CHECKLIST,
  defaultAutotaskSyncAttributes,
  selectAll,
  selectAllState,
  toggleAttribute,
} from '../../src/shared/rules/psa/sync-attributes';
import {
  availableRoles,
  canMoveRank,
  clampRank,
  clearAutotaskMappings,
  copyMapping,
  copyName,
  moveRank,
  newDeviceRoleMapping,
  newProductMapping,
  newProductRoleMapping,
  nextId,
  removeRanked,
  remapAccount,
  setAutotaskLocation,
  upsertById,
  upsertRanked,
} from '../../src/shared/rules/psa/transitions';
import { autotaskUnmappedCounts, connectWiseUnmappedCounts, unmappedText } from '../../src/shared/rules/psa/unmapped';
import {
  asFormSchema,
  validateAccountMapping,
  validateCompanyMapping,
  validateConfigurationRoleMapping,
  validateConfigurationTypeMapping,
  validateDeviceRoleMapping,
  validateProductMapping,
  validateProductRoleMapping,
  validateRoleProductMapping,
} from '../../src/shared/rules/psa/validation';
import { account, company, location, site } from '../helpers/psa';

const ranked = (id: number, ranking: number, extra: Partial<ConnectWiseProductRoleMapping> = {}): ConnectWiseProductRoleMapping => ({
  ...newProductRoleMapping([]),
  id,
  ranking,
  ...extra,
});

describe('§4.3 ids, copies, add versus edit', () => {
  it('a new id is the highest existing id plus 1 (1 for none; string digits count, other strings do not)', () => {
    expect(nextId([])).toBe(1);
    expect(nextId([{ id: 3 }, { id: 10 }, { id: 7 }])).toBe(11);
    expect(nextId([{ id: '12' }, { id: 'abc' }, { id: 2 }])).toBe(13);
  });

  it("copy is '<name> (Copy)' with a new id, everything else kept (unknown fields too)", () => {
    expect(copyName('Servers')).toBe('Servers (Copy)');
    const all = [
      { id: 4, name: 'Servers', productMappingType: 'MULTIPLE_HIT', nodeRoleProductMappings: [], serverOnly: 'x' },
      { id: 9, name: 'Laptops', productMappingType: 'SINGLE_HIT', nodeRoleProductMappings: [] },
    ];
    expect(copyMapping(all[0]!, all)).toEqual({ ...all[0], id: 10, name: 'Servers (Copy)' });
  });

  it('upsert replaces the row of its id (edit) or appends (add)', () => {
    const rows = [{ id: 1, v: 'a' }, { id: 2, v: 'b' }];
    expect(upsertById(rows, { id: 2, v: 'B' })).toEqual([{ id: 1, v: 'a' }, { id: 2, v: 'B' }]);
    expect(upsertById(rows, { id: 3, v: 'c' })).toHaveLength(3);
  });

  it('new records carry the §3.3 and §9.4 defaults', () => {
    expect(newDeviceRoleMapping([{ ...newDeviceRoleMapping([]), id: 5 }])).toEqual({
      id: 6,
      name: '',
      disableInstalledProductOnNodeDelete: false,
      overrideProductMapping: true,
      nodeRoleInstalledProductCategoryMappings: [],
    });
    expect(newProductMapping([])).toMatchObject({ id: 1, productMappingType: 'SINGLE_HIT' });
    expect(DEFAULT_PRODUCT_MAPPING_TYPE).toBe('SINGLE_HIT');
    expect(DEFAULT_GROUPS_LOGIC_OPERATOR).toBe('AND');
    expect(GROUPS_LOGIC_OPERATORS).toEqual(['OR', 'AND']);
    expect(newProductRoleMapping([ranked(1, 1), ranked(2, 2)])).toMatchObject({ id: 3, ranking: 3, groups: [], groupsLogicOperator: 'AND' });
  });

  it('§9.3 product mapping type labels', () => {
    expect(PRODUCT_MAPPING_TYPE_LABELS).toEqual({ MULTIPLE_HIT: 'Map device to all matching mappings', SINGLE_HIT: 'Map device to first mapping only' });
  });
});

describe('§4.3 ranked product role mappings', () => {
  const rows = [ranked(10, 1), ranked(20, 2), ranked(30, 3)];
  const order = (list: ConnectWiseProductRoleMapping[]) => list.map((r) => [r.id, r.ranking]);

  it('Up and Down swap the row with its neighbour', () => {
    expect(order(moveRank(rows, 20, 'up'))).toEqual([[20, 1], [10, 2], [30, 3]]);
    expect(order(moveRank(rows, 20, 'down'))).toEqual([[10, 1], [30, 2], [20, 3]]);
  });

  it('rank stays within 1..count: Up on the first and Down on the last change nothing', () => {
    expect(canMoveRank(rows, 10, 'up')).toBe(false);
    expect(canMoveRank(rows, 30, 'down')).toBe(false);
    expect(canMoveRank(rows, 10, 'down')).toBe(true);
    expect(order(moveRank(rows, 10, 'up'))).toEqual(order(rows));
    expect(order(moveRank(rows, 30, 'down'))).toEqual(order(rows));
    expect(clampRank(0, 3)).toBe(1);
    expect(clampRank(7, 3)).toBe(3);
    expect(clampRank(2, 3)).toBe(2);
  });

  it('removal shifts the later ranks', () => {
    expect(order(removeRanked(rows, 10))).toEqual([[20, 1], [30, 2]]);
    expect(order(removeRanked(rows, 20))).toEqual([[10, 1], [30, 2]]);
  });

  it('an added row is ranked last; an edited one keeps its rank', () => {
    expect(order(upsertRanked(rows, ranked(40, 99)))).toEqual([[10, 1], [20, 2], [30, 3], [40, 4]]);
    expect(upsertRanked(rows, ranked(20, 2, { productName: 'P' })).find((r) => r.id === 20)).toMatchObject({ ranking: 2, productName: 'P' });
  });
});

describe('§5.3 roles already used are not offered', () => {
  it('excludes the roles of other rows, keeping the edited row its own', () => {
    const roles = [{ id: 1, name: 'Windows Server' }, { id: 2, name: 'Mac' }, { id: 3, name: 'Linux' }];
    const rows = [{ id: 1, nodeRoleId: 1 }, { id: 2, nodeRoleId: 3 }];
    expect(availableRoles(roles, rows).map((r) => r.id)).toEqual([2]);
    expect(availableRoles(roles, rows, 2).map((r) => r.id)).toEqual([2, 3]);
  });
});

describe('§4.3 Autotask account remap and Clear Mapping', () => {
  const mappings = {
    accountMappings: [account(1, 'Acme', 100, 'Acme Corp'), account(2, 'Globex')],
    locationMappings: [
      location(11, 1, { autotaskAccountId: 100, autotaskAccountName: 'Acme Corp', autotaskLocationId: 5, autotaskLocationName: 'HQ' }),
      location(12, 1),
      location(21, 2),
    ],
  };

  it("remapping an account resets that organization's location mappings and shows the §8.3 warning", () => {
    const result = remapAccount(mappings, 1, { id: 200, name: 'Acme Holdings' });
    expect(result.accountMappings[0]).toMatchObject({ accountId: 200, accountName: 'Acme Holdings' });
    expect(result.locationMappings[0]).toMatchObject({ autotaskAccountId: 200, autotaskAccountName: 'Acme Holdings', autotaskLocationId: null, autotaskLocationName: null });
    expect(result.locationMappings[1]).toMatchObject({ autotaskAccountId: 200, autotaskLocationId: null });
    expect(result.locationMappings[2]).toBe(mappings.locationMappings[2]);
    expect(result).toMatchObject({ locationsReset: 2, showWarning: true });
    expect(PSA_MESSAGES.accountRemapWarning).toBe(
      'Because of your update to the account mappings we have also updated some of your location mappings, please take a look under Location Mapping.',
    );
  });

  it('the same account again (12 or "12") changes nothing and warns of nothing', () => {
    expect(remapAccount(mappings, 1, { id: '100', name: 'Acme Corp' })).toMatchObject({ locationsReset: 0, showWarning: false });
    expect(remapAccount(mappings, 1, { id: '100', name: 'Acme Corp' }).locationMappings).toBe(mappings.locationMappings);
  });

  it('Clear Mapping empties account and device role mapping of the selected organizations only', () => {
    const withRole = { ...mappings, accountMappings: [{ ...mappings.accountMappings[0]!, installedProductCategoryMappingId: 3, installedProductCategoryMappingName: 'Std' }, mappings.accountMappings[1]!] };
    const cleared = clearAutotaskMappings(withRole, [1]);
    expect(cleared.accountMappings[0]).toEqual({ ...account(1, 'Acme'), installedProductCategoryMappingId: null, installedProductCategoryMappingName: null });
    expect(cleared.accountMappings[1]).toBe(withRole.accountMappings[1]);
    expect(cleared.locationMappings[0]).toMatchObject({ autotaskAccountId: null, autotaskLocationId: null });
    expect(cleared.showWarning).toBe(true);
  });

  it('the location Edit Mapping sets one location', () => {
    expect(setAutotaskLocation(mappings.locationMappings, 12, { id: 'L9', name: 'Branch' })[1]).toMatchObject({ autotaskLocationId: 'L9', autotaskLocationName: 'Branch' });
  });
});

describe('§4.3 ConnectWise location choices and agreements', () => {
  const org = company(1, 'Acme', { productMappingId: 7, productMappingName: 'Default products' });

  it('None → NONE, the organization default → CLIENT_DEFAULT, any other → SPECIFIED', () => {
    expect(mappingTypeOfChoice('NONE')).toBe('NONE');
    expect(mappingTypeOfChoice('CLIENT_DEFAULT')).toBe('CLIENT_DEFAULT');
    expect(mappingTypeOfChoice({ id: 3, name: 'Servers' })).toBe('SPECIFIED');
    const specified = chooseMapping(site(1), 'product', { id: 3, name: 'Servers' });
    expect(specified).toMatchObject({ productMappingType: 'SPECIFIED', productMappingId: 3, productMappingName: 'Servers' });
    expect(chooseMapping(specified, 'product', 'CLIENT_DEFAULT')).toMatchObject({ productMappingType: 'CLIENT_DEFAULT', productMappingId: null });
    expect(chooseMapping(site(1), 'configurationType', { id: 4, name: 'Cfg' })).toMatchObject({ configurationTypeMappingType: 'SPECIFIED', configurationTypeMappingId: 4 });
    expect(choiceOfSite(specified, 'product')).toEqual({ id: 3, name: 'Servers' });
    expect(choiceOfSite(site(1), 'product')).toBeNull();
    expect(effectiveMapping(chooseMapping(site(1), 'product', 'CLIENT_DEFAULT'), org, 'product')).toEqual({ id: 7, name: 'Default products' });
  });

  it('choosing None clears the agreement', () => {
    const withAgreement = site(1, { productMappingType: 'SPECIFIED', productMappingId: 3, agreementId: 55, agreementName: 'MSA' });
    expect(chooseMapping(withAgreement, 'product', 'NONE')).toMatchObject({ productMappingType: 'NONE', productMappingId: null, agreementId: null, agreementName: null });
    expect(chooseMapping(withAgreement, 'configurationType', 'NONE')).toMatchObject({ agreementId: 55 });
  });

  it('the agreement selector is disabled until a product mapping or the default is set', () => {
    expect(agreementEnabled(site(1))).toBe(false);
    expect(agreementEnabled(chooseMapping(site(1), 'product', 'NONE'))).toBe(false);
    expect(agreementEnabled(chooseMapping(site(1), 'product', { id: 3, name: 'S' }))).toBe(true);
    expect(agreementEnabled(chooseMapping(site(1), 'product', 'CLIENT_DEFAULT'), org)).toBe(true);
    expect(agreementEnabled(chooseMapping(site(1), 'product', 'CLIENT_DEFAULT'), company(2, 'No default'))).toBe(false);
    expect(setAgreement(site(1), { id: 1, name: 'A' })).toEqual(site(1));
  });

  it('a site sets mapped; a company remap resets its sites; Clear Mapping empties company and mapping fields', () => {
    expect(setSite(site(1), { id: 9, name: 'Main' })).toMatchObject({ psaSiteId: 9, psaSiteName: 'Main', mapped: true });
    const mapped = company(1, 'Acme', {
      companyId: 50,
      companyName: 'Acme',
      configurationTypeMappingId: 2,
      configurationTypeMappingName: 'C',
      locationSiteMappings: [site(1, { psaSiteId: 9, psaSiteName: 'Main', mapped: true, agreementId: 3, agreementName: 'A', productMappingType: 'CLIENT_DEFAULT' })],
    });
    const remapped = remapCompany([mapped], 1, { id: 60, name: 'Acme 2' })[0]!;
    expect(remapped).toMatchObject({ companyId: 60, companyName: 'Acme 2' });
    expect(remapped.locationSiteMappings[0]).toMatchObject({ psaSiteId: null, mapped: false, agreementId: null, productMappingType: 'CLIENT_DEFAULT' });
    expect(remapCompany([mapped], 1, { id: '50', name: 'Acme' })[0]).toBe(mapped);
    const cleared = clearConnectWiseMappings([mapped, company(2, 'Other', { companyId: 70 })], [1]);
    expect(cleared[0]).toMatchObject({ companyId: null, companyName: null, productMappingId: null, configurationTypeMappingId: null, configurationTypeMappingName: null });
    expect(cleared[0]!.locationSiteMappings[0]).toMatchObject({ psaSiteId: null, mapped: false, productMappingType: 'CLIENT_DEFAULT', productMappingId: null, configurationTypeMappingType: 'CLIENT_DEFAULT', agreementId: null });
    expect(cleared[1]).toMatchObject({ companyId: 70 });
  });
});

describe('§5.3 Autotask validation', () => {
  const all = [{ id: 1, name: 'Servers' }, { id: 2, name: 'Laptops' }];
  it("a role mapping name is not empty and unique case-insensitively ignoring surrounding spaces, else 'Invalid'", () => {
    expect(validateDeviceRoleMapping({ id: 3, name: '' }, all)).toEqual({ name: 'Invalid' });
    expect(validateDeviceRoleMapping({ id: 3, name: '   ' }, all)).toEqual({ name: 'Invalid' });
    expect(validateDeviceRoleMapping({ id: 3, name: '  servers ' }, all)).toEqual({ name: 'Invalid' });
    expect(validateDeviceRoleMapping({ id: 1, name: 'SERVERS' }, all)).toEqual({});
    expect(validateDeviceRoleMapping({ id: 3, name: 'Desktops' }, all)).toEqual({});
  });
  it('account required; Device Role, Configuration Type and Autotask Product required', () => {
    expect(validateAccountMapping({ accountId: null })).toEqual({ accountId: 'Required' });
    expect(validateAccountMapping({ accountId: 0 })).toEqual({});
    expect(validateRoleProductMapping({ nodeRoleId: null, installedProductCategoryId: null, productId: '' })).toEqual({
      nodeRoleId: 'Required',
      installedProductCategoryId: 'Required',
      productId: 'Required',
    });
    expect(validateRoleProductMapping({ nodeRoleId: 1, installedProductCategoryId: 2, productId: 'p' })).toEqual({});
  });
});

describe('§5.4 ConnectWise validation', () => {
  const all = [{ id: 1, name: 'Servers' }];
  it('company required', () => {
    expect(validateCompanyMapping({ companyId: null })).toEqual({ companyId: 'Required' });
    expect(validateCompanyMapping({ companyId: 5 })).toEqual({});
  });
  it('names: Required, max 50, taken (per kind)', () => {
    expect(validateConfigurationTypeMapping({ id: 2, name: '' }, all)).toEqual({ name: 'Required' });
    expect(validateProductMapping({ id: 2, name: 'x'.repeat(51) }, all)).toEqual({ name: 'Max length for name is 50 chars' });
    expect(validateProductMapping({ id: 2, name: 'x'.repeat(50) }, all)).toEqual({});
    expect(validateConfigurationTypeMapping({ id: 2, name: ' servers' }, all)).toEqual({ name: 'Configuration type mapping name already taken' });
    expect(validateProductMapping({ id: 2, name: 'Servers' }, all)).toEqual({ name: 'Product mapping name already taken' });
    expect(validateProductMapping({ id: 1, name: 'Servers' }, all)).toEqual({});
  });
  it('configuration role mapping: Device Role and Configuration Type required', () => {
    expect(validateConfigurationRoleMapping({ nodeRoleId: null, configurationTypeId: null })).toEqual({ nodeRoleId: 'Required', configurationTypeId: 'Required' });
  });
  it('product role mapping: Product, Agreement Type and Role required; the same role and the same set of groups refused', () => {
    const empty = ranked(5, 1);
    expect(validateProductRoleMapping(empty, [])).toEqual({ productId: 'Required', agreementTypeId: 'Required', nodeRoleId: 'Required' });
    const rows = [ranked(1, 1, { nodeRoleId: 4, groups: [1, 2] })];
    const row = ranked(2, 2, { nodeRoleId: 4, productId: 9, agreementTypeId: 8, groups: ['2', 1, 1] });
    expect(validateProductRoleMapping(row, rows)).toEqual({ nodeRoleId: 'Already exists a mapping with the same role and groups' });
    expect(validateProductRoleMapping({ ...row, groups: [1] }, rows)).toEqual({});
    expect(validateProductRoleMapping({ ...row, nodeRoleId: 5 }, rows)).toEqual({});
    expect(validateProductRoleMapping({ ...row, id: 1 }, rows)).toEqual({});
  });
  it('a check is the zod schema the form kit reads', () => {
    const schema = asFormSchema((v: { companyId: number | null }) => validateCompanyMapping(v));
    const parsed = schema.safeParse({ companyId: null });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['companyId', 'Required']]);
    expect(schema.safeParse({ companyId: 1 }).success).toBe(true);
  });
});

describe('§9.3, §9.4 device data sync attributes', () => {
  it('the lists as the spec spells them', () => {
    expect(CONNECTWISE_REQUIRED_ATTRIBUTES).toEqual(['deviceIdentifier', 'ipAddress', 'managementLink', 'name', 'osType']);
    expect(CONNECTWISE_OPTIONAL_ATTRIBUTES).toEqual(['cpuSPeed', 'defaultGateway', 'lastLoginName', 'localHardDrives', 'macAddress', 'model', 'osInfo', 'ram', 'serialNumber']);
    expect(CONNECTWISE_QUESTIONS).toEqual(['nodeUrl', 'privateIpAddress', 'teamViewerUrl', 'productKey']);
    expect(defaultAutotaskSyncAttributes()).toEqual([...AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES]);
    expect(AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES).toEqual([
      'cpuSpeed', 'defaultGateway', 'macAddress', 'model', 'lastLoginName', 'localHardDrives', 'osInfo', 'productKey', 'privateIpAddress', 'ram', 'serialNumber',
    ]);
    expect(CONNECTWISE_ATTRIBUTES_CHECKLIST.title).toBe('Configuration Attributes');
    expect(CONNECTWISE_QUESTIONS_CHECKLIST.title).toBe('Configuration Questions');
  });

  it('the required attributes are always on; Select All keeps names outside the checklist', () => {
    const list = CONNECTWISE_ATTRIBUTES_CHECKLIST;
    expect(toggleAttribute(['ram'], 'name', false, list)).toEqual([...CONNECTWISE_REQUIRED_ATTRIBUTES, 'ram']);
    expect(toggleAttribute([...CONNECTWISE_REQUIRED_ATTRIBUTES, 'ram'], 'ram', false, list)).toEqual([...CONNECTWISE_REQUIRED_ATTRIBUTES]);
    expect(selectAll(['nodeUrl', 'ram'], false, list)).toEqual([...CONNECTWISE_REQUIRED_ATTRIBUTES, 'nodeUrl']);
    expect(selectAll(['nodeUrl'], true, list)).toEqual([...list.names, 'nodeUrl']);
    expect(selectAllState([...CONNECTWISE_REQUIRED_ATTRIBUTES], list)).toBe('some');
    expect(selectAllState(list.names, list)).toBe('all');
    expect(selectAllState([], CONNECTWISE_QUESTIONS_CHECKLIST)).toBe('none');
    expect(selectAll([], true, AUTOTASK_ATTRIBUTES_CHECKLIST)).toHaveLength(11);
    expect(attributeLabel('cpuSPeed')).toBe('CPU Speed');
    expect(attributeLabel('lastLoginName')).toBe('Last Login Name');
  });
});

describe('§8.3 messages', () => {
  it('to the letter', () => {
    expect(PSA_MESSAGES).toMatchObject({
      agreementsFetchFailed: 'Error fetching Company agreements',
      refreshFailed: 'Error while refreshing ConnectWise entities',
      refreshSucceeded: 'Successfully updated ConnectWise entities',
      syncAttributesFailed: 'Error setting device sync attributes',
      noMappings: 'No Mappings',
      noAccounts: 'No accounts available',
      noOrganizations: 'No Organizations',
      noSites: 'There are no sites to be mapped',
      noRoleMappings: 'No role mappings available',
    });
    expect(autoMapCountText(1)).toBe('1 organization will be mapped.');
    expect(autoMapCountText(4)).toBe('4 organizations will be mapped.');
  });
});

describe('preview before save', () => {
  it('an account remap shows the account row and the location rows it resets', () => {
    const before = {
      accountMappings: [account(1, 'Acme', 100, 'Acme Corp'), account(2, 'Globex')],
      locationMappings: [location(11, 1, { locationName: 'HQ', autotaskAccountId: 100, autotaskAccountName: 'Acme Corp', autotaskLocationId: 5, autotaskLocationName: 'Main St' }), location(21, 2)],
    };
    const after = remapAccount(before, 1, { id: 200, name: 'Acme Holdings' });
    const changes = diffMappings(before, after);
    expect(changes).toEqual([
      { kind: 'autotaskAccount', key: '1', label: 'Acme', field: 'accountId', fieldLabel: 'Autotask Company', before: 'Acme Corp', after: 'Acme Holdings' },
      { kind: 'autotaskLocation', key: '11', label: 'Acme / HQ', field: 'autotaskAccountId', fieldLabel: 'Autotask Company', before: 'Acme Corp', after: 'Acme Holdings' },
      { kind: 'autotaskLocation', key: '11', label: 'Acme / HQ', field: 'autotaskLocationId', fieldLabel: 'Autotask Location', before: 'Main St', after: '' },
    ]);
    expect(changedRowCount(changes)).toBe(2);
    expect(diffMappings(before, before)).toEqual([]);
  });

  it('ConnectWise company and location-site rows', () => {
    const before = { companyMappings: [company(1, 'Acme', { locationSiteMappings: [site(11, { locationName: 'HQ' })] })] };
    let rows = remapCompany(before.companyMappings, 1, { id: 50, name: 'Acme Co' });
    rows = rows.map((row) => ({ ...row, locationSiteMappings: row.locationSiteMappings.map((s) => setSite(chooseMapping(s, 'product', 'NONE'), { id: 9, name: 'Main' })) }));
    expect(diffMappings(before, { companyMappings: rows })).toEqual([
      { kind: 'connectWiseCompany', key: '1', label: 'Acme', field: 'companyId', fieldLabel: 'CW Company', before: '', after: 'Acme Co' },
      { kind: 'connectWiseLocationSite', key: '1/11', label: 'Acme / HQ', field: 'psaSiteId', fieldLabel: 'CW Site', before: '', after: 'Main' },
      { kind: 'connectWiseLocationSite', key: '1/11', label: 'Acme / HQ', field: 'productMapping', fieldLabel: 'Products', before: '', after: 'None' },
    ]);
  });
});

describe('unmapped counts', () => {
  it('Autotask: organizations without an account, locations without a location; never-map left out', () => {
    const accounts = [account(1, 'A', 5, 'A'), account(2, 'B'), account(3, 'C')];
    const locations = [location(11, 1, { autotaskLocationId: 1 }), location(12, 1), location(21, 2), location(31, 3)];
    expect(autotaskUnmappedCounts(accounts, locations)).toEqual({ organizations: 2, locations: 3, neverMapped: 0 });
    expect(autotaskUnmappedCounts(accounts, locations, new Set([3]))).toEqual({ organizations: 1, locations: 2, neverMapped: 1 });
  });
  it('ConnectWise: organizations without a company, locations without a site', () => {
    const rows = [company(1, 'A', { companyId: 5, locationSiteMappings: [site(1, { psaSiteId: 2 }), site(2)] }), company(2, 'B', { locationSiteMappings: [site(3)] })];
    expect(connectWiseUnmappedCounts(rows)).toEqual({ organizations: 1, locations: 2, neverMapped: 0 });
    expect(unmappedText({ organizations: 1, locations: 2, neverMapped: 0 })).toBe('1 organization and 2 locations unmapped');
    expect(unmappedText({ organizations: 0, locations: 0, neverMapped: 3 })).toBeNull();
  });
});

describe('tolerant parsing', () => {
  it('an unknown mapping type value is kept raw; missing ones take the §9.4 defaults; ranks come in order', () => {
    const parsed = connectWiseProductMappingSchema.parse({
      id: '4',
      name: 'Servers',
      productMappingType: 'WEIGHTED_HIT',
      nodeRoleProductMappings: [
        { id: 2, nodeRoleId: 1, groups: [3, 'x', null], groupsLogicOperator: 'XOR', ranking: 2 },
        { id: 1, nodeRoleId: 1, ranking: 1 },
        'garbage',
      ],
      futureField: true,
    });
    expect(parsed).toMatchObject({ id: 4, productMappingType: 'WEIGHTED_HIT', futureField: true });
    expect(parsed.nodeRoleProductMappings.map((r) => [r.id, r.ranking, r.groupsLogicOperator])).toEqual([[1, 1, 'AND'], [2, 2, 'XOR']]);
    expect(parsed.nodeRoleProductMappings[1]!.groups).toEqual([3, 'x']);
    expect(connectWiseProductMappingSchema.parse({ id: 1 })).toMatchObject({ name: '', productMappingType: 'SINGLE_HIT', nodeRoleProductMappings: [] });
  });

  it('a broken item is skipped and counted; extra fields pass through', () => {
    const read = readItems(autotaskAccountMappingSchema, [
      { clientId: 1, clientName: 'Acme', accountId: 'A-1', accountName: 'Acme', extra: { a: 1 } },
      { clientName: 'No id' },
      null,
      { clientId: 2, clientName: 'Globex', accountId: { weird: true } },
    ]);
    expect(read.skipped).toBe(2);
    expect(read.items).toEqual([
      { clientId: 1, clientName: 'Acme', accountId: 'A-1', accountName: 'Acme', installedProductCategoryMappingId: null, installedProductCategoryMappingName: null, extra: { a: 1 } },
      { clientId: 2, clientName: 'Globex', accountId: null, accountName: null, installedProductCategoryMappingId: null, installedProductCategoryMappingName: null },
    ]);
    expect(readItems(autotaskLocationMappingSchema, 'not a list')).toEqual({ items: [], skipped: 0 });
  });

  it('§3.3 device role mapping defaults; §3.4 company mapping sites', () => {
    expect(autotaskDeviceRoleMappingSchema.parse({ id: 1, name: 'R' })).toMatchObject({ disableInstalledProductOnNodeDelete: false, overrideProductMapping: true, nodeRoleInstalledProductCategoryMappings: [] });
    const parsed = connectWiseCompanyMappingSchema.parse({ clientId: 1, clientName: 'A', locationSiteMappings: [{ locationId: 3, locationName: 'HQ', psaSiteId: 7, productMappingType: 'SOMETHING_NEW' }, 4] });
    expect(parsed.locationSiteMappings).toHaveLength(1);
    expect(parsed.locationSiteMappings[0]).toMatchObject({ psaSiteId: 7, mapped: true, productMappingType: 'SOMETHING_NEW', configurationTypeMappingType: null });
  });

  it('§7.3 list fields and the next page key', () => {
    expect(readAccountList({ accountList: [{ id: 1, name: 'A' }, { id: 2, accountName: 'B' }, { name: 'no id' }] })).toEqual({
      items: [{ id: 1, name: 'A' }, { id: 2, accountName: 'B', name: 'B' }],
      skipped: 1,
    });
    expect(readAgreementList({ financeAgreementList: [{ id: 'AG', name: 'MSA' }] }).items).toEqual([{ id: 'AG', name: 'MSA' }]);
    expect(readSyncAttributes(['ram', 3, '', 'model'])).toEqual(['ram', 'model']);
    expect(nextPageKey([{ id: 1, name: 'a' }, { id: 2, name: 'b' }], 2)).toBe(2);
    expect(nextPageKey([{ id: 1, name: 'a' }], 2)).toBeNull();
  });
});
