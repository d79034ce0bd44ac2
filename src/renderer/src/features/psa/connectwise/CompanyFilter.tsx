/**
 * The company criteria filter above the Company Mapping table (spec §2.4
 * "company criteria filter (Types, Statuses)", §3.4 company filter): which
 * ConnectWise companies the mapping modals and Auto Map offer. None chosen
 * lets any through. Saved on its own, then the companies are read again.
 */
import { Button, Classes, Intent } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { PsaId, PsaRecord } from '../../../../../shared/model/psa';
import { EntityMultiSelect } from '../../../components/inputs/EntityMultiSelect';
import { saveConnectWiseCompanyFilter } from '../client';
import { useAction } from '../use-psa';
import { localPages, nameIn, recordId, recordName, type CwData } from './cw-data';
import { useDraft } from './unsaved';

const recordsOf = (ids: readonly PsaId[], list: readonly PsaRecord[]): PsaRecord[] => ids.map((id) => ({ id, name: nameIn(list, id) }));

/** One criterion (`field`: types or statuses): any of its records. */
function CriterionSelect({ field, label, records, selected, disabled, onChange }: { field: 'types' | 'statuses'; label: string; records: readonly PsaRecord[]; selected: readonly PsaRecord[]; disabled: boolean; onChange(selected: PsaRecord[]): void }) {
  const pages = useMemo(() => localPages(records, recordName), [records]);
  return (
    <EntityMultiSelect<PsaRecord, null>
      id={`cw-filter-${field}`}
      label={label}
      noun={field}
      selected={selected}
      itemId={recordId}
      itemLabel={recordName}
      pages={pages}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

export function CompanyFilter({ data, onSaved }: { data: CwData; onSaved(): void }) {
  const { companyTypes, companyStatuses, companyFilter } = data.settings;
  const server = useMemo(() => ({ types: recordsOf(companyFilter.types, companyTypes), statuses: recordsOf(companyFilter.statuses, companyStatuses) }), [companyFilter, companyTypes, companyStatuses]);
  const { draft, setDraft, dirty, reset, saved } = useDraft('companies/sync/filter', server);
  const { busy: saving, run } = useAction('cw-company-filter');

  const save = () =>
    run(() => saveConnectWiseCompanyFilter({ types: draft.types.map((t) => t.id), statuses: draft.statuses.map((s) => s.id) }), 'Company filter saved', () => {
      saved();
      onSaved();
    });

  return (
    <div className="cw-company-filter">
      <h2 id="cw-company-filter-title" className={`${Classes.HEADING} cw-section-title`}>
        Company criteria
      </h2>
      <p className={Classes.TEXT_MUTED}>Only ConnectWise companies of these types and statuses are offered for mapping. None chosen: any.</p>
      <div className="cw-filter-row">
        <CriterionSelect field="types" label="Types" records={companyTypes} selected={draft.types} disabled={saving} onChange={(types) => setDraft({ ...draft, types })} />
        <CriterionSelect field="statuses" label="Statuses" records={companyStatuses} selected={draft.statuses} disabled={saving} onChange={(statuses) => setDraft({ ...draft, statuses })} />
        <div className="cw-filter-actions">
          <Button text="Undo" disabled={!dirty || saving} onClick={reset} />
          <Button intent={Intent.PRIMARY} text="Save filter" disabled={!dirty} loading={saving} onClick={() => void save()} />
        </div>
      </div>
    </div>
  );
}
