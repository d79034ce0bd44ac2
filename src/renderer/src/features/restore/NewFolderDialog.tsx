/**
 * New Folder (spec/backup-restore.md §2, §5): a folder name and Create. An
 * empty name is 'Required'; a name failing the platform's pattern (and, on a
 * Mac, a leading dot) is 'Invalid'. A save that did not create the folder
 * shows the error state, with the server's reason under the field when it
 * gave one.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { newFolderNameProblem, newFolderSaveFeedback } from '../../../../shared/rules/restore';
import { errorMessage } from '../../core/api';
import { createTargetFolder } from './client';

export function NewFolderDialog(props: { nodeId: number; parentPath: string; platform: 'windows' | 'mac'; onClose(): void; onCreated(path: string): void }) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<{ message: string | null } | null>(null);
  const problem = newFolderNameProblem(name, props.platform);
  const shownProblem = touched ? problem : null;

  const create = async () => {
    setTouched(true);
    if (problem) return;
    setSaving(true);
    setSaveError(null);
    try {
      const result = await createTargetFolder({ nodeId: props.nodeId, path: props.parentPath, name });
      if (result.created) {
        props.onCreated(result.path);
        return;
      }
      setSaveError({ message: newFolderSaveFeedback(result.message).message });
    } catch (error) {
      setSaveError({ message: newFolderSaveFeedback(errorMessage(error)).message });
    } finally {
      setSaving(false);
    }
  };

  const helper = shownProblem ?? (saveError ? (saveError.message ?? 'The folder could not be created.') : undefined);
  const failed = !!shownProblem || !!saveError;
  return (
    <Dialog isOpen title="New Folder" icon="folder-new" onClose={props.onClose} className="new-folder-dialog">
      <DialogBody>
        <p className="new-folder-parent">
          In <code>{props.parentPath}</code>
        </p>
        <FormGroup label="Folder name" labelFor="new-folder-name" intent={failed ? Intent.DANGER : Intent.NONE} helperText={helper}>
          <InputGroup
            id="new-folder-name"
            value={name}
            autoFocus
            intent={failed ? Intent.DANGER : Intent.NONE}
            onValueChange={(value) => {
              setName(value);
              setSaveError(null);
            }}
            onBlur={() => setTouched(true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void create();
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onClose}>Cancel</Button>
            <Button intent={Intent.PRIMARY} loading={saving} onClick={() => void create()}>
              Create
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
