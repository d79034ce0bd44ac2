/**
 * The download dialogs of spec/backup-restore.md §2: Download File (pick a
 * revision, or one is preselected), Download Folder (pick a date, with
 * 'Include Latest Revision of Deleted Files'), download from an image
 * (Device, Plan Name, Path), and a batch for a multi-selection. Each asks
 * where to save (remembered per device).
 */
import './downloads.css';
import {
  Button,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { BackupJob, Revision } from '../../../../shared/model/backup';
import type { DownloadRequest } from '../../../../shared/model/downloads';
import { MESSAGES } from '../../../../shared/rules/platform/messages';
import { appInfoAtom } from '../../core/session';
import { presentError } from '../../core/toaster';
import { Details } from '../../components/Details';
import { BackupDateCalendar, DateSelect, RevisionSelect, useDateList, useRevisionList } from '../../components/BackupChoices';
import { chooseDownloadFolder, readBackupDatePage, readDefaultFolder, readRevisionPage } from './client';
import { useStartDownloads } from './use-start-downloads';
import { WhenDownloadsFinish } from './WhenDownloadsFinish';

/**
 * Where to save: the remembered/default folder, a system dialog in Electron, a
 * typed path in browser mode; and what to do when these downloads finish.
 */
function FolderField({ nodeId, folder, onChange }: { nodeId: number; folder: string; onChange(folder: string): void }) {
  const [supported, setSupported] = useState<boolean | null>(null);
  // Electron picks folders with the system dialog only; browser mode types a path.
  const electron = useAtomValue(appInfoAtom)?.mode === 'electron';
  useEffect(() => {
    let live = true;
    readDefaultFolder({ nodeId }).then(
      (choice) => {
        if (live && !folder) onChange(choice.folder);
      },
      (error: unknown) => presentError(error),
    );
    return () => {
      live = false;
    };
    // Only the first render asks for the default folder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nodeId]);

  const choose = async () => {
    try {
      const result = await chooseDownloadFolder({ current: folder || undefined });
      setSupported(result.supported);
      if (result.folder) onChange(result.folder);
    } catch (error) {
      presentError(error);
    }
  };

  return (
    <>
      <FormGroup label="Download to folder" labelFor="download-folder" helperText={supported === false ? 'Type the full path of a folder on this computer.' : undefined}>
        <InputGroup
          id="download-folder"
          value={folder}
          onValueChange={onChange}
          readOnly={electron}
          leftIcon="folder-open"
          placeholder="Folder on this computer"
          rightElement={<Button variant="minimal" text="Choose..." onClick={() => void choose()} />}
        />
      </FormGroup>
      <WhenDownloadsFinish />
    </>
  );
}

/** Cancel, and Download once there is something to download (enabled with a folder). */
function DownloadFooter(props: { show: boolean; busy: boolean; folder: string; onCancel(): void; onDownload(): void }) {
  return (
    <DialogFooter
      actions={
        <>
          <Button onClick={props.onCancel}>Cancel</Button>
          {props.show && (
            <Button intent={Intent.PRIMARY} icon="download" loading={props.busy} disabled={!props.folder.trim()} onClick={props.onDownload}>
              Download
            </Button>
          )}
        </>
      }
    />
  );
}

/** 'Browser download is not available...' (§2, §8). */
function DownloadUnavailable() {
  return (
    <Callout intent={Intent.WARNING} icon="warning-sign" className="download-unavailable">
      {MESSAGES.browserDownloadUnavailable}
    </Callout>
  );
}

interface FileDialogProps {
  nodeId: number;
  planUid: string;
  fileId: string;
  fileName: string;
  path?: string;
  /** A revision picked in the browser. */
  preselected?: Revision;
  available: boolean;
  onClose(): void;
}

export function DownloadFileDialog(props: FileDialogProps) {
  const [folder, setFolder] = useState('');
  const [revisionId, setRevisionId] = useState<string>(props.preselected?.id ?? '');
  const downloads = useStartDownloads();
  const list = useRevisionList({ nodeId: props.nodeId, planUid: props.planUid, fileId: props.fileId, cloudOnly: true }, props.available, readRevisionPage);
  const noCloudRevision = props.available && !list.loading && list.items.length === 0 && !props.preselected;

  const download = async () => {
    const request: DownloadRequest = { kind: 'revision', nodeId: props.nodeId, planUid: props.planUid, revisionId, name: props.fileName };
    if (await downloads.start(props.nodeId, folder, [request])) props.onClose();
  };

  return (
    <Dialog isOpen title="Download File" icon="download" onClose={props.onClose} className="download-dialog">
      <DialogBody>
        <Details rows={[['File', props.fileName], props.path && ['Path', props.path]]} />
        {!props.available || noCloudRevision ? (
          <DownloadUnavailable />
        ) : (
          <>
            <RevisionSelect id="download-revision" list={list} value={revisionId} onChange={setRevisionId} preselected={props.preselected} />
            <FolderField nodeId={props.nodeId} folder={folder} onChange={setFolder} />
          </>
        )}
      </DialogBody>
      {/* §2: the download button appears once a revision is selected. */}
      <DownloadFooter show={props.available && !!revisionId} busy={downloads.busy} folder={folder} onCancel={props.onClose} onDownload={() => void download()} />
      {downloads.dialog}
    </Dialog>
  );
}

interface FolderDialogProps {
  nodeId: number;
  planUid: string;
  folderId: string;
  folderName: string;
  path?: string;
  available: boolean;
  /** A backup date chosen before the dialog opened (a compare of two dates). */
  preselectedJob?: BackupJob;
  onClose(): void;
}

export function DownloadFolderDialog(props: FolderDialogProps) {
  const [folder, setFolder] = useState('');
  const [jobId, setJobId] = useState(props.preselectedJob?.id ?? '');
  const [restoreDeleted, setRestoreDeleted] = useState(false);
  const downloads = useStartDownloads();
  const dates = useDateList({ nodeId: props.nodeId, planUid: props.planUid, cloudOnly: true }, props.available, readBackupDatePage);
  const noDates = props.available && !dates.loading && dates.items.length === 0;

  const download = async () => {
    const request: DownloadRequest = {
      kind: 'folder',
      nodeId: props.nodeId,
      planUid: props.planUid,
      folderId: props.folderId,
      jobId,
      restoreDeleted,
      name: props.folderName,
    };
    if (await downloads.start(props.nodeId, folder, [request])) props.onClose();
  };

  return (
    <Dialog isOpen title="Download Folder" icon="download" onClose={props.onClose} className="download-dialog">
      <DialogBody>
        <Details rows={[['Folder', props.folderName], props.path && ['Path', props.path]]} />
        {!props.available || noDates ? (
          <DownloadUnavailable />
        ) : (
          <>
            {/* §2: a date picker (only backup dates can be picked) beside the list. */}
            <div className="download-date-choice">
              <BackupDateCalendar list={dates} value={jobId} onChange={setJobId} />
              <DateSelect id="download-date" list={dates} value={jobId} onChange={setJobId} preselected={props.preselectedJob} helperText="The folder as it was backed up on this date, as a zip file." />
            </div>
            <Checkbox checked={restoreDeleted} onChange={(e) => setRestoreDeleted(e.currentTarget.checked)} label="Include Latest Revision of Deleted Files" />
            <FolderField nodeId={props.nodeId} folder={folder} onChange={setFolder} />
          </>
        )}
      </DialogBody>
      {/* §2: the button appears once a date is selected. */}
      <DownloadFooter show={props.available && !!jobId} busy={downloads.busy} folder={folder} onCancel={props.onClose} onDownload={() => void download()} />
      {downloads.dialog}
    </Dialog>
  );
}

interface ImageDialogProps {
  nodeId: number;
  deviceName: string;
  planUid: string;
  planName: string;
  revisionId: string;
  path: string;
  name: string;
  type: 'FILE' | 'FOLDER';
  onClose(): void;
}

/** Download image file/folder (§2): shows Device, Plan Name, Path. */
export function DownloadImageDialog(props: ImageDialogProps) {
  const [folder, setFolder] = useState('');
  const downloads = useStartDownloads();
  const download = async () => {
    const request: DownloadRequest = {
      kind: 'image',
      nodeId: props.nodeId,
      planUid: props.planUid,
      revisionId: props.revisionId,
      path: props.path,
      type: props.type,
      name: props.name,
    };
    if (await downloads.start(props.nodeId, folder, [request])) props.onClose();
  };
  return (
    <Dialog isOpen title={props.type === 'FOLDER' ? 'Download Folder' : 'Download File'} icon="download" onClose={props.onClose} className="download-dialog">
      <DialogBody>
        <Details
          rows={[
            ['Device', props.deviceName],
            ['Plan Name', props.planName],
            ['Path', props.path],
          ]}
        />
        {props.type === 'FOLDER' && <p className={Classes.TEXT_MUTED}>The folder is saved as a zip file.</p>}
        <FolderField nodeId={props.nodeId} folder={folder} onChange={setFolder} />
      </DialogBody>
      <DownloadFooter show busy={downloads.busy} folder={folder} onCancel={props.onClose} onDownload={() => void download()} />
      {downloads.dialog}
    </Dialog>
  );
}

export interface BatchEntry {
  key: string;
  name: string;
  /** What to download, resolved when the technician confirms; null when nothing in the cloud. */
  resolve(): Promise<DownloadRequest | null>;
  available: boolean;
}

/** A multi-selection: each file's newest revision in the cloud, each folder's newest backup date. */
export function DownloadBatchDialog({ nodeId, entries, onClose }: { nodeId: number; entries: BatchEntry[]; onClose(): void }) {
  const [folder, setFolder] = useState('');
  const [resolving, setResolving] = useState(false);
  const [unavailable, setUnavailable] = useState<string[]>(() => entries.filter((e) => !e.available).map((e) => e.name));
  const downloads = useStartDownloads();
  const candidates = entries.filter((e) => e.available);

  const download = async () => {
    setResolving(true);
    try {
      const resolved = await Promise.all(candidates.map(async (entry) => ({ entry, request: await entry.resolve() })));
      const missing = resolved.filter((r) => r.request === null).map((r) => r.entry.name);
      setUnavailable((previous) => [...new Set([...previous, ...missing])]);
      const requests = resolved.map((r) => r.request).filter((r): r is DownloadRequest => r !== null);
      if (requests.length === 0) return;
      if ((await downloads.start(nodeId, folder, requests)) && missing.length === 0) onClose();
    } catch (error) {
      presentError(error);
    } finally {
      setResolving(false);
    }
  };

  return (
    <Dialog isOpen title={`Download ${entries.length} items`} icon="download" onClose={onClose} className="download-dialog">
      <DialogBody>
        <p>Files are downloaded at their newest revision in the cloud, folders as zip files of their newest backup.</p>
        <ul className="download-batch-list">
          {entries.map((entry) => (
            <li key={entry.key} className={unavailable.includes(entry.name) ? Classes.TEXT_DISABLED : undefined}>
              {entry.name}
            </li>
          ))}
        </ul>
        {unavailable.length > 0 && <DownloadUnavailable />}
        {candidates.length > 0 && <FolderField nodeId={nodeId} folder={folder} onChange={setFolder} />}
      </DialogBody>
      <DownloadFooter show={candidates.length > 0} busy={resolving || downloads.busy} folder={folder} onCancel={onClose} onDownload={() => void download()} />
      {downloads.dialog}
    </Dialog>
  );
}
