/**
 * Help ticket attachments (spec §5, §8) through the shared FilePicker: up to
 * 5 files (its 'Only {{maxFiles}} attachments are allowed.'), each of at most
 * 50 MB, jpg/jpeg/png/mov/txt whose first bytes agree, no name twice. Files
 * are picked in the system's own file dialog, so the console reads only what
 * the technician chose; they are handed to the main process as the ticket is
 * submitted (TicketForm). Each file is an AttachmentCard: its upload progress
 * and cancel button while submitting, then the server's uploadStatus (§4).
 */
import './TicketForm.css';
import { Callout, Classes, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { AttachmentFile, AttachmentInfo } from '../../../../shared/model/help';
import {
  extensionOf,
  FILE_CHECK_BYTES,
  HELP_MESSAGES,
  passesFileCheck,
  TICKET_ATTACHMENT_EXTENSIONS,
  TICKET_MAX_ATTACHMENTS,
  tooLargeMessage,
  validateAttachmentSelection,
} from '../../../../shared/rules/help';
import { errorMessage } from '../../core/api';
import { AttachmentCard } from '../../components/AttachmentCard';
import { FilePicker } from '../../components/inputs/FilePicker';
import { readAttachmentPreview } from './client';

/** Where one file of a submission is: its upload progress, then the server's answer (its uploadStatus). */
export interface AttachmentUploadState {
  /** Percent while uploading, null otherwise. */
  percent: number | null;
  /** The uploaded attachment (§3), once the server answered. */
  attachment: AttachmentInfo | null;
}

/** The preview of a SUCCESS image: fetched by the main process through the signed URL, answered as a data URL. */
function loadAttachmentPreview(id: string): Promise<string> {
  return readAttachmentPreview({ id }).then((preview) => preview.dataUrl);
}

/** §8: a failed preview shows a fallback icon and is reported. */
function reportPreviewError(error: unknown, id: string): void {
  console.warn(`Help ticket attachment ${id}: the preview failed (${errorMessage(error)}).`);
}

/** What the §5 checks read of a picked file: its name, size, type and whether its first bytes agree with that type. */
async function describe(file: File): Promise<AttachmentFile> {
  const extension = extensionOf(file.name);
  const head = new Uint8Array(await file.slice(0, FILE_CHECK_BYTES).arrayBuffer());
  return { path: file.name, name: file.name, size: file.size, extension, passesFileCheck: passesFileCheck(extension, head) };
}

const ACCEPT = TICKET_ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function AttachmentsField(props: {
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  submitting: boolean;
  /** Per file: upload progress and the server's answer. */
  uploads: ReadonlyMap<File, AttachmentUploadState>;
  onCancelUpload: () => void;
}) {
  const { files, onFilesChange } = props;
  const [errors, setErrors] = useState<string[]>([]);
  const [tooLarge, setTooLarge] = useState<string[]>([]);

  const pick = async (next: File[]) => {
    const incoming = next.filter((file) => !files.includes(file));
    const kept = next.filter((file) => files.includes(file));
    setErrors([]);
    setTooLarge([]);
    if (incoming.length === 0) return onFilesChange(kept);
    let described: AttachmentFile[];
    try {
      described = await Promise.all(incoming.map(describe));
    } catch (error) {
      setErrors([errorMessage(error)]);
      return;
    }
    const selection = validateAttachmentSelection(kept, described);
    setErrors(selection.errors);
    setTooLarge(selection.tooLarge);
    onFilesChange([...kept, ...incoming.filter((_, i) => selection.accepted.includes(described[i]!))]);
  };

  return (
    <div className="help-attachments">
      <FilePicker
        id="help-attachments"
        label="Attachments"
        files={files}
        maxFiles={TICKET_MAX_ATTACHMENTS}
        limitMessage={HELP_MESSAGES.attachmentCount}
        accept={ACCEPT}
        disabled={props.submitting}
        listLabel="Attached files"
        onChange={(next) => void pick(next)}
        renderFile={(file, remove) => {
          const upload = props.uploads.get(file);
          const attachment = upload?.attachment ?? null;
          return (
            <div data-testid="help-attachment" data-file-name={file.name} data-upload-status={attachment?.uploadStatus ?? ''}>
              <AttachmentCard
                name={file.name}
                type={extensionOf(file.name)}
                size={attachment?.metadata.size ?? file.size}
                uploadStatus={attachment?.uploadStatus ?? null}
                progress={upload?.percent ?? null}
                attachmentId={attachment?.id}
                loadPreview={loadAttachmentPreview}
                onPreviewError={reportPreviewError}
                onCancel={props.onCancelUpload}
                removeDisabled={props.submitting}
                onRemove={() => {
                  setErrors([]);
                  setTooLarge([]);
                  remove();
                }}
              />
            </div>
          );
        }}
      />
      <div className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED} help-attachments-hint`}>
        Up to {TICKET_MAX_ATTACHMENTS} files of at most 50 MB: {TICKET_ATTACHMENT_EXTENSIONS.join(', ')}.
      </div>
      {errors.map((message) => (
        <Callout key={message} intent={Intent.DANGER} compact className="help-attachment-error" role="alert">
          {message}
        </Callout>
      ))}
      {tooLarge.length > 0 && (
        <Callout intent={Intent.DANGER} compact className="help-attachment-error" role="alert">
          {tooLargeMessage(tooLarge)}
        </Callout>
      )}
    </div>
  );
}
