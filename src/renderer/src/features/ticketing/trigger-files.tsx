/**
 * The files of an automation (spec/ticketing-automations-psa.md §3.1
 * `attachments`/`uploads`, §4.1): those it has (a loaded trigger's, kept
 * unless removed) and those added to an email or comment body since it was
 * opened. A body's editor uploads them at once through the main process (the
 * shared staged files); Apply hands them to the automation, Cancel drops them.
 * The save names both in `uploads`: kept attachments by id, new files by
 * their upload id (the main process sends their tempIds). New files not saved
 * are dropped on the instance when the editor closes.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { TriggerAttachment } from '../../../../shared/model/ticketing';
import { triggerFilesCountMessage } from '../../../../shared/rules/ticketing/uploads';
import { discardStagedFile, useStagedFiles, type StagedFileCalls, type StagedFilesState, type StagedUpload } from '../../components/staged-files';
import { discardTriggerFile, stageTriggerFile, uploadTriggerFile } from './client';

const TRIGGER_FILE_CALLS: StagedFileCalls = {
  stage: (piece) => stageTriggerFile(piece),
  upload: (uploadId) => uploadTriggerFile({ uploadId }),
  discard: (uploadId) => discardTriggerFile({ uploadId }),
};

/** One body editor's files (an Edit field sub-dialog): its tray, discarded unless applied; at most what the automation may still add. */
export function useBodyFiles(remaining: number): StagedFilesState {
  // Read once, when the sub-dialog opens (the automation's count does not change while it is open).
  const [limits] = useState(() => ({ max: Math.max(0, remaining), countMessage: triggerFilesCountMessage() }));
  return useStagedFiles(TRIGGER_FILE_CALLS, limits);
}

/** What a sub-dialog may do with files: hand its applied ones to the automation, and how many it may still add; null where files cannot be added. */
interface TriggerFilesSink {
  add(files: StagedUpload[]): void;
  remaining: number;
}

export const AddTriggerFiles = createContext<TriggerFilesSink | null>(null);

export function useAddTriggerFiles(): TriggerFilesSink | null {
  return useContext(AddTriggerFiles);
}

export interface TriggerFiles {
  kept: readonly TriggerAttachment[];
  added: readonly StagedUpload[];
  add(files: StagedUpload[]): void;
  /** Leaves an attachment out of the next save. */
  removeKept(id: string): void;
  /** Drops a new file (on the instance too). */
  removeAdded(uploadId: string): void;
  /** What the save's `uploads` names. */
  uploads(): string[];
  /** The save stored them: they are the automation's now. */
  saved(): void;
  changed: boolean;
}

export function useTriggerFiles(attachments: readonly TriggerAttachment[]): TriggerFiles {
  const [kept, setKept] = useState(attachments);
  const [added, setAdded] = useState<StagedUpload[]>([]);
  const held = useRef(new Set<string>());

  // Closed unsaved: the new files are dropped.
  useEffect(() => {
    const ids = held.current;
    return () => {
      for (const id of ids) discardStagedFile(TRIGGER_FILE_CALLS, id);
      ids.clear();
    };
  }, []);

  return useMemo<TriggerFiles>(
    () => ({
      kept,
      added,
      add: (files) => {
        for (const file of files) held.current.add(file.uploadId);
        setAdded((current) => [...current, ...files]);
      },
      removeKept: (id) => setKept((current) => current.filter((a) => a.id !== id)),
      removeAdded: (uploadId) => {
        if (held.current.delete(uploadId)) discardStagedFile(TRIGGER_FILE_CALLS, uploadId);
        setAdded((current) => current.filter((f) => f.uploadId !== uploadId));
      },
      uploads: () => [...kept.map((a) => a.id), ...added.map((f) => f.uploadId)],
      saved: () => held.current.clear(),
      changed: added.length > 0 || kept.length !== attachments.length,
    }),
    [kept, added, attachments],
  );
}
