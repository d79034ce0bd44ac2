/**
 * The Company Mapping table (spec §2.4 Companies → Sync; §4.3; §8.3;
 * "Beyond the anchors"): one row per organization with columns
 * Ninja Organization / CW Company, Location / CW Site, Products and
 * Configuration Types; a name, Edit or Enter opens the organization-to-company
 * modal. Auto Map proposes companies by name (review queue, never-map marks)
 * and then previews every row it changes; Clear Mapping (only with a
 * selection) asks first (§2.4), then previews every row it clears; Refresh
 * ConnectWise Data spins while it runs and says §8.3's two messages. Nothing
 * is written before the preview is confirmed. A row's
 * 'Never map' and 'Allow Auto Map' actions set and remove the mark Auto Map
 * respects (shown as a tag by the organization's name).
 */
import { Button, Classes, Intent, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { ConnectWiseCompanyMapping, PsaRecord } from '../../../../../shared/model/psa';
import { autoMapCompanies, applyCompanyProposals, type AutoMapProposal, type AutoMapResult } from '../../../../../shared/rules/psa/auto-map';
import { clearConnectWiseMappings } from '../../../../../shared/rules/psa/connectwise';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { toastSuccess } from '../../../core/toaster';
import { ButtonLinkCell, TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import type { FilterDef } from '../../../components/data-table/filters';
import { EMPTY_SELECTION, isSelected, type Selection } from '../../../components/data-table/selection';
import { AutoMapReviewDialog } from '../AutoMapReviewDialog';
import { refreshConnectWiseData } from '../client';
import { useAction, useNeverMap } from '../use-psa';
import { CompanyMappingDialog } from './CompanyMappingDialog';
import { hasAnyMapping, sitesSummary } from './company-rows';
import { ConfirmAlert, presentPsaError } from './cw-kit';
import type { CwData } from './cw-data';
import { useCompanyChanges } from './use-company-changes';

const rowId = (row: ConnectWiseCompanyMapping) => String(row.clientId);

/** Two lines in one cell: the main text and, muted, the second. */
function TwoLines({ first, second, title }: { first: ReactNode; second: string; title?: string }) {
  return (
    <span className="cw-two-lines" title={title}>
      <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{first}</span>
      <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{second}</span>
    </span>
  );
}

const FILTERS: FilterDef<ConnectWiseCompanyMapping>[] = [
  {
    id: 'mapped',
    label: 'Mapping',
    type: 'SingleSelect',
    options: [
      { label: 'Mapped', value: 'mapped' },
      { label: 'Not mapped', value: 'unmapped' },
    ],
    rowValue: (row) => (row.companyId === null ? 'unmapped' : 'mapped'),
  },
];

interface CompanyMappingTableProps {
  data: CwData;
  companies: readonly PsaRecord[] | undefined;
  companiesLoading: boolean;
  /** Reads the settings and the companies again (after Refresh ConnectWise Data). */
  onRefreshed(): void;
}

export function CompanyMappingTable({ data, companies, companiesLoading, onRefreshed }: CompanyMappingTableProps) {
  const rows = data.settings.companyMappings;
  const neverMapMarks = useNeverMap('connectwise');
  const neverMap = neverMapMarks.keys;
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [editing, setEditing] = useState<ConnectWiseCompanyMapping | null>(null);
  const [review, setReview] = useState<AutoMapResult | null>(null);
  /** The organizations Clear Mapping asks about, and whether they are a select-all (which holds rows a search or filter hides). */
  const [clearing, setClearing] = useState<{ rows: ConnectWiseCompanyMapping[]; all: boolean } | null>(null);
  const { busy: refreshing, run: runRefresh } = useAction('cw-refresh', (error) => presentPsaError(error, PSA_MESSAGES.refreshFailed, 'cw-refresh'));
  const changes = useCompanyChanges(data.reload);

  const selected = rows.filter((row) => isSelected(selection, rowId(row)));
  const productMappingName = (row: ConnectWiseCompanyMapping) => row.productMappingName ?? (row.productMappingId === null ? null : `#${row.productMappingId}`);
  const configurationName = (row: ConnectWiseCompanyMapping) => row.configurationTypeMappingName ?? (row.configurationTypeMappingId === null ? null : `#${row.configurationTypeMappingId}`);

  const columns = useMemo<DataTableColumn<ConnectWiseCompanyMapping>[]>(
    () => [
      {
        id: 'organization',
        title: 'Ninja Organization / CW Company',
        width: 320,
        sortValue: (row) => row.clientName.toLowerCase(),
        render: (row) => (
          <TwoLines
            first={
              <>
                <ButtonLinkCell text={row.clientName} label={`Edit the mapping of ${row.clientName}`} onClick={() => setEditing(row)} />
                {neverMap.has(row.clientId) && (
                  <Tag minimal className="gap-left" htmlTitle="Auto Map skips this organization; its row's Allow Auto Map removes the mark">
                    Never map
                  </Tag>
                )}
              </>
            }
            second={row.companyName ?? (row.companyId === null ? 'Not mapped' : `#${String(row.companyId)}`)}
          />
        ),
      },
      {
        id: 'sites',
        title: 'Location / CW Site',
        width: 280,
        render: (row) => {
          const summary = sitesSummary(row);
          return <TwoLines first={summary.count} second={summary.list} title={summary.list} />;
        },
      },
      { id: 'products', title: 'Products', width: 200, sortValue: (row) => (productMappingName(row) ?? '').toLowerCase(), render: (row) => <TextCell text={productMappingName(row)} /> },
      { id: 'configurationTypes', title: 'Configuration Types', width: 200, sortValue: (row) => (configurationName(row) ?? '').toLowerCase(), render: (row) => <TextCell text={configurationName(row)} /> },
    ],
    [neverMap],
  );
  const actions: RowAction<ConnectWiseCompanyMapping>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: (row) => setEditing(row) },
    // "Never map": a mark set in Auto Map's review (or here) is removed here too.
    { id: 'never-map', label: 'Never map', icon: 'disable', run: (row) => neverMapMarks.set(row.clientId, true), disabled: (row) => neverMap.has(row.clientId) },
    { id: 'allow-auto-map', label: 'Allow Auto Map', icon: 'automatic-updates', run: (row) => neverMapMarks.set(row.clientId, false), disabled: (row) => !neverMap.has(row.clientId) },
  ];

  const startAutoMap = () => {
    if (!companies) return;
    setReview(autoMapCompanies(rows, companies, new Set([...neverMap].filter((key): key is number => typeof key === 'number'))));
  };
  const continueAutoMap = async (accepted: AutoMapProposal[]) => {
    setReview(null);
    const outcome = await changes.review(rows, applyCompanyProposals(rows, accepted));
    if (outcome === 'unchanged') toastSuccess('Nothing to change', 'cw-auto-map');
  };
  /** §2.4's question answered: the cleared rows go through the preview, and only its confirmation writes. */
  const clear = async () => {
    if (!clearing) return;
    const affected = clearing.rows.filter(hasAnyMapping);
    setClearing(null);
    if (affected.length === 0) {
      toastSuccess('Nothing to clear: the selected organizations have nothing mapped', 'cw-clear');
      return;
    }
    // §4.3: the selected organizations lose their company and mappings, their locations their sites and agreements.
    const saved = affected.length === 1 ? `The mapping of '${affected[0]!.clientName}' was cleared` : `The mappings of ${affected.length} organizations were cleared`;
    const after = clearConnectWiseMappings(
      rows,
      affected.map((row) => row.clientId),
    );
    const outcome = await changes.review(rows, after, null, saved);
    if (outcome === 'saved') setSelection(EMPTY_SELECTION);
  };

  const refresh = () => runRefresh(() => refreshConnectWiseData(), PSA_MESSAGES.refreshSucceeded, onRefreshed);

  const toolbar = (
    <>
      <Button icon="predictive-analysis" text="Auto Map" loading={companiesLoading && !companies} disabled={!companies || rows.length === 0} onClick={startAutoMap} />
      <Tooltip content="Select the organizations to clear first" disabled={selected.length > 0}>
        <Button icon="eraser" text="Clear Mapping" disabled={selected.length === 0} onClick={() => setClearing({ rows: selected, all: selection.kind === 'all' })} />
      </Tooltip>
      <Button
        icon={refreshing ? <Spinner size={16} aria-label="Refreshing" /> : 'refresh'}
        text="Refresh ConnectWise Data"
        disabled={refreshing}
        aria-busy={refreshing}
        onClick={() => void refresh()}
      />
    </>
  );

  return (
    <div className="cw-company-mapping">
      <h2 id="cw-company-mapping-title" className={`${Classes.HEADING} cw-section-title`}>
        Company Mapping
      </h2>
      <DataTable<ConnectWiseCompanyMapping>
        id="cw-company-mapping"
        label="Company Mapping"
        className="cw-table cw-company-table"
        columns={columns}
        rows={rows}
        rowId={rowId}
        rowLabel={(row) => row.clientName}
        mode="select"
        selection={selection}
        onSelectionChange={setSelection}
        searchText={(row) => `${row.clientName} ${row.companyName ?? ''}`}
        searchPlaceholder="Search organizations and companies"
        filters={FILTERS}
        actions={actions}
        onRowAction={(row) => setEditing(row)}
        emptyTitle={PSA_MESSAGES.noOrganizations}
        toolbar={toolbar}
      />
      {editing && (
        <CompanyMappingDialog
          key={editing.clientId}
          row={rows.find((row) => row.clientId === editing.clientId) ?? editing}
          data={data}
          companies={companies}
          companiesLoading={companiesLoading}
          review={changes.review}
          onClose={() => setEditing(null)}
        />
      )}
      {review && (
        <AutoMapReviewDialog
          title="Auto Map"
          sourceLabel="Ninja Organization"
          targetLabel="CW Company"
          result={review}
          neverMap={neverMap}
          onNeverMap={neverMapMarks.set}
          onClose={() => setReview(null)}
          onContinue={(accepted) => void continueAutoMap(accepted)}
        />
      )}
      {changes.element}
      <ConfirmAlert
        isOpen={clearing !== null}
        id="cw-clear-question"
        confirm="Clear Mapping"
        icon="eraser"
        intent={Intent.DANGER}
        onConfirm={() => void clear()}
        onCancel={() => setClearing(null)}
      >
        <ClearQuestion selected={clearing?.rows ?? []} affected={(clearing?.rows ?? []).filter(hasAnyMapping)} all={clearing?.all ?? false} />
      </ConfirmAlert>
    </div>
  );
}

