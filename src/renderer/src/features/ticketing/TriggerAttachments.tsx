/**
 * A loaded trigger's attachments (spec §3.1, §4.1), under its actions: each
 * an AttachmentCard (the shared one) with its status; a SUCCESS image shows
 * its preview, loaded by the main process through the attachment's signed
 * URL (§4.1: only for attachments not PROCESSING, FAILURE or SUSPICIOUS —
 * the card asks for no other); FAILURE and SUSPICIOUS say 'Resource Not
 * Found'. They are kept when the trigger is saved unless removed; files
 * added to an email or comment body since it was opened follow, each
 * removable (./trigger-files.tsx).
 */
import { Classes } from '@blueprintjs/core';
import { api, errorMessage } from '../../core/api';
import { AttachmentCard } from '../../components/AttachmentCard';
import type { TriggerFiles } from './trigger-files';

function loadPreview(id: string): Promise<string> {
  return api.call('ticketing.attachmentPreview', { id }).then((preview) => preview.dataUrl);
}

function reportPreviewError(error: unknown, id: string): void {
  console.warn(`Automation attachment ${id}: the preview failed (${errorMessage(error)}).`);
}

export function TriggerAttachments({ files, disabled }: { files: TriggerFiles; disabled?: boolean }) {
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
