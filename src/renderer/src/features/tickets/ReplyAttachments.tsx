/**
 * The files beside a reply being written, in the §9.4 4-column grid of the
 * shared attachment cards: progress and Cancel while one is on its way, the
 * §4.4 PROCESSING placeholder until the instance has checked it, a preview
 * once it has; each removable before sending.
 */
import { AttachmentCard } from '../../components/AttachmentCard';
import type { ReplyFile } from './use-reply-files';

interface ReplyAttachmentsProps {
  files: readonly ReplyFile[];
  onCancel(key: string): void;
  onRemove(key: string): void;
  loadPreview(attachmentId: string): Promise<string>;
  disabled?: boolean;
}

export function ReplyAttachments({ files, onCancel, onRemove, loadPreview, disabled }: ReplyAttachmentsProps) {
  if (files.length === 0) return null;
  return (
    <ul className="reply-attachments" aria-label="Reply attachments" data-testid="reply-attachments">
      {files.map((file) => (
        <li key={file.key} className="reply-attachments-item">
          <AttachmentCard
            name={file.name}
            type={file.type ?? undefined}
            size={file.size}
            progress={file.progress}
            uploadStatus={file.status}
            attachmentId={file.upload?.id}
            loadPreview={loadPreview}
            onPreviewError={() => undefined}
            onCancel={() => onCancel(file.key)}
            onRemove={() => onRemove(file.key)}
            removeDisabled={disabled}
          />
        </li>
      ))}
    </ul>
  );
}
