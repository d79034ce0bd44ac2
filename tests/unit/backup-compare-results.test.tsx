/**
 * The result of comparing a folder between two dates, as drawn: the caps and
 * each date's notice, and the filters by kind with their counts and bytes.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CompareSide, FolderComparison } from '../../src/shared/model/backup/compare';
import { CompareFilters, CompareNotices } from '../../src/renderer/src/features/backup/CompareResults';

const side = (extra: Partial<CompareSide> = {}): CompareSide => ({ jobId: 'j', time: '2026-11-01T03:00:00.000Z', state: 'read', unreadFolders: [], items: 3, source: 'network', capped: [], ...extra });

function comparison(extra: Partial<FolderComparison> = {}): FolderComparison {
  return {
    folderPath: 'C:\\Data',
    from: side(),
    to: side({ jobId: 'k' }),
    rows: [
      { kind: 'added', relativePath: 'new.txt', folder: false, inside: 0, to: { id: '1', path: 'C:\\Data\\new.txt', name: 'new.txt', size: 2048, modified: null } },
      { kind: 'removed', relativePath: 'old', folder: true, inside: 4, from: { id: '2', path: 'C:\\Data\\old', name: 'old', size: 4096, modified: null } },
    ],
    totals: { added: { count: 1, bytes: 2048 }, removed: { count: 1, bytes: 4096 }, changed: { count: 0, fromBytes: 0, toBytes: 0 } },
    limits: { depth: 8, itemsPerSide: 100_000 },
    capped: [],
    caseInsensitive: true,
    ...extra,
  };
}

const draw = (c: FolderComparison) =>
  renderToStaticMarkup(createElement(CompareNotices, { comparison: c, fromLabel: 'Nov 01', toLabel: 'Nov 15' })) +
  renderToStaticMarkup(createElement(CompareFilters, { comparison: c, shown: { added: true, removed: true, changed: false }, onChange: () => undefined }));

describe('the comparison drawn', () => {

  it('says what was compared, and filters each kind with its count and bytes', () => {
    const html = draw(comparison());
    expect(html).toContain('Compared 8 levels deep, up to 100,000 items per side.');
    expect(html).toContain('Added: 1 item, 2.0 KB');
    expect(html).toContain('Removed: 1 item, 4.0 KB');
    expect(html).toContain('Changed: 0 items, 0 B → 0 B');
    expect(html).toContain('Paths are matched ignoring case');
    expect(html).not.toContain('data-testid="compare-cap"');
  });

  it('warns when a cap was reached, and says per date what could not be read', () => {
    const html = draw(comparison({ capped: ['items'], to: side({ state: 'unread', message: 'This backup date could not be read: offline' }) }));
    expect(html).toContain('data-testid="compare-cap"');
    expect(html).toContain('This backup date could not be read: offline');
    expect(html).toContain('<strong>Nov 15</strong>');
  });
});
