/**
 * The editors' one organization / location / user / technician picker
 * (§7.1 lookups, 50 a page, searched on the server), on the shared
 * EntityMultiSelect: the chosen ids with the names the picker last showed; an
 * id without a name (a trigger saved by another client) shows as '#id' and is
 * kept; a deleted one says so (§5.1 refuses it where it must not be).
 */
import { useCallback } from 'react';
import type { EntityLookup } from '../../../../shared/model/ticketing';
import { byPageNumber } from '../../core/data/paged-loader';
import { EntityMultiSelect } from '../../components/inputs/EntityMultiSelect';
import { readLocations, readOrganizations, readUsers } from './client';

export type LookupKind = 'organizations' | 'locations' | 'users' | 'technicians';

function useLookupPages(kind: LookupKind) {
  return useCallback(
    (search: string) => ({
      first: 0,
      fetch: byPageNumber<EntityLookup>((page) =>
        kind === 'organizations'
          ? readOrganizations({ page, search })
          : kind === 'locations'
            ? readLocations({ page, search })
            : readUsers({ page, search, ...(kind === 'technicians' ? { technician: true } : {}) }),
      ),
    }),
    [kind],
  );
}

/** A picker's entity: a deleted one says so (once). */
export const entityLabel = (e: EntityLookup) => (e.deleted && !/\(deleted\)$/i.test(e.name) ? `${e.name} (deleted)` : e.name);
const entityId = (e: EntityLookup) => String(e.id);

interface LookupPickerProps {
  id: string;
  label: string;
  kind: LookupKind;
  ids: readonly number[];
  /** The names known for some of the ids. */
  named: readonly EntityLookup[];
  /** One at a time: a new pick replaces the one chosen. */
  single?: boolean;
  disabled?: boolean;
  error?: string | null;
  onChange(items: EntityLookup[]): void;
}

export function LookupPicker({ id, label, kind, ids, named, single, disabled, error, onChange }: LookupPickerProps) {
  const pages = useLookupPages(kind);
  const selected = ids.map((one) => named.find((e) => e.id === one) ?? { id: one, name: `#${one}`, deleted: false });
  return (
    <EntityMultiSelect<EntityLookup, number>
      id={id}
      label={label}
      noun={kind}
      selected={selected}
      itemId={entityId}
      itemLabel={entityLabel}
      pages={pages}
      disabled={disabled}
      error={error}
      single={single}
      onChange={onChange}
    />
  );
}
