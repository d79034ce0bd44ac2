/**
 * The result of comparing a folder between two backup dates: what each side
 * could read, the caps, the filters by kind of change (each with its count
 * and bytes), and the table of changes with their downloads and restores.
 */
import { Callout, Checkbox, Classes, Intent } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { CompareKind, CompareRow, CompareSide, FolderComparison } from '../../../../shared/model/backup/compare';
import { COMPARE_KINDS } from '../../../../shared/model/backup/compare';
import { COMPARE_KIND_LABELS, compareCapText, compareLimitsText } from '../../../../shared/rules/backup/compare';
import { countOf } from '../../../../shared/rules/platform/counts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/DataTable';
import { formatBytes, formatDate } from '../../components/format';

type SideName = 'from' | 'to';

/** What a kind's filter says beside its name: how many, and how many bytes. */
function kindSummary(kind: CompareKind, comparison: FolderComparison): string {
  const { totals } = comparison;
  if (kind === 'changed') return `${countOf(totals.changed.count, 'item')}, ${formatBytes(totals.changed.fromBytes)} → ${formatBytes(totals.changed.toBytes)}`;
  return `${countOf(totals[kind].count, 'item')}, ${formatBytes(totals[kind].bytes)}`;
}

function SideNotice({ label, side }: { label: string; side: CompareSide }) {
  if (side.state === 'read') {
    return side.source === 'cache' ? (
      <div className={Classes.TEXT_MUTED} data-testid="compare-side-cached">
        {label}: from cached listings{side.fetchedAt ? ` (fetched ${formatDate(new Date(side.fetchedAt).toISOString())})` : ''}.
      </div>
    ) : null;
  }
  return (
    <Callout intent={side.state === 'unread' ? Intent.DANGER : Intent.WARNING} icon={side.state === 'unread' ? 'error' : 'warning-sign'} data-testid="compare-side-notice">
      <strong>{label}</strong>: {side.message}
      {side.unreadFolders.length > 0 && side.state === 'partial' && <> ({side.unreadFolders.join(', ')})</>}
    </Callout>
  );
}

/** What was compared, the caps reached, and what each date could not read. */
export function CompareNotices({ comparison, fromLabel, toLabel }: { comparison: FolderComparison; fromLabel: string; toLabel: string }) {
  const capText = compareCapText(comparison.capped, comparison.limits);
  return (
    <div className="compare-notices">
      <div className={Classes.TEXT_MUTED} data-testid="compare-limits">
        {compareLimitsText(comparison.limits)}
        {comparison.caseInsensitive ? ' Paths are matched ignoring case (Windows).' : ''}
      </div>
      {capText && (
        <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="compare-cap">
          {capText}
        </Callout>
      )}
      <SideNotice label={fromLabel} side={comparison.from} />
      <SideNotice label={toLabel} side={comparison.to} />
    </div>
  );
}

/** One checkbox per kind of change, each with its count and bytes. */
export function CompareFilters({ comparison, shown, onChange }: { comparison: FolderComparison; shown: Record<CompareKind, boolean>; onChange(kind: CompareKind, checked: boolean): void }) {
  return (
    <fieldset className="compare-filters">
      <legend className={Classes.TEXT_MUTED}>Show</legend>
      {COMPARE_KINDS.map((kind) => (
        <Checkbox
          key={kind}
          checked={shown[kind]}
          onChange={(event) => onChange(kind, event.currentTarget.checked)}
          label={`${COMPARE_KIND_LABELS[kind]}: ${kindSummary(kind, comparison)}`}
        />
      ))}
    </fieldset>
  );
}

export interface CompareResultsProps {
  comparison: FolderComparison;
  /** Each side's date as the list showed it (the notices and the row actions name it; the columns say from and to). */
  fromLabel: string;
  toLabel: string;
  /** Downloads and restores are offered (permission canViewAndRestoreBackupData, §6). */
  canAct: boolean;
  onDownload(row: CompareRow, side: SideName): void;
  onRestore(row: CompareRow, side: SideName): void;
}

