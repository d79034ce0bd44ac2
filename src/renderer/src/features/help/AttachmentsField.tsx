/**
 * Help ticket attachments (spec §5, §8): up to 5 files of at most 50 MB,
 * jpg/jpeg/png/mov/txt. The renderer never reads them: in Electron the
 * system dialog answers their paths, in browser mode the technician types a
 * path; the main process checks each file and later streams it to the server.
 * Each file is an AttachmentCard: its upload progress and cancel button while
 * submitting, then the server's uploadStatus (§4).
 */
import { Button, Callout, Classes, ControlGroup, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { AttachmentFile, AttachmentInfo } from '../../../../shared/model/help';
import { TICKET_ATTACHMENT_EXTENSIONS, TICKET_MAX_ATTACHMENTS, tooLargeMessage, validateAttachmentSelection } from '../../../../shared/rules/help';
import { api, errorMessage } from '../../core/api';
import { AttachmentCard } from '../../components/AttachmentCard';

/** Where one file of a submission is: its upload progress, then the server's answer (its uploadStatus). */
export interface AttachmentUploadState {
  /** Percent while uploading, null otherwise. */
  percent: number | null;
  /** The uploaded attachment (§3), once the server answered. */
  attachment: AttachmentInfo | null;
}

/** The preview of a SUCCESS image: fetched by the main process through the signed URL, answered as a data URL. */
function loadAttachmentPreview(id: string): Promise<string> {
  return api.call('help.attachmentPreview', { id }).then((preview) => preview.dataUrl);
}

/** §8: a failed preview shows a fallback icon and is reported. */
function reportPreviewError(error: unknown, id: string): void {
  console.warn(`Help ticket attachment ${id}: the preview failed (${errorMessage(error)}).`);
}

export function AttachmentsField(props: {
  files: AttachmentFile[];
  onFilesChange: (files: AttachmentFile[]) => void;
  /** Browser mode: no file dialog with paths, so a path field. */
  browserMode: boolean;
  submitting: boolean;
  /** Per file path: upload progress and the server's answer. */
  uploads: Readonly<Record<string, AttachmentUploadState>>;
  onCancelUpload: () => void;
}) {
  const { files, onFilesChange } = props;
  const [path, setPath] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [tooLarge, setTooLarge] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const atLimit = files.length >= TICKET_MAX_ATTACHMENTS;
  const disabled = atLimit || props.submitting || busy;

  const add = (incoming: AttachmentFile[]): boolean => {
    const selection = validateAttachmentSelection(files, incoming);
    setErrors(selection.errors);
    setTooLarge(selection.tooLarge);
    if (selection.accepted.length) onFilesChange([...files, ...selection.accepted]);
    return selection.accepted.length > 0;
  };

  const choose = async () => {
    setBusy(true);
    try {
      const result = await api.call('help.chooseAttachments', {});
      if (result.files.length) add(result.files);
    } catch (error) {
      setErrors([errorMessage(error)]);
    } finally {
      setBusy(false);
    }
  };

  const addPath = async () => {
    if (!path.trim()) return;
    setBusy(true);
    try {
      const file = await api.call('help.inspectAttachment', { path });
      if (add([file])) setPath('');
    } catch (error) {
      setTooLarge([]);
      setErrors([errorMessage(error)]);
    } finally {
      setBusy(false);
    }
  };

  const accept = TICKET_ATTACHMENT_EXTENSIONS.join(', ');
  return (
    <FormGroup
      label="Attachments"
      labelFor={props.browserMode ? 'help-attachment-path' : undefined}
      helperText={`Up to ${TICKET_MAX_ATTACHMENTS} files of at most 50 MB: ${accept}.${props.browserMode ? ' Type the full path of a file on this computer.' : ''}`}
    >
      {props.browserMode ? (
        <ControlGroup fill>
          <InputGroup
            id="help-attachment-path"
            aria-label="Attachment file path"
            leftIcon="paperclip"
            placeholder="/path/to/file.txt"
            value={path}
            disabled={disabled}
            onValueChange={setPath}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void addPath();
              }
            }}
          />
          <Button icon="add" text="Add file" disabled={disabled || !path.trim()} loading={busy} onClick={() => void addPath()} className={Classes.FIXED} />
        </ControlGroup>
      ) : (
        <Button icon="paperclip" text="Attach files" disabled={disabled} loading={busy} onClick={() => void choose()} />
      )}
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
      {files.length > 0 && (
        <ul className="help-file-list" aria-label="Attached files">
          {files.map((file) => {
            const upload = props.uploads[file.path];
            const attachment = upload?.attachment ?? null;
            return (
              <li key={file.path} data-testid="help-attachment" data-file-name={file.name} data-upload-status={attachment?.uploadStatus ?? ''}>
                <AttachmentCard
                  name={file.name}
                  type={file.extension}
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
                    onFilesChange(files.filter((f) => f.path !== file.path));
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </FormGroup>
  );
}
