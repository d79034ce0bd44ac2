/**
 * The backup browser of one device (spec/backup-restore.md §2 "Backup browser",
 * §4 "Browser navigation"): a breadcrumb rooted at 'All plans', one table per
 * level, search with its 'Search Results' pseudo-level, and how old the
 * listing on screen is.
 */
import './BackupBrowser.css';
import { Button, Classes, InputGroup, Intent, NonIdealState, Spinner, Tooltip } from '@blueprintjs/core';
import { Breadcrumbs, type CrumbItem } from '../../components/Breadcrumbs';
import { PolicyNote } from './PolicyNote';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BackupPlan, Revision } from '../../../../shared/model/backup';
import type { BrowserRow } from '../../../../shared/model/backup/browser';
import { downloadTargetOf } from '../../../../shared/rules/downloads';
import {
  canEnterRow,
  describeAge,
  listingErrorMessage,
  RESTRICTED_FOLDER_MESSAGE,
  SEARCH_PLACEHOLDER,
  SEARCH_TOOLTIP,
} from '../../../../shared/rules/backup/browser';
import { isRowRestricted, planOfRow, searchScopeOf, singlePlanOf } from '../../../../shared/rules/backup/search';
import type { ApiError } from '../../core/api';
import { EMPTY_SELECTION, type Selection } from '../../components/data-table/selection';
import { featuresAtom, permissionsAtom } from '../../core/session';
import { showToast, presentError } from '../../core/toaster';
import { formatDate } from '../../components/format';
import { SkippedNotice } from '../../components/SkippedNotice';
import type { RestoreJob } from '../../../../shared/model/restore';
import type { QueryResult } from '../../core/data/use-query';
import { DeleteDataDialog, FilePreviewDialog, RestoreDialog, type DeletionEntry, type RestoreItem } from '../restore';
import { DownloadDialogFor, MountImageDialog } from './BrowserDialogs';
import { CompareDialog, compareTargetOf, type CompareTarget } from './CompareDialog';
import { mountImage } from './client';
import { BrowserTable } from './BrowserTable';
import type { ColumnContext } from './columns';
import { crumbPath, deletionOf, mountedCrumb, searchStep, levelOf, namesOf, nextCrumb, restoreItemOf, rootCrumb, searchPlaceOf, type Crumb } from './crumbs';
import { useListing } from './use-listing';
import { previewKindOf } from '../../../../shared/rules/backup/preview';
import { countOf } from '../../../../shared/rules/platform/counts';


/** The dialogs the browser opens, one at a time. */
type BrowserDialog =
  | { kind: 'mount'; revision: Revision; crumb: Crumb }
  | { kind: 'download'; rows: BrowserRow[]; crumb: Crumb }
  | { kind: 'restore'; items: RestoreItem[]; plan: BackupPlan }
  | { kind: 'delete'; target: Parameters<typeof DeleteDataDialog>[0]['target']; entries: DeletionEntry[] }
  | { kind: 'preview'; row: BrowserRow; crumb: Crumb }
  | { kind: 'compare'; target: CompareTarget };

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}


