import { Button, Icon, ProgressBar } from '@blueprintjs/core';
import { ATTACHMENT_PROGRESS_DONE } from '../constants';
import { type EditorAttachment, formatFileSize } from '../uploads';

export interface AttachmentTrayProps {
  items: readonly EditorAttachment[];
  readOnly: boolean;
  onCancel: (id: string) => void;
  onRemove: (id: string) => void;
}

/** The attachment tray: file cards (name, type, size); under 100 % a progress bar and a cancel button. */
export function AttachmentTray({ items, readOnly, onCancel, onRemove }: AttachmentTrayProps) {
  if (items.length === 0) return null;
  return (
    <ul className="rte-attachment-tray" aria-label="Attachments" data-testid="rte-attachment-tray">
      {items.map((item) => {
        const uploading = item.progress < ATTACHMENT_PROGRESS_DONE;
        return (
          <li
            key={item.id}
            className="rte-attachment"
            data-testid="rte-attachment"
            data-progress={Math.round(item.progress)}
            data-content-id={item.contentId ?? undefined}
          >
            <Icon icon={item.file.type.startsWith('image/') ? 'media' : 'document'} />
            <span className="rte-attachment-name" title={item.file.name}>
              {item.file.name}
            </span>
            <span className="rte-attachment-meta">
              {item.file.type || 'file'} · {formatFileSize(item.file.size)}
            </span>
            {uploading ? (
              <>
                <ProgressBar className="rte-attachment-progress" value={item.progress / 100} stripes={false} intent="primary" aria-label={`Uploading ${item.file.name}`} />
                <Button size="small" variant="minimal" icon="cross" aria-label={`Cancel upload of ${item.file.name}`} data-testid="rte-attachment-cancel" onClick={() => onCancel(item.id)} />
              </>
            ) : (
              !readOnly && <Button size="small" variant="minimal" icon="trash" aria-label={`Remove ${item.file.name}`} data-testid="rte-attachment-remove" onClick={() => onRemove(item.id)} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
