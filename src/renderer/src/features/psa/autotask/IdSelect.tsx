/**
 * A plain select of records by id, its first entry (value '') meaning none:
 * the Autotask modals' short lists (device role mappings, an account's
 * locations, device roles, configuration types).
 */
import { HTMLSelect } from '@blueprintjs/core';
import type { PsaId } from '../../../../../shared/model/psa';

interface IdSelectProps {
  id: string;
  value: PsaId | null;
  /** The first entry's text: 'None', or a prompt for a required choice. */
  none: string;
  records: ReadonlyArray<{ id: PsaId; name: string }>;
  /** The chosen record's id as the select holds it (text), null for the first entry. */
  onChange(id: string | null): void;
}

export function IdSelect({ id, value, none, records, onChange }: IdSelectProps) {
  return (
    <HTMLSelect id={id} fill value={value === null ? '' : String(value)} onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}>
      <option value="">{none}</option>
      {records.map((record) => (
        <option key={String(record.id)} value={String(record.id)}>
          {record.name}
        </option>
      ))}
    </HTMLSelect>
  );
}
