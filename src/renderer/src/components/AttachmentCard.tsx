/**
 * The attachment card (spec/help-shared-blocks-editor.md §3 "Attachment" and
 * "File card", §4 "Attachment display", §8), shared by whatever lists
 * attachments: name, type and size; FAILURE or SUSPICIOUS shows 'Resource Not
 * Found'; PROCESSING a processing placeholder with a loading icon; SUCCESS an
 * image loaded through its signed URL (by the main process, as a data URL:
 * the CSP keeps the renderer from loading the API host's images), other types
 * their default icon; upload progress under 100 a progress bar and a cancel
 * button. A preview that fails falls back to an icon and reports the error.
 */
import './AttachmentCard.css';
import { Button, Classes, Icon, Intent, ProgressBar, Spinner, type IconName } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import type { UploadStatus } from '../../../shared/model/platform/attachments';
import { ATTACHMENT_MESSAGES, attachmentCardView, fileTypeLabel, type AttachmentIcon } from '../../../shared/rules/platform/attachments';
import { formatBytes } from './format';

const ICONS: Record<Exclude<AttachmentIcon, 'loading'>, IconName> = {
  error: 'error',
  fallback: 'media',
  image: 'media',
  video: 'video',
  text: 'document',
  other: 'paperclip',
};

interface AttachmentCardProps {
  name: string;
  /** Extension ('png') or MIME type ('image/png'); the name's extension when absent. */
  type?: string;
  size: number;
  /** The server's status once uploaded; null or absent for a file not uploaded (yet). */
  uploadStatus?: UploadStatus | (string & {}) | null;
  /** Upload progress in percent while uploading. */
  progress?: number | null;
  /** The upload itself failed (the ERROR variant). */
  uploadFailed?: boolean;
  /** The uploaded attachment's id: a SUCCESS image's preview is loaded by it. */
  attachmentId?: string;
  /** Answers the preview's data URL (through the main process and the signed URL). */
  loadPreview?: (attachmentId: string) => Promise<string>;
  /** A failed preview is reported here (console warning when absent). */
  onPreviewError?: (error: unknown, attachmentId: string) => void;
  /** While uploading: the cancel button. */
  onCancel?: () => void;
  /** Otherwise: a remove button, when given. */
  onRemove?: () => void;
  removeDisabled?: boolean;
}

type PreviewState = { id: string; src: string } | { id: string; failed: true } | null;

function reportByDefault(error: unknown, attachmentId: string): void {
  console.warn(`Attachment ${attachmentId}: the preview could not be loaded.`, error);
}

export function AttachmentCard(props: AttachmentCardProps) {
  const { name, attachmentId, loadPreview } = props;
  const [preview, setPreview] = useState<PreviewState>(null);
  const report = useRef(props.onPreviewError ?? reportByDefault);
  useEffect(() => {
    report.current = props.onPreviewError ?? reportByDefault;
  }, [props.onPreviewError]);

  const previewFailed = !!attachmentId && preview?.id === attachmentId && 'failed' in preview;
  const view = attachmentCardView({
    name,
    type: props.type,
    uploadStatus: props.uploadStatus,
    progress: props.progress,
    uploadFailed: props.uploadFailed,
    previewFailed,
  });
  const previewId = view.loadPreview && attachmentId && loadPreview ? attachmentId : null;

  useEffect(() => {
    if (!previewId || !loadPreview) return;
    let live = true;
    loadPreview(previewId).then(
      (src) => {
        if (live) setPreview({ id: previewId, src });
      },
      (error: unknown) => {
        if (!live) return;
        setPreview({ id: previewId, failed: true });
        report.current(error, previewId);
      },
    );
    return () => {
      live = false;
    };
  }, [previewId, loadPreview]);

  const src = previewId && preview?.id === previewId && 'src' in preview ? preview.src : null;
  const previewState = previewFailed ? 'failed' : src ? 'loaded' : previewId ? 'loading' : 'none';

  let thumb;
  if (view.icon === 'loading') {
    thumb = <Spinner size={16} aria-label="Processing" />;
  } else if (src) {
    thumb = (
      <img
        src={src}
        alt={`Preview of ${name}`}
        className="attachment-card-image"
        onError={() => {
          setPreview({ id: previewId!, failed: true });
          report.current(new Error('The image could not be decoded.'), previewId!);
        }}
      />
    );
  } else if (previewId) {
    thumb = <div className={`attachment-card-image ${Classes.SKELETON}`} aria-hidden />;
  } else {
    thumb = (
      <Icon
        icon={ICONS[view.icon]}
        size={20}
        intent={view.variant === 'ERROR' ? Intent.DANGER : Intent.NONE}
        title={view.icon === 'fallback' ? ATTACHMENT_MESSAGES.previewFailed : undefined}
      />
    );
  }

  return (
    <div
      className={`attachment-card attachment-card-${view.variant.toLowerCase()}`}
      role="group"
      aria-label={name}
      data-testid="attachment-card"
      data-variant={view.variant}
      data-upload-status={props.uploadStatus ?? 'LOCAL'}
      data-preview={previewState}
    >
      <div className="attachment-card-thumb" data-icon={src ? 'preview' : view.icon}>
        {thumb}
      </div>
      <div className="attachment-card-text">
        <span className="attachment-card-name" title={name}>
          {name}
        </span>
        <span className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`}>
          {fileTypeLabel(name, props.type)} · {formatBytes(props.size)}
        </span>
        {view.message && (
          <span
            className={`${Classes.TEXT_SMALL} attachment-card-message ${view.variant === 'ERROR' ? '' : Classes.TEXT_MUTED}`}
            data-testid="attachment-card-message"
          >
            {view.message}
          </span>
        )}
        {view.uploading && <ProgressBar value={(props.progress ?? 0) / 100} intent={Intent.PRIMARY} aria-label={`Upload progress of ${name}`} />}
      </div>
      {view.uploading && props.onCancel ? (
        <Button variant="minimal" size="small" icon="cross" aria-label={`Cancel upload of ${name}`} onClick={props.onCancel} />
      ) : props.onRemove ? (
        <Button variant="minimal" size="small" icon="trash" aria-label={`Remove ${name}`} disabled={props.removeDisabled} onClick={props.onRemove} />
      ) : null}
    </div>
  );
}
