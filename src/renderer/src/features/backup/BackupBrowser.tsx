/**
 * The backup browser of one device (spec/backup-restore.md §2 "Backup browser",
 * §4 "Browser navigation"): a breadcrumb rooted at 'All plans', one table per
 * level, search with its 'Search Results' pseudo-level, and how old the
 * listing on screen is.
 */
import { Breadcrumbs, Button, Classes, Dialog, DialogBody, DialogFooter, InputGroup, Intent, NonIdealState, Spinner, Tooltip, type BreadcrumbProps } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BackupPlan, ItemStatus, Revision } from '../../../../shared/model/backup';
import type { BrowserLocation, BrowserRow, SearchQuery } from '../../../../shared/model/browser';
import { DEFAULT_FEATURES } from '../../../../shared/model/features';
import type { DownloadRequest } from '../../../../shared/model/downloads';
import { downloadTargetOf } from '../../../../shared/rules/downloads';
import {
  BREADCRUMB_ROOT,
  canEnterRow,
  describeAge,
  isListingRestricted,
  listingErrorMessage,
  SEARCH_PLACEHOLDER,
  SEARCH_RESULTS_LEVEL,
  SEARCH_TOOLTIP,
  searchTermProblem,
  type ListingNames,
} from '../../../../shared/rules/browser';
import type { ApiError } from '../../api/client';
import { sessionAtom } from '../../app/state';
import { toastError } from '../../app/toaster';
import { formatBytes, formatDate } from '../../components/format';
import { SkippedNotice } from '../../components/SkippedNotice';
import { api } from '../../api/client';
import { DownloadBatchDialog, DownloadFileDialog, DownloadFolderDialog, DownloadImageDialog, type BatchEntry } from '../downloads/DownloadDialogs';
import type { RestoreJob } from '../../../../shared/model/restore';
import type { QueryResult } from '../../api/use-call';
import { DeleteDataDialog, type DeletionEntry } from '../restore/DeleteDialogs';
import { FilePreviewDialog } from '../restore/FilePreviewDialog';
import { RestoreDialog, type RestoreItem } from '../restore/RestoreDialog';
import { errorMessage } from '../../api/client';
import { BrowserTable } from './BrowserTable';
import type { ColumnContext } from './columns';
import { useListing, type ListingSource } from './use-listing';

/** One step of the breadcrumb: what it shows and the context its rows need. */
interface Crumb {
  label: string;
  source: ListingSource;
  plan?: BackupPlan;
  volumeName?: string;
  folderName?: string;
  folderPath?: string;
  folderId?: string;
  fileStatus?: ItemStatus;
  /** The file whose revisions are listed. */
  filePath?: string;
  /** The mounted image revision (mounted levels). */
  imageRevision?: Revision;
}

function levelOf(crumb: Crumb) {
  return crumb.source.kind === 'search' ? 'search' : crumb.source.location.level;
}

function rootCrumb(nodeId: number): Crumb {
  return { label: BREADCRUMB_ROOT, source: { kind: 'location', location: { level: 'plans', nodeId } } };
}

/** §4: where opening a row leads, or null when it cannot be entered. */
function nextCrumb(current: Crumb, row: BrowserRow, nodeId: number): Crumb | null {
  const base = { plan: current.plan, volumeName: current.volumeName };
  const at = (location: BrowserLocation): ListingSource => ({ kind: 'location', location });
  switch (row.kind) {
    case 'plan':
      return { label: row.plan.name, plan: row.plan, source: at({ level: 'volumes', nodeId, planUid: row.plan.uid }) };
    case 'volume': {
      const plan = current.plan;
      if (!plan) return null;
      if (plan.type === 'IMAGE') {
        if (!row.volume.fileId) return null;
        return {
          ...base,
          label: row.volume.name,
          volumeName: row.volume.name,
          source: at({ level: 'revisions', nodeId, planUid: plan.uid, fileId: row.volume.fileId, source: 'image', planNumericId: plan.id }),
        };
      }
      return { ...base, label: row.volume.name, volumeName: row.volume.name, source: at({ level: 'folders', nodeId, planUid: plan.uid, volumeId: row.volume.id }) };
    }
    case 'folder':
      if (!current.plan) return null;
      return {
        ...base,
        label: row.folder.name,
        folderName: row.folder.name,
        folderPath: row.folder.path,
        folderId: row.folder.id,
        source: at({ level: 'files', nodeId, planUid: current.plan.uid, folderId: row.folder.id }),
      };
    case 'item':
      if (!current.plan) return null;
      if (row.item.type === 'FOLDER') {
        return {
          ...base,
          label: row.item.name,
          folderName: row.item.name,
          folderPath: row.item.path,
          folderId: row.item.id,
          source: at({ level: 'files', nodeId, planUid: current.plan.uid, folderId: row.item.id }),
        };
      }
      return {
        ...base,
        label: row.item.name,
        folderName: row.item.name,
        fileStatus: row.item.status,
        filePath: row.item.path,
        source: at({ level: 'revisions', nodeId, planUid: current.plan.uid, fileId: row.item.id, source: 'file' }),
      };
    case 'revision':
      return null; // Image revisions open through the Mount Image dialog.
    case 'mounted':
      if (row.item.type !== 'FOLDER' || current.source.kind !== 'location') return null;
      if (current.source.location.level !== 'mounted-folders' && current.source.location.level !== 'mounted-files') return null;
      return {
        ...base,
        imageRevision: current.imageRevision,
        label: row.item.name,
        folderName: row.item.name,
        source: at({ level: 'mounted-files', nodeId, planUid: current.source.location.planUid, revisionId: current.source.location.revisionId, folder: row.path }),
      };
  }
}

