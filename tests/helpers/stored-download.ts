/** A download row as DownloadStore keeps it, for tests of the store's file (not of the download logic). */
import type { StoredDownload } from '../../src/main/services/downloads/download-store';

export function storedDownload(n: number, overrides: Partial<StoredDownload> = {}): StoredDownload {
  const fileName = `report-${n}.pdf`;
  const row = {
    id: `download-${n}`,
    scope: 'profile-1',
    request: { kind: 'revision', nodeId: 1, planUid: 'plan-a', revisionId: `rev-${n}`, name: fileName },
    fileName,
    folder: '/tmp/downloads',
    targetPath: `/tmp/downloads/${fileName}`,
    overwrite: false,
    state: 'completed',
    totalBytes: 1000 + n,
    receivedBytes: 1000 + n,
    etag: `"etag-${n}"`,
    lastModified: null,
    checksum: null,
    verified: 'size',
    error: null,
    createdAt: 1_700_000_000_000 + n,
    updatedAt: 1_700_000_000_000 + n,
    finishedAt: 1_700_000_000_000 + n,
    position: n,
    flushedBytes: 1000 + n,
    nameSettled: true,
    writtenBoot: null,
    queueId: `queue-${n}`,
    onComplete: { notify: true, openFolder: false, keepAwake: true },
    startedAt: null,
    receipt: null,
  };
  // Cast: fields the store adds later (resume bookkeeping) keep these defaults.
  return { ...row, ...overrides } as StoredDownload;
}
