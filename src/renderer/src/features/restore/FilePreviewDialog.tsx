/**
 * File preview (spec/backup-restore.md §2): text or an image with a Download
 * button; at most the viewport height minus 300 px. The main process reads a
 * bounded range of the file, never the whole of a large one.
 */
import './restore.css';
import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { FilePreview } from '../../../../shared/model/restore';
import { MESSAGES } from '../../../../shared/rules/platform/messages';
import { errorMessage } from '../../core/api';
import { formatBytes } from '../../components/format';
import { readFilePreview, readRevisionPage } from './client';

interface PreviewProps {
  nodeId: number;
  planUid: string;
  /** The revision to show; without one, the file's newest revision in the cloud. */
  revisionId?: string;
  fileId?: string;
  name: string;
  size: number;
  onClose(): void;
  onDownload(): void;
}

async function loadPreview(props: PreviewProps): Promise<FilePreview> {
  let revisionId = props.revisionId;
  let size = props.size;
  if (!revisionId && props.fileId) {
    const revisions = await readRevisionPage({ nodeId: props.nodeId, planUid: props.planUid, fileId: props.fileId, page: 0 });
    const newest = revisions.results[0];
    if (!newest) return { kind: 'unsupported', size, reason: MESSAGES.browserDownloadUnavailable };
    revisionId = newest.id;
    size = newest.size;
  }
  if (!revisionId) return { kind: 'unsupported', size, reason: MESSAGES.noRevisions };
  return readFilePreview({ nodeId: props.nodeId, planUid: props.planUid, revisionId, name: props.name, size });
}

export function FilePreviewDialog(props: PreviewProps) {
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { nodeId, planUid, revisionId, fileId, name, size } = props;
  useEffect(() => {
    let live = true;
    loadPreview({ nodeId, planUid, revisionId, fileId, name, size, onClose: () => undefined, onDownload: () => undefined }).then(
      (answer) => live && setPreview(answer),
      (failure: unknown) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [nodeId, planUid, revisionId, fileId, name, size]);

  return (
    <Dialog isOpen title={props.name} icon="eye-open" onClose={props.onClose} className="preview-dialog" style={{ width: 'min(900px, 90vw)' }}>
      <DialogBody>
        <div className="file-preview" style={{ maxHeight: 'calc(100vh - 300px)' }} data-testid="file-preview">
          {error ? (
            <NonIdealState icon="error" description={error} />
          ) : !preview ? (
            <NonIdealState icon={<Spinner size={20} />} description="Loading preview..." />
          ) : preview.kind === 'text' ? (
            <>
              <pre className="preview-text">{preview.text}</pre>
              {preview.truncated && <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>Showing the beginning of a {formatBytes(preview.size)} file; download it to see everything.</p>}
            </>
          ) : preview.kind === 'image' ? (
            <img src={preview.dataUrl} alt={props.name} className="preview-image" />
          ) : (
            <NonIdealState icon="document" description={preview.reason} />
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onClose}>Close</Button>
            <Button intent={Intent.PRIMARY} icon="download" onClick={props.onDownload}>
              Download
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
