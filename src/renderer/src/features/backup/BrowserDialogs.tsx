/**
 * The backup browser's dialogs around a listing (spec/backup-restore.md §2):
 * 'Mount Image', and the download dialog for the rows chosen. A search result
 * downloads from its own plan.
 */
import './BackupBrowser.css';
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import type { BackupPlan, Revision } from '../../../../shared/model/backup';
import type { BrowserLocation, BrowserRow } from '../../../../shared/model/backup/browser';
import type { DownloadRequest } from '../../../../shared/model/downloads';
import { planOfRow } from '../../../../shared/rules/backup/search';
import { downloadTargetOf } from '../../../../shared/rules/downloads';
import { permissionsAtom } from '../../core/session';
import { formatBytes, formatDate } from '../../components/format';
import { DownloadBatchDialog, DownloadFileDialog, DownloadFolderDialog, DownloadImageDialog, type BatchEntry } from '../downloads';
import { readBackupDatePage, readRevisionPage } from './client';
import type { Crumb } from './crumbs';

/** 'Mount Image' confirmation (§2): Revision Date, Volume Name, Volume Size ('-' when unknown). */
export function MountImageDialog(props: { revision: Revision; volumeName?: string; busy: boolean; onCancel(): void; onMount(): void }) {
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
export function DownloadDialogFor({ nodeId, deviceName, rows, crumb, onClose }: { nodeId: number; deviceName: string; rows: BrowserRow[]; crumb: Crumb; onClose(): void }) {
  const location = crumb.source.kind === 'location' ? crumb.source.location : null;
  const permissions = useAtomValue(permissionsAtom);
  const targetOf = (row: BrowserRow) => {
    const plan = planOfRow(row, crumb.plan);
    return plan ? downloadTargetOf(row, plan, permissions) : null;
  };

  if (rows.length > 1) {
    const entries: BatchEntry[] = rows.flatMap((row) => {
      const plan = planOfRow(row, crumb.plan);
      return plan ? [batchEntry(nodeId, plan, row, location, crumb, targetOf(row)?.available ?? false)] : [];
    });
    return <DownloadBatchDialog nodeId={nodeId} entries={entries} onClose={onClose} />;
  }
  const row = rows[0]!;
  const plan = planOfRow(row, crumb.plan);
  const target = targetOf(row);
  if (!plan || !target) return null;
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
function batchEntry(nodeId: number, plan: BackupPlan, row: BrowserRow, location: BrowserLocation | null, crumb: Crumb, available: boolean): BatchEntry {
  const planUid = plan.uid;
  const fileRequest = async (fileId: string, name: string): Promise<DownloadRequest | null> => {
    const revisions = await readRevisionPage({ nodeId, planUid, fileId, page: 0 });
    const newest = revisions.results.find((r) => r.onS3);
    return newest ? { kind: 'revision', nodeId, planUid, revisionId: newest.id, name } : null;
  };
  const folderRequest = async (folderId: string, name: string): Promise<DownloadRequest | null> => {
    const jobs = await readBackupDatePage({ nodeId, planUid, page: 0 });
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
