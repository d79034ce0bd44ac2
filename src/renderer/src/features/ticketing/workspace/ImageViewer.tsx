/**
 * The inline image viewer (§2.5: inline images open a viewer with a download
 * option): the image at its own size (scrolling past the window), and
 * Download, which has the main process fetch the image again (a fresh signed
 * URL once the cached one expired) and save it in the Downloads folder (its
 * own name for it, never over another file, with the internet mark); §8.4
 * 'Error while downloading image.' when that fails.
 */
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { INLINE_IMAGE_MESSAGES } from '../../../../../shared/rules/ticketing/reply';
import { api } from '../../../core/api';
import { presentError, toastSuccess } from '../../../core/toaster';
import type { ViewedImage } from './InlineImage';

/** Saves a data URL under a name, as the browser's own download. */
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

/** 'Saved to <folder> as <name>': the folder is the path without the name (either separator: Windows or not). */
export function savedImageText(saved: { name: string; path: string }): string {
  const folder = saved.path.endsWith(saved.name) ? saved.path.slice(0, saved.path.length - saved.name.length).replace(/[\\/]$/, '') : saved.path;
  return `Saved to ${folder || saved.path} as ${saved.name}`;
}

export function ImageViewer({ ticketId, image, onClose }: { ticketId: number; image: ViewedImage | null; onClose(): void }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!image) return;
    setDownloading(true);
    try {
      if (image.attachmentId) {
        const saved = await api.call('tickets.saveImage', { ticketId, attachmentId: image.attachmentId });
        toastSuccess(savedImageText(saved), 'ticket-image-download');
      } else {
        // A picture written into the entry itself (a data: image, no attachment): its bytes are already
        // here, so the browser's own download saves it (Electron asks where, with its own dialog).
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
