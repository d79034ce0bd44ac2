/**
 * A page missing an unreadable item is short; the rows after
 * it move up, the total shrinks, and no slot waits for a row that never comes.
 */
import { describe, expect, it } from 'vitest';
import { ListingLayout } from '../../src/renderer/src/core/data/window-layout';

describe('ListingLayout', () => {
  it('full pages: plain arithmetic', () => {
    const layout = new ListingLayout(new Map([[0, 10], [1, 10], [2, 5]]), 25, 10);
    expect(layout.total).toBe(25);
    expect(layout.locate(0)).toEqual({ page: 0, offset: 0 });
    expect(layout.locate(24)).toEqual({ page: 2, offset: 4 });
    expect(layout.locate(25)).toBeNull();
    expect(layout.pagesFor(5, 21)).toEqual([0, 1, 2]);
  });

  it('a one-page listing with an unreadable item shows one row fewer', () => {
    const layout = new ListingLayout(new Map([[0, 4]]), 5, 250);
    expect(layout.total).toBe(4);
    expect(layout.locate(3)).toEqual({ page: 0, offset: 3 });
    expect(layout.locate(4)).toBeNull();
  });

  it('a short middle page moves the later rows up', () => {
    // Page 1 of 10 slots holds 8 rows: two items were left out.
    const layout = new ListingLayout(new Map([[0, 10], [1, 8], [2, 5]]), 25, 10);
    expect(layout.total).toBe(23);
    expect(layout.locate(17)).toEqual({ page: 1, offset: 7 });
    expect(layout.locate(18)).toEqual({ page: 2, offset: 0 });
    expect(layout.locate(22)).toEqual({ page: 2, offset: 4 });
    expect(layout.locate(23)).toBeNull();
    expect(layout.pagesFor(16, 19)).toEqual([1, 2]);
  });

  it('pages not loaded yet are taken as full', () => {
    const layout = new ListingLayout(new Map([[0, 9]]), 30, 10);
    expect(layout.total).toBe(29);
    expect(layout.locate(9)).toEqual({ page: 1, offset: 0 });
    expect(layout.locate(28)).toEqual({ page: 2, offset: 9 });
    expect(layout.pagesFor(0, 100)).toEqual([0, 1, 2]);
  });
});
