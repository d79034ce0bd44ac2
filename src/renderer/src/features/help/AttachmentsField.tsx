/**
 * Help ticket attachments (spec §5, §8): up to 5 files of at most 50 MB,
 * jpg/jpeg/png/mov/txt. The renderer never reads them: in Electron the
 * system dialog answers their paths, in browser mode the technician types a
 * path; the main process checks each file and later streams it to the server.
 */
import { Button, Callout, Classes, ControlGroup, FormGroup, Icon, InputGroup, Intent, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import type { AttachmentFile } from '../../../../shared/model/help';
import { TICKET_ATTACHMENT_EXTENSIONS, TICKET_MAX_ATTACHMENTS, tooLargeMessage, validateAttachmentSelection } from '../../../../shared/rules/help';
import { api, errorMessage } from '../../api/client';
import { formatBytes } from '../../components/format';

export interface UploadProgress {
  name: string;
  percent: number;
}

function FileCard({ file, upload, disabled, onRemove, onCancel }: { file: AttachmentFile; upload: UploadProgress | null; disabled: boolean; onRemove: () => void; onCancel: () => void }) {
  const uploading = upload !== null && upload.percent < 100;
  return (
    <li className="help-file-card" data-testid="help-attachment" data-file-name={file.name}>
      <Icon icon={file.extension === 'txt' ? 'document' : file.extension === 'mov' ? 'video' : 'media'} className="help-file-icon" />
      <div className="help-file-text">
        <span className="help-file-name">{file.name}</span>
        <span className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`}>
          {file.extension.toUpperCase()} · {formatBytes(file.size)}
        </span>
        {uploading && <ProgressBar value={upload.percent / 100} intent={Intent.PRIMARY} aria-label={`Upload progress of ${file.name}`} />}
      </div>
      {uploading ? (
        <Button variant="minimal" size="small" icon="cross" aria-label={`Cancel upload of ${file.name}`} onClick={onCancel} />
      ) : (
        <Button variant="minimal" size="small" icon="trash" aria-label={`Remove ${file.name}`} disabled={disabled} onClick={onRemove} />
      )}
    </li>
  );
}

export function AttachmentsField(props: {
  files: AttachmentFile[];
  onFilesChange: (files: AttachmentFile[]) => void;
  /** Browser mode: no file dialog with paths, so a path field. */
  browserMode: boolean;
  submitting: boolean;
  upload: UploadProgress | null;
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
          {files.map((file) => (
            <FileCard
              key={file.path}
              file={file}
              upload={props.upload?.name === file.name ? props.upload : null}
              disabled={props.submitting}
              onRemove={() => {
                setErrors([]);
                setTooLarge([]);
                onFilesChange(files.filter((f) => f.path !== file.path));
              }}
              onCancel={props.onCancelUpload}
            />
          ))}
        </ul>
      )}
    </FormGroup>
  );
}
