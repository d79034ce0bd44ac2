/**
 * A loaded trigger's attachments (spec §3.1, §4.1), under its actions: each
 * an AttachmentCard (the shared one) with its status; a SUCCESS image shows
 * its preview, loaded by the main process through the attachment's signed
 * URL (§4.1: only for attachments not PROCESSING, FAILURE or SUSPICIOUS —
 * the card asks for no other); FAILURE and SUSPICIOUS say 'Resource Not
 * Found'. A SUCCESS one (a PDF, a document) has Open: the main process
 * fetches it through its signed URL, saves it where downloads go and opens it
 * by the downloads' rule (browser mode: saved only, the toast says where).
 * They are kept when the trigger is saved unless removed; files
 * added to an email or comment body since it was opened follow, each
 * removable (./trigger-files.tsx).
 */
import './editors.css';
import { Button, Classes } from '@blueprintjs/core';
import { useState } from 'react';
import type { TriggerAttachment } from '../../../../shared/model/ticketing';
import { errorMessage } from '../../core/api';
import { presentError, toastSuccess } from '../../core/toaster';
import { AttachmentCard } from '../../components/AttachmentCard';
import { openAttachment, readAttachmentPreview } from './client';
import type { TriggerFiles } from './trigger-files';

function loadPreview(id: string): Promise<string> {
  return readAttachmentPreview({ id }).then((preview) => preview.dataUrl);
}

function reportPreviewError(error: unknown, id: string): void {
  console.warn(`Automation attachment ${id}: the preview failed (${errorMessage(error)}).`);
}

/** Open on a stored attachment: the renderer names the automation and the attachment, nothing else. */
function OpenAttachment({ triggerId, attachment }: { triggerId: number; attachment: TriggerAttachment }) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const result = await openAttachment({ triggerId, id: attachment.id });
      toastSuccess(result.opened ? `Opened ${result.name}.` : `${result.name} is saved: ${result.path}`, 'trigger-attachment-open');
    } catch (error) {
      presentError(error, { key: 'trigger-attachment-open' });
    } finally {
      setBusy(false);
    }
  };
  return <Button size="small" variant="minimal" icon="document-open" text="Open" aria-label={`Open ${attachment.name}`} loading={busy} onClick={() => void open()} />;
}

export function TriggerAttachments({ files, disabled, triggerId }: { files: TriggerFiles; disabled?: boolean; /** The stored automation the kept attachments are of (none while adding). */ triggerId?: number }) {
  if (files.kept.length === 0 && files.added.length === 0) return null;
  return (
    <section className="trigger-attachments" aria-label="Attachments">
      <h3 className={`${Classes.HEADING} trigger-attachments-title`}>Attachments</h3>
      <ul className="help-file-list">
        {files.kept.map((a) => (
          <li key={a.id} data-upload-status={a.uploadStatus ?? ''}>
            <AttachmentCard
              name={a.name}
              type={a.contentType ?? undefined}
              size={a.size}
              uploadStatus={a.uploadStatus}
              attachmentId={a.id}
              loadPreview={loadPreview}
              onPreviewError={reportPreviewError}
              onRemove={() => files.removeKept(a.id)}
              removeDisabled={disabled}
            />
            {triggerId !== undefined && a.uploadStatus === 'SUCCESS' && <OpenAttachment triggerId={triggerId} attachment={a} />}
          </li>
        ))}
        {files.added.map((f) => (
          <li key={f.uploadId} data-upload-status={f.uploadStatus} data-new-file="">
            <AttachmentCard name={f.metadata.name} type={f.metadata.contentType} size={f.metadata.size} uploadStatus={f.uploadStatus} onRemove={() => files.removeAdded(f.uploadId)} removeDisabled={disabled} />
          </li>
        ))}
      </ul>
    </section>
  );
}
