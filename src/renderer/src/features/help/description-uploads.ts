/**
 * The editor's upload callback for the help ticket's description (issue 11
 * point 8): a file pasted or dropped into it (or a data-URL image pasted as
 * HTML) goes to the main process in pieces of 1 MiB, which checks it and
 * uploads it through the attachment call; its upload token stays there and
 * joins the ticket's `imageTokens`. The editor's tray shows the progress.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { EditorAttachment } from '../../../../editor';
import type { AttachmentInfo } from '../../../../shared/model/help';
import { DESCRIPTION_CHUNK_BYTES, descriptionCountMessage, descriptionFileName, TICKET_MAX_DESCRIPTION_FILES } from '../../../../shared/rules/help-description';
import { api } from '../../core/api';

/** What the tray item keeps as the upload's answer: the editor reads the content id under 'contentId'. */
export type DescriptionUpload = AttachmentInfo & { uploadId: string };

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function canceled(): Error {
  return new DOMException('The upload was canceled.', 'AbortError');
}

/**
 * Sends one file: its pieces in order (progress by the bytes handed over),
 * then the upload. Canceled (the signal) or failed, whatever the main process
 * holds of it is discarded.
 */
export async function uploadDescriptionFile(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<DescriptionUpload> {
  const uploadId = crypto.randomUUID();
  const name = descriptionFileName(file.name, file.type);
  try {
    for (let offset = 0; offset < file.size; offset += DESCRIPTION_CHUNK_BYTES) {
      if (signal.aborted) throw canceled();
      const piece = new Uint8Array(await file.slice(offset, offset + DESCRIPTION_CHUNK_BYTES).arrayBuffer());
      await api.call('help.stageDescriptionFile', { uploadId, name, size: file.size, offset, data: toBase64(piece) });
      onProgress(Math.floor(((offset + piece.length) / file.size) * 100));
    }
    if (signal.aborted) throw canceled();
    const attachment = await api.call('help.uploadDescriptionFile', { uploadId });
    if (signal.aborted) throw canceled();
    return { ...attachment, uploadId };
  } catch (error) {
    discardDescriptionFile(uploadId);
    throw error;
  }
}

/** Forgets a description file in the main process (and on the server once uploaded); nothing to report when it fails. */
export function discardDescriptionFile(uploadId: string): void {
  api.call('help.discardDescriptionFile', { uploadId }).catch(() => {});
}

function uploadIdOf(item: EditorAttachment): string | null {
  const id = item.response?.uploadId;
  return typeof id === 'string' ? id : null;
}

export interface DescriptionFilesState {
  /** The editor's uploadAttachment. */
  upload: (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<Record<string, unknown>>;
  /** The editor's onAttachmentsChange. */
  onTrayChange: (items: EditorAttachment[]) => void;
  /** Whether a file of the tray is still on its way. */
  uploading: () => boolean;
  /** The ids of the uploaded files in the tray, in its order (the ticket's `descriptionFiles`). */
  uploadIds: () => string[];
  /** The ticket was created with them: they are its attachments now, nothing to discard any more. */
  sent: () => void;
}

/**
 * The description's files for one ticket draft: at most 10, each discarded
 * in the main process (and on the server) when it leaves the tray or the
 * draft is closed unsent; kept when a ticket fails, for the next try.
 */
export function useDescriptionFiles(): DescriptionFilesState {
  const tray = useRef<EditorAttachment[]>([]);
  /** Uploaded and not discarded yet. */
  const held = useRef(new Set<string>());
  /** Seen in the tray once uploaded: gone from it later means removed. */
  const seen = useRef(new Set<string>());
  const pending = useRef(0);

  useEffect(() => {
    const heldIds = held.current;
    return () => {
      for (const id of heldIds) discardDescriptionFile(id);
      heldIds.clear();
    };
  }, []);

  return useMemo<DescriptionFilesState>(
    () => ({
      upload: async (file, onProgress, signal) => {
        if (held.current.size + pending.current >= TICKET_MAX_DESCRIPTION_FILES) throw new Error(descriptionCountMessage());
        pending.current += 1;
        try {
          const answer = await uploadDescriptionFile(file, onProgress, signal);
          held.current.add(answer.uploadId);
          return { ...answer };
        } finally {
          pending.current -= 1;
        }
      },
      onTrayChange: (items) => {
        tray.current = items;
        const present = new Set(items.map(uploadIdOf).filter((id): id is string => id !== null));
        for (const id of present) seen.current.add(id);
        for (const id of [...seen.current]) {
          if (present.has(id)) continue;
          seen.current.delete(id);
          if (held.current.delete(id)) discardDescriptionFile(id);
        }
      },
      uploading: () => pending.current > 0 || tray.current.some((item) => uploadIdOf(item) === null),
      uploadIds: () => tray.current.map(uploadIdOf).filter((id): id is string => id !== null),
      sent: () => {
        held.current.clear();
        seen.current.clear();
      },
    }),
    [],
  );
}
