/**
 * Starting downloads from any dialog: when targets already exist, ask once per
 * name (Keep both / Overwrite / Skip, with "Apply to all"), then start them.
 */
import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { CollisionPolicy, DownloadConflict, DownloadRequest } from '../../../../shared/model/downloads';
import { showToast, presentError } from '../../core/toaster';
import { startDownloads } from './client';
import { downloadsPanelOpenAtom } from './downloads-state';
import { completionActionsAtom } from './WhenDownloadsFinish';

interface Question {
  conflict: DownloadConflict;
  folder: string;
  remaining: number;
  answer(policy: CollisionPolicy | null, applyToAll: boolean): void;
}

interface StartDownloads {
  /** Starts the downloads; resolves true when something started (or all were skipped on purpose). */
  start(nodeId: number, folder: string, items: DownloadRequest[]): Promise<boolean>;
  busy: boolean;
  /** The collision question, to be rendered by the caller. */
  dialog: ReactNode;
}

export function useStartDownloads(): StartDownloads {
  const [question, setQuestion] = useState<Question | null>(null);
  const [busy, setBusy] = useState(false);
  const setPanelOpen = useSetAtom(downloadsPanelOpenAtom);
  // What to do when these downloads have finished (the dialog's "When these downloads finish").
  const onComplete = useAtomValue(completionActionsAtom);
  const busyRef = useRef(false);

  const ask = (conflict: DownloadConflict, folder: string, remaining: number) =>
    new Promise<{ policy: CollisionPolicy | null; applyToAll: boolean }>((resolve) => {
      setQuestion({
        conflict,
        folder,
        remaining,
        answer: (policy, applyToAll) => {
          setQuestion(null);
          resolve({ policy, applyToAll });
        },
      });
    });

  const start = useCallback(
    async (nodeId: number, folder: string, items: DownloadRequest[]) => {
      if (busyRef.current) return false;
      busyRef.current = true;
      setBusy(true);
      try {
        let result = await startDownloads({ nodeId, folder, items, onComplete });
        if (result.conflicts.length > 0) {
          const policies: Record<string, CollisionPolicy> = {};
          let applyToAll: CollisionPolicy | undefined;
          for (let i = 0; i < result.conflicts.length; i++) {
            const conflict = result.conflicts[i]!;
            const { policy, applyToAll: all } = await ask(conflict, folder, result.conflicts.length - i - 1);
            if (policy === null) return false; // Dismissed: nothing starts.
            if (all) {
              applyToAll = policy;
              break;
            }
            policies[String(conflict.index)] = policy;
          }
          result = await startDownloads({ nodeId, folder, items, policies, onComplete, ...(applyToAll ? { applyToAll } : {}) });
        }
        const count = result.started.length;
        if (count > 0) {
          showToast({
            message: count === 1 ? `Downloading ${result.started[0]!.fileName}` : `Downloading ${count} items`,
            intent: Intent.PRIMARY,
            icon: 'download',
            timeout: 4000,
            action: { text: 'Show downloads', onClick: () => setPanelOpen(true) },
          });
        } else if (result.skipped.length > 0) {
          showToast({ message: `Skipped ${result.skipped.length} existing file(s)`, icon: 'info-sign', timeout: 4000 });
        }
        return true;
      } catch (error) {
        presentError(error, { key: 'download-start' });
        return false;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [setPanelOpen, onComplete],
  );

  const dialog = question ? <CollisionDialog question={question} /> : null;
  return { start, busy, dialog };
}

function CollisionDialog({ question }: { question: Question }) {
  const [applyToAll, setApplyToAll] = useState(false);
  const answer = (policy: CollisionPolicy | null) => question.answer(policy, applyToAll);
  return (
    <Dialog isOpen title="File already exists" icon="duplicate" onClose={() => answer(null)} className="collision-dialog">
      <DialogBody>
        <p>
          <strong>{question.conflict.fileName}</strong> already exists in <code>{question.folder}</code>.
        </p>
        <p className={Classes.TEXT_MUTED}>Keep both saves the new one with a number, e.g. &quot;name (1).ext&quot;.</p>
        {question.remaining > 0 && (
          <Checkbox
            checked={applyToAll}
            onChange={(e) => setApplyToAll(e.currentTarget.checked)}
            label={`Apply to all (${question.remaining} more)`}
          />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => answer('skip')}>Skip</Button>
            <Button onClick={() => answer('overwrite')} intent={Intent.WARNING}>
              Overwrite
            </Button>
            <Button onClick={() => answer('keepBoth')} intent={Intent.PRIMARY} autoFocus>
              Keep both
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
