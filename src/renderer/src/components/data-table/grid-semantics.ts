/**
 * What Blueprint's Table draws, made readable as a WAI-ARIA grid (the
 * Authoring Practices grid pattern, as virtualized grids do it), on the DOM
 * Blueprint owns and offers no props for:
 * - Blueprint draws the header in two quadrants (and keeps empty frozen
 *   ones): the copies under the visible header are made `inert`, so the
 *   header is announced once and its controls are not reached twice;
 * - the visible header's cells become `columnheader`s named by their
 *   column's title (not by the resize handle inside them), with the column's
 *   index, an id the header row owns, and `aria-sort` where sortable;
 * - Blueprint's own container and its quadrants' scrollers take no Tab
 *   (Chromium makes a scroller without tabbable content a tab stop): the
 *   arrows scroll the rows;
 * - one tab stop: the controls of a cell (a name link, a switch, a row's
 *   buttons) take Tab only in the keyboard's row, and the header's (sort
 *   buttons, resize handles, select-all) only while the header row is the
 *   keyboard's row. Every other control keeps out of the tab order; the
 *   arrows move between rows.
 * Applied after each render of the table and whenever Blueprint redraws
 * (a scroll draws other rows).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { GridIds } from './grid-ids';

export type AriaSort = 'ascending' | 'descending' | 'none';

interface GridSemantics {
  ids: GridIds;
  /** Each drawn column's order (undefined: not sortable), by position. */
  sorts: readonly (AriaSort | undefined)[];
  /** Whose controls take Tab: a drawn row (as Blueprint numbers it), the header row, or none. */
  tabRow: number | 'header' | null;
}

/** The copies Blueprint draws under the visible header, and its frozen quadrants (none are frozen here). */
const COPIES = ['.bp6-table-quadrant-main .bp6-table-top-container', '.bp6-table-quadrant-left', '.bp6-table-quadrant-top-left'];
const HEADERS = '.bp6-table-quadrant-top .bp6-table-column-headers .bp6-table-header';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
/** Where a control's own tabindex is kept while the table has it out of the tab order ('' when it had none). */
const OWN_TABINDEX = 'data-grid-tabindex';

function setAttribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

function setTabStop(element: Element, inOrder: boolean): void {
  if (!element.hasAttribute(OWN_TABINDEX)) element.setAttribute(OWN_TABINDEX, element.getAttribute('tabindex') ?? '');
  const own = element.getAttribute(OWN_TABINDEX)!;
  setAttribute(element, 'tabindex', inOrder ? own || null : '-1');
}

/** Blueprint names a header cell's column by a class (bp6-table-cell-col-N): its index among all columns. */
function columnOf(header: Element): number | null {
  const match = /(?:^|\s)bp6-table-cell-col-(\d+)(?:\s|$)/.exec(header.className);
  return match ? Number(match[1]) : null;
}

function applyGridSemantics(root: HTMLElement, semantics: GridSemantics): void {
  for (const selector of COPIES) for (const copy of root.querySelectorAll(selector)) setAttribute(copy, 'inert', '');
  for (const container of root.querySelectorAll('.bp6-table-container[tabindex]')) container.removeAttribute('tabindex');
  for (const scroller of root.querySelectorAll('.bp6-table-quadrant-scroll-container')) setAttribute(scroller, 'tabindex', '-1');
  for (const header of root.querySelectorAll(HEADERS)) {
    const column = columnOf(header);
    if (column === null) continue;
    setAttribute(header, 'id', semantics.ids.header(column));
    setAttribute(header, 'role', 'columnheader');
    // Blueprint titles the name's box with the column's name; the checkbox column has none (its box names it).
    setAttribute(header, 'aria-label', header.querySelector('.bp6-table-column-name')?.getAttribute('title') || null);
    setAttribute(header, 'aria-colindex', String(column + 1));
    setAttribute(header, 'aria-sort', semantics.sorts[column] ?? null);
    for (const control of header.querySelectorAll(FOCUSABLE)) setTabStop(control, semantics.tabRow === 'header');
  }
  for (const cell of root.querySelectorAll('.bp6-table-quadrant-main [data-grid-row]')) {
    const inOrder = Number(cell.getAttribute('data-grid-row')) === semantics.tabRow;
    for (const control of cell.querySelectorAll(FOCUSABLE)) setTabStop(control, inOrder);
  }
}

export function useGridSemantics(root: HTMLElement | null, semantics: GridSemantics): void {
  const latest = useRef(semantics);
  useLayoutEffect(() => {
    latest.current = semantics;
    if (root) applyGridSemantics(root, semantics);
  });
  // Blueprint redraws cells on its own (scrolling, its second render with new widths): those get the same.
  useEffect(() => {
    if (!root) return;
    const observer = new MutationObserver(() => applyGridSemantics(root, latest.current));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
}