function namesOf(crumb: Crumb): ListingNames {
  return { planName: crumb.plan?.name, volumeName: crumb.volumeName, folderName: crumb.folderName ?? crumb.label };
}

const EMPTY_SELECTION: ReadonlySet<string> = new Set();

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** What a row restores (§2 "Restore dialogs"), or null when it cannot be restored. */
function restoreItemOf(row: BrowserRow, crumb: Crumb): RestoreItem | null {
  const location = crumb.source.kind === 'location' ? crumb.source.location : null;
  switch (row.kind) {
    case 'folder':
      return { kind: 'folder', name: row.folder.name, path: row.folder.path, folderId: row.folder.id, isRoot: true };
    case 'item':
      return row.item.type === 'FOLDER'
        ? { kind: 'folder', name: row.item.name, path: row.item.path, folderId: row.item.id }
        : { kind: 'file', name: row.item.name, path: row.item.path, fileId: row.item.id };
    case 'revision':
      if (row.revision.type === 'IMAGE' || location?.level !== 'revisions') return null;
      return { kind: 'file', name: crumb.label, path: crumb.filePath ?? crumb.label, fileId: location.fileId, revision: row.revision };
    case 'mounted':
      if (!crumb.imageRevision) return null;
      return { kind: 'image', name: row.item.name, path: row.path, imageRevision: crumb.imageRevision, imageType: row.item.type === 'FOLDER' ? 'FOLDER' : 'FILE' };
    default:
      return null;
  }
}

/** Rows whose backup data can be deleted from this listing (§2 "Delete confirmations"). */
function deletableEntry(row: BrowserRow): (DeletionEntry & { id: string; folder: boolean; plan?: BackupPlan }) | null {
  switch (row.kind) {
    case 'plan':
      return { id: row.plan.uid, name: row.plan.name, path: row.plan.name, folder: false, plan: row.plan };
    case 'folder':
      return { id: row.folder.id, name: row.folder.name, path: row.folder.path, folder: true };
    case 'item':
      return { id: row.item.id, name: row.item.name, path: row.item.path, folder: row.item.type === 'FOLDER' };
    default:
      return null;
  }
}

const PREVIEW_EXTENSIONS = /\.(txt|log|csv|json|xml|md|ini|cfg|conf|ps1|bat|cmd|sh|ya?ml|ics|sql|html?|css|js|ts|png|jpe?g|gif|bmp|webp)$/i;

