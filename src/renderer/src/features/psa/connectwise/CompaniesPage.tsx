/**
 * The Companies page (spec §2.4) with its tabs: Sync (the company criteria
 * filter and the Company Mapping table) and Help Desk (the create-contact
 * option). The companies the filter lets through are read once for the page
 * (the mapping modal and Auto Map choose from them) and again after the
 * filter is saved or ConnectWise's data are refreshed.
 */
import { Button, Classes, Intent, Switch } from '@blueprintjs/core';
import { useQuery } from '../../../core/data/use-query';
import { presentError } from '../../../core/toaster';
import { saveConnectWiseHelpDesk } from '../client';
import { useAction } from '../use-psa';
import { CompanyFilter } from './CompanyFilter';
import { CompanyMappingTable } from './CompanyMappingTable';
import type { CwData } from './cw-data';
import { GuardedTabs, useDraft } from './unsaved';

function CompaniesSync({ data }: { data: CwData }) {
  const companies = useQuery('psa.connectwise.companies', {}, (error) => presentError(error, { key: 'cw-companies' }));
  const reloadCompanies = companies.reload;
  return (
    <div className="cw-panel cw-companies-sync">
      <CompanyFilter
        data={data}
        onSaved={() => {
          data.reload();
          reloadCompanies();
        }}
      />
      <CompanyMappingTable
        data={data}
        companies={companies.data}
        companiesLoading={companies.loading}
        onRefreshed={() => {
          data.reload();
          reloadCompanies();
        }}
      />
    </div>
  );
}

/** §2.4 Help Desk tab, §3.4 help desk settings: createContact. */
function HelpDeskPanel({ data }: { data: CwData }) {
  const { draft, setDraft, dirty, saved } = useDraft('companies/helpdesk', data.settings.helpDesk.createContact);
  const { busy: saving, run } = useAction('cw-help-desk');
  const save = () =>
    run(() => saveConnectWiseHelpDesk({ createContact: draft }), 'Help desk settings saved', () => {
      saved();
      data.reload();
    });
  return (
    <div className="cw-panel cw-help-desk">
      <h2 id="cw-help-desk-title" className={`${Classes.HEADING} cw-section-title`}>
        Help Desk
      </h2>
      <Switch label="Create contact" checked={draft} disabled={saving} onChange={(event) => setDraft(event.currentTarget.checked)} aria-describedby="cw-help-desk-contact-note" />
      <p id="cw-help-desk-contact-note" className={Classes.TEXT_MUTED}>
        When a ticket's requester is not a contact of the organization's ConnectWise company, a contact is created for them.
      </p>
      <Button intent={Intent.PRIMARY} text="Save" disabled={!dirty} loading={saving} onClick={() => void save()} />
    </div>
  );
}

export function CompaniesPage({ data }: { data: CwData }) {
  return (
    <GuardedTabs
      id="cw-companies-tabs"
      prefix="companies"
      tabs={[
        { id: 'sync', title: 'Sync', panel: <CompaniesSync data={data} /> },
        { id: 'helpdesk', title: 'Help Desk', panel: <HelpDeskPanel data={data} /> },
      ]}
    />
  );
}
