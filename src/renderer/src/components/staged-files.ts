/**
 * The rich-text editor's upload callback where its files go to the instance
 * (the help ticket's description; an automation's email and
 * comment bodies): a file pasted, dropped or attached (or a
 * data-URL image pasted as HTML) goes to the main process in pieces of 1 MiB,
 * which checks it and uploads it through the caller's upload call; its token
 * stays there and what is saved names the file by the id chosen here. The
 * editor's tray shows the progress.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EditorAttachment } from '../../../editor';
import type { AttachmentInfo } from '../../../shared/model/platform/attachments';
import { descriptionFileName } from '../../../shared/rules/help/description';
import { DESCRIPTION_CHUNK_BYTES } from '../../../shared/rules/platform/attachment-schemas';

/** What the tray item keeps as the upload's answer: the editor reads the content id under 'contentId'. */
export type StagedUpload = AttachmentInfo & { uploadId: string };

/** The main-process calls of one kind of file (help.stageDescriptionFile and its pair, ticketing.stageFile and its pair). */
export interface StagedFileCalls {
  stage(piece: { uploadId: string; name: string; size: number; offset: number; data: string }): Promise<unknown>;
  upload(uploadId: string): Promise<AttachmentInfo>;
  discard(uploadId: string): Promise<unknown>;
}

/** How many files one draft may hold, and what the refusal says. */
interface StagedFileLimits {
  max: number;
  countMessage: string;
}

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
export async function uploadStagedFile(calls: StagedFileCalls, file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<StagedUpload> {
  const uploadId = crypto.randomUUID();
  const name = descriptionFileName(file.name, file.type);
  try {
    for (let offset = 0; offset < file.size; offset += DESCRIPTION_CHUNK_BYTES) {
      if (signal.aborted) throw canceled();
      const piece = new Uint8Array(await file.slice(offset, offset + DESCRIPTION_CHUNK_BYTES).arrayBuffer());
      await calls.stage({ uploadId, name, size: file.size, offset, data: toBase64(piece) });
      onProgress(Math.floor(((offset + piece.length) / file.size) * 100));
    }
    if (signal.aborted) throw canceled();
    const attachment = await calls.upload(uploadId);
    if (signal.aborted) throw canceled();
    return { ...attachment, uploadId };
  } catch (error) {
    discardStagedFile(calls, uploadId);
    throw error;
  }
}

/** Forgets a file in the main process (and on the server once uploaded); nothing to report when it fails. */
export function discardStagedFile(calls: StagedFileCalls, uploadId: string): void {
  calls.discard(uploadId).catch(() => {});
}

function uploadIdOf(item: EditorAttachment): string | null {
  const id = item.response?.uploadId;
  return typeof id === 'string' ? id : null;
}

export interface StagedFilesState {
  /** The editor's uploadAttachment. */
  upload: (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<Record<string, unknown>>;
  /** The editor's onAttachmentsChange. */
  onTrayChange: (items: EditorAttachment[]) => void;
  /** Whether a file of the tray is still on its way. */
  uploading: () => boolean;
  /** The ids of the uploaded files in the tray, in its order (the ticket's `descriptionFiles`). */
  uploadIds: () => string[];
  /** The uploaded files in the tray, in its order, with the upload's answer. */
  uploaded: () => StagedUpload[];
  /** They were saved (or handed on to whoever saves them): nothing to discard any more. */
  sent: () => void;
}

function uploadOf(item: EditorAttachment): StagedUpload | null {
  return uploadIdOf(item) === null ? null : (item.response as StagedUpload);
}

/**
 * One editor's files for one draft: at most `limits.max`, each discarded in
 * the main process (and on the server) when it leaves the tray or the draft
 * is closed unsent; kept when a save fails, for the next try.
 */
export function useStagedFiles(calls: StagedFileCalls, limits: StagedFileLimits): StagedFilesState {
  const tray = useRef<EditorAttachment[]>([]);
  /** Uploaded and not discarded yet. */
  const held = useRef(new Set<string>());
  /** Seen in the tray once uploaded: gone from it later means removed. */
  const seen = useRef(new Set<string>());
  const pending = useRef(0);
  // The calls and limits are the caller's constants: read once.
  const [{ calls: fileCalls, limits: fileLimits }] = useState({ calls, limits });

  useEffect(() => {
    const heldIds = held.current;
    return () => {
      for (const id of heldIds) discardStagedFile(fileCalls, id);
      heldIds.clear();
    };
  }, [fileCalls]);

  return useMemo<StagedFilesState>(
    () => ({
      upload: async (file, onProgress, signal) => {
        if (held.current.size + pending.current >= fileLimits.max) throw new Error(fileLimits.countMessage);
        pending.current += 1;
        try {
          const answer = await uploadStagedFile(fileCalls, file, onProgress, signal);
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
          if (held.current.delete(id)) discardStagedFile(fileCalls, id);
        }
      },
      uploading: () => pending.current > 0 || tray.current.some((item) => uploadIdOf(item) === null),
      uploadIds: () => tray.current.map(uploadIdOf).filter((id): id is string => id !== null),
      uploaded: () => tray.current.map(uploadOf).filter((upload): upload is StagedUpload => upload !== null),
      sent: () => {
        held.current.clear();
        seen.current.clear();
      },
    }),
    [fileCalls, fileLimits],
  );
}
