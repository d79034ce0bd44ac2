/**
 * Tables fill their width and keep dragged widths, and a
 * too-wide breadcrumb trail collapses its middle (help spec §2.3).
 */
import { describe, expect, it } from 'vitest';
import { MIN_COLUMN_WIDTH, fitColumnWidths, parseStoredWidths, widthsStorageKey, type ColumnSpec } from '../../src/renderer/src/components/column-widths';
import { maxCollapsible, splitCrumbs } from '../../src/renderer/src/components/breadcrumb-collapse';

const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);

const files: ColumnSpec[] = [
  { id: 'select', width: 37, fixed: true },
  { id: 'Name', width: 320 },
  { id: 'Size', width: 110 },
  { id: 'Modified', width: 180 },
  { id: 'Actions', width: 110, stretch: false },
];

describe('fitColumnWidths', () => {
  it('stretches the columns to end exactly at the right edge, in proportion to their widths', () => {
    const widths = fitColumnWidths(files, 1600);
    expect(sum(widths)).toBe(1600);
    expect(widths[0]).toBe(37);
    expect(widths[4]).toBe(110);
    // 1600 - 757 = 843 shared by Name, Size, Modified (610 in all) in proportion.
    expect(widths[1]).toBeGreaterThan(widths[3]!);
    expect(widths[3]).toBeGreaterThan(widths[2]!);
    expect(Math.abs(widths[1]! / widths[2]! - 320 / 110)).toBeLessThan(0.05);
  });

  it('keeps base widths (and scrolls) when the room is narrower than the columns', () => {
    expect(fitColumnWidths(files, 500)).toEqual([37, 320, 110, 180, 110]);
    expect(fitColumnWidths(files, 0)).toEqual([37, 320, 110, 180, 110]);
  });

  it('keeps a dragged width and lets the other columns take up the room', () => {
    const widths = fitColumnWidths(files, 1600, { Name: 200 });
    expect(widths[1]).toBe(200);
    expect(sum(widths)).toBe(1600);
    expect(widths[2]! + widths[3]!).toBe(1600 - 37 - 200 - 110);
  });

  it('gives the rest to the last stretchable column when every one was dragged', () => {
    const widths = fitColumnWidths(files, 1600, { Name: 200, Size: 100, Modified: 150 });
    expect(widths.slice(0, 3)).toEqual([37, 200, 100]);
    expect(widths[3]).toBe(1600 - 37 - 200 - 100 - 110);
    expect(widths[4]).toBe(110);
  });

  it('never lets a fixed column be resized and never goes under the minimum', () => {
    const widths = fitColumnWidths(files, 300, { select: 300, Name: 10 });
    expect(widths[0]).toBe(37);
    expect(widths[1]).toBe(MIN_COLUMN_WIDTH);
  });

  it('stretches a column of actions only when it is the only resizable one', () => {
    const widths = fitColumnWidths([{ id: 'select', width: 37, fixed: true }, { id: 'Actions', width: 110, stretch: false }], 400);
    expect(widths).toEqual([37, 363]);
  });
});

describe('stored widths', () => {
  it('reads only sane widths, and a damaged entry as none', () => {
    expect(parseStoredWidths('{"Name":240.4,"Size":"x","Path":10,"Tags":null}')).toEqual({ Name: 240 });
    expect(parseStoredWidths('not json')).toEqual({});
    expect(parseStoredWidths('[1,2]')).toEqual({});
    expect(parseStoredWidths(null)).toEqual({});
  });

  it('is kept per table id', () => {
    expect(widthsStorageKey('backup-manage-files')).not.toBe(widthsStorageKey('backup-manage-folders'));
  });
});

describe('splitCrumbs', () => {
  const trail = ['All plans', 'Server files', 'C:', 'Data', 'Archive'];

  it('shows the whole trail when nothing collapses', () => {
    expect(splitCrumbs(trail, 0)).toEqual({ head: trail, collapsed: [], tail: [] });
  });

  it('collapses the crumbs right after the root first, keeping the root and the current level', () => {
    expect(splitCrumbs(trail, 2)).toEqual({ head: ['All plans'], collapsed: ['Server files', 'C:'], tail: ['Data', 'Archive'] });
    expect(splitCrumbs(trail, 99)).toEqual({ head: ['All plans'], collapsed: ['Server files', 'C:', 'Data'], tail: ['Archive'] });
    expect(maxCollapsible(trail.length)).toBe(3);
    expect(maxCollapsible(2)).toBe(0);
    expect(splitCrumbs(['All plans', 'Server files'], 1)).toEqual({ head: ['All plans', 'Server files'], collapsed: [], tail: [] });
  });
});
