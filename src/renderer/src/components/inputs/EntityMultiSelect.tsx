/**
 * The shared entity multi-select: organizations,
 * locations, users or accounts picked from the server, searched there (after
 * the table's 400 ms typing delay) and read a page at a time (PagedLoader:
 * page numbers, or after the last id for PSA's pages of 500) with 'Load more'
 * at the list's end. The first page is read only once the list opens. The
 * chosen entities show as tags; Backspace or a tag's cross removes one.
 * `appearance="select"` picks one record and looks like a single select (as
 * the PSA pages' searchable select): a field showing the chosen one's name,
 * with a caret, whose typing searches the list; a separate Clear button
 * unless the field is required.
 */
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Button, Classes, ControlGroup, FormGroup, Icon, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { MultiSelect, Suggest, type ItemListRenderer, type ItemRenderer } from '@blueprintjs/select';
import { useEffect, useMemo, useState } from 'react';
import { TABLE_SEARCH_DELAY_MS } from '../../../../shared/rules/platform/limits';
import type { PageFetch } from '../../core/data/paged-loader';
import { usePaged } from '../../core/data/use-paged';
import { presentError } from '../../core/toaster';
import { toggleEntity } from './entity-choice';

interface EntityMultiSelectProps<T, C> {
  id: string;
  label: string;
  /** What is picked, plural ('organizations'): the placeholder and the messages say it. */
  noun: string;
  selected: readonly T[];
  onChange(selected: T[]): void;
  itemId(item: T): string;
  itemLabel(item: T): string;
  /** The pages of one search (an empty search: all). */
  pages(search: string): { fetch: PageFetch<T, C>; first: C };
  disabled?: boolean;
  error?: string | null;
  /** What an empty list says when nothing is searched (default 'No <noun>'). */
  emptyText?: string;
  /** Marks the label required (*). */
  required?: boolean;
  /** One at a time: a pick replaces the one chosen (picking it again clears it). */
  single?: boolean;
  /**
   * 'tags' (default): the chosen ones as tags in a box. 'select': one record
   * (implies `single`), shown as a single select; `clearable` (default: not
   * `required`) offers a Clear button beside it.
   */
  appearance?: 'tags' | 'select';
  clearable?: boolean;
}

export function EntityMultiSelect<T, C>(props: EntityMultiSelectProps<T, C>) {
  const { itemId, itemLabel, selected, onChange, pages, noun } = props;
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), TABLE_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const source = useMemo(() => pages(search), [pages, search]);
  const list = usePaged(source.fetch, source.first, { enabled: open, key: search, onError: (error) => presentError(error, { key: `entities-${props.id}` }) });
  const chosen = useMemo(() => new Set(selected.map(itemId)), [selected, itemId]);

  const itemRenderer: ItemRenderer<T> = (item, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={itemId(item)}
      ref={ref}
      text={itemLabel(item)}
      // Long names wrap rather than hide their end (the list is as wide as the field).
      multiline
      roleStructure="listoption"
      selected={chosen.has(itemId(item))}
      active={modifiers.active}
      disabled={modifiers.disabled}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );
  const itemListRenderer: ItemListRenderer<T> = ({ items, itemsParentRef, renderItem }) => (
    <Menu ulRef={itemsParentRef} className="entity-multi-select-list" aria-label={props.label}>
      {items.map(renderItem).filter((item) => item !== null)}
      {!list.loading && items.length === 0 && <MenuItem disabled text={search ? `No ${noun} match '${search}'` : (props.emptyText ?? `No ${noun}`)} roleStructure="listoption" />}
      {list.loading && <MenuItem disabled icon={<Spinner size={14} />} text="Loading..." roleStructure="listoption" />}
      {!list.loading && list.hasMore && <MenuItem icon="more" text="Load more" roleStructure="listoption" shouldDismissPopover={false} onClick={list.loadMore} />}
    </Menu>
  );
  const formGroup = { label: props.label, labelFor: props.id, labelInfo: props.required ? '*' : undefined, intent: props.error ? ('danger' as const) : ('none' as const), helperText: props.error ?? undefined };

  if (props.appearance === 'select') {
    const current = selected[0] ?? null;
    const clearable = (props.clearable ?? !props.required) && current !== null && !props.disabled;
    return (
      <FormGroup {...formGroup}>
        <ControlGroup fill className="entity-select">
          <Suggest<T>
            items={list.items}
            selectedItem={current}
            itemsEqual={(a, b) => itemId(a) === itemId(b)}
            inputValueRenderer={itemLabel}
            query={query}
            onQueryChange={setQuery}
            resetOnClose
            disabled={props.disabled}
            fill
            // Picking the chosen one again keeps it (Clear empties the field).
            onItemSelect={(item) => {
              if (!current || itemId(current) !== itemId(item)) onChange([item]);
            }}
            popoverProps={{ minimal: true, onOpening: () => setOpen(true), matchTargetWidth: true }}
            inputProps={{
              id: props.id,
              placeholder: `Search ${noun}...`,
              // A long name ends in '…' (the whole of it in the tooltip).
              title: current ? itemLabel(current) : undefined,
              style: { textOverflow: 'ellipsis' },
              intent: props.error ? 'danger' : 'none',
              'aria-invalid': props.error ? true : undefined,
              // A select's caret: the field opens a list (typing searches it).
              rightElement: (
                <span className={Classes.TEXT_MUTED} style={{ display: 'inline-flex', padding: '7px 8px', pointerEvents: 'none' }} aria-hidden>
                  <Icon icon="caret-down" />
                </span>
              ),
            }}
            itemRenderer={itemRenderer}
            itemListRenderer={itemListRenderer}
          />
          {clearable && <Button icon="cross" aria-label={`Clear ${props.label}`} title={`Clear ${props.label}`} onClick={() => onChange([])} />}
        </ControlGroup>
      </FormGroup>
    );
  }

  return (
    <FormGroup {...formGroup}>
      <MultiSelect<T>
        items={list.items}
        selectedItems={[...selected]}
        itemsEqual={(a, b) => itemId(a) === itemId(b)}
        query={query}
        onQueryChange={setQuery}
        resetOnSelect={false}
        disabled={props.disabled}
        fill
        placeholder={`Search ${noun}...`}
        tagRenderer={itemLabel}
        onItemSelect={(item) => onChange(props.single ? (chosen.has(itemId(item)) ? [] : [item]) : toggleEntity(selected, item, itemId))}
        onRemove={(item) => onChange(selected.filter((other) => itemId(other) !== itemId(item)))}
        onClear={selected.length > 0 ? () => onChange([]) : undefined}
        popoverProps={{ minimal: true, onOpening: () => setOpen(true), matchTargetWidth: true }}
        tagInputProps={{ inputProps: { id: props.id }, intent: props.error ? 'danger' : 'none', tagProps: { minimal: true } }}
        itemRenderer={itemRenderer}
        itemListRenderer={itemListRenderer}
      />
      <span className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`} aria-live="polite">
        {selected.length > 0 ? `${selected.length} chosen` : ''}
      </span>
    </FormGroup>
  );
}
