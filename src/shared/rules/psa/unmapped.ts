/**
 * Unmapped counts for the Integrations list (spec/ticketing-automations-psa.md §3.3, §3.4): how many organizations have
 * no PSA account or company and how many locations no PSA location or site.
 * Organizations marked "never map" (and their locations) are left out of the
 * unmapped counts and counted on their own.
 */
import type { AutotaskAccountMapping, AutotaskLocationMapping, ConnectWiseCompanyMapping } from '../../model/psa';

export interface UnmappedCounts {
  organizations: number;
  locations: number;
  /** Organizations marked "never map" (not counted as unmapped). */
  neverMapped: number;
}

/** Autotask: organizations without an account, locations without an Autotask location. */
export function autotaskUnmappedCounts(
  accountMappings: readonly AutotaskAccountMapping[],
  locationMappings: readonly AutotaskLocationMapping[],
  neverMap: ReadonlySet<number> = new Set(),
): UnmappedCounts {
  return {
    organizations: accountMappings.filter((row) => row.accountId === null && !neverMap.has(row.clientId)).length,
    locations: locationMappings.filter((row) => row.autotaskLocationId === null && !neverMap.has(row.clientId)).length,
    neverMapped: accountMappings.filter((row) => neverMap.has(row.clientId)).length,
  };
}

/** ConnectWise: organizations without a company, locations without a site. */
export function connectWiseUnmappedCounts(companyMappings: readonly ConnectWiseCompanyMapping[], neverMap: ReadonlySet<number> = new Set()): UnmappedCounts {
  const counted = companyMappings.filter((row) => !neverMap.has(row.clientId));
  return {
    organizations: counted.filter((row) => row.companyId === null).length,
    locations: counted.reduce((sum, row) => sum + row.locationSiteMappings.filter((site) => site.psaSiteId === null).length, 0),
    neverMapped: companyMappings.length - counted.length,
  };
}

/** The Integrations list's note: '3 organizations and 5 locations unmapped'; null when everything is mapped (the words are the console's). */
export function unmappedText(counts: UnmappedCounts): string | null {
  const part = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
  if (counts.organizations === 0 && counts.locations === 0) return null;
  const parts = [counts.organizations > 0 ? part(counts.organizations, 'organization', 'organizations') : null, counts.locations > 0 ? part(counts.locations, 'location', 'locations') : null];
  return `${parts.filter(Boolean).join(' and ')} unmapped`;
}
