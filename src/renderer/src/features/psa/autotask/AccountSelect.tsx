/**
 * The Autotask account (and product) picker: one record, shown and picked
 * like a select (the shared entity select's 'select' appearance: the chosen
 * name in the field, the list closing and the typed search going on a
 * choice), searched on the instance; with autotask_big_data the main
 * process reads 500 at a time after the last id (§6, §7.3) and the list's
 * end offers 'Load more'. 'No accounts available' when there is none (§8.3).
 */
import { useCallback } from 'react';
import type { PsaId, PsaRecord } from '../../../../../shared/model/psa';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import type { PageFetch } from '../../../core/data/paged-loader';
import { EntityMultiSelect } from '../../../components/inputs/EntityMultiSelect';
import { readAutotaskAccounts, readAutotaskProducts } from '../client';

const recordId = (record: PsaRecord) => String(record.id);
const recordName = (record: PsaRecord) => record.name;

interface AccountSelectProps {
  id: string;
  label: string;
  kind: 'accounts' | 'products';
  value: PsaRecord | null;
  onChange(record: PsaRecord | null): void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
}

export function AccountSelect({ id, label, kind, value, onChange, error, required, disabled }: AccountSelectProps) {
  const pages = useCallback(
    (search: string): { fetch: PageFetch<PsaRecord, PsaId | null>; first: PsaId | null } => ({
      first: null,
      fetch: async (after) => {
        const input = { ...(search ? { search } : {}), ...(after !== null ? { after } : {}) };
        const page = kind === 'accounts' ? await readAutotaskAccounts(input) : await readAutotaskProducts(input);
        return { items: page.items, next: page.next };
      },
    }),
    [kind],
  );
  return (
    <EntityMultiSelect<PsaRecord, PsaId | null>
      id={id}
      label={label}
      noun={kind}
      emptyText={kind === 'accounts' ? PSA_MESSAGES.noAccounts : undefined}
      selected={value ? [value] : []}
      itemId={recordId}
      itemLabel={recordName}
      pages={pages}
      error={error}
      required={required}
      disabled={disabled}
      appearance="select"
      onChange={(items) => onChange(items[0] ?? null)}
    />
  );
}