export function BackupBrowser({ nodeId, device, onRestoreCreated }: { nodeId: number; device: QueryResult<'devices.open'>; onRestoreCreated(job: RestoreJob): void }) {
  const session = useAtomValue(sessionAtom);
  const user = session?.status === 'signed-in' ? session.user : null;
  const features = user?.features ?? DEFAULT_FEATURES;
  const permissions = useMemo(() => user?.permissions ?? { canViewAndRestoreBackupData: false }, [user]);
  const [crumbs, setCrumbs] = useState<Crumb[]>(() => [rootCrumb(nodeId)]);
  // The selection belongs to the listing it was made in; a new level starts with none.
  const [selection, setSelection] = useState<{ owner: Crumb | null; keys: Set<string> }>({ owner: null, keys: new Set() });
  const [term, setTerm] = useState('');
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const [mounting, setMounting] = useState<{ revision: Revision; crumb: Crumb } | null>(null);
  const [downloading, setDownloading] = useState<{ rows: BrowserRow[]; crumb: Crumb } | null>(null);
  const [restoring, setRestoring] = useState<{ items: RestoreItem[]; plan: BackupPlan } | null>(null);
  const [deleting, setDeleting] = useState<{ target: Parameters<typeof DeleteDataDialog>[0]['target']; entries: DeletionEntry[] } | null>(null);
  const [previewing, setPreviewing] = useState<{ row: BrowserRow; crumb: Crumb } | null>(null);
  const [mountBusy, setMountBusy] = useState(false);
  const now = useNow(30_000);

  const current = crumbs[crumbs.length - 1]!;
  const level = levelOf(current);
  const onError = useCallback(
    (error: ApiError) => {
      if (error.code === 'NOT_AVAILABLE_OFFLINE') return;
      // §8: the level's message with names filled in.
      toastError(listingErrorMessage(level, namesOf(current)), 'listing');
    },
    [level, current],
  );
  const listing = useListing(current.source, onError);

  const selected = selection.owner === current ? selection.keys : EMPTY_SELECTION;
  const setSelected = useCallback((keys: Set<string>) => setSelection({ owner: current, keys }), [current]);

  const restricted = current.plan?.type === 'FILE_FOLDER' && isListingRestricted(permissions, current.plan);

  const open = useCallback(
    (row: BrowserRow) => {
      if (row.kind === 'revision' && row.revision.type === 'IMAGE') {
        setMounting({ revision: row.revision, crumb: current });
        return;
      }
      const next = nextCrumb(current, row, nodeId);
      if (next) setCrumbs((stack) => [...stack, next]);
    },
    [current, nodeId],
  );

  const ctx: ColumnContext = useMemo(
    () => ({
      plan: current.plan,
      fileStatus: current.fileStatus,
      features,
      canEnter: (row) => {
        if (row.kind === 'revision') return row.revision.type === 'IMAGE' && features.cloud_image_mounting && permissions.canViewAndRestoreBackupData;
        return canEnterRow(row, restricted);
      },
      onOpen: open,
      downloadOf: (row) => (current.plan ? downloadTargetOf(row, current.plan, permissions) : null),
      onDownload: (row) => setDownloading({ rows: [row], crumb: current }),
      canRestore: (row) => permissions.canViewAndRestoreBackupData && !!current.plan && restoreItemOf(row, current) !== null,
      onRestore: (row) => {
        const item = restoreItemOf(row, current);
        if (item && current.plan) setRestoring({ items: [item], plan: current.plan });
      },
      canPreview: (row) =>
        permissions.canViewAndRestoreBackupData &&
        !!current.plan &&
        ((row.kind === 'item' && row.item.type === 'FILE' && PREVIEW_EXTENSIONS.test(row.item.name)) ||
          (row.kind === 'revision' && row.revision.type === 'FILE' && PREVIEW_EXTENSIONS.test(current.label))),
      onPreview: (row) => setPreviewing({ row, crumb: current }),
    }),
    [current, features, permissions, restricted, open],
  );

  const selectedRows = () => listing.loadedRows().filter((row) => selected.has(row.key));
  const restorableSelected = selected.size > 0 && selectedRows().some((row) => ctx.canRestore(row));
  const restoreSelection = () => {
    if (!current.plan) return;
    const items = selectedRows()
      .map((row) => restoreItemOf(row, current))
      .filter((item): item is RestoreItem => item !== null);
    if (items.length > 0) setRestoring({ items, plan: current.plan });
  };
  const deletableSelected = permissions.canViewAndRestoreBackupData && selected.size > 0 && selectedRows().every((row) => deletableEntry(row) !== null);
  const deleteSelection = () => {
    const entries = selectedRows()
      .map(deletableEntry)
      .filter((entry): entry is NonNullable<ReturnType<typeof deletableEntry>> => entry !== null);
    if (entries.length === 0) return;
    if (level === 'plans') {
      setDeleting({ target: { kind: 'plans', nodeId, planUids: entries.map((e) => e.id), planName: entries.map((e) => e.name).join(', ') }, entries });
      return;
    }
    if (!current.plan) return;
    setDeleting({
      target: {
        kind: 'items',
        nodeId,
        planUid: current.plan.uid,
        planName: current.plan.name,
        fileIds: entries.filter((e) => !e.folder).map((e) => e.id),
        folderIds: entries.filter((e) => e.folder).map((e) => e.id),
      },
      entries,
    });
  };

  const downloadSelection = () => {
    const rows = listing.loadedRows().filter((row) => selected.has(row.key) && ctx.downloadOf(row));
    if (rows.length > 0) setDownloading({ rows, crumb: current });
  };
  const downloadableSelected = selected.size > 0 && listing.loadedRows().some((row) => selected.has(row.key) && ctx.downloadOf(row));

  const back = useCallback(() => setCrumbs((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack)), []);

  const search = () => {
    const problem = searchTermProblem(term);
    setSearchProblem(problem);
    if (problem) return;
    const scope = crumbs.filter((c) => c.source.kind === 'location');
    const inner = scope[scope.length - 1]!;
    const query: Omit<SearchQuery, 'page'> = {
      nodeId,
      term: term.trim(),
      ...(inner.plan?.type === 'FILE_FOLDER' ? { planUid: inner.plan.uid } : {}),
      ...(inner.folderId && inner.plan?.type === 'FILE_FOLDER' ? { folderId: inner.folderId, folderPath: inner.folderPath } : {}),
    };
    const crumb: Crumb = { label: SEARCH_RESULTS_LEVEL, plan: inner.plan, source: { kind: 'search', query } };
    setCrumbs((stack) => [...(stack[stack.length - 1]?.source.kind === 'search' ? stack.slice(0, -1) : stack), crumb]);
  };

  const breadcrumbItems: BreadcrumbProps[] = crumbs.map((crumb, i) => ({
    text: crumb.label,
    current: i === crumbs.length - 1,
    onClick: i === crumbs.length - 1 ? undefined : () => setCrumbs((stack) => stack.slice(0, i + 1)),
  }));

  const deviceName = device.data?.displayName ?? `Device ${nodeId}`;

  return (
    <section className="backup-browser" aria-label="Backup browser">
      <div className="browser-header">
        <h2 className={Classes.HEADING}>
          {deviceName}
          {device.loading && <Spinner size={14} className="inline-spinner" />}
        </h2>
        <div className="browser-search">
          <Tooltip content={SEARCH_TOOLTIP} placement="bottom">
            <InputGroup
              leftIcon="search"
              placeholder={SEARCH_PLACEHOLDER}
              value={term}
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
          <Button onClick={search} intent={Intent.PRIMARY}>
            Search
          </Button>
        </div>
      </div>
      {searchProblem && (
        <div className={`${Classes.TEXT_SMALL} search-problem`} role="alert">
          {searchProblem}
        </div>
      )}
      <div className="browser-bar">
        <Breadcrumbs items={breadcrumbItems} className="browser-breadcrumbs" />
        <span className={`${Classes.TEXT_MUTED} listing-age`} data-testid="listing-age">
          {listing.ready && !listing.error && listing.fetchedAt !== null && level !== 'search'
            ? `${describeAge(listing.fetchedAt, Math.max(now, listing.fetchedAt))}${listing.complete ? '' : ' (partly)'}`
            : level === 'search' && listing.source === 'cache'
              ? 'from cached listings'
              : ''}
        </span>
        <Button icon="download" text="Download" disabled={!downloadableSelected} onClick={downloadSelection} title="Download the selected items" />
        <Button icon="history" text="Restore" disabled={!restorableSelected} onClick={restoreSelection} title="Restore the selected items" />
        <Button icon="trash" text="Delete" disabled={!deletableSelected} onClick={deleteSelection} title="Delete the backup data of the selected items" intent={deletableSelected ? Intent.DANGER : Intent.NONE} />
        <Button variant="minimal" icon="refresh" aria-label="Reload listing" onClick={listing.reload} />
      </div>
      {restricted && (level === 'folders' || level === 'files') && (
        <div className={`${Classes.TEXT_MUTED} restricted-note`}>You need the permission to view and restore backup data to open these folders.</div>
      )}
      {/* Issue 11 point 5: unreadable items of the server's answer are left out, and counted here. */}
      <SkippedNotice count={listing.skipped} />
      <BrowserTable
        level={level}
        listing={listing}
        ctx={ctx}
        selected={selected}
        onSelectionChange={setSelected}
        onBack={back}
        errorTitle={listingErrorMessage(level, namesOf(current))}
      />
      <div className="browser-footer">
        <span data-testid="row-count">{listing.ready && !listing.error ? `${listing.total} items` : ''}</span>
        <span>{selected.size > 0 ? `${selected.size} selected` : ''}</span>
      </div>
      {mounting && (
        <MountImageDialog
          revision={mounting.revision}
          volumeName={mounting.crumb.volumeName}
          busy={mountBusy}
          onCancel={() => setMounting(null)}
          onMount={async () => {
            const planUid = mounting.crumb.plan?.uid;
            if (!planUid) return;
            setMountBusy(true);
            try {
              // §4: the image is mounted in the cloud first; then its folders and files browse.
              await api.call('backup.mount', { nodeId, planUid, revisionId: mounting.revision.id });
            } catch (error) {
              toastError(errorMessage(error), 'mount');
              return;
            } finally {
              setMountBusy(false);
            }
            setMounting(null);
            setCrumbs((stack) => [
              ...stack,
              {
                plan: mounting.crumb.plan,
                volumeName: mounting.crumb.volumeName,
                imageRevision: mounting.revision,
                label: formatDate(mounting.revision.modified),
                folderName: formatDate(mounting.revision.modified),
                source: { kind: 'location', location: { level: 'mounted-folders', nodeId, planUid, revisionId: mounting.revision.id, folder: '/' } },
              },
            ]);
          }}
        />
      )}
      {downloading && (
        <DownloadDialogFor nodeId={nodeId} deviceName={deviceName} rows={downloading.rows} crumb={downloading.crumb} onClose={() => setDownloading(null)} />
      )}
      {restoring && (
        <RestoreDialog
          source={device.data ?? null}
          nodeId={nodeId}
          plan={restoring.plan}
          items={restoring.items}
          onClose={() => setRestoring(null)}
          onCreated={onRestoreCreated}
        />
      )}
      {deleting && (
        <DeleteDataDialog
          target={deleting.target}
          entries={deleting.entries}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setSelection({ owner: null, keys: new Set() });
            listing.reload();
          }}
        />
      )}
      {previewing && current.plan && (
        <FilePreviewDialog
          nodeId={nodeId}
          planUid={current.plan.uid}
          name={previewing.row.kind === 'item' ? previewing.row.item.name : previewing.crumb.label}
          size={previewing.row.kind === 'item' ? previewing.row.item.size : previewing.row.kind === 'revision' ? previewing.row.revision.size : 0}
          revisionId={previewing.row.kind === 'revision' ? previewing.row.revision.id : undefined}
          fileId={previewing.row.kind === 'item' ? previewing.row.item.id : undefined}
          onClose={() => setPreviewing(null)}
          onDownload={() => {
            setDownloading({ rows: [previewing.row], crumb: previewing.crumb });
            setPreviewing(null);
          }}
        />
      )}
      {!device.data && device.error && !device.loading && <NonIdealState icon="warning-sign" description={device.error.message} />}
    </section>
  );
}

