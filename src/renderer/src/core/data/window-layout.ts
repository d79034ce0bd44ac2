/**
 * Where a row of a windowed listing lives when pages can be short: the server counts an unreadable item in its total and its page,
 * the console leaves it out, so that page holds fewer rows than its slots.
 * Rows are placed after the rows actually kept, the total shrinks by the
 * missing ones, and no row slot stays a placeholder for ever. Pages not loaded
 * yet are assumed full. Pure, so it is unit-tested without a renderer.
 */

interface RowPlace {
  page: number;
  /** Index into that page's rows. */
  offset: number;
}

export class ListingLayout {
  private readonly holes: Array<[page: number, missing: number]> = [];
  private readonly missing: number;

  /** `rowsByPage`: the loaded pages and how many rows each holds; `serverTotal`: the total the listing reported. */
  constructor(
    private readonly rowsByPage: ReadonlyMap<number, number>,
    private readonly serverTotal: number,
    private readonly pageSize: number,
  ) {
    for (const [page, rows] of [...rowsByPage.entries()].sort(([a], [b]) => a - b)) {
      const gap = this.slotsOf(page) - rows;
      if (gap > 0) this.holes.push([page, gap]);
    }
    this.missing = this.holes.reduce((sum, [, gap]) => sum + gap, 0);
  }

  /** Rows the table shows. */
  get total(): number {
    return Math.max(0, this.serverTotal - this.missing);
  }

  /** Where row `index` is, or null past the end. */
  locate(index: number): RowPlace | null {
    if (index < 0 || index >= this.total) return null;
    if (this.missing === 0) return { page: Math.floor(index / this.pageSize), offset: index % this.pageSize };
    const pages = Math.ceil(this.serverTotal / this.pageSize);
    // Holes only move rows towards the start, so the row is on its plain page or a later one.
    for (let page = Math.floor(index / this.pageSize); page < pages; page++) {
      const start = this.startOf(page);
      if (index < start + (this.rowsByPage.get(page) ?? this.slotsOf(page))) return { page, offset: index - start };
    }
    return null;
  }

  /** The pages holding rows [start, end]. */
  pagesFor(start: number, end: number): number[] {
    const first = this.locate(Math.max(0, start));
    const last = this.locate(Math.min(end, this.total - 1));
    if (!first || !last) return [];
    const pages: number[] = [];
    for (let page = first.page; page <= last.page; page++) pages.push(page);
    return pages;
  }

  private startOf(page: number): number {
    let before = 0;
    for (const [holePage, gap] of this.holes) if (holePage < page) before += gap;
    return page * this.pageSize - before;
  }

  private slotsOf(page: number): number {
    return Math.max(0, Math.min(this.pageSize, this.serverTotal - page * this.pageSize));
  }
}
