/**
 * The editor's uploads (spec §4 "Rich-text editor", §5, §8): inline images
 * through the host's image upload, files to the attachment tray through its
 * attachment upload (added when the insert begins, ~90 -> 99 -> 100, removed on
 * failure or delete), refusals and failures to the error callback. Without an
 * image upload but with an attachment upload, images pasted as data URLs go to
 * the tray too. The editor component wires these to the view.
 */
import { TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { type RefObject, useEffect, useReducer, useRef, useState } from 'react';
import { completeImageUpload, imagesNeedingUpload, insertImage, markImageUploading, removePendingImage } from './commands/images';
import { ATTACHMENT_PROGRESS_SOFT_CAP, ATTACHMENT_PROGRESS_TICK_MS, DEFAULT_ATTACHMENT_CONTENT_ID_KEY, IMAGE_UPLOAD_TYPES } from './constants';
import { dataUrlToFile, isInlineImageFile } from './images';
import type { RichTextEditorProps } from './RichTextEditor';
import { uniqueId } from './ui/store';
import { attachmentsReducer, validateUploadFile } from './uploads';

/** An upload the editor refused or the host failed; passed to onUploadError. */
export class EditorUploadError extends Error {
  constructor(
    message: string,
    readonly file: File,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'EditorUploadError';
  }
}

/** Attachment types accepted when the host gives no list. */
export const DEFAULT_ATTACHMENT_TYPES: readonly string[] = ['image/*', '.pdf', '.txt', '.csv', '.log', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.zip', '.mov', '.mp4'];

type UploadProps = Pick<
  RichTextEditorProps,
  'uploadImage' | 'uploadAttachment' | 'attachmentContentIdKey' | 'allowedAttachmentTypes' | 'onAttachmentsChange' | 'onUploadError'
>;

export function useEditorUploads(propsRef: RefObject<UploadProps>, viewRef: RefObject<EditorView | null>) {
  const controllersRef = useRef(new Map<string, AbortController>());
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [attachments, dispatchAttachments] = useReducer(attachmentsReducer, []);

  const reportUploadError = (message: string, file: File, cause?: unknown) => {
    setUploadError(message);
    propsRef.current.onUploadError?.(new EditorUploadError(message, file, cause));
  };

  const startImageUpload = (uploadKey: string, file: File, objectUrl: string | null) => {
    const upload = propsRef.current.uploadImage;
    const finish = () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    if (!upload) return;
    upload(file).then(
      (result) => {
        finish();
        const v = viewRef.current;
        if (v) completeImageUpload(uploadKey, result)(v.state, v.dispatch);
      },
      (error: unknown) => {
        finish();
        const v = viewRef.current;
        if (v) removePendingImage(uploadKey)(v.state, v.dispatch);
        reportUploadError(error instanceof Error ? error.message : String(error), file, error);
      },
    );
  };

  /**
   * Images that arrived with no cid (pasted HTML, source mode) go through the host upload. A host
   * that takes attachments but no inline images gets them in the tray instead: the content never
   * keeps a data URL.
   */
  const uploadPendingImages = (v: EditorView) => {
    if (!propsRef.current.uploadImage) {
      if (propsRef.current.uploadAttachment) moveDataImagesToTray(v);
      return;
    }
    for (const { node, pos } of imagesNeedingUpload(v.state.doc)) {
      const key = uniqueId('img');
      const file = dataUrlToFile(String(node.attrs.src));
      if (!markImageUploading(pos, key)(v.state, v.dispatch)) continue;
      const refusal = file ? validateUploadFile(file, IMAGE_UPLOAD_TYPES) : null;
      if (!file || refusal) {
        removePendingImage(key)(v.state, v.dispatch);
        if (file && refusal) reportUploadError(refusal, file);
        continue;
      }
      startImageUpload(key, file, null);
    }
  };

  const moveDataImagesToTray = (v: EditorView) => {
    const pending = imagesNeedingUpload(v.state.doc);
    if (pending.length === 0) return;
    const tr = v.state.tr;
    for (const { node, pos } of [...pending].reverse()) tr.delete(pos, pos + node.nodeSize);
    v.dispatch(tr.setMeta('addToHistory', false));
    for (const { node } of pending) {
      const file = dataUrlToFile(String(node.attrs.src), 'pasted-image');
      if (!file) continue;
      const refusal = validateUploadFile(file, propsRef.current.allowedAttachmentTypes ?? DEFAULT_ATTACHMENT_TYPES);
      if (refusal) reportUploadError(refusal, file);
      else startAttachmentUpload(file);
    }
  };

  const startAttachmentUpload = (file: File) => {
    const upload = propsRef.current.uploadAttachment;
    if (!upload) return;
    const id = uniqueId('attachment');
    const controller = new AbortController();
    controllersRef.current.set(id, controller);
    dispatchAttachments({ type: 'add', id, file });
    upload(file, (percent) => dispatchAttachments({ type: 'progress', id, percent }), controller.signal).then(
      (response) => {
        controllersRef.current.delete(id);
        if (controller.signal.aborted) return;
        const contentIdKey = propsRef.current.attachmentContentIdKey ?? DEFAULT_ATTACHMENT_CONTENT_ID_KEY;
        dispatchAttachments({ type: 'complete', id, response: response ?? {}, contentIdKey });
      },
      (error: unknown) => {
        controllersRef.current.delete(id);
        if (controller.signal.aborted) return;
        dispatchAttachments({ type: 'fail', id });
        reportUploadError(error instanceof Error ? error.message : String(error), file, error);
      },
    );
  };

  /** Files from paste, drop or the pickers: images inline (when the host uploads images), others to the tray. */
  const handleFiles = (files: File[], mode: 'auto' | 'image' | 'attachment', at?: number) => {
    const v = viewRef.current;
    if (!v || !v.editable) return;
    setUploadError(null);
    const { uploadImage, uploadAttachment } = propsRef.current;
    for (const file of files) {
      const inline = mode !== 'attachment' && !!uploadImage && isInlineImageFile(file);
      if (inline) {
        const refusal = validateUploadFile(file, IMAGE_UPLOAD_TYPES);
        if (refusal) {
          reportUploadError(refusal, file);
          continue;
        }
        if (at != null) v.dispatch(v.state.tr.setSelection(TextSelection.near(v.state.doc.resolve(Math.min(at, v.state.doc.content.size)))));
        const key = uniqueId('img');
        const objectUrl = URL.createObjectURL(file);
        insertImage({ src: objectUrl, uploadKey: key, alt: file.name })(v.state, v.dispatch);
        startImageUpload(key, file, objectUrl);
      } else if (mode !== 'image' && uploadAttachment) {
        const refusal = validateUploadFile(file, propsRef.current.allowedAttachmentTypes ?? DEFAULT_ATTACHMENT_TYPES);
        if (refusal) {
          reportUploadError(refusal, file);
          continue;
        }
        startAttachmentUpload(file);
      } else if (mode === 'image' || mode === 'auto') {
        // Inline drops accept only image types.
        const refusal = validateUploadFile(file, IMAGE_UPLOAD_TYPES);
        if (refusal) reportUploadError(refusal, file);
      }
    }
  };

  // The handlers above read only refs; plugins and the view call them through this ref.
  const handleFilesRef = useRef(handleFiles);
  const uploadPendingImagesRef = useRef(uploadPendingImages);
  useEffect(() => {
    handleFilesRef.current = handleFiles;
    uploadPendingImagesRef.current = uploadPendingImages;
  });

  // The attachment tray: progress animates toward about 90 percent while uploads run.
  const ticking = attachments.some((a) => a.progress < ATTACHMENT_PROGRESS_SOFT_CAP);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => dispatchAttachments({ type: 'tick' }), ATTACHMENT_PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);

  useEffect(() => {
    propsRef.current.onAttachmentsChange?.(attachments);
  }, [attachments, propsRef]);

  useEffect(() => {
    const controllers = controllersRef.current;
    return () => {
      for (const controller of controllers.values()) controller.abort();
    };
  }, []);

  const cancelAttachment = (id: string) => {
    controllersRef.current.get(id)?.abort();
    controllersRef.current.delete(id);
    dispatchAttachments({ type: 'remove', id });
  };
  const removeAttachment = (id: string) => dispatchAttachments({ type: 'remove', id });

  return { attachments, uploadError, setUploadError, handleFiles, handleFilesRef, uploadPendingImagesRef, cancelAttachment, removeAttachment };
}
