/**
 * The company criteria filter above the Company Mapping table (spec §2.4
 * "company criteria filter (Types, Statuses)", §3.4 company filter): which
 * ConnectWise companies the mapping modals and Auto Map offer. None chosen
 * lets any through. Saved on its own, then the companies are read again.
 */
import { Button, Classes, Intent } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { PsaId, PsaRecord } from '../../../../../shared/model/psa';
import { api } from '../../../core/api';
import { presentError, toastSuccess } from '../../../core/toaster';
import { EntityMultiSelect } from '../../../components/inputs/EntityMultiSelect';
import { localPages, nameIn, recordId, recordName, type CwData } from './cw-data';
import { useDraft } from './unsaved';

const recordsOf = (ids: readonly PsaId[], list: readonly PsaRecord[]): PsaRecord[] => ids.map((id) => ({ id, name: nameIn(list, id) }));

export function CompanyFilter({ data, onSaved }: { data: CwData; onSaved(): void }) {
  const { companyTypes, companyStatuses, companyFilter } = data.settings;
  const server = useMemo(() => ({ types: recordsOf(companyFilter.types, companyTypes), statuses: recordsOf(companyFilter.statuses, companyStatuses) }), [companyFilter, companyTypes, companyStatuses]);
  const { draft, setDraft, dirty, reset, saved } = useDraft('companies/sync/filter', server);
  const [saving, setSaving] = useState(false);
  const typePages = useMemo(() => localPages(companyTypes, recordName), [companyTypes]);
  const statusPages = useMemo(() => localPages(companyStatuses, recordName), [companyStatuses]);

  const save = async () => {
    setSaving(true);
    try {
      await api.call('psa.connectwise.saveCompanyFilter', { types: draft.types.map((t) => t.id), statuses: draft.statuses.map((s) => s.id) });
      toastSuccess('Company filter saved', 'cw-company-filter');
      saved();
      onSaved();
    } catch (error) {
      presentError(error, { key: 'cw-company-filter' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="cw-company-filter">
      <h2 id="cw-company-filter-title" className={`${Classes.HEADING} cw-section-title`}>
        Company criteria
      </h2>
      <p className={Classes.TEXT_MUTED}>Only ConnectWise companies of these types and statuses are offered for mapping. None chosen: any.</p>
      <div className="cw-filter-row">
        <EntityMultiSelect<PsaRecord, null>
          id="cw-filter-types"
          label="Types"
          noun="types"
          selected={draft.types}
          itemId={recordId}
          itemLabel={recordName}
          pages={typePages}
          disabled={saving}
          onChange={(types) => setDraft({ ...draft, types })}
        />
        <EntityMultiSelect<PsaRecord, null>
          id="cw-filter-statuses"
          label="Statuses"
          noun="statuses"
          selected={draft.statuses}
          itemId={recordId}
          itemLabel={recordName}
          pages={statusPages}
          disabled={saving}
          onChange={(statuses) => setDraft({ ...draft, statuses })}
        />
        <div className="cw-filter-actions">
          <Button text="Undo" disabled={!dirty || saving} onClick={reset} />
          <Button intent={Intent.PRIMARY} text="Save filter" disabled={!dirty} loading={saving} onClick={() => void save()} />
        </div>
      </div>
    </div>
  );
}
