/**
 * The instance's tags for the automation editor (spec §7.1 tags query and
 * create-tag mutation, §8.1 'Error fetching tags' / 'Error creating tag'): a
 * tag typed into a condition or a tag action that the instance does not have
 * yet is created as it is added; one the instance refuses says 'Error
 * creating tag' and is taken out of the fields again (`onRefused`: a save
 * would name a tag the instance does not have). When the list could not be
 * read, new tags go with the save as they are.
 */
import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';
import { useQuery } from '../../core/data/use-query';
import { presentError } from '../../core/toaster';
import { createTag } from './client';

type TagsChange = (next: string[], previous: readonly string[], apply: (tags: string[]) => void) => void;
const TagsContext = createContext<TagsChange | null>(null);
const key = (tag: string) => tag.trim().toLowerCase();

export function InstanceTagsProvider({ children, onRefused }: { children: ReactNode; /** A new tag the instance refused to create: remove it from the fields. */ onRefused?: (name: string) => void }) {
  const tags = useQuery('ticketing.tags', {}, (error) => presentError(error, { key: 'ticketing-tags' }));
  const created = useRef(new Set<string>());
  const known = useMemo(() => (tags.data ? new Set(tags.data.map(key)) : null), [tags.data]);
  const change = useCallback<TagsChange>(
    (next, previous, apply) => {
      // Shown at once; a tag the instance refuses is said and removed (from the fields as they are then: an edit made meanwhile is kept).
      apply(next);
      const added = next.filter((t) => !previous.some((p) => key(p) === key(t)));
      const missing = known ? added.filter((t) => !known.has(key(t)) && !created.current.has(key(t))) : [];
      for (const name of missing) {
        created.current.add(key(name));
        createTag({ name }).catch((error: unknown) => {
          created.current.delete(key(name));
          presentError(error, { key: 'ticketing-create-tag' });
          onRefused?.(name);
        });
      }
    },
    [known, onRefused],
  );
  return <TagsContext.Provider value={change}>{children}</TagsContext.Provider>;
}

/** The editors' tag change: creates the instance's missing tags first (outside the provider: as typed). */
export function useTagsChange(): TagsChange {
  return useContext(TagsContext) ?? ((next, _previous, apply) => apply(next));
}
