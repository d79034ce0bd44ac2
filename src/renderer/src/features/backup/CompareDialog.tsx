/**
 * "Compare backup dates…" of a folder: two dates from the plan's backup
 * dates (the list of Download Folder), then what was added, removed and
 * changed between them (CompareResults); any row downloads or restores from
 * either date through the usual dialogs, with that date chosen.
 */
import './CompareDialog.css';
import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import type { BackupJob, BackupPlan } from '../../../../shared/model/backup';
import type { BrowserRow } from '../../../../shared/model/backup/browser';
import { planOfRow } from '../../../../shared/rules/backup/search';
import type { CompareRow, FolderComparison } from '../../../../shared/model/backup/compare';
import type { Device } from '../../../../shared/model/devices';
import type { RestoreJob } from '../../../../shared/model/restore';
import { DateSelect, useDateList } from '../../components/BackupChoices';
import { Details } from '../../components/Details';
import { formatDate } from '../../components/format';
import { permissionsAtom } from '../../core/session';
import { presentError } from '../../core/toaster';
import { DownloadFileDialog, DownloadFolderDialog } from '../downloads';
import { RestoreDialog } from '../restore';
import { compareFolder, readBackupDatePage } from './client';
import { downloadAction, restoreAction, type CompareAction } from './compare-actions';
import { CompareResults } from './CompareResults';

export interface CompareTarget {
  plan: BackupPlan;
  folderId: string;
  folderName: string;
  folderPath: string;
}

interface CompareDialogProps {
  nodeId: number;
  target: CompareTarget;
  /** The device the backup is of (restores to its original location). */
  source: Device | null;
  onClose(): void;
  onRestoreCreated(job: RestoreJob): void;
}

/** The folder a browser row compares (a root folder or a subfolder of a file/folder plan), or null. */
export function compareTargetOf(row: BrowserRow, listingPlan: BackupPlan | undefined): CompareTarget | null {
  const plan = planOfRow(row, listingPlan);
  if (!plan || plan.type !== 'FILE_FOLDER') return null;
  if (row.kind === 'folder') return { plan, folderId: row.folder.id, folderName: row.folder.name, folderPath: row.folder.path };
  if (row.kind === 'item' && row.item.type === 'FOLDER') return { plan, folderId: row.item.id, folderName: row.item.name, folderPath: row.item.path };
  return null;
}

const dateLabel = (job: BackupJob | undefined) => (job ? formatDate(job.completed ?? job.created) : '');

export function CompareDialog({ nodeId, target, source, onClose, onRestoreCreated }: CompareDialogProps) {
  const permissions = useAtomValue(permissionsAtom);
  const [fromChoice, setFromJobId] = useState('');
  const [toChoice, setToJobId] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ comparison: FolderComparison; from: BackupJob; to: BackupJob } | null>(null);
  const [action, setAction] = useState<CompareAction | null>(null);
  const dates = useDateList({ nodeId, planUid: target.plan.uid, cloudOnly: true }, true, readBackupDatePage);
  // Until the technician picks, the newest backup against the one before it (the list is newest first).
  const [newest, previous] = dates.items;
  const fromJobId = fromChoice || (newest && previous ? previous.id : '');
  const toJobId = toChoice || (newest && previous ? newest.id : '');
  const from = dates.items.find((job) => job.id === fromJobId);
  const to = dates.items.find((job) => job.id === toJobId);
  const same = fromJobId !== '' && fromJobId === toJobId;
  const ready = !!from && !!to && !same && !running;

  const run = async () => {
    if (!from || !to || same) return;
    setRunning(true);
    try {
      const comparison = await compareFolder({
        nodeId,
        planUid: target.plan.uid,
        folderId: target.folderId,
        folderPath: target.folderPath,
        fromJobId: from.id,
        toJobId: to.id,
      });
      setResult({ comparison, from, to });
    } catch (error) {
      presentError(error, { key: 'compare' });
    } finally {
      setRunning(false);
    }
  };

  const act = useCallback(
    async (row: CompareRow, side: 'from' | 'to', make: typeof downloadAction) => {
      const state = row[side];
      if (!result || !state) return;
      try {
        setAction(await make(nodeId, target.plan, row, result[side], state));
      } catch (error) {
        presentError(error, { key: 'compare-action' });
      }
    },
    [nodeId, target.plan, result],
  );
  const onDownload = useCallback((row: CompareRow, side: 'from' | 'to') => void act(row, side, downloadAction), [act]);
  const onRestore = useCallback((row: CompareRow, side: 'from' | 'to') => void act(row, side, restoreAction), [act]);

  return (
    <Dialog isOpen title="Compare backup dates" icon="comparison" onClose={onClose} className="compare-dialog">
      <DialogBody>
        <Details rows={[['Folder', target.folderName], ['Path', target.folderPath], ['Plan Name', target.plan.name]]} />
        <div className="compare-dates">
          <DateSelect id="compare-from-date" label="From date" list={dates} value={fromJobId} onChange={setFromJobId} />
          <DateSelect id="compare-to-date" label="To date" list={dates} value={toJobId} onChange={setToJobId} />
          <Button intent={Intent.PRIMARY} icon="comparison" text="Compare" disabled={!ready} loading={running} onClick={() => void run()} />
        </div>
        {same && (
          <div className={Classes.TEXT_SMALL} role="alert">
            Pick two different backup dates.
          </div>
        )}
        <div role="status" className={Classes.TEXT_MUTED}>
          {running ? (
            <span className="compare-progress">
              <Spinner size={14} className="inline-spinner" /> Comparing the folder at both dates…
            </span>
          ) : result ? (
            `Compared ${dateLabel(result.from)} with ${dateLabel(result.to)}: ${result.comparison.rows.length} changes.`
          ) : (
            ''
          )}
        </div>
        {result && (
          <CompareResults
            comparison={result.comparison}
            fromLabel={dateLabel(result.from)}
            toLabel={dateLabel(result.to)}
            canAct={permissions.canViewAndRestoreBackupData}
            onDownload={onDownload}
            onRestore={onRestore}
          />
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose}>Close</Button>} />
      {action?.kind === 'download-folder' && (
        <DownloadFolderDialog
          nodeId={nodeId}
          planUid={target.plan.uid}
          folderId={action.state.id}
          folderName={action.state.name}
          path={action.state.path}
          available
          preselectedJob={action.job}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'download-file' && (
        <DownloadFileDialog
          nodeId={nodeId}
          planUid={target.plan.uid}
          fileId={action.state.id}
          fileName={action.state.name}
          path={action.state.path}
          available
          preselected={action.revision}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'restore' && (
        <RestoreDialog source={source} nodeId={nodeId} plan={action.plan} items={[action.item]} onClose={() => setAction(null)} onCreated={onRestoreCreated} />
      )}
    </Dialog>
  );
}