/**
 * §4.3 Clear Mapping's question: how many organizations lose what, and which. A select-all holds every organization,
 * those a search or filter hides too (the table does not say which it shows): the question says so, and the preview
 * that follows names each of them before anything is written.
 */
function ClearQuestion({ selected, affected, all }: { selected: readonly ConnectWiseCompanyMapping[]; affected: readonly ConnectWiseCompanyMapping[]; all: boolean }) {
  const names = affected.slice(0, 8).map((row) => row.clientName);
  const more = affected.length - names.length;
  return (
    <>
      <p>
        <strong>
          Clear the mapping of {selected.length === 1 ? `'${selected[0]!.clientName}'` : `${selected.length} organizations`}?
        </strong>
      </p>
      <p>Their CW Company, Products and Configuration Types, and their locations' sites and agreements, are removed.</p>
      {all && (
        <p>
          <strong>Every organization is selected, including any a search or filter hides.</strong>
        </p>
      )}
      {affected.length < selected.length && <p className={Classes.TEXT_MUTED}>{selected.length - affected.length} of them have nothing mapped.</p>}
      {names.length > 0 && selected.length > 1 && (
        <p className={Classes.TEXT_SMALL}>
          {names.join(', ')}
          {more > 0 ? ` and ${more} more` : ''}
        </p>
      )}
      <p className={Classes.TEXT_MUTED}>The next step lists every change; nothing is saved until you confirm it there.</p>
    </>
  );
}
