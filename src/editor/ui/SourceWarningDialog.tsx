/** Leaving source mode with HTML the editor cannot keep: the tags it refuses, listed (help spec §5: the allowed tags). */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { EDITOR_MESSAGES } from '../constants';

export function SourceWarningDialog({ unsupported, onClose }: { unsupported: readonly string[] | null; onClose(): void }) {
  return (
    <Dialog isOpen={unsupported !== null} onClose={onClose} title={EDITOR_MESSAGES.unsupportedHtmlTitle} icon="warning-sign" className="rte-source-warning">
      <DialogBody>
        <div data-testid="rte-source-warning">
          <p>{EDITOR_MESSAGES.unsupportedHtmlMessage}:</p>
          <ul data-testid="rte-unsupported-tags">
            {unsupported?.map((tag) => (
              <li key={tag}>
                <code>{`<${tag}>`}</code>
              </li>
            ))}
          </ul>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="OK" onClick={onClose} />} />
    </Dialog>
  );
}
