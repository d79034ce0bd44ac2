/**
 * What every page of the ConnectWise screen reads: the
 * settings read in one call, the console's device roles and groups, and how
 * to read them again after a save; plus the small lookups the tables use.
 */
import type { DeviceRole, PsaId, PsaRecord } from '../../../../../shared/model/psa';
import type { ConnectWiseSettings } from '../../../../../shared/model/psa/views';
import { sameId } from '../../../../../shared/rules/psa/transitions';
import type { PageFetch } from '../../../core/data/paged-loader';

export interface CwData {
  settings: ConnectWiseSettings;
  roles: readonly DeviceRole[];
  groups: readonly PsaRecord[];
  /** Reads the settings again (after every save). */
  reload(): void;
}

/** A device role's name; one the console no longer has shows as 'Role #id'. */
export function roleName(roles: readonly DeviceRole[], id: number | null): string {
  if (id === null) return '';
  return roles.find((role) => role.id === id)?.name ?? `Role #${id}`;
}

/** A record's name from its list, else the name saved with the row, else '#id'. */
export function nameIn(records: readonly PsaRecord[], id: PsaId | null, saved?: string | null): string {
  if (id === null) return '';
  return records.find((r) => sameId(r.id, id))?.name ?? saved ?? `#${String(id)}`;
}

/** The pages of a list held whole (groups, company types): one page, searched here. */
export function localPages<T>(items: readonly T[], label: (item: T) => string) {
  return (search: string): { fetch: PageFetch<T, null>; first: null } => ({
    first: null,
    fetch: async () => ({ items: items.filter((item) => label(item).toLowerCase().includes(search.toLowerCase())), next: null }),
  });
}

export const recordId = (record: PsaRecord): string => String(record.id);
export const recordName = (record: PsaRecord): string => record.name;
