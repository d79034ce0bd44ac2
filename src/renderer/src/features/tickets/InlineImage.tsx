/**
 * An inline image of a conversation entry (§2.5, §5.5, §8.4): the entry's
 * attachment its `cid:` names, loaded as a data URL by the main process
 * through the attachment's signed URL (cached 55 s there: the renderer's CSP
 * keeps it from the API host); 'Failed to load inline image' in its place
 * when that fails (and said once, in a toast); a PROCESSING attachment shows
 * a placeholder (§4.4). Its size is the html's, 200 × 100 px when not
 * numeric (§5.5). A click or Enter opens the viewer.
 */
import { Classes, Icon, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { TicketAttachment } from '../../../../shared/model/tickets';
import { attachmentDisplay } from '../../../../shared/rules/platform/attachments';
import { INLINE_IMAGE_MESSAGES } from '../../../../shared/rules/tickets/reply';
import { presentError } from '../../core/toaster';
import { readInlineImage } from './client';
import { entryImageSize, PROCESSING } from './ticket-page-rules';

export interface ViewedImage {
  /** The attachment shown; '' for a picture written into the entry itself (a data: image). */
  attachmentId: string;
  /** The entry it is in: a data: picture is saved by its entry and its src's fingerprint. */
  entryId: string;
  name: string;
  dataUrl: string;
}

interface InlineImageProps {
  ticketId: number;
  entryId: string;
  /** The attachment its cid names; null: none of the entry's (shown as failed). */
  attachment: TicketAttachment | null;
  /** A data URL image the html carries itself (no cid): shown as is. */
  dataUrl?: string | null;
  alt: string;
  width: number | null;
  height: number | null;
  onOpen(image: ViewedImage): void;
}

type Loaded = { id: string; dataUrl: string } | { id: string; failed: true } | null;

/** §8.4: the failure is said once per page, however many images fail. */
const FAILURE_TOAST_KEY = 'ticket-inline-image';

export function InlineImage({ ticketId, entryId, attachment, dataUrl, alt, width, height, onOpen }: InlineImageProps) {
  const size = entryImageSize(width, height);
  const id = attachment?.id ?? null;
  const processing = attachment?.uploadStatus === PROCESSING;
  // FAILURE and SUSPICIOUS (help spec §4): 'Resource Not Found', never fetched, shown or saved.
  const broken = attachment ? attachmentDisplay(attachment.uploadStatus).kind === 'notFound' : false;
  const [loaded, setLoaded] = useState<Loaded>(null);

  const missing = !attachment && !dataUrl;
  useEffect(() => {
    // A cid that names none of the entry's attachments cannot load either.
    if (missing) presentError(INLINE_IMAGE_MESSAGES.loadFailed, { key: FAILURE_TOAST_KEY });
  }, [missing]);

  useEffect(() => {
    if (!id || processing || broken || dataUrl) return;
    let live = true;
    readInlineImage({ ticketId, attachmentId: id }).then(
      (image) => {
        if (live) setLoaded({ id, dataUrl: image.dataUrl });
      },
      (error: unknown) => {
        if (!live) return;
        setLoaded({ id, failed: true });
        presentError(error, { message: INLINE_IMAGE_MESSAGES.loadFailed, key: FAILURE_TOAST_KEY });
      },
    );
    return () => {
      live = false;
    };
  }, [ticketId, id, processing, broken, dataUrl]);

  const box = { width: size.width, height: size.height };
  if (broken) {
    return (
      <span className="inline-image inline-image-failed" style={box} role="img" aria-label={`${attachment?.metadata.name ?? 'Image'}: Resource Not Found`} data-testid="inline-image-broken">
        <Icon icon="error" size={12} /> {attachmentDisplay(attachment?.uploadStatus ?? '').message}
      </span>
    );
  }
  if (processing) {
    return (
      <span className="inline-image inline-image-processing" style={box} role="img" aria-label={`${attachment?.metadata.name ?? 'Image'}: processing`} data-testid="inline-image-processing">
        <Spinner size={16} />
        <span className={Classes.TEXT_SMALL}>Processing…</span>
      </span>
    );
  }
  const src = dataUrl ?? (loaded && id && loaded.id === id && 'dataUrl' in loaded ? loaded.dataUrl : null);
  const failed = !dataUrl && (!attachment || (loaded !== null && loaded.id === id && 'failed' in loaded));
  if (failed) {
    return (
      <span className="inline-image inline-image-failed" data-testid="inline-image-failed">
        <Icon icon="error" size={12} /> {INLINE_IMAGE_MESSAGES.loadFailed}
      </span>
    );
  }
  if (!src) return <span className={`inline-image ${Classes.SKELETON}`} style={box} aria-label="Loading image" role="img" />;
  const name = attachment?.metadata.name ?? (alt || 'image');
  const open = () => onOpen({ attachmentId: id ?? '', entryId, name, dataUrl: src });
  return (
    <img
      className="inline-image inline-image-loaded"
      src={src}
      alt={alt || name}
      width={size.width}
      height={size.height}
      style={box}
      tabIndex={0}
      role="button"
      aria-label={`Open image ${name}`}
      data-testid="inline-image"
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open();
        }
      }}
    />
  );
}
