/**
 * The restore dialogs (spec/backup-restore.md §2 "Restore dialogs", §4, §5):
 * File, Folder and Batch. Device, plan name, path, a revision (files) or date
 * (folders); 'If File Exists'; Original Location or Other Location; 'Restore
 * To' (device picker, folder tree, New Folder); 'Restore NTFS Permissions';
 * and the Restore button, enabled exactly as §4 says. Each item restores
 * from its own source (specs.ts): several revisions picked in the
 * browser restore those revisions.
 */
import './restore.css';
import {
  Button,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { BackupPlan } from '../../../../shared/model/backup';
import type { Device } from '../../../../shared/model/devices';
import { COLLISION_HANDLING, COLLISION_HANDLING_LABELS, type ClientSettings, type CollisionHandling, type RestoreItem, type RestoreJob } from '../../../../shared/model/restore';
import { MESSAGES } from '../../../../shared/rules/platform/messages';
import {
  clientSettingsAllowOriginalLocation,
  isOriginalLocationAvailable,
  isRestoreButtonDisabled,
  isWindowsClass,
  showNtfsPermissions,
  showRestoreTo,
} from '../../../../shared/rules/restore';
import {
  buildRestoreSpecs,
  isRevisionSet,
  itemsHaveBackupPermissions,
  offersRestoreDeletedFiles,
  restoreChoiceOf,
  restoreDialogTitle,
  type RestoreSourceItem,
} from '../../../../shared/rules/restore/specs';
import { featuresAtom, userAtom } from '../../core/session';
import { presentError, toastSuccess } from '../../core/toaster';
import { formatDate } from '../../components/format';
import { DateSelect, RevisionSelect, useDateList, useRevisionList } from '../../components/BackupChoices';
import { Details } from '../../components/Details';
import { createRestoreJobs, readBackupDatePage, readClientSettings, readRevisionPage } from './client';
import { DevicePicker } from './DevicePicker';
import { FolderTree, type FolderTreeHandle } from './FolderTree';
import { LargeRestoreAdvice } from './LargeRestoreAdvice';
import { NewFolderDialog } from './NewFolderDialog';

export type { RestoreItem };

interface RestoreDialogProps {
  source: Device | null;
  nodeId: number;
  plan: BackupPlan;
  items: RestoreItem[];
  onClose(): void;
  onCreated(job: RestoreJob): void;
}

function sourceOf(item: RestoreItem): RestoreSourceItem & { imageType?: 'FOLDER' | 'FILE' } {
  return {
    kind: item.kind,
    path: item.path,
    revisionId: item.revision?.id,
    imageRevisionId: item.imageRevision?.id,
    backupPermissions: item.backupPermissions,
    imageType: item.imageType,
  };
}

export function RestoreDialog(props: RestoreDialogProps) {
  const { items, plan, nodeId, source } = props;
  const user = useAtomValue(userAtom);
  const features = useAtomValue(featuresAtom);
  const single = items.length === 1 ? items[0]! : null;
  const sources = items.map(sourceOf);
  const image = items.every((i) => i.kind === 'image');
  const choiceNeeded = restoreChoiceOf(sources);
  const needsRevision = choiceNeeded === 'revision';
  const needsDate = choiceNeeded === 'date';
  const revisionSet = isRevisionSet(sources);

  const [revisionId, setRevisionId] = useState(single?.revision?.id ?? '');
  const [jobId, setJobId] = useState(single?.backupJob?.id ?? '');
  const [restoreDeleted, setRestoreDeleted] = useState(false);
  const [collision, setCollision] = useState<CollisionHandling>('KEEP_BOTH');
  const [settings, setSettings] = useState<ClientSettings | null>(null);
  const [settingsFailed, setSettingsFailed] = useState(false);
  const [choice, setChoice] = useState<'original' | 'other' | null>(null);
  const [target, setTarget] = useState<Device | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const [permissions, setPermissions] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [newFolderOpen, setNewFolderOpen] = useState(false);
  const tree = useRef<FolderTreeHandle>(null);

  useEffect(() => {
    let live = true;
    readClientSettings({ nodeId }).then(
      (answer) => live && setSettings(answer),
      () => live && setSettingsFailed(true),
    );
    return () => {
      live = false;
    };
  }, [nodeId]);
  // Restores read the data wherever it is, so these lists are not limited to the cloud.
  const revisions = useRevisionList({ nodeId, planUid: plan.uid, fileId: single?.fileId ?? '', cloudOnly: false }, needsRevision && !!single?.fileId, readRevisionPage);
  const dates = useDateList({ nodeId, planUid: plan.uid, cloudOnly: false }, needsDate, readBackupDatePage);

  const clientSettingsOk = settingsFailed ? false : clientSettingsAllowOriginalLocation(settings, nodeId);
  const originalAvailable = isOriginalLocationAvailable({
    features,
    multipleRootFolders: items.filter((i) => i.isRoot).length > 1,
    sourceOnline: source?.isUp ?? false,
    clientSettingsOk,
  });
  // Original Location is the default when offered; otherwise Other Location is forced.
  const originalChosen = originalAvailable && choice !== 'other';
  const eligibleIds = settings ? settings.nodeIds : settingsFailed ? [] : null;
  // §4: by the items' backupPermissions, the plan's only where an item does not say.
  const ntfsShown = showNtfsPermissions(features, itemsHaveBackupPermissions(sources, plan.backupPermissions));
  const restoreDisabled = needsRevision ? !revisionId : needsDate ? !jobId : false;
  const disabled = isRestoreButtonDisabled({
    submitting,
    restoreDisabled,
    originalLocationAvailable: originalAvailable,
    originalLocationChosen: originalChosen,
    destinationDeviceId: target?.id ?? null,
    destinationPath: destination,
  });
  const targetWindows = target ? isWindowsClass(target.nodeClass) : true;


  const restore = async () => {
    if (disabled) return;
    setSubmitting(true);
    const destinationDevice = originalChosen ? source : target;
    const sourceName = source?.displayName ?? `Device ${nodeId}`;
    const specs = buildRestoreSpecs({
      items: sources,
      source: { nodeId, name: sourceName },
      target: destinationDevice ? { nodeId: destinationDevice.id, name: destinationDevice.displayName } : { nodeId, name: sourceName },
      plan: { uid: plan.uid, name: plan.name },
      originalLocation: originalChosen,
      destinationPath: destination ?? '',
      revisionId,
      backupJobId: jobId,
      collisionHandling: collision,
      restorePermissions: ntfsShown && permissions,
      restoreDeletedFiles: offersRestoreDeletedFiles(sources) && restoreDeleted,
    });
    try {
      const jobs = await createRestoreJobs({ specs });
      toastSuccess(MESSAGES.restoreCreated);
      props.onClose();
      if (jobs[0]) props.onCreated(jobs[0]);
    } catch (error) {
      presentError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const paths = items.map((i) => i.path);
  return (
    <Dialog isOpen title={restoreDialogTitle(sources)} icon="history" onClose={props.onClose} className="restore-dialog" canOutsideClickClose={false}>
      <DialogBody>
        {user?.userType === 'TECHNICIAN' && <LargeRestoreAdvice />}
        <Details
          rows={[
            ['Device', source?.displayName ?? `Device ${nodeId}`],
            ['Plan Name', plan.name],
            revisionSet
              ? ['Path', single?.path ?? items[0]!.path]
              : [paths.length > 1 ? `Paths (${paths.length})` : 'Path', <span className="restore-paths">{paths.length > 3 ? `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more` : paths.join(', ')}</span>],
            revisionSet && [
              `Revisions (${items.length})`,
              <ul className="restore-revisions" data-testid="restore-revisions">
                {items.map((item) => (
                  <li key={item.revision!.id}>{formatDate(item.revision!.modified)}</li>
                ))}
              </ul>,
            ],
            image && single?.imageRevision && ['Revision', formatDate(single.imageRevision.modified)],
          ]}
        />
        {needsRevision && <RevisionSelect id="restore-revision" list={revisions} value={revisionId} onChange={setRevisionId} preselected={single?.revision} />}
        {needsDate && <DateSelect id="restore-date" list={dates} value={jobId} onChange={setJobId} preselected={single?.backupJob} />}
        {offersRestoreDeletedFiles(sources) && (
          <Checkbox checked={restoreDeleted} onChange={(e) => setRestoreDeleted(e.currentTarget.checked)} label="Include Latest Revision of Deleted Files" />
        )}
        <FormGroup label="If File Exists" labelFor="restore-collision">
          <HTMLSelect
            id="restore-collision"
            value={collision}
            onChange={(e) => setCollision(e.currentTarget.value as CollisionHandling)}
            options={COLLISION_HANDLING.map((value) => ({ value, label: COLLISION_HANDLING_LABELS[value] }))}
          />
        </FormGroup>
        <RadioGroup
          label="Restore location"
          inline
          selectedValue={originalChosen ? 'original' : 'other'}
          onChange={(e) => setChoice(e.currentTarget.value as 'original' | 'other')}
        >
          <Radio value="original" label="Original Location" disabled={!originalAvailable} />
          <Radio value="other" label="Other Location" />
        </RadioGroup>
        {!originalAvailable && (
          <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} data-testid="original-unavailable">
            {settings === null && !settingsFailed ? 'Checking whether the original location is available...' : 'Original Location is not available for this restore.'}
          </p>
        )}
        {showRestoreTo(eligibleIds, originalChosen) && (
          <div className="restore-to" data-testid="restore-to">
            {/* h3 under the dialog's h2 title (headings in order). */}
            <h3 className={`${Classes.HEADING} dialog-section-title`}>Restore To</h3>
            <DevicePicker
              features={features}
              eligibleIds={eligibleIds ?? []}
              selected={target}
              onSelect={(device) => {
                setTarget(device);
                setDestination(null);
              }}
            />
            {target && (
              <>
                <div className="restore-to-folder">
                  <span>
                    Folder on <strong>{target.displayName}</strong>: <code data-testid="restore-destination">{destination ?? 'none chosen'}</code>
                  </span>
                  <Button size="small" icon="folder-new" text="New Folder" disabled={!destination} onClick={() => setNewFolderOpen(true)} />
                </div>
                <FolderTree key={target.id} ref={tree} nodeId={target.id} windows={targetWindows} selected={destination} onSelect={setDestination} />
              </>
            )}
          </div>
        )}
        {ntfsShown && <Checkbox checked={permissions} onChange={(e) => setPermissions(e.currentTarget.checked)} label="Restore NTFS Permissions" />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onClose}>Cancel</Button>
            <Button intent={Intent.PRIMARY} icon="history" disabled={disabled} loading={submitting} onClick={() => void restore()}>
              Restore
            </Button>
          </>
        }
      />
      {newFolderOpen && target && destination && (
        <NewFolderDialog
          nodeId={target.id}
          parentPath={destination}
          platform={targetWindows ? 'windows' : 'mac'}
          onClose={() => setNewFolderOpen(false)}
          onCreated={(path) => {
            setNewFolderOpen(false);
            void tree.current?.refresh(destination, path);
            setDestination(path);
          }}
        />
      )}
    </Dialog>
  );
}
