/**
 * The PSA integrations' contract calls (Integrations list, Autotask,
 * ConnectWise Manage): the reads the pages ask outside `useQuery` (the
 * "never map" marks, the Autotask account and product lookups) and every
 * write, each naming the reads its success makes out of date (core/data/cache).
 */
import type { CallChannel, CallInput, CallOutput } from '../../../../shared/contract';
import type { PsaKind } from '../../../../shared/model/psa/views';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

/** What the Autotask pages read: a changed connection may change every one of them. */
const AUTOTASK_READS = ['psa.autotask.settings', 'psa.autotask.accounts', 'psa.autotask.products', 'psa.autotask.accountLocations', 'psa.autotask.locationMappings'] as const satisfies readonly CallChannel[];
/** What the ConnectWise pages read: a changed connection or a refresh of ConnectWise's data may change every one of them. */
const CONNECTWISE_READS = ['psa.connectwise.settings', 'psa.connectwise.companies', 'psa.connectwise.sites', 'psa.connectwise.agreements'] as const satisfies readonly CallChannel[];
const READS_OF: Record<PsaKind, readonly CallChannel[]> = { autotask: AUTOTASK_READS, connectwise: CONNECTWISE_READS };

// ---------------------------------------------------------------- both PSAs

/** The organizations this console never auto-maps to this PSA. */
export function readNeverMap(input: CallInput<'psa.neverMap'>): Promise<CallOutput<'psa.neverMap'>> {
  return api.call('psa.neverMap', input);
}

/** Sets or takes back an organization's "never map" mark; the unmapped counts of the Integrations list leave marked ones out. */
export function setNeverMap(input: CallInput<'psa.setNeverMap'>): Promise<CallOutput<'psa.setNeverMap'>> {
  return write('psa.setNeverMap', input, ['psa.neverMap', 'psa.overview']);
}

/** Saves a PSA's connection: the Integrations list and everything read through that PSA may answer otherwise now. */
export function saveConnection(input: CallInput<'psa.saveConnection'>): Promise<CallOutput<'psa.saveConnection'>> {
  return write('psa.saveConnection', input, ['psa.overview', 'psa.connection', ...READS_OF[input.kind]]);
}

// ---------------------------------------------------------------- Autotask

/** A page of the Autotask accounts the account type filter lets through. */
export function readAutotaskAccounts(input: CallInput<'psa.autotask.accounts'>): Promise<CallOutput<'psa.autotask.accounts'>> {
  return api.call('psa.autotask.accounts', input);
}

/** A page of the Autotask products. */
export function readAutotaskProducts(input: CallInput<'psa.autotask.products'>): Promise<CallOutput<'psa.autotask.products'>> {
  return api.call('psa.autotask.products', input);
}

/** The Account Type Filter: the settings show it, and the accounts offered follow it. */
export function saveAutotaskCompanyFilter(input: CallInput<'psa.autotask.saveCompanyFilter'>): Promise<CallOutput<'psa.autotask.saveCompanyFilter'>> {
  return write('psa.autotask.saveCompanyFilter', input, ['psa.autotask.settings', 'psa.autotask.accounts']);
}

/** Account mappings (a remap resets the organization's location mappings, §4.3); the unmapped counts change too. */
export function saveAccountMappings(input: CallInput<'psa.autotask.saveAccountMappings'>): Promise<CallOutput<'psa.autotask.saveAccountMappings'>> {
  return write('psa.autotask.saveAccountMappings', input, ['psa.autotask.settings', 'psa.autotask.locationMappings', 'psa.overview']);
}

/** Location mappings; the unmapped counts change too. */
export function saveLocationMappings(input: CallInput<'psa.autotask.saveLocationMappings'>): Promise<CallOutput<'psa.autotask.saveLocationMappings'>> {
  return write('psa.autotask.saveLocationMappings', input, ['psa.autotask.locationMappings', 'psa.overview']);
}

/** Creates (no id) or updates a device role mapping; the account mappings show its name. */
export function saveDeviceRoleMapping(input: CallInput<'psa.autotask.saveDeviceRoleMapping'>): Promise<CallOutput<'psa.autotask.saveDeviceRoleMapping'>> {
  return write('psa.autotask.saveDeviceRoleMapping', input, ['psa.autotask.settings']);
}

