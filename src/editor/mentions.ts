/** @-mentions: trigger, query bounds, suggestion limit, debounce and per-query cache. */
import {
  EDITOR_MESSAGES,
  MENTION_ALIAS_MAX_LENGTH,
  MENTION_DEBOUNCE_MS,
  MENTION_MAX_SUGGESTIONS,
  MENTION_MIN_QUERY_LENGTH,
  MENTION_NAME_MAX_LENGTH,
  MENTION_TRIGGER,
} from './constants';

export interface MentionQueryMatch {
  /** The text after '@'. */
  query: string;
  /** Offset of '@' in the scanned text. */
  start: number;
}

// '@' at the start or after whitespace or '(', then the query up to the cursor.
const MENTION_AT_END = new RegExp(`(^|[\\s(])${MENTION_TRIGGER}([^${MENTION_TRIGGER}\\n]*)$`);

/**
 * The mention being typed at the end of `textBeforeCursor`, or null. The query
 * has 1 to 50 characters as a single word (an alias), or up to 75 characters
 * for a name with spaces; it cannot start with a space or punctuation.
 */
export function matchMentionQuery(textBeforeCursor: string): MentionQueryMatch | null {
  const match = MENTION_AT_END.exec(textBeforeCursor);
  if (!match) return null;
  const lead = match[1] ?? '';
  const query = match[2] ?? '';
  if (query.length < MENTION_MIN_QUERY_LENGTH) return null;
  if (!/^[\p{L}\p{N}]/u.test(query)) return null;
  if (/\s{2,}/.test(query)) return null;
  const limit = /\s/.test(query) ? MENTION_NAME_MAX_LENGTH : MENTION_ALIAS_MAX_LENGTH;
  if (query.length > limit) return null;
  return { query, start: match.index + lead.length };
}

/** A candidate returned by the host's mention search. */
export interface MentionCandidate {
  id: string | number;
  name: string;
  /** The user was deleted. */
  deleted?: boolean;
  /** False when the user may not see the content. */
  permitted?: boolean;
  [key: string]: unknown;
}

export interface MentionKeys {
  id: string;
  label: string;
}

export const DEFAULT_MENTION_KEYS: MentionKeys = { id: 'id', label: 'name' };

export interface MentionSuggestion {
  id: string;
  label: string;
  deleted: boolean;
  permitted: boolean;
  raw: Record<string, unknown>;
}

/** At most 5 suggestions, read with the configured id and label keys; items without an id are dropped. */
export function toSuggestions(results: readonly Record<string, unknown>[], keys: MentionKeys = DEFAULT_MENTION_KEYS): MentionSuggestion[] {
  const out: MentionSuggestion[] = [];
  for (const raw of results) {
    const id = raw[keys.id];
    if (id == null || id === '') continue;
    const label = raw[keys.label];
    out.push({
      id: String(id),
      label: label == null || label === '' ? String(id) : String(label),
      deleted: raw.deleted === true,
      permitted: raw.permitted !== false,
      raw,
    });
    if (out.length === MENTION_MAX_SUGGESTIONS) break;
  }
  return out;
}

export type MentionStatus = 'ok' | 'deleted' | 'notPermitted' | 'unknown';

/** The state of a mentioned user, from the mention node's label and metadata. */
export function mentionStatus(attrs: { label?: unknown; metadata?: unknown }): MentionStatus {
  const metadata = (attrs.metadata && typeof attrs.metadata === 'object' ? attrs.metadata : {}) as Record<string, unknown>;
  if (metadata.deleted === true) return 'deleted';
  if (metadata.permitted === false) return 'notPermitted';
  if (!attrs.label) return 'unknown';
  return 'ok';
}

/**
 * A host's own tooltip for a mention (in the content or the menu): the
 * mention's id, its label (null when unknown) and status; null for none.
 * Replaces the editor's default texts (`mentionTooltip`).
 */
export type DescribeMention = (mention: { id: string; label: string | null; status: MentionStatus }) => string | null;

/** The tooltip text for a mention, or null when nothing is wrong. */
export function mentionTooltip(status: MentionStatus): string | null {
  switch (status) {
    case 'deleted':
      return EDITOR_MESSAGES.mentionDeleted;
    case 'notPermitted':
      return EDITOR_MESSAGES.mentionNotPermitted;
    case 'unknown':
      return EDITOR_MESSAGES.mentionUnknown;
    default:
      return null;
  }
}

export type MentionFetcher = (query: string) => Promise<readonly Record<string, unknown>[]>;

export interface MentionSearchOptions {
  debounceMs?: number;
  keys?: MentionKeys;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface MentionSearch {
  /**
   * Looks up a query: a cached query answers at once; otherwise the host is
   * asked after 500 ms of quiet. Only the latest query's answer is delivered.
   */
  search(query: string, onResults: (suggestions: MentionSuggestion[], query: string) => void, onError?: (error: unknown) => void): void;
  cancel(): void;
  /** Number of distinct queries cached. */
  readonly cacheSize: number;
}

/** Debounced (500 ms), cached-per-query mention search around the host callback. */
export function createMentionSearch(fetcher: MentionFetcher, options: MentionSearchOptions = {}): MentionSearch {
  const debounceMs = options.debounceMs ?? MENTION_DEBOUNCE_MS;
  const keys = options.keys ?? DEFAULT_MENTION_KEYS;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const cache = new Map<string, MentionSuggestion[]>();
  let timer: unknown = null;
  let generation = 0;

  return {
    search(query, onResults, onError) {
      const mine = ++generation;
      if (timer != null) clearTimer(timer);
      timer = null;
      const cached = cache.get(query);
      if (cached) {
        onResults(cached, query);
        return;
      }
      timer = setTimer(() => {
        timer = null;
        fetcher(query).then(
          (results) => {
            const suggestions = toSuggestions(results, keys);
            cache.set(query, suggestions);
            if (mine === generation) onResults(suggestions, query);
          },
          (error: unknown) => {
            if (mine === generation) onError?.(error);
          },
        );
      }, debounceMs);
    },
    cancel() {
      generation++;
      if (timer != null) clearTimer(timer);
      timer = null;
    },
    get cacheSize() {
      return cache.size;
    },
  };
}
