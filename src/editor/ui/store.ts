import type { EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

export interface EditorSnapshot {
  view: EditorView | null;
  state: EditorState | null;
  /** Bumped on scroll and resize so that overlays re-measure. */
  layout: number;
}

/** A tiny external store: the ProseMirror view publishes, React reads with useSyncExternalStore. */
export class EditorStore {
  private snapshot: EditorSnapshot = { view: null, state: null, layout: 0 };
  private listeners = new Set<() => void>();

  get = (): EditorSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  publish(view: EditorView | null, state: EditorState | null): void {
    this.snapshot = { view, state, layout: this.snapshot.layout };
    for (const listener of this.listeners) listener();
  }

  relayout = (): void => {
    this.snapshot = { ...this.snapshot, layout: this.snapshot.layout + 1 };
    for (const listener of this.listeners) listener();
  };
}

/** Coordinates of a document position relative to the editor body (the overlays' positioning box). */
export function positionInBody(view: EditorView, pos: number): { top: number; bottom: number; left: number } | null {
  const body = view.dom.closest('.rte-body');
  if (!body) return null;
  try {
    const coords = view.coordsAtPos(pos);
    const rect = body.getBoundingClientRect();
    return { top: coords.top - rect.top, bottom: coords.bottom - rect.top, left: coords.left - rect.left };
  } catch {
    return null;
  }
}

/** A DOM element's box relative to the editor body. */
export function elementBoxInBody(view: EditorView, element: Element): { top: number; left: number; right: number; bottom: number } | null {
  const body = view.dom.closest('.rte-body');
  if (!body) return null;
  const rect = body.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  return { top: box.top - rect.top, left: box.left - rect.left, right: box.right - rect.left, bottom: box.bottom - rect.top };
}

let counter = 0;
/** A unique id for uploads and tray items. */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}