export function CompareResults({ comparison, fromLabel, toLabel, canAct, onDownload, onRestore }: CompareResultsProps) {
  const [shown, setShown] = useState<Record<CompareKind, boolean>>({ added: true, removed: true, changed: true });
  const rows = useMemo(() => comparison.rows.filter((row) => shown[row.kind]), [comparison, shown]);
  const bothRead = comparison.from.state !== 'unread' && comparison.to.state !== 'unread';

  const columns = useMemo<DataTableColumn<CompareRow>[]>(() => {
    const size = (row: CompareRow, side: SideName) => {
      const state = row[side];
      if (!state) return '-';
      return row.folder ? `${formatBytes(state.size)} (${countOf(row.inside, 'item')})` : formatBytes(state.size);
    };
    return [
      { id: 'change', title: 'Change', width: 100, render: (row) => COMPARE_KIND_LABELS[row.kind], sortValue: (row) => row.kind },
      { id: 'path', title: 'Path', width: 360, render: (row) => (row.folder ? `${row.relativePath}/` : row.relativePath), sortValue: (row) => row.relativePath.toLowerCase() },
      { id: 'size-from', title: 'Size (from)', width: 150, render: (row) => size(row, 'from'), sortValue: (row) => row.from?.size ?? -1 },
      { id: 'size-to', title: 'Size (to)', width: 150, render: (row) => size(row, 'to'), sortValue: (row) => row.to?.size ?? -1 },
      { id: 'modified-from', title: 'Modified (from)', width: 180, render: (row) => formatDate(row.from?.modified ?? null), sortValue: (row) => row.from?.modified ?? '' },
      { id: 'modified-to', title: 'Modified (to)', width: 180, render: (row) => formatDate(row.to?.modified ?? null), sortValue: (row) => row.to?.modified ?? '' },
    ];
  }, []);

  const actions = useMemo<RowAction<CompareRow>[]>(() => {
    if (!canAct) return [];
    const absent = (side: SideName, label: string) => (row: CompareRow) => (row[side] ? undefined : `Not in the backup of ${label}`);
    return [
      { id: 'download-from', label: `Download from ${fromLabel}`, icon: 'download', run: (row) => onDownload(row, 'from'), disabled: (row) => !row.from, disabledReason: absent('from', fromLabel) },
      { id: 'download-to', label: `Download from ${toLabel}`, icon: 'download', run: (row) => onDownload(row, 'to'), disabled: (row) => !row.to, disabledReason: absent('to', toLabel) },
      { id: 'restore-from', label: `Restore from ${fromLabel}`, icon: 'history', run: (row) => onRestore(row, 'from'), disabled: (row) => !row.from, disabledReason: absent('from', fromLabel) },
      { id: 'restore-to', label: `Restore from ${toLabel}`, icon: 'history', run: (row) => onRestore(row, 'to'), disabled: (row) => !row.to, disabledReason: absent('to', toLabel) },
    ];
  }, [canAct, fromLabel, toLabel, onDownload, onRestore]);

  return (
    <>
      <CompareNotices comparison={comparison} fromLabel={fromLabel} toLabel={toLabel} />
      {bothRead && (
        <>
          <CompareFilters comparison={comparison} shown={shown} onChange={(kind, checked) => setShown((now) => ({ ...now, [kind]: checked }))} />
          <div className="compare-table">
            <DataTable<CompareRow>
              id="backup-compare"
              label="Changes between the two backup dates"
              columns={columns}
              rows={rows}
              rowId={(row) => `${row.kind}|${row.folder ? 'd' : 'f'}|${row.relativePath}`}
              rowLabel={(row) => row.relativePath}
              searchText={(row) => row.relativePath}
              searchPlaceholder="Search by path"
              actions={actions}
              noun="change"
              emptyTitle="No changes between these dates"
            />
          </div>
        </>
      )}
    </>
  );
}