export function deleteDeviceRoleMapping(input: CallInput<'psa.autotask.deleteDeviceRoleMapping'>): Promise<CallOutput<'psa.autotask.deleteDeviceRoleMapping'>> {
  return write('psa.autotask.deleteDeviceRoleMapping', input, ['psa.autotask.settings']);
}

export function saveAutotaskHelpdesk(input: CallInput<'psa.autotask.saveHelpdesk'>): Promise<CallOutput<'psa.autotask.saveHelpdesk'>> {
  return write('psa.autotask.saveHelpdesk', input, ['psa.autotask.settings']);
}

export function saveAutotaskSyncAttributes(input: CallInput<'psa.autotask.saveSyncAttributes'>): Promise<CallOutput<'psa.autotask.saveSyncAttributes'>> {
  return write('psa.autotask.saveSyncAttributes', input, ['psa.autotask.settings']);
}

// ---------------------------------------------------------------- ConnectWise Manage

/** The company criteria filter: the settings show it, and the companies offered follow it. */
export function saveConnectWiseCompanyFilter(input: CallInput<'psa.connectwise.saveCompanyFilter'>): Promise<CallOutput<'psa.connectwise.saveCompanyFilter'>> {
  return write('psa.connectwise.saveCompanyFilter', input, ['psa.connectwise.settings', 'psa.connectwise.companies']);
}

/** Company mappings (with their locations' sites); the unmapped counts change too. */
export function saveCompanyMappings(input: CallInput<'psa.connectwise.saveCompanyMappings'>): Promise<CallOutput<'psa.connectwise.saveCompanyMappings'>> {
  return write('psa.connectwise.saveCompanyMappings', input, ['psa.connectwise.settings', 'psa.overview']);
}

/** Creates (no id) or updates a configuration type mapping. */
export function saveConfigurationTypeMapping(input: CallInput<'psa.connectwise.saveConfigurationTypeMapping'>): Promise<CallOutput<'psa.connectwise.saveConfigurationTypeMapping'>> {
  return write('psa.connectwise.saveConfigurationTypeMapping', input, ['psa.connectwise.settings']);
}

export function deleteConfigurationTypeMapping(input: CallInput<'psa.connectwise.deleteConfigurationTypeMapping'>): Promise<CallOutput<'psa.connectwise.deleteConfigurationTypeMapping'>> {
  return write('psa.connectwise.deleteConfigurationTypeMapping', input, ['psa.connectwise.settings']);
}

/** Creates (no id) or updates a product mapping. */
export function saveProductMapping(input: CallInput<'psa.connectwise.saveProductMapping'>): Promise<CallOutput<'psa.connectwise.saveProductMapping'>> {
  return write('psa.connectwise.saveProductMapping', input, ['psa.connectwise.settings']);
}

export function deleteProductMapping(input: CallInput<'psa.connectwise.deleteProductMapping'>): Promise<CallOutput<'psa.connectwise.deleteProductMapping'>> {
  return write('psa.connectwise.deleteProductMapping', input, ['psa.connectwise.settings']);
}

export function saveConnectWiseHelpDesk(input: CallInput<'psa.connectwise.saveHelpDesk'>): Promise<CallOutput<'psa.connectwise.saveHelpDesk'>> {
  return write('psa.connectwise.saveHelpDesk', input, ['psa.connectwise.settings']);
}

export function saveConnectWiseSyncAttributes(input: CallInput<'psa.connectwise.saveSyncAttributes'>): Promise<CallOutput<'psa.connectwise.saveSyncAttributes'>> {
  return write('psa.connectwise.saveSyncAttributes', input, ['psa.connectwise.settings']);
}

export function saveProductAgreementSync(input: CallInput<'psa.connectwise.saveProductAgreementSync'>): Promise<CallOutput<'psa.connectwise.saveProductAgreementSync'>> {
  return write('psa.connectwise.saveProductAgreementSync', input, ['psa.connectwise.settings']);
}

/** 'Refresh ConnectWise Data': the instance reads ConnectWise's entities again, so every ConnectWise read (and the unmapped counts) may change. */
export function refreshConnectWiseData(): Promise<CallOutput<'psa.connectwise.refresh'>> {
  return write('psa.connectwise.refresh', {}, [...CONNECTWISE_READS, 'psa.overview']);
}
