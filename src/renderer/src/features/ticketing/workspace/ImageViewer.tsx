/**
 * The inline image viewer (§2.5: inline images open a viewer with a download
 * option): the image at its own size (scrolling past the window), and
 * Download, which fetches the image again through the main process (a fresh
 * signed URL once the cached one expired) and saves it through an anchor
 * with the download attribute; §8.4 'Error while downloading image.' when
 * that fails.
 */
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { INLINE_IMAGE_MESSAGES } from '../../../../../shared/rules/ticketing/reply';
import { api } from '../../../core/api';
import { presentError } from '../../../core/toaster';
import type { ViewedImage } from './InlineImage';

/** Saves a data URL under a name, as the browser's own download (the main process already checked the bytes). */
function saveDataUrl(dataUrl: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = dataUrl;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

export function ImageViewer({ ticketId, image, onClose }: { ticketId: number; image: ViewedImage | null; onClose(): void }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!image) return;
    setDownloading(true);
    try {
      if (image.attachmentId) {
        const fetched = await api.call('tickets.downloadImage', { ticketId, attachmentId: image.attachmentId });
        saveDataUrl(fetched.dataUrl, fetched.name || image.name);
      } else {
        saveDataUrl(image.dataUrl, image.name);
      }
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
