/**
 * A reply's files (spec ticketing-automations-psa.md §3.5
 * attachment, §4.4): files picked with the editor's Attach file, pasted or
 * dropped go to the main process in pieces (the shared staged files,
 * components/staged-files.ts, through `tickets.stageFile`), which uploads
 * them (`tickets.uploadFile`); pictures pasted into the body upload inline
 * and the body names them by content id. An upload the instance answers
 * PROCESSING keeps its §4.4 placeholder until `tickets.uploadStatuses`
 * (polled, 1 s growing to 10 s) reports otherwise. Files restored with a
 * draft are asked for once: one the instance no longer knows shows as
 * 'Resource Not Found' (FAILURE) so it can be removed before sending.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dataUrlToFile } from '../../../../editor';
import type { UploadStatus } from '../../../../shared/model/platform/attachments';
import { REPLY_UPLOADS_MAX, type ReplyDraftUpload } from '../../../../shared/rules/tickets/reply';
import { uploadStagedFile, type StagedFileCalls } from '../../components/staged-files';
import { Poller } from '../../core/data/poller';
import { discardReplyFile, readInlineImage, readUploadStatuses, stageReplyFile, uploadReplyFile } from './client';
import { idsToAsk, withStatuses, type ReplyFile } from './reply-content';

export type { ReplyFile } from './reply-content';

const REPLY_FILES_COUNT_MESSAGE = `A reply can carry at most ${REPLY_UPLOADS_MAX} files and pictures.`;
const NO_CONTENT_ID_MESSAGE = 'The instance gave the picture no content id, so the reply cannot show it. Attach it as a file instead.';
function stagedCalls(inline: boolean): StagedFileCalls {
  return {
    stage: (piece) => stageReplyFile(piece),
    upload: async (uploadId) => {
      const attachment = await uploadReplyFile({ uploadId, inline });
      return {
        id: attachment.id,
        resourceId: attachment.resourceId ?? '',
        contentId: attachment.metadata.contentId ?? '',
        // An open value: the instance's own statuses pass through (shown raw, or loaded as SUCCESS by the card).
        uploadStatus: attachment.uploadStatus as UploadStatus,
        metadata: { name: attachment.metadata.name, size: attachment.metadata.size ?? 0, contentType: attachment.metadata.contentType ?? '' },
      };
    },
    // A file canceled while it is still on its way: dropped by the main process (and on the instance once uploaded).
    discard: async (uploadId: string) => {
      await discardReplyFile({ uploadId });
    },
  };
}

const FILE_CALLS = stagedCalls(false);
const PICTURE_CALLS = stagedCalls(true);

function canceled(): Error {
  return new DOMException('The upload was canceled.', 'AbortError');
}

interface ReplyFiles {
  /** The files beside the reply (not the pictures in its body), in the order added. */
  files: ReplyFile[];
  /** The pictures uploaded for the body (this session's and the draft's); the body may no longer show some. */
  inline: ReplyDraftUpload[];
  /** A file or picture is still on its way. */
  uploading: boolean;
  /** A file the instance refused or no longer knows is in the reply. */
  failed: boolean;
  /** The editor's uploadAttachment. */
  uploadAttachment(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** The editor's uploadImage: the picture shows from this computer, and is named by its content id. */
  uploadImage(file: File): Promise<{ cid: string; url: string }>;
  cancel(key: string): void;
  remove(key: string): void;
  /** A picture to show for an inline upload (an object URL), when known here. */
  pictureOf(contentId: string): string | null;
  /** Changes when a restored picture could be shown: the editor's HTML then follows. */
  picturesVersion: number;
  /** The card's preview of an uploaded image: the file itself when picked here, else through the main process. */
  previewOf(attachmentId: string): Promise<string>;
}

