/**
 * What the ConnectWise settings screens share: the select
 * of PSA records (a plain select for short lists, a searchable one for the
 * companies and products), the unsaved-changes question's id, a confirmation, and
 * how a §8.3 failure is worded (the spec's sentence, then what the console
 * learned about it).
 */
import { Alert, HTMLSelect, Intent, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import type { ReactNode } from 'react';
import type { PsaId, PsaRecord } from '../../../../../shared/model/psa';
import { sameId } from '../../../../../shared/rules/psa/transitions';
import { ApiError } from '../../../core/api';
import { presentError } from '../../../core/toaster';

/** §8.3: the spec's sentence, with the reason the console was told when it adds something. */
function psaErrorText(error: unknown, text: string): string {
  if (!(error instanceof ApiError) || error.message.trim() === '' || error.message.includes(text)) return text;
  return `${text}: ${error.message}`;
}

export function presentPsaError(error: unknown, text: string, key: string): void {
  presentError(error, { message: psaErrorText(error, text), key });
}

/** A record that may be missing from the list it is chosen from (deleted, or filtered out): shown by its saved name, or '#id'. */
export function recordOf(id: PsaId | null | undefined, name: string | null | undefined): PsaRecord | null {
  return id === null || id === undefined ? null : { id, name: name ?? `#${String(id)}` };
}

const NONE_VALUE = '';

/**
 * A plain select of records ('None' or a prompt first). A chosen record the
 * list lacks stays shown, marked, so nothing is lost by opening the modal.
 */
export function RecordSelect(props: {
  id: string;
  value: PsaRecord | null;
  records: readonly PsaRecord[];
  /** The first entry, meaning "none": 'None', or 'Select...' for a required field. */
  none: string;
  onChange(record: PsaRecord | null): void;
  onBlur?(): void;
  disabled?: boolean;
  intent?: Intent;
  describedBy?: string;
}) {
  const { value, records } = props;
  const listed = value === null || records.some((r) => sameId(r.id, value.id));
  const options = [
    { label: props.none, value: NONE_VALUE },
    ...(listed || value === null ? [] : [{ label: `${value.name} (not listed)`, value: `id:${String(value.id)}` }]),
    ...records.map((r) => ({ label: r.name, value: `id:${String(r.id)}` })),
  ];
  return (
    <HTMLSelect
      id={props.id}
      fill
      value={value === null ? NONE_VALUE : `id:${String(value.id)}`}
      disabled={props.disabled}
      onBlur={props.onBlur}
      aria-describedby={props.describedBy}
      className={props.intent === Intent.DANGER ? 'select-invalid' : undefined}
      options={options}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        if (chosen === NONE_VALUE) props.onChange(null);
        else props.onChange(records.find((r) => `id:${String(r.id)}` === chosen) ?? value);
      }}
    />
  );
}

/** How many of the matching records a searchable select lists at once (type to narrow the rest). */
const SEARCH_SELECT_SHOWN = 200;

/**
 * A searchable select of many records (ConnectWise's companies, products): a
 * combobox, labelled by its form group (`id`), whose typing filters the list.
 */
export function SearchSelect(props: {
  id: string;
  value: PsaRecord | null;
  records: readonly PsaRecord[];
  /** Plural, for the messages ('companies'). */
  noun: string;
  placeholder: string;
  onChange(record: PsaRecord): void;
  onClose?(): void;
  disabled?: boolean;
  intent?: Intent;
  loading?: boolean;
}) {
  const { value, noun } = props;
  return (
    <Suggest<PsaRecord>
      items={[...props.records]}
      selectedItem={value}
      inputValueRenderer={(item) => item.name}
      itemPredicate={(query, item) => item.name.toLowerCase().includes(query.trim().toLowerCase())}
      itemsEqual={(a, b) => sameId(a.id, b.id)}
      onItemSelect={props.onChange}
      disabled={props.disabled}
      fill
      resetOnClose
      inputProps={{ id: props.id, placeholder: props.placeholder, intent: props.intent, rightElement: props.loading ? <Spinner size={16} aria-label="Loading" /> : undefined }}
      popoverProps={{ minimal: true, matchTargetWidth: true, onClosed: props.onClose }}
      itemRenderer={(item, { handleClick, handleFocus, modifiers, ref }) =>
        modifiers.matchesPredicate ? (
          <MenuItem
            key={String(item.id)}
            ref={ref}
            text={item.name}
            roleStructure="listoption"
            active={modifiers.active}
            selected={value !== null && sameId(value.id, item.id)}
            onClick={handleClick}
            onFocus={handleFocus}
          />
        ) : null
      }
      itemListRenderer={({ filteredItems, renderItem, itemsParentRef, query, menuProps }) => (
        <Menu {...menuProps} role="listbox" ulRef={itemsParentRef} className="cw-search-select-list" aria-label={noun}>
          {filteredItems.slice(0, SEARCH_SELECT_SHOWN).map(renderItem)}
          {filteredItems.length === 0 && <MenuItem disabled roleStructure="listoption" text={props.loading ? 'Loading...' : query ? `No ${noun} match '${query}'` : `No ${noun}`} />}
          {filteredItems.length > SEARCH_SELECT_SHOWN && (
            <MenuItem disabled roleStructure="listoption" text={`${filteredItems.length - SEARCH_SELECT_SHOWN} more: type to narrow the list`} />
          )}
        </Menu>
      )}
    />
  );
}

/** The heading id of the ConnectWise screens' unsaved-changes question (components/form/UnsavedChangesAlert). */
export const CW_UNSAVED_TITLE_ID = 'cw-unsaved-title';

/** A question before something that cannot be undone (Delete, Clear Mapping). */
export function ConfirmAlert(props: { isOpen: boolean; id: string; confirm: string; intent?: Intent; icon?: 'trash' | 'eraser'; loading?: boolean; onConfirm(): void; onCancel(): void; children: ReactNode }) {
  return (
    <Alert
      isOpen={props.isOpen}
      intent={props.intent ?? Intent.DANGER}
      icon={props.icon ?? 'trash'}
      confirmButtonText={props.confirm}
      cancelButtonText="Cancel"
      loading={props.loading}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      canEscapeKeyCancel={!props.loading}
      aria-labelledby={props.id}
    >
      <div id={props.id}>{props.children}</div>
    </Alert>
  );
}
