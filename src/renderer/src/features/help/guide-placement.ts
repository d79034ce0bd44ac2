/**
 * Where the first-time help guide goes (spec §2.1 "A smarter way to get
 * help"): near the help button, never over the page's
 * search field. Pure geometry, in viewport pixels.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface GuidePlacement {
  left: number;
  top: number;
  /** 'below': right under the button, its arrow pointing at it; 'moved': further down, clear of a search field. */
  kind: 'below' | 'moved';
  /** Where the arrow points from the guide's left edge (only for 'below'). */
  arrowLeft: number;
}

/** Space between the button and the guide, and between the guide and what it keeps clear of. */
const GUIDE_GAP = 8;
/** Space kept from the window's edges. */
const GUIDE_MARGIN = 8;

export function intersects(a: Box, b: Box): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

/**
 * The first spot that covers no obstacle: under the button right-aligned
 * with it, then left-aligned with it, then as high as possible under the
 * obstacles it would cover (right-aligned with the button). Nothing fits (a
 * tiny window): under the button.
 */
export function placeGuide(anchor: Box, size: { width: number; height: number }, viewport: { width: number; height: number }, obstacles: readonly Box[]): GuidePlacement {
  const maxLeft = Math.max(GUIDE_MARGIN, viewport.width - size.width - GUIDE_MARGIN);
  const top = anchor.top + anchor.height + GUIDE_GAP;
  const endAligned = clamp(anchor.left + anchor.width - size.width, GUIDE_MARGIN, maxLeft);
  const startAligned = clamp(anchor.left, GUIDE_MARGIN, maxLeft);
  const arrowFor = (left: number) => clamp(anchor.left + anchor.width / 2 - left, 12, size.width - 12);
  const clear = (box: Box) => !obstacles.some((o) => intersects(box, o));
  const fits = (box: Box) => box.top + box.height <= viewport.height - GUIDE_MARGIN;

  for (const left of [endAligned, startAligned]) {
    const box = { left, top, width: size.width, height: size.height };
    if (clear(box) && fits(box)) return { left, top, kind: 'below', arrowLeft: arrowFor(left) };
  }
  // Step down below whatever it would cover, until it covers nothing.
  let moved = { left: endAligned, top, width: size.width, height: size.height };
  for (let i = 0; i <= obstacles.length; i++) {
    const hit = obstacles.filter((o) => intersects(moved, o));
    if (hit.length === 0) {
      if (fits(moved)) return { left: moved.left, top: moved.top, kind: 'moved', arrowLeft: arrowFor(moved.left) };
      break;
    }
    moved = { ...moved, top: Math.max(...hit.map((o) => o.top + o.height)) + GUIDE_GAP };
  }
  return { left: endAligned, top, kind: 'below', arrowLeft: arrowFor(endAligned) };
}