export function useReplyFiles(ticketId: number, restored: readonly ReplyDraftUpload[]): ReplyFiles {
  const [files, setFiles] = useState<ReplyFile[]>(() =>
    restored.filter((u) => !u.inline).map((upload) => ({ key: `restored:${upload.id}`, name: upload.name, size: upload.size, type: null, progress: null, upload, status: null })),
  );
  const [inline, setInline] = useState<ReplyDraftUpload[]>(() => restored.filter((u) => u.inline));
  const [picturesUploading, setPicturesUploading] = useState(0);
  const [picturesVersion, setPicturesVersion] = useState(0);
  const controllers = useRef(new Map<string, AbortController>());
  /** What the user canceled in the grid (the editor is told the file is done: its own tray is hidden). */
  const canceledKeys = useRef(new Set<string>());
  /** Object URLs of pictures and picked files, by content id and by attachment id. */
  const pictures = useRef(new Map<string, string>());
  const localFiles = useRef(new Map<string, File>());
  /** The files (by key) and pictures the reply holds or is uploading: at most REPLY_UPLOADS_MAX together. */
  const heldFiles = useRef(new Set(files.map((file) => file.key)));
  const heldPictures = useRef(inline.length);

  useEffect(() => {
    const urls = pictures.current;
    const uploads = controllers.current;
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
      for (const controller of uploads.values()) controller.abort();
    };
  }, []);

  // A restored draft's pictures: fetched through the main process (a placeholder shows until then, or if that fails).
  const [restoredPictures] = useState(() => restored.filter((u) => u.inline && u.contentId));
  useEffect(() => {
    let live = true;
    for (const upload of restoredPictures) {
      readInlineImage({ ticketId, attachmentId: upload.id }).then(
        (preview) => {
          const file = dataUrlToFile(preview.dataUrl, 'picture');
          if (!live || !file) return;
          pictures.current.set(upload.contentId!, URL.createObjectURL(file));
          setPicturesVersion((v) => v + 1);
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [ticketId, restoredPictures]);

  // §4.4: PROCESSING until the instance says otherwise; restored files asked for once.
  const asking = idsToAsk(files).join(',');
  useEffect(() => {
    if (!asking) return;
    const ids = asking.split(',');
    const poller = new Poller<Record<string, string>>({
      load: () => readUploadStatuses({ ids }),
      onAnswer: (statuses) => setFiles((current) => withStatuses(current, ids, statuses)),
      onError: () => undefined,
      continueAfter: (statuses) => ids.some((id) => statuses[id] === 'PROCESSING'),
      fingerprint: (statuses) => JSON.stringify(statuses),
      delay: (unchanged) => Math.min(1000 * 2 ** Math.min(unchanged, 4), 10_000),
    });
    poller.start();
    return () => poller.stop();
  }, [asking]);

  const roomLeft = () => {
    if (heldFiles.current.size + heldPictures.current >= REPLY_UPLOADS_MAX) throw new Error(REPLY_FILES_COUNT_MESSAGE);
  };

  const uploadAttachment = useCallback(async (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => {
    roomLeft();
    const key = crypto.randomUUID();
    heldFiles.current.add(key);
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal.addEventListener('abort', abort);
    controllers.current.set(key, controller);
    setFiles((current) => [...current, { key, name: file.name, size: file.size, type: file.type || null, progress: 0, upload: null, status: null }]);
    const update = (change: Partial<ReplyFile>) => setFiles((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
    try {
      const answer = await uploadStagedFile(
        FILE_CALLS,
        file,
        (percent) => {
          onProgress(percent);
          update({ progress: percent });
        },
        controller.signal,
      );
      if (controller.signal.aborted) throw canceled();
      localFiles.current.set(answer.id, file);
      update({
        progress: null,
        name: answer.metadata.name || file.name,
        upload: { id: answer.id, name: answer.metadata.name || file.name, size: answer.metadata.size || file.size, contentId: answer.contentId || null, inline: false },
        status: answer.uploadStatus,
      });
      return { ...answer };
    } catch (error) {
      heldFiles.current.delete(key);
      setFiles((current) => current.filter((item) => item.key !== key));
      // Canceled in the grid: nothing to report (the editor's own tray is not shown).
      if (canceledKeys.current.delete(key) && !signal.aborted) return {};
      throw error;
    } finally {
      signal.removeEventListener('abort', abort);
      controllers.current.delete(key);
    }
  }, []);

  const uploadImage = useCallback(async (file: File) => {
    roomLeft();
    heldPictures.current += 1;
    setPicturesUploading((n) => n + 1);
    try {
      const answer = await uploadStagedFile(PICTURE_CALLS, file, () => undefined, new AbortController().signal);
      const contentId = answer.contentId || null;
      if (!contentId) throw new Error(NO_CONTENT_ID_MESSAGE);
      const url = URL.createObjectURL(file);
      pictures.current.set(contentId, url);
      setInline((current) => [...current, { id: answer.id, name: answer.metadata.name || file.name, size: answer.metadata.size || file.size, contentId, inline: true }]);
      return { cid: contentId, url };
    } catch (error) {
      heldPictures.current -= 1;
      throw error;
    } finally {
      setPicturesUploading((n) => n - 1);
    }
  }, []);

  const cancel = useCallback((key: string) => {
    const controller = controllers.current.get(key);
    if (!controller) return;
    canceledKeys.current.add(key);
    controller.abort();
  }, []);

  const filesNow = useRef(files);
  useEffect(() => {
    filesNow.current = files;
  });
  const remove = useCallback((key: string) => {
    const id = filesNow.current.find((item) => item.key === key)?.upload?.id;
    heldFiles.current.delete(key);
    setFiles((current) => current.filter((item) => item.key !== key));
    // Dropped on the instance too (the main process deletes only this identity's reply files; one it
    // does not know is refused): the reply no longer names it either way, so a failure is not the technician's.
    if (id) discardReplyFile({ id }).catch(() => undefined);
  }, []);

  const pictureOf = useCallback((contentId: string) => pictures.current.get(contentId) ?? null, []);

  const previewOf = useCallback(
    async (attachmentId: string) => {
      const local = localFiles.current.get(attachmentId);
      if (local) return readDataUrl(local);
      return (await readInlineImage({ ticketId, attachmentId })).dataUrl;
    },
    [ticketId],
  );

  const uploading = picturesUploading > 0 || files.some((file) => file.progress !== null);
  const failed = files.some((file) => file.status === 'FAILURE' || file.status === 'SUSPICIOUS');
  return useMemo(
    () => ({ files, inline, uploading, failed, uploadAttachment, uploadImage, cancel, remove, pictureOf, picturesVersion, previewOf }),
    [files, inline, uploading, failed, uploadAttachment, uploadImage, cancel, remove, pictureOf, picturesVersion, previewOf],
  );
}

/** The card shows previews as data URLs (the renderer's CSP). */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
