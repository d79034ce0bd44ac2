/**
 * A loaded trigger's attachments (spec §3.1, §4.1), under its actions: each
 * an AttachmentCard (the shared one) with its status; a SUCCESS image shows
 * its preview, loaded by the main process through the attachment's signed
 * URL (§4.1: only for attachments not PROCESSING, FAILURE or SUSPICIOUS —
 * the card asks for no other); FAILURE and SUSPICIOUS say 'Resource Not
 * Found'. They are kept as they are when the trigger is saved.
 */
import { Classes } from '@blueprintjs/core';
import type { TriggerAttachment } from '../../../../shared/model/ticketing';
import { api, errorMessage } from '../../core/api';
import { AttachmentCard } from '../../components/AttachmentCard';

function loadPreview(id: string): Promise<string> {
  return api.call('ticketing.attachmentPreview', { id }).then((preview) => preview.dataUrl);
}

function reportPreviewError(error: unknown, id: string): void {
  console.warn(`Automation attachment ${id}: the preview failed (${errorMessage(error)}).`);
}

export function TriggerAttachments({ attachments }: { attachments: readonly TriggerAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <section className="trigger-attachments" aria-label="Attachments">
      <h3 className={`${Classes.HEADING} trigger-attachments-title`}>Attachments</h3>
      <ul className="help-file-list">
        {attachments.map((a) => (
          <li key={a.id} data-upload-status={a.uploadStatus ?? ''}>
            <AttachmentCard name={a.name} type={a.contentType ?? undefined} size={a.size} uploadStatus={a.uploadStatus} attachmentId={a.id} loadPreview={loadPreview} onPreviewError={reportPreviewError} />
          </li>
        ))}
      </ul>
    </section>
  );
}
