/** Mention insertion and the query under the cursor. */
import type { Command, EditorState } from 'prosemirror-state';
import { matchMentionQuery, type MentionSuggestion } from '../mentions';

export interface MentionQueryInState {
  query: string;
  /** Document range of '@query', replaced when a suggestion is chosen. */
  from: number;
  to: number;
}

/** The @-mention being typed at the cursor, or null. */
export function mentionQueryAt(state: EditorState): MentionQueryInState | null {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type.spec.code || !state.schema.nodes.mention) return null;
  if ($from.marks().some((m) => m.type.name === 'code')) return null;
  // Inline nodes count as one object character so that offsets match positions.
  const textBefore = $from.parent.textBetween(0, $from.parentOffset, undefined, '\uFFFC');
  const match = matchMentionQuery(textBefore);
  if (!match) return null;
  return { query: match.query, from: $from.start() + match.start, to: $from.pos };
}

/** Replaces the range with a mention node (id, label, metadata) followed by a space. */
export function insertMention(from: number, to: number, suggestion: Pick<MentionSuggestion, 'id' | 'label'> & { metadata?: Record<string, unknown> | null }): Command {
  return (state, dispatch) => {
    const type = state.schema.nodes.mention;
    if (!type) return false;
    if (dispatch) {
      const node = type.create({ id: suggestion.id, label: suggestion.label, metadata: suggestion.metadata ?? null });
      const tr = state.tr.replaceWith(from, to, [node, state.schema.text(' ')]);
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}
