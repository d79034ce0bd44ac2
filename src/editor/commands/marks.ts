/** Inline formatting: bold, italic, underline, strikethrough, code, sub/superscript, font size and family, text colour. */
import type { Attrs, MarkType } from 'prosemirror-model';
import { toggleMark } from 'prosemirror-commands';
import type { Command, EditorState } from 'prosemirror-state';
import { isValidHexColor } from '../colors';
import { FONT_FAMILIES, FONT_SIZES } from '../constants';

export const TEXT_FORMATS = ['bold', 'italic', 'underline', 'strikethrough', 'code', 'subscript', 'superscript'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

export function toggleFormat(format: TextFormat): Command {
  return (state, dispatch) => {
    const type = state.schema.marks[format];
    return type ? toggleMark(type)(state, dispatch) : false;
  };
}

/** Whether the mark is on the whole selection (or in the stored marks at the cursor). */
export function isMarkActive(state: EditorState, type: MarkType | string): boolean {
  const markType = typeof type === 'string' ? state.schema.marks[type] : type;
  if (!markType) return false;
  const { from, $from, to, empty } = state.selection;
  if (empty) return !!markType.isInSet(state.storedMarks ?? $from.marks());
  let all = true;
  let any = false;
  state.doc.nodesBetween(from, to, (node) => {
    if (node.isText) {
      any = true;
      if (!markType.isInSet(node.marks)) all = false;
    }
  });
  return any && all;
}

/** The attributes of the mark at the selection start, or null. */
export function markAttrsAtSelection(state: EditorState, type: MarkType | string): Attrs | null {
  const markType = typeof type === 'string' ? state.schema.marks[type] : type;
  if (!markType) return null;
  const { $from, from, to, empty } = state.selection;
  if (empty) return markType.isInSet(state.storedMarks ?? $from.marks())?.attrs ?? null;
  let found: Attrs | null = null;
  state.doc.nodesBetween(from, to, (node) => {
    if (found || !node.isText) return !found;
    found = markType.isInSet(node.marks)?.attrs ?? null;
    return false;
  });
  return found;
}

/** Sets (or with null clears) a mark with attributes over the selection, or for the next typed text. */
export function setMarkWithAttrs(typeName: string, attrs: Attrs | null): Command {
  return (state, dispatch) => {
    const type = state.schema.marks[typeName];
    if (!type) return false;
    const { empty, $cursor } = state.selection as typeof state.selection & { $cursor?: EditorState['selection']['$from'] | null };
    if (empty) {
      if (!$cursor) return false;
      if (dispatch) {
        const marks = type.removeFromSet(state.storedMarks ?? $cursor.marks());
        dispatch(state.tr.setStoredMarks(attrs ? type.create(attrs).addToSet(marks) : marks));
      }
      return true;
    }
    if (dispatch) {
      const tr = state.tr;
      for (const range of state.selection.ranges) {
        tr.removeMark(range.$from.pos, range.$to.pos, type);
        if (attrs) tr.addMark(range.$from.pos, range.$to.pos, type.create(attrs));
      }
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/** Font size from the toolbar's list (12-22 px); null clears it. */
export function setFontSize(size: number | null): Command {
  if (size !== null && !(FONT_SIZES as readonly number[]).includes(size)) return () => false;
  return setMarkWithAttrs('font_size', size === null ? null : { size: `${size}px` });
}

/** Font family from the toolbar's list (Inter, Arial); null clears it. */
export function setFontFamily(family: string | null): Command {
  if (family !== null && !(FONT_FAMILIES as readonly string[]).includes(family)) return () => false;
  return setMarkWithAttrs('font_family', family === null ? null : { family });
}

/** Text colour: applies only a '#' plus 6 hex digits value; null clears it. */
export function setTextColor(color: string | null): Command {
  if (color !== null && !isValidHexColor(color)) return () => false;
  return setMarkWithAttrs('text_color', color === null ? null : { color: color.toLowerCase() });
}

/** The font size at the selection in px, or null. */
export function fontSizeAtSelection(state: EditorState): number | null {
  const size = markAttrsAtSelection(state, 'font_size')?.size;
  return typeof size === 'string' ? Number.parseFloat(size) : null;
}
