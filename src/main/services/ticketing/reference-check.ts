/**
 * §5.1 at save: which of the users, organizations or locations an automation
 * names are deleted now, read from the current lookups (§7.1 GET
 * /query/organizations, /query/locations and the users', 50 a page; the spec
 * shows no call by id). Each named one is looked for by its name first (one
 * short search); the rest by reading the lookup from its first page, at most
 * REFERENCE_SCAN_MAX_PAGES pages. One the lookup does not hold at all, read
 * to its end with nothing skipped, is gone: deleted too. One that could not
 * be found within the bound is not called deleted (the instance's own save
 * checks still apply, §8.1).
 */
import type { LookupPage } from '../../../shared/model/ticketing';
import type { NamedReference } from '../../../shared/rules/ticketing/references';

/** How many pages of one lookup a check reads at most (2,500 entries of 50). */
const REFERENCE_SCAN_MAX_PAGES = 50;
/** Pages of one name's search read (a name matches a few entries). */
const NAME_SEARCH_PAGES = 2;
/** The lookups search names of at most this many characters. */
const SEARCH_MAX = 100;

/** A page of a lookup, searched by name or not. */
type LookupPager = (page: number, search?: string) => Promise<LookupPage>;

export async function deletedAmong(wanted: readonly NamedReference[], pager: LookupPager, maxPages = REFERENCE_SCAN_MAX_PAGES): Promise<number[]> {
  const ids = new Set(wanted.map((r) => r.id));
  if (ids.size === 0) return [];
  const deleted = new Map<number, boolean>();
  const unresolved = () => [...ids].filter((id) => !deleted.has(id));
  const read = (answer: LookupPage) => {
    for (const entry of answer.results) if (ids.has(entry.id)) deleted.set(entry.id, entry.deleted);
  };

  const byName = new Map<string, number[]>();
  for (const { id, name } of wanted) {
    const search = name?.trim().slice(0, SEARCH_MAX);
    if (search) byName.set(search, [...(byName.get(search) ?? []), id]);
  }
  for (const [search, named] of byName) {
    for (let page = 0; page < NAME_SEARCH_PAGES && named.some((id) => !deleted.has(id)); page++) {
      const answer = await pager(page, search);
      read(answer);
      if (page + 1 >= answer.totalPages) break;
    }
  }

  let readToEnd = false;
  let skipped = false;
  for (let page = 0; unresolved().length > 0 && page < maxPages; page++) {
    const answer = await pager(page);
    read(answer);
    skipped ||= answer.skipped > 0;
    if (page + 1 >= answer.totalPages) {
      readToEnd = true;
      break;
    }
  }
  // An entry the console could not read may be one of them: not in the lookup is told only when every entry was read.
  const gone = readToEnd && !skipped ? unresolved() : [];
  return [...[...deleted].filter(([, isDeleted]) => isDeleted).map(([id]) => id), ...gone];
}
