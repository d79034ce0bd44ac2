/**
 * "When these downloads finish": what the main process does once every
 * download started by this dialog has finished (notify, open the folder),
 * and whether the computer stays awake until then. The last choice is
 * remembered on this computer (localStorage) for the next dialog.
 */
import { Checkbox, FormGroup } from '@blueprintjs/core';
import { atom, useAtom } from 'jotai';
import { DEFAULT_COMPLETION_ACTIONS, type CompletionActions } from '../../../../shared/model/downloads';
import { readCompletionActions } from '../../../../shared/rules/downloads/download-queues';

const STORAGE_KEY = 'downloads.whenFinished';

/** The saved choice, each switch that cannot be read being its default. */
function readSaved(): CompletionActions {
  try {
    return readCompletionActions(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return { ...DEFAULT_COMPLETION_ACTIONS };
  }
}

const choiceAtom = atom<CompletionActions | null>(null);

/** The current choice (read from this computer the first time), and a setter that remembers it. */
export const completionActionsAtom = atom(
  (get) => get(choiceAtom) ?? readSaved(),
  (_get, set, next: CompletionActions) => {
    set(choiceAtom, next);
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Not remembered (storage full or off): the choice still applies to this start.
    }
  },
);

export function WhenDownloadsFinish() {
  const [choice, setChoice] = useAtom(completionActionsAtom);
  const toggle = (key: keyof CompletionActions) => (e: React.FormEvent<HTMLInputElement>) => setChoice({ ...choice, [key]: e.currentTarget.checked });
  return (
    <FormGroup label={<span id="download-when-finished-label">When these downloads finish</span>} className="download-when-finished">
      <div role="group" aria-labelledby="download-when-finished-label">
        <Checkbox checked={choice.notify} onChange={toggle('notify')} label="Notify me" />
        <Checkbox checked={choice.openFolder} onChange={toggle('openFolder')} label="Open the folder" />
        <Checkbox checked={choice.keepAwake} onChange={toggle('keepAwake')} label="Keep the computer awake until done" />
      </div>
    </FormGroup>
  );
}