export function BackupBrowser({ nodeId, device, onRestoreCreated }: { nodeId: number; device: QueryResult<'devices.open'>; onRestoreCreated(job: RestoreJob): void }) {
  const features = useAtomValue(featuresAtom);
  const permissions = useAtomValue(permissionsAtom);
  const [crumbs, setCrumbs] = useState<Crumb[]>(() => [rootCrumb(nodeId)]);
  // The selection belongs to the listing it was made in; a new level starts with none.
  const [selection, setSelection] = useState<{ owner: Crumb | null; value: Selection }>({ owner: null, value: EMPTY_SELECTION });
  const [term, setTerm] = useState('');
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  /** The one dialog open over the browser, if any. */
  const [dialog, setDialog] = useState<BrowserDialog | null>(null);
  const [mountBusy, setMountBusy] = useState(false);
  const now = useNow(30_000);

  const current = crumbs[crumbs.length - 1]!;
  const level = levelOf(current);
  const onError = useCallback(
    (error: ApiError) => {
      if (error.code === 'NOT_AVAILABLE_OFFLINE') return;
      // §8: the level's message with names filled in.
      presentError(error, { message: listingErrorMessage(level, namesOf(current)), key: 'listing' });
    },
    [level, current],
  );
  const listing = useListing(current.source, onError);

  const tableSelection = selection.owner === current ? selection.value : EMPTY_SELECTION;
  // Over a window of the listing the table names what is selected (never "all but"): the rows the technician saw.
  const selected = tableSelection.ids;
  const setTableSelection = useCallback((value: Selection) => setSelection({ owner: current, value }), [current]);

  // §4 per row: a device-wide search mixes plans, so each row is judged by its own plan.
  const restrictedRow = useCallback((row: BrowserRow) => isRowRestricted(row, current.plan, permissions), [current, permissions]);
  const restricted = listing.ready && listing.loadedRows().some((row) => (row.kind === 'folder' || row.kind === 'item') && restrictedRow(row));

  const open = useCallback(
    (row: BrowserRow) => {
      if (row.kind === 'revision' && row.revision.type === 'IMAGE') {
        setDialog({ kind: 'mount', revision: row.revision, crumb: current });
        return;
      }
      if ((row.kind === 'folder' || row.kind === 'item') && restrictedRow(row)) {
        // §4: a restricted folder cannot be entered; say why instead of doing nothing.
        showToast({ message: RESTRICTED_FOLDER_MESSAGE, intent: Intent.WARNING, icon: 'lock', timeout: 6000 }, 'restricted');
        return;
      }
      const next = nextCrumb(current, row, nodeId);
      if (next) setCrumbs((stack) => [...stack, next]);
    },
    [current, nodeId, restrictedRow],
  );

  const ctx: ColumnContext = useMemo(
    () => ({
      plan: current.plan,
      fileStatus: current.fileStatus,
      features,
      canEnter: (row) => {
        if (row.kind === 'revision') return row.revision.type === 'IMAGE' && features.cloud_image_mounting && permissions.canViewAndRestoreBackupData;
        return canEnterRow(row, restrictedRow(row));
      },
      isRestricted: (row) => (row.kind === 'folder' || row.kind === 'item') && restrictedRow(row),
      onOpen: open,
      // A search result downloads, restores and previews from its own plan.
      downloadOf: (row) => {
        const plan = planOfRow(row, current.plan);
        return plan ? downloadTargetOf(row, plan, permissions) : null;
      },
      onDownload: (row) => setDialog({ kind: 'download', rows: [row], crumb: current }),
      canRestore: (row) => permissions.canViewAndRestoreBackupData && !!planOfRow(row, current.plan) && restoreItemOf(row, current) !== null,
      onRestore: (row) => {
        const item = restoreItemOf(row, current);
        const plan = planOfRow(row, current.plan);
        if (item && plan) setDialog({ kind: 'restore', items: [item], plan });
      },
      canPreview: (row) =>
        permissions.canViewAndRestoreBackupData &&
        !!planOfRow(row, current.plan) &&
        ((row.kind === 'item' && row.item.type === 'FILE' && previewKindOf(row.item.name) !== null) ||
          (row.kind === 'revision' && row.revision.type === 'FILE' && previewKindOf(current.label) !== null)),
      onPreview: (row) => setDialog({ kind: 'preview', row, crumb: current }),
      canCompare: (row) => !restrictedRow(row) && compareTargetOf(row, current.plan) !== null,
      onCompare: (row) => {
        const target = compareTargetOf(row, current.plan);
        if (target) setDialog({ kind: 'compare', target });
      },
    }),
    [current, features, permissions, restrictedRow, open],
  );

  const selectedRows = () => listing.loadedRows().filter((row) => selected.has(row.key));
  // One restore (or deletion) is of one plan: a selection across plans (device-wide search) is refused.
  const selectionPlan = selected.size > 0 ? singlePlanOf(selectedRows(), current.plan) : null;
  const restorableSelected = selectionPlan !== null && selectedRows().some((row) => ctx.canRestore(row));
  const restoreSelection = () => {
    if (!selectionPlan) return;
    const items = selectedRows()
      .map((row) => restoreItemOf(row, current))
      .filter((item): item is RestoreItem => item !== null);
    if (items.length > 0) setDialog({ kind: 'restore', items, plan: selectionPlan });
  };
  const deletion = permissions.canViewAndRestoreBackupData && selected.size > 0 ? deletionOf(selectedRows(), level === 'plans', selectionPlan, nodeId) : null;
  const deletableSelected = deletion !== null;
  const deleteSelection = () => {
    if (deletion) setDialog({ kind: 'delete', ...deletion });
  };
  const severalPlans = selected.size > 1 && selectionPlan === null && level === 'search';

  const downloadSelection = () => {
    const rows = listing.loadedRows().filter((row) => selected.has(row.key) && ctx.downloadOf(row));
    if (rows.length > 0) setDialog({ kind: 'download', rows, crumb: current });
  };
  const downloadableSelected = selected.size > 0 && listing.loadedRows().some((row) => selected.has(row.key) && ctx.downloadOf(row));

  const back = useCallback(() => setCrumbs((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack)), []);

  // The bar searches where the technician is, or says why it cannot.
  const searchScope = searchScopeOf(searchPlaceOf(crumbs));
  const search = () => {
    const step = searchStep(crumbs, term, searchScope, nodeId);
    setSearchProblem(step.kind === 'problem' ? step.problem : null);
    if (step.kind === 'back' || step.kind === 'search') setCrumbs(step.crumbs);
  };

  const breadcrumbItems: CrumbItem[] = crumbs.map((crumb, i) => ({
    text: crumb.label,
    current: i === crumbs.length - 1,
    href: `#${crumbPath(nodeId, crumbs, i)}`,
    onClick: i === crumbs.length - 1 ? undefined : () => setCrumbs((stack) => stack.slice(0, i + 1)),
  }));

  const deviceName = device.data?.displayName ?? `Device ${nodeId}`;

  return (
    <section className="backup-browser" aria-label="Backup browser">
      <div className="browser-header">
        <div className="browser-title">
          {/* The screen's h1. */}
          <h1 className={`${Classes.HEADING} page-title`}>
            {deviceName}
            {device.loading && <Spinner size={14} className="inline-spinner" />}
          </h1>
          <PolicyNote policyId={device.data?.policyId} />
        </div>
        <div className="browser-search">
          {/* On hover only, and not over a problem it would hide: typing must see the toolbar and the message below. */}
          <Tooltip content={searchScope.kind === 'none' ? searchScope.reason : SEARCH_TOOLTIP} placement="bottom" openOnTargetFocus={false} disabled={!!searchProblem}>
            <InputGroup
              leftIcon="search"
              // Where the API has no search (image revisions, mounted content) the bar says so and stays off.
              placeholder={searchScope.kind === 'none' ? searchScope.reason : SEARCH_PLACEHOLDER}
              disabled={searchScope.kind === 'none'}
              value={searchScope.kind === 'none' ? '' : term}
              onValueChange={(value) => {
                setTerm(value);
                setSearchProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') search();
              }}
              intent={searchProblem ? Intent.DANGER : Intent.NONE}
              aria-label="Search backup content"
            />
          </Tooltip>
          <Button onClick={search} intent={Intent.PRIMARY} disabled={searchScope.kind === 'none'}>
            Search
          </Button>
        </div>
      </div>
      {searchScope.kind === 'none' && (
        <div className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED} search-unavailable`} data-testid="search-unavailable">
          {searchScope.reason}
        </div>
      )}
      {searchProblem && searchScope.kind !== 'none' && (
        <div className={`${Classes.TEXT_SMALL} search-problem`} role="alert">
          {searchProblem}
        </div>
      )}
      <div className="browser-bar">
        <Breadcrumbs items={breadcrumbItems} className="browser-breadcrumbs" />
        <span className={`${Classes.TEXT_MUTED} listing-age`} data-testid="listing-age">
          {listing.ready && !listing.error && listing.fetchedAt !== null && level !== 'search'
            ? `${describeAge(listing.fetchedAt, Math.max(now, listing.fetchedAt), listing.live)}${listing.complete ? '' : ' (partly)'}`
            : level === 'search' && listing.source === 'cache'
              ? 'from cached listings'
              : ''}
        </span>
        <Button icon="download" text="Download" disabled={!downloadableSelected} onClick={downloadSelection} title="Download the selected items" />
        <Button
          icon="history"
          text="Restore"
          disabled={!restorableSelected}
          onClick={restoreSelection}
          title={severalPlans ? 'The selected items belong to several plans: restore them plan by plan' : 'Restore the selected items'}
        />
        <Button icon="trash" text="Delete" disabled={!deletableSelected} onClick={deleteSelection} title="Delete the backup data of the selected items" intent={deletableSelected ? Intent.DANGER : Intent.NONE} />
        <Button variant="minimal" icon="refresh" aria-label="Reload listing" onClick={listing.reload} />
      </div>
      {restricted && (
        <div className={`${Classes.TEXT_MUTED} restricted-note`} data-testid="restricted-note">
          {RESTRICTED_FOLDER_MESSAGE}
        </div>
      )}
      {listing.notice && (
        <div className={`${Classes.TEXT_MUTED} listing-notice`} role="status">
          {listing.notice}
        </div>
      )}
      {/* Unreadable items of the server's answer are left out, and counted here. */}
      <SkippedNotice count={listing.skipped} />
      <BrowserTable
        // A new listing is a new table: its show-selected-only, slice and keyboard row start over.
        key={JSON.stringify(current.source)}
        level={level}
        listing={listing}
        ctx={ctx}
        selection={tableSelection}
        onSelectionChange={setTableSelection}
        onBack={back}
        errorTitle={listingErrorMessage(level, namesOf(current))}
      />
      <div className="browser-footer">
        {/* Said politely as it changes (the table's own count is left to this one). */}
        <span data-testid="row-count" role="status">
          {!listing.ready ? 'Loading…' : listing.error ? '' : listing.counting ? `At least ${countOf(listing.total, 'item')} (counting…)` : countOf(listing.total, 'item')}
        </span>
      </div>
      {dialog?.kind === 'mount' && (
        <MountImageDialog
          revision={dialog.revision}
          volumeName={dialog.crumb.volumeName}
          busy={mountBusy}
          onCancel={() => setDialog(null)}
          onMount={async () => {
            const next = mountedCrumb(dialog.crumb, dialog.revision, nodeId, formatDate(dialog.revision.modified));
            if (!next) return;
            setMountBusy(true);
            try {
              // §4: the image is mounted in the cloud first; then its folders and files browse.
              await mountImage({ nodeId, planUid: dialog.crumb.plan!.uid, revisionId: dialog.revision.id });
            } catch (error) {
              presentError(error, { key: 'mount' });
              return;
            } finally {
              setMountBusy(false);
            }
            setDialog(null);
            setCrumbs((stack) => [...stack, next]);
          }}
        />
      )}
      {dialog?.kind === 'download' && (
        <DownloadDialogFor nodeId={nodeId} deviceName={deviceName} rows={dialog.rows} crumb={dialog.crumb} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'restore' && (
        <RestoreDialog
          source={device.data ?? null}
          nodeId={nodeId}
          plan={dialog.plan}
          items={dialog.items}
          onClose={() => setDialog(null)}
          onCreated={onRestoreCreated}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDataDialog
          target={dialog.target}
          entries={dialog.entries}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setSelection({ owner: null, value: EMPTY_SELECTION });
            listing.reload();
          }}
        />
      )}
      {dialog?.kind === 'preview' && planOfRow(dialog.row, dialog.crumb.plan) && (
        <FilePreviewDialog
          nodeId={nodeId}
          planUid={planOfRow(dialog.row, dialog.crumb.plan)!.uid}
          name={dialog.row.kind === 'item' ? dialog.row.item.name : dialog.crumb.label}
          size={dialog.row.kind === 'item' ? dialog.row.item.size : dialog.row.kind === 'revision' ? dialog.row.revision.size : 0}
          revisionId={dialog.row.kind === 'revision' ? dialog.row.revision.id : undefined}
          fileId={dialog.row.kind === 'item' ? dialog.row.item.id : undefined}
          onClose={() => setDialog(null)}
          onDownload={() => setDialog({ kind: 'download', rows: [dialog.row], crumb: dialog.crumb })}
        />
      )}
      {dialog?.kind === 'compare' && (
        <CompareDialog nodeId={nodeId} target={dialog.target} source={device.data ?? null} onClose={() => setDialog(null)} onRestoreCreated={onRestoreCreated} />
      )}
      {!device.data && device.error && !device.loading && <NonIdealState icon="warning-sign" description={device.error.message} />}
    </section>
  );
}
