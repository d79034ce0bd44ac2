/** PSA mapping rows for the PSA rules' tests: every field the console reads, nothing mapped unless `extra` says so. */
import type { AutotaskAccountMapping, AutotaskLocationMapping, ConnectWiseCompanyMapping, ConnectWiseLocationSiteMapping } from '../../src/shared/model/psa';

export const account = (clientId: number, clientName: string, accountId: number | null = null, accountName: string | null = null): AutotaskAccountMapping => ({
  clientId,
  clientName,
  accountId,
  accountName,
  installedProductCategoryMappingId: null,
  installedProductCategoryMappingName: null,
});

export const location = (locationId: number, clientId: number, extra: Partial<AutotaskLocationMapping> = {}): AutotaskLocationMapping => ({
  locationId,
  locationName: `Location ${locationId}`,
  clientId,
  autotaskAccountId: null,
  autotaskAccountName: null,
  autotaskLocationId: null,
  autotaskLocationName: null,
  ...extra,
});

export const site = (locationId: number, extra: Partial<ConnectWiseLocationSiteMapping> = {}): ConnectWiseLocationSiteMapping => ({
  locationId,
  locationName: `Location ${locationId}`,
  psaSiteId: null,
  psaSiteName: null,
  productMappingId: null,
  productMappingName: null,
  productMappingType: null,
  configurationTypeMappingId: null,
  configurationTypeMappingName: null,
  configurationTypeMappingType: null,
  agreementId: null,
  agreementName: null,
  mapped: false,
  ...extra,
});

export const company = (clientId: number, clientName: string, extra: Partial<ConnectWiseCompanyMapping> = {}): ConnectWiseCompanyMapping => ({
  clientId,
  clientName,
  companyId: null,
  companyName: null,
  productMappingId: null,
  productMappingName: null,
  configurationTypeMappingId: null,
  configurationTypeMappingName: null,
  locationSiteMappings: [],
  ...extra,
});
