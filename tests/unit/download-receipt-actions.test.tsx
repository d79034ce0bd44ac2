/** The downloads panel's receipt actions: Copy receipt and Open receipt on a completed download with a receipt, and why one has none. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { DownloadItem } from '../../src/shared/model/downloads';

vi.mock('../../src/renderer/src/core/api', () => ({ api: { call: () => Promise.reject(new Error('not in unit tests')) } }));
const { ReceiptActions, receiptProblem } = await import('../../src/renderer/src/features/downloads/receipts');

function item(overrides: Partial<DownloadItem> = {}): DownloadItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    request: { kind: 'revision', nodeId: 1, planUid: 'p', revisionId: 'r', name: 'a.txt' },
    fileName: 'a.txt',
    folder: '/d',
    targetPath: '/d/a.txt',
    state: 'completed',
    totalBytes: 3,
    receivedBytes: 3,
    bytesPerSecond: 0,
    etaSeconds: null,
    verified: 'size',
    createdAt: 1,
    finishedAt: 2,
    queueId: 'queue-1',
    onComplete: { notify: true, openFolder: false, keepAwake: true },
    receipt: { jsonPath: '/d/a.txt.receipt.json', htmlPath: '/d/a.txt.receipt.html' },
    ...overrides,
  };
}

describe('receipt actions', () => {
  it('a completed download with a receipt offers Copy receipt and Open receipt', () => {
    const html = renderToStaticMarkup(<ReceiptActions item={item()} />);
    expect(html).toContain('Copy receipt');
    expect(html).toContain('Open receipt');
    expect(receiptProblem(item())).toBeNull();
  });

  it('offers nothing before completion or without a receipt, and says why a receipt is missing', () => {
    expect(renderToStaticMarkup(<ReceiptActions item={item({ state: 'downloading', receipt: undefined })} />)).toBe('');
    const failed = item({ receipt: { error: 'The folder /r is a file, not a folder.' } });
    expect(renderToStaticMarkup(<ReceiptActions item={failed} />)).toBe('');
    expect(receiptProblem(failed)).toBe('No receipt: The folder /r is a file, not a folder.');
  });
});
