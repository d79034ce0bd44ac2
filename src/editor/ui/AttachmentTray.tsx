import { Button, Icon, ProgressBar } from '@blueprintjs/core';
import { useMemo } from 'react';
import { ATTACHMENT_PROGRESS_DONE } from '../constants';
import { type EditorAttachment, type FileLike, formatFileSize } from '../uploads';

export interface AttachmentTrayProps {
  items: readonly EditorAttachment[];
  readOnly: boolean;
  onCancel: (id: string) => void;
  onRemove: (id: string) => void;
  /** The list's accessible name (default 'Attachments'). */
  label?: string;
}

/** A small picture of an image in the tray, from the file itself: an object URL, freed once the picture is decoded. */
function Thumbnail({ file }: { file: FileLike }) {
  const url = useMemo(() => (file instanceof Blob ? URL.createObjectURL(file) : null), [file]);
  if (!url) return <Icon icon="media" />;
  const free = () => URL.revokeObjectURL(url);
  return <img className="rte-attachment-thumb" src={url} alt="" data-testid="rte-attachment-thumb" onLoad={free} onError={free} />;
}

/** The attachment tray: file cards (name, type, size); under 100 % a progress bar and a cancel button. */
export function AttachmentTray({ items, readOnly, onCancel, onRemove, label = 'Attachments' }: AttachmentTrayProps) {
  if (items.length === 0) return null;
  return (
    <ul className="rte-attachment-tray" aria-label={label} data-testid="rte-attachment-tray">
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
            {item.file.type.startsWith('image/') ? <Thumbnail file={item.file} /> : <Icon icon="document" />}
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
