/**
 * Autotask accounts (spec §2.3, §4.3, §5.3, §8.3): the
 * Account Type Filter (saved as it changes), the Account Mapping table
 * (Ninja Organization, Autotask Company, Ninja Device Role Mapping) with a
 * selection, Auto Map (candidates reviewed first) and Clear Mapping (of the
 * selected organizations). Every change is previewed — with the location
 * mappings an account remap resets and §8.3's warning — before it is saved.
 */
import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import type { AutotaskAccountMapping, AutotaskLocationMapping, PsaId, PsaRecord } from '../../../../../shared/model/psa';
import type { AutotaskSettings } from '../../../../../shared/model/psa/views';
import { applyAccountProposals, autoMapAccounts, type AutoMapResult } from '../../../../../shared/rules/psa/auto-map';
import { diffMappings } from '../../../../../shared/rules/psa/diff';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { clearAutotaskMappings, remapAccount, sameId, setDeviceRoleMappingOf, type AccountRemap } from '../../../../../shared/rules/psa/transitions';
import { presentError, showToast, toastSuccess } from '../../../core/toaster';
import { ButtonLinkCell, TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { EMPTY_SELECTION, isSelected, type Selection } from '../../../components/data-table/selection';
import { EntityMultiSelect } from '../../../components/inputs/EntityMultiSelect';
import type { PageFetch } from '../../../core/data/paged-loader';
import { AutoMapReviewDialog } from '../AutoMapReviewDialog';
import { readAutotaskAccounts, saveAccountMappings, saveAutotaskCompanyFilter } from '../client';
import type { NeverMap, PendingSave } from '../use-psa';
import { AccountMappingDialog, type AccountChoice } from './AccountMappingDialog';

const NONE = '—';

/** A remap resets location mappings: its preview waits for them (the console's words). */
const LOCATIONS_NOT_READY = 'The location mappings are not loaded yet: the preview could not show the ones a remap resets.';

/** Every account the filter lets through (all pages with autotask_big_data). */
async function allAccounts(): Promise<PsaRecord[]> {
  const accounts: PsaRecord[] = [];
  let after: PsaId | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const page: { items: PsaRecord[]; next: PsaId | null } = await readAutotaskAccounts(after === null ? {} : { after });
    accounts.push(...page.items);
    if (page.next === null) break;
    after = page.next;
  }
  return accounts;
}

/** The account rows that differ: what the save sends. */
function changedRows(before: readonly AutotaskAccountMapping[], after: readonly AutotaskAccountMapping[]) {
  const old = new Map(before.map((row) => [row.clientId, row]));
  return after
    .filter((row) => {
      const was = old.get(row.clientId);
      return !was || !sameId(was.accountId, row.accountId) || was.installedProductCategoryMappingId !== row.installedProductCategoryMappingId;
    })
    .map((row) => ({ clientId: row.clientId, accountId: row.accountId, installedProductCategoryMappingId: row.installedProductCategoryMappingId }));
}

interface AccountsTabProps {
  settings: AutotaskSettings;
  locations: readonly AutotaskLocationMapping[];
  /** The location mappings are read: a remap's preview can show the ones it resets (§4.3). */
  locationsReady: boolean;
  neverMap: NeverMap;
  askToSave(pending: PendingSave): void;
  onSaved(): void;
}