/** 'Mount Image' confirmation (§2): Revision Date, Volume Name, Volume Size ('-' when unknown). */
function MountImageDialog(props: { revision: Revision; volumeName?: string; busy: boolean; onCancel(): void; onMount(): void }) {
  return (
    <Dialog isOpen title="Mount Image" onClose={props.onCancel} icon="archive">
      <DialogBody>
        <dl className="mount-details">
          <dt>Revision Date</dt>
          <dd>{formatDate(props.revision.modified)}</dd>
          <dt>Volume Name</dt>
          <dd>{props.volumeName || '-'}</dd>
          <dt>Volume Size</dt>
          <dd>{props.revision.size > 0 ? formatBytes(props.revision.size) : '-'}</dd>
        </dl>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onCancel}>Cancel</Button>
            <Button intent={Intent.PRIMARY} loading={props.busy} onClick={props.onMount}>
              Mount
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/** The download dialog for the rows chosen in one listing (spec §2 "Download dialogs"). */
function DownloadDialogFor({ nodeId, deviceName, rows, crumb, onClose }: { nodeId: number; deviceName: string; rows: BrowserRow[]; crumb: Crumb; onClose(): void }) {
  const plan = crumb.plan;
  const location = crumb.source.kind === 'location' ? crumb.source.location : null;
  const session = useAtomValue(sessionAtom);
  const permissions = session?.status === 'signed-in' ? session.user.permissions : { canViewAndRestoreBackupData: false };
  if (!plan) return null;
  const targetOf = (row: BrowserRow) => downloadTargetOf(row, plan, permissions);

  if (rows.length > 1) {
    const entries: BatchEntry[] = rows.map((row) => batchEntry(nodeId, plan.uid, row, location, crumb, targetOf(row)?.available ?? false));
    return <DownloadBatchDialog nodeId={nodeId} entries={entries} onClose={onClose} />;
  }
  const row = rows[0]!;
  const target = targetOf(row);
  if (!target) return null;
  switch (row.kind) {
    case 'item':
      return row.item.type === 'FOLDER' ? (
        <DownloadFolderDialog nodeId={nodeId} planUid={plan.uid} folderId={row.item.id} folderName={row.item.name} path={row.item.path} available={target.available} onClose={onClose} />
      ) : (
        <DownloadFileDialog nodeId={nodeId} planUid={plan.uid} fileId={row.item.id} fileName={row.item.name} path={row.item.path} available={target.available} onClose={onClose} />
      );
    case 'folder':
      return <DownloadFolderDialog nodeId={nodeId} planUid={plan.uid} folderId={row.folder.id} folderName={row.folder.name} path={row.folder.path} available={target.available} onClose={onClose} />;
    case 'revision':
      if (location?.level !== 'revisions') return null;
      return (
        <DownloadFileDialog
          nodeId={nodeId}
          planUid={plan.uid}
          fileId={location.fileId}
          fileName={crumb.label}
          preselected={row.revision}
          available={target.available}
          onClose={onClose}
        />
      );
    case 'mounted':
      if (location?.level !== 'mounted-folders' && location?.level !== 'mounted-files') return null;
      return (
        <DownloadImageDialog
          nodeId={nodeId}
          deviceName={deviceName}
          planUid={location.planUid}
          planName={plan.name}
          revisionId={location.revisionId}
          path={row.path}
          name={row.item.name}
          type={row.item.type === 'FOLDER' ? 'FOLDER' : 'FILE'}
          onClose={onClose}
        />
      );
    default:
      return null;
  }
}

/** One row of a multi-selection: files at their newest cloud revision, folders at their newest backup date. */
function batchEntry(nodeId: number, planUid: string, row: BrowserRow, location: BrowserLocation | null, crumb: Crumb, available: boolean): BatchEntry {
  const fileRequest = async (fileId: string, name: string): Promise<DownloadRequest | null> => {
    const revisions = await api.call('backup.downloadRevisions', { nodeId, planUid, fileId, page: 0 });
    const newest = revisions.results.find((r) => r.onS3);
    return newest ? { kind: 'revision', nodeId, planUid, revisionId: newest.id, name } : null;
  };
  const folderRequest = async (folderId: string, name: string): Promise<DownloadRequest | null> => {
    const jobs = await api.call('backup.downloadJobs', { nodeId, planUid, page: 0 });
    const newest = jobs.results.find((j) => j.completed !== null);
    return newest ? { kind: 'folder', nodeId, planUid, folderId, jobId: newest.id, restoreDeleted: false, name } : null;
  };
  switch (row.kind) {
    case 'item':
      return {
        key: row.key,
        name: row.item.name,
        available,
        resolve: () => (row.item.type === 'FOLDER' ? folderRequest(row.item.id, row.item.name) : fileRequest(row.item.id, row.item.name)),
      };
    case 'folder':
      return { key: row.key, name: row.folder.name, available, resolve: () => folderRequest(row.folder.id, row.folder.name) };
    case 'revision': {
      const name = `${crumb.label}`;
      return {
        key: row.key,
        name: `${crumb.label} (${formatDate(row.revision.modified)})`,
        available,
        resolve: async () => (available ? { kind: 'revision', nodeId, planUid, revisionId: row.revision.id, name } : null),
      };
    }
    case 'mounted': {
      const mounted = location?.level === 'mounted-folders' || location?.level === 'mounted-files' ? location : null;
      return {
        key: row.key,
        name: row.item.name,
        available: available && mounted !== null,
        resolve: async () =>
          mounted
            ? { kind: 'image', nodeId, planUid: mounted.planUid, revisionId: mounted.revisionId, path: row.path, type: row.item.type === 'FOLDER' ? 'FOLDER' : 'FILE', name: row.item.name }
            : null,
      };
    }
    default:
      return { key: row.key, name: row.key, available: false, resolve: async () => null };
  }
}
