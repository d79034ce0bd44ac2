/**
 * The editor's @-mentions (help spec §5: '@' then 1 to 50 characters; at most
 * 5 suggestions; the host's search debounced 500 ms and cached per query):
 * the query at the caret, the suggestions for it, the active one, the
 * keyboard plugin (arrows, Enter or Tab to choose, Escape to dismiss) and
 * choosing one.
 */
import { Plugin, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { insertMention, mentionQueryAt } from './commands/mentions';
import { createMentionSearch, DEFAULT_MENTION_KEYS, type MentionCandidate, type MentionKeys, type MentionSearch, type MentionSuggestion } from './mentions';
import { positionInBody } from './ui/store';

interface MentionKeyControl {
  open: boolean;
  move: (delta: number) => void;
  choose: () => boolean;
  dismiss: () => void;
}

interface MentionResults {
  query: string;
  items: MentionSuggestion[];
}

export interface MentionHost {
  searchMentions?: (query: string) => Promise<ReadonlyArray<MentionCandidate | Record<string, unknown>>>;
  mentionKeys?: MentionKeys;
}

export interface Mentions {
  /** The keyboard plugin, the same for the editor's whole life. */
  plugin: Plugin;
  open: boolean;
  suggestions: MentionSuggestion[];
  activeIndex: number;
  /** Where the menu goes (below the '@'). */
  position: { bottom: number; left: number } | null;
  choose(suggestion: MentionSuggestion): void;
  hover(index: number): void;
}

/** Arrow keys, Enter, Tab and Escape drive the mention menu while it is open. */
function mentionKeysPlugin(control: { readonly current: MentionKeyControl | null }): Plugin {
  return new Plugin({
    props: {
      handleKeyDown(_view, event) {
        const current = control.current;
        if (!current?.open) return false;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          current.move(event.key === 'ArrowDown' ? 1 : -1);
          return true;
        }
        if (event.key === 'Enter' || event.key === 'Tab') return current.choose();
        if (event.key === 'Escape') {
          current.dismiss();
          return true;
        }
        return false;
      },
    },
  });
}

export function useMentions(host: RefObject<MentionHost>, mentionKeys: MentionKeys | undefined, enabled: boolean, view: EditorView | null, state: EditorState | null): Mentions {
  // One plugin for the editor's life, reading the menu's current state from its own holder.
  const [{ plugin, controlRef }] = useState(() => {
    const holder: { current: MentionKeyControl | null } = { current: null };
    return { plugin: mentionKeysPlugin(holder), controlRef: holder };
  });
  const searchRef = useRef<MentionSearch | null>(null);
  const [results, setResults] = useState<MentionResults | null>(null);
  const [active, setActive] = useState<{ query: string; index: number }>({ query: '', index: 0 });
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const idKey = mentionKeys?.id ?? DEFAULT_MENTION_KEYS.id;
  const labelKey = mentionKeys?.label ?? DEFAULT_MENTION_KEYS.label;
  useEffect(() => {
    const search = createMentionSearch(async (query) => (await host.current.searchMentions?.(query)) ?? [], { keys: { id: idKey, label: labelKey } });
    searchRef.current = search;
    return () => search.cancel();
  }, [host, idKey, labelKey]);

  const query = state && enabled ? mentionQueryAt(state) : null;
  const queryText = query?.query ?? null;
  useEffect(() => {
    if (queryText === null) return;
    searchRef.current?.search(queryText, (items, asked) => setResults({ query: asked, items }));
  }, [queryText]);
  const suggestions = query && results?.query === query.query && dismissedAt !== query.from ? results.items : [];
  const open = suggestions.length > 0;
  const activeIndex = active.query === queryText ? Math.min(active.index, suggestions.length - 1) : 0;
  const position = open && view && query ? positionInBody(view, query.from) : null;

  const choose = (suggestion: MentionSuggestion) => {
    if (!view || !query || suggestion.deleted) return;
    const metadata = suggestion.permitted ? null : { permitted: false };
    insertMention(query.from, query.to, { id: suggestion.id, label: suggestion.label, metadata })(view.state, view.dispatch);
    view.focus();
  };

  useEffect(() => {
    controlRef.current = {
      open,
      move: (delta) => setActive({ query: queryText ?? '', index: (activeIndex + delta + suggestions.length) % suggestions.length }),
      choose: () => {
        const suggestion = suggestions[activeIndex];
        if (!suggestion || suggestion.deleted) return false;
        choose(suggestion);
        return true;
      },
      dismiss: () => setDismissedAt(query?.from ?? null),
    };
  });

  return { plugin, open, suggestions, activeIndex, position, choose, hover: (index) => setActive({ query: queryText ?? '', index }) };
}
