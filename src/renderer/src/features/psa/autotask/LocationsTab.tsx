/**
 * Autotask location mapping (spec §2.3, §3.3): Ninja Organization, Ninja
 * Location, Autotask Company, Autotask Location for the locations of the
 * organizations mapped to an account; Edit Mapping picks the Location among
 * the account's (§7.3 GET /psaat/v3/locations/{accountId}), previewed before
 * it is saved. 'No Mappings' when no organization is mapped yet (§8.3).
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { AutotaskLocationMapping, PsaRecord } from '../../../../../shared/model/psa';
import { diffMappings } from '../../../../../shared/rules/psa/diff';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { sameId, setAutotaskLocation } from '../../../../../shared/rules/psa/transitions';
import { useQuery } from '../../../core/data/use-query';
import { presentError, toastSuccess } from '../../../core/toaster';
import { TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { saveLocationMappings } from '../client';
import type { PendingSave } from '../use-psa';
import { IdSelect } from './IdSelect';

const NONE = '—';

/** The rows carry only the organization's id. */
function nameOf(organizations: ReadonlyMap<number, string>, row: AutotaskLocationMapping): string {
  return organizations.get(row.clientId) ?? `#${row.clientId}`;
}

function LocationDialog({ row, onClose, onSave }: { row: AutotaskLocationMapping; onClose(): void; onSave(location: PsaRecord | null): void }) {
  const choices = useQuery('psa.autotask.accountLocations', row.autotaskAccountId !== null ? { accountId: row.autotaskAccountId } : null, (error) => presentError(error, { key: 'autotask-locations' }));
  const [chosen, setChosen] = useState<string | null>(row.autotaskLocationId === null ? null : String(row.autotaskLocationId));
  const options = choices.data ?? [];
  return (
    <Dialog isOpen title="Edit Mapping" onClose={onClose} canOutsideClickClose={false}>
      <DialogBody>
        <p>
          {row.locationName} — {row.autotaskAccountName ?? NONE}
        </p>
        <FormGroup label="Location" labelFor="autotask-location">
          {choices.loading && !choices.data ? (
            <Spinner size={20} />
          ) : (
            <IdSelect id="autotask-location" value={chosen} none="None" records={options} onChange={setChosen} />
          )}
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Save" disabled={!choices.data} onClick={() => onSave(options.find((l) => String(l.id) === chosen) ?? null)} />
          </>
        }
      />
    </Dialog>
  );
}

interface LocationsTabProps {
  locations: readonly AutotaskLocationMapping[];
  /** Why the location mappings could not be read. */
  error?: string;
  /** Organization names by id (the rows carry only the id). */
  organizations: ReadonlyMap<number, string>;
  askToSave(pending: PendingSave): void;
  onSaved(): void;
}

export function LocationsTab({ locations, error, organizations, askToSave, onSaved }: LocationsTabProps) {
  const [editing, setEditing] = useState<AutotaskLocationMapping | null>(null);
  const organizationOf = (row: AutotaskLocationMapping) => nameOf(organizations, row);
  const columns = useMemo<DataTableColumn<AutotaskLocationMapping>[]>(
    () => [
      { id: 'organization', title: 'Ninja Organization', width: 230, sortValue: (r) => nameOf(organizations, r).toLowerCase(), render: (r) => <TextCell text={nameOf(organizations, r)} /> },
      { id: 'location', title: 'Ninja Location', width: 230, sortValue: (r) => r.locationName.toLowerCase(), render: (r) => <TextCell text={r.locationName} /> },
      { id: 'account', title: 'Autotask Company', width: 230, sortValue: (r) => (r.autotaskAccountName ?? '').toLowerCase(), render: (r) => <TextCell text={r.autotaskAccountName ?? NONE} /> },
      { id: 'autotaskLocation', title: 'Autotask Location', width: 200, sortValue: (r) => (r.autotaskLocationName ?? '').toLowerCase(), render: (r) => <TextCell text={r.autotaskLocationName ?? NONE} /> },
    ],
    [organizations],
  );
  const actions = useMemo<RowAction<AutotaskLocationMapping>[]>(() => [{ id: 'edit', label: 'Edit Mapping', icon: 'edit', run: setEditing }], []);
  const save = (row: AutotaskLocationMapping, location: PsaRecord | null) => {
    setEditing(null);
    if (sameId(row.autotaskLocationId, location?.id ?? null)) return;
    const after = setAutotaskLocation(locations, row.locationId, location);
    askToSave({
      changes: diffMappings({ locationMappings: locations }, { locationMappings: after }),
      warning: null,
      save: async () => {
        try {
          await saveLocationMappings({ rows: [{ locationId: row.locationId, autotaskLocationId: location?.id ?? null }] });
          toastSuccess('Location mapping saved', 'autotask-location');
          onSaved();
        } catch (error) {
          presentError(error, { key: 'autotask-location' });
          throw error;
        }
      },
    });
  };
  if (error) {
    return (
      <Callout intent={Intent.DANGER} icon="error" title="The location mappings could not be loaded">
        {error}
      </Callout>
    );
  }
  return (
    <section className="psa-section">
      <div className="psa-table">
        <DataTable<AutotaskLocationMapping>
          id="autotask-location-mapping"
          label="Location Mapping"
          columns={columns}
          rows={locations}
          rowId={(r) => String(r.locationId)}
          actions={actions}
          onRowAction={setEditing}
          searchText={(r) => `${organizationOf(r)} ${r.locationName} ${r.autotaskAccountName ?? ''} ${r.autotaskLocationName ?? ''}`}
          searchPlaceholder="Search locations"
          emptyTitle={PSA_MESSAGES.noMappings}
        />
      </div>
      {editing && <LocationDialog row={editing} onClose={() => setEditing(null)} onSave={(location) => save(editing, location)} />}
    </section>
  );
}