export function AccountsTab({ settings, locations, locationsReady, neverMap, askToSave, onSaved }: AccountsTabProps) {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [editing, setEditing] = useState<AutotaskAccountMapping | null>(null);
  const [review, setReview] = useState<AutoMapResult | null>(null);
  const [matching, setMatching] = useState(false);
  const before = useMemo(() => ({ accountMappings: settings.accountMappings, locationMappings: [...locations] }), [settings.accountMappings, locations]);

  /** Previews the remapped rows, then saves the changed ones; §8.3's warning when locations were reset. */
  const preview = useCallback(
    (after: AccountRemap) => {
      if (!locationsReady) {
        showToast({ intent: Intent.WARNING, icon: 'warning-sign', message: LOCATIONS_NOT_READY }, 'autotask-accounts');
        return;
      }
      const rows = changedRows(before.accountMappings, after.accountMappings);
      const changes = diffMappings(before, after);
      if (rows.length === 0 || changes.length === 0) {
        showToast({ intent: Intent.PRIMARY, icon: 'info-sign', message: 'Nothing changes: the mappings are already so.' }, 'autotask-accounts');
        return;
      }
      askToSave({
        changes,
        warning: after.showWarning ? PSA_MESSAGES.accountRemapWarning : null,
        save: async () => {
          try {
            const saved = await saveAccountMappings({ rows });
            if (saved.locationMappingsReset.length > 0) showToast({ intent: Intent.WARNING, icon: 'warning-sign', message: PSA_MESSAGES.accountRemapWarning, timeout: 10_000 }, 'autotask-remap');
            toastSuccess(rows.length === 1 ? 'Account mapping saved' : `${rows.length} account mappings saved`, 'autotask-accounts');
            setSelection(EMPTY_SELECTION);
            onSaved();
          } catch (error) {
            presentError(error, { key: 'autotask-accounts' });
            throw error;
          }
        },
      });
    },
    [before, locationsReady, askToSave, onSaved],
  );

  const choose = (row: AutotaskAccountMapping, choice: AccountChoice) => {
    const remapped = remapAccount(before, row.clientId, choice.account);
    preview({ ...remapped, accountMappings: setDeviceRoleMappingOf(remapped.accountMappings, row.clientId, choice.roleMapping) });
    setEditing(null);
  };

  const autoMap = async () => {
    setMatching(true);
    try {
      setReview(autoMapAccounts(before, await allAccounts(), new Set([...neverMap.keys].filter((k): k is number => typeof k === 'number'))));
    } catch (error) {
      presentError(error, { key: 'autotask-auto-map' });
    } finally {
      setMatching(false);
    }
  };

  const selectedIds = settings.accountMappings.filter((r) => isSelected(selection, String(r.clientId))).map((r) => r.clientId);
  const columns = useMemo<DataTableColumn<AutotaskAccountMapping>[]>(
    () => [
      { id: 'organization', title: 'Ninja Organization', width: 280, sortValue: (r) => r.clientName.toLowerCase(), render: (r) => <ButtonLinkCell text={r.clientName} label={`Edit the mapping of ${r.clientName}`} onClick={() => setEditing(r)} /> },
      {
        id: 'account',
        title: 'Autotask Company',
        width: 280,
        sortValue: (r) => (r.accountName ?? '').toLowerCase(),
        render: (r) =>
          neverMap.keys.has(r.clientId) && r.accountId === null ? (
            <Tag minimal icon="disable" className="psa-never-map-tag">
              Never map
            </Tag>
          ) : (
            <TextCell text={r.accountName ?? NONE} />
          ),
      },
      { id: 'role', title: 'Ninja Device Role Mapping', width: 240, sortValue: (r) => (r.installedProductCategoryMappingName ?? '').toLowerCase(), render: (r) => <TextCell text={r.installedProductCategoryMappingName ?? NONE} /> },
    ],
    [neverMap.keys],
  );
  // The console's own mark: Auto Map leaves the organization out; the mark can be taken back.
  const actions = useMemo<RowAction<AutotaskAccountMapping>[]>(
    () => [
      { id: 'edit', label: 'Edit', icon: 'edit', run: setEditing },
      { id: 'never', label: 'Never map', icon: 'disable', run: (r) => neverMap.set(r.clientId, true), disabled: (r) => neverMap.keys.has(r.clientId) },
      { id: 'allow', label: 'Allow Auto Map', icon: 'automatic-updates', run: (r) => neverMap.set(r.clientId, false), disabled: (r) => !neverMap.keys.has(r.clientId) },
    ],
    [neverMap],
  );
  const typePages = useCallback(
    (search: string): { fetch: PageFetch<PsaRecord, null>; first: null } => ({
      first: null,
      fetch: async () => ({ items: settings.accountTypes.filter((t) => t.name.toLowerCase().includes(search.toLowerCase())), next: null }),
    }),
    [settings.accountTypes],
  );
  const filterTypes = settings.accountTypes.filter((t) => settings.companyFilterMap.types.some((id) => sameId(id, t.id)));

  return (
    <section className="psa-section" aria-label="Accounts">
      <div className="psa-filter">
        <EntityMultiSelect<PsaRecord, null>
          id="autotask-account-types"
          label="Account Type Filter"
          noun="account types"
          selected={filterTypes}
          itemId={(t) => String(t.id)}
          itemLabel={(t) => t.name}
          pages={typePages}
          onChange={(types) =>
            saveAutotaskCompanyFilter({ types: types.map((t) => t.id) }).then(
              () => {
                toastSuccess('Account Type Filter saved', 'autotask-filter');
                onSaved();
              },
              (error: unknown) => presentError(error, { key: 'autotask-filter' }),
            )
          }
        />
        <p className={Classes.TEXT_MUTED}>Only accounts of these types are offered (none chosen: every type).</p>
      </div>
      <div className="psa-section-head">
        <h2 className={`${Classes.HEADING} psa-section-title`}>Account Mapping</h2>
      </div>
      <div className="psa-table">
        <DataTable<AutotaskAccountMapping>
          id="autotask-account-mapping"
          label="Account Mapping"
          columns={columns}
          rows={settings.accountMappings}
          rowId={(r) => String(r.clientId)}
          mode="select"
          selection={selection}
          onSelectionChange={setSelection}
          rowLabel={(r) => r.clientName}
          onRowAction={setEditing}
          actions={actions}
          searchText={(r) => `${r.clientName} ${r.accountName ?? ''}`}
          searchPlaceholder="Search organizations"
          emptyTitle={PSA_MESSAGES.noOrganizations}
          toolbar={
            <>
              <Button icon="automatic-updates" text="Auto Map" loading={matching} disabled={!locationsReady} title={locationsReady ? undefined : LOCATIONS_NOT_READY} onClick={() => void autoMap()} />
              <Button icon="eraser" text="Clear Mapping" disabled={selectedIds.length === 0 || !locationsReady} onClick={() => preview(clearAutotaskMappings(before, selectedIds))} />
            </>
          }
        />
      </div>
      {editing && <AccountMappingDialog row={editing} roleMappings={settings.deviceRoleMappings} onClose={() => setEditing(null)} onSave={(choice) => choose(editing, choice)} />}
      {review && (
        <AutoMapReviewDialog
          title="Auto Map"
          sourceLabel="Ninja Organization"
          targetLabel="Autotask Company"
          result={review}
          neverMap={neverMap.keys}
          onNeverMap={neverMap.set}
          onClose={() => setReview(null)}
          onContinue={(accepted) => {
            setReview(null);
            preview(applyAccountProposals(before, accepted));
          }}
        />
      )}
    </section>
  );
}
