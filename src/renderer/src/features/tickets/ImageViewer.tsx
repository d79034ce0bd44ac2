/**
 * The inline image viewer (§2.5: inline images open a viewer with a download
 * option): the image at its own size (scrolling past the window), and
 * Download, which has the main process fetch the image again (a fresh signed
 * URL once the cached one expired) and save it in the Downloads folder (its
 * own name for it, never over another file, with the internet mark); §8.4
 * 'Error while downloading image.' when that fails. A picture written into
 * the entry itself (a data: image) is saved by the main process too, named
 * by its entry and its src's fingerprint (never by handing over its bytes):
 * the renderer never downloads anything itself.
 */
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { imageFingerprint } from '../../../../shared/rules/tickets/entry-images';
import { INLINE_IMAGE_MESSAGES } from '../../../../shared/rules/tickets/reply';
import { presentError, toastSuccess } from '../../core/toaster';
import { saveAttachmentImage, saveEntryImage } from './client';
import type { ViewedImage } from './InlineImage';

/** Saved by the main process: an attachment by its id, a picture written into the entry by its entry and fingerprint. */
async function saveImage(ticketId: number, image: ViewedImage): Promise<{ name: string; path: string }> {
  if (image.attachmentId) return saveAttachmentImage({ ticketId, attachmentId: image.attachmentId });
  return saveEntryImage({ ticketId, entryId: image.entryId, fingerprint: await imageFingerprint(image.dataUrl) });
}

/** 'Saved to <folder> as <name>': the folder is the path without the name (either separator: Windows or not). */
function savedImageText(saved: { name: string; path: string }): string {
  const folder = saved.path.endsWith(saved.name) ? saved.path.slice(0, saved.path.length - saved.name.length).replace(/[\\/]$/, '') : saved.path;
  return `Saved to ${folder || saved.path} as ${saved.name}`;
}

export function ImageViewer({ ticketId, image, onClose }: { ticketId: number; image: ViewedImage | null; onClose(): void }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!image) return;
    setDownloading(true);
    try {
      toastSuccess(savedImageText(await saveImage(ticketId, image)), 'ticket-image-download');
    } catch (error) {
      presentError(error, { message: INLINE_IMAGE_MESSAGES.downloadFailed, key: 'ticket-image-download' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Dialog isOpen={image !== null} onClose={onClose} title={image?.name ?? 'Image'} className="image-viewer" icon="media">
      <DialogBody className="image-viewer-body">{image && <img src={image.dataUrl} alt={image.name} className="image-viewer-image" data-testid="image-viewer-image" />}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={onClose} />
            <Button text="Download" icon="download" intent={Intent.PRIMARY} loading={downloading} onClick={() => void download()} />
          </>
        }
      />
    </Dialog>
  );
}
