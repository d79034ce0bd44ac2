/**
 * A searchable select of the editor's lists (the scripts, the Windows
 * services): a combobox whose typing filters the items by every text the
 * item gives (a service by its display name and its service name, §3), at
 * most 200 listed at once.
 */
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Menu, MenuItem, Spinner, type Intent } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';

const SHOWN = 200;

interface TaskSuggestProps<T> {
  id: string;
  items: readonly T[];
  selected: T | null;
  /** The item's key, its shown name, its second line (a service's name) and every text it is searched by. */
  itemKey(item: T): string;
  itemLabel(item: T): string;
  itemDetail?(item: T): string;
  searchText(item: T): string;
  /** Plural, for the messages ('scripts'). */
  noun: string;
  placeholder: string;
  onSelect(item: T): void;
  onClose?(): void;
  loading?: boolean;
  disabled?: boolean;
  intent?: Intent;
  describedBy?: string;
}

export function TaskSuggest<T>(props: TaskSuggestProps<T>) {
  const { selected, itemKey, noun } = props;
  return (
    <Suggest<T>
      items={[...props.items]}
      selectedItem={selected}
      inputValueRenderer={props.itemLabel}
      itemPredicate={(query, item) => props.searchText(item).toLowerCase().includes(query.trim().toLowerCase())}
      itemsEqual={(a, b) => itemKey(a) === itemKey(b)}
      onItemSelect={props.onSelect}
      disabled={props.disabled}
      fill
      resetOnClose
      inputProps={{
        id: props.id,
        placeholder: props.placeholder,
        intent: props.intent,
        'aria-describedby': props.describedBy,
        rightElement: props.loading ? <Spinner size={16} aria-label="Loading" /> : undefined,
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true, onClosed: props.onClose }}
      itemRenderer={(item, { handleClick, handleFocus, modifiers, ref }) =>
        modifiers.matchesPredicate ? (
          <MenuItem
            key={itemKey(item)}
            ref={ref}
            text={props.itemLabel(item)}
            label={props.itemDetail?.(item)}
            roleStructure="listoption"
            active={modifiers.active}
            selected={selected !== null && itemKey(selected) === itemKey(item)}
            onClick={handleClick}
            onFocus={handleFocus}
          />
        ) : null
      }
      itemListRenderer={({ filteredItems, renderItem, itemsParentRef, query, menuProps }) => (
        <Menu {...menuProps} role="listbox" ulRef={itemsParentRef} className="task-suggest-list" aria-label={noun}>
          {filteredItems.slice(0, SHOWN).map(renderItem)}
          {filteredItems.length === 0 && <MenuItem disabled roleStructure="listoption" text={props.loading ? 'Loading...' : query ? `No ${noun} match '${query}'` : `No ${noun}`} />}
          {filteredItems.length > SHOWN && <MenuItem disabled roleStructure="listoption" text={`${filteredItems.length - SHOWN} more: type to narrow the list`} />}
        </Menu>
      )}
    />
  );
}
