/**
 * Autotask settings (spec §2.3, §3.3, §4.3, §5.3, §8.3) at
 * /administration/apps/autotask: Accounts (Account Type Filter, Account
 * Mapping with Auto Map and Clear Mapping), Device Role Mappings, Location
 * Mapping, Help Desk options and Device Data Sync. Mapping changes are
 * previewed before they are saved.
 */
import { Button, Checkbox, Classes, Intent, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { AUTOTASK_ATTRIBUTES_CHECKLIST } from '../../../../../shared/rules/psa/sync-attributes';
import { INTEGRATIONS_ROUTE, PSA_LABELS } from '../../../../../shared/model/psa/views';
import { useQuery } from '../../../core/data/use-query';
import { presentError } from '../../../core/toaster';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { SkippedNotice } from '../../../components/SkippedNotice';
import { ChangePreviewDialog } from '../ChangePreviewDialog';
import { saveAutotaskHelpdesk, saveAutotaskSyncAttributes } from '../client';
import { SyncChecklist } from '../SyncChecklist';
import { useAction, useNeverMap, usePreviewedSave } from '../use-psa';
import { AccountsTab } from './AccountsTab';
import { LocationsTab } from './LocationsTab';
import { RoleMappingsTab } from './RoleMappingsTab';
import '../psa.css';
import { ARROW_KEYS } from '../../../components/tab-keys';

function HelpdeskTab({ initial, onSaved }: { initial: { createContact: boolean; embedHelpRequestImagesInTickets: boolean }; onSaved(): void }) {
  const [draft, setDraft] = useState(initial);
  const { busy: saving, run } = useAction('autotask-helpdesk');
  const save = () => run(() => saveAutotaskHelpdesk(draft), 'Help desk options saved', onSaved);
  return (
    <section className="psa-section" aria-label="Help Desk">
      <Checkbox label="Create contact" checked={draft.createContact} onChange={(e) => setDraft({ ...draft, createContact: e.currentTarget.checked })} />
      <Checkbox label="Embed images in tickets" checked={draft.embedHelpRequestImagesInTickets} onChange={(e) => setDraft({ ...draft, embedHelpRequestImagesInTickets: e.currentTarget.checked })} />
      <Button intent={Intent.PRIMARY} text="Save" loading={saving} disabled={draft.createContact === initial.createContact && draft.embedHelpRequestImagesInTickets === initial.embedHelpRequestImagesInTickets} onClick={() => void save()} />
    </section>
  );
}

function SyncTab({ initial, onSaved }: { initial: readonly string[]; onSaved(): void }) {
  const [selected, setSelected] = useState<string[]>([...initial]);
  // A failure: §8.3 'Error setting device sync attributes' (the main process words it).
  const { busy: saving, run } = useAction('autotask-sync');
  const save = () => run(() => saveAutotaskSyncAttributes({ names: selected }), 'Device data sync attributes saved', onSaved);
  return (
    <section className="psa-section" aria-label="Device Data Sync">
      <SyncChecklist checklist={AUTOTASK_ATTRIBUTES_CHECKLIST} selected={selected} level={2} onChange={setSelected} />
      <Button intent={Intent.PRIMARY} text="Save" loading={saving} onClick={() => void save()} />
    </section>
  );
}

export function AutotaskScreen() {
  const onError = (key: string) => (error: unknown) => presentError(error, { key });
  const settings = useQuery('psa.autotask.settings', {}, onError('autotask-settings'));
  const roles = useQuery('psa.roles', {}, onError('psa-roles'));
  const locations = useQuery('psa.autotask.locationMappings', {}, onError('autotask-location-mappings'));
  const neverMap = useNeverMap('autotask');
  const previewed = usePreviewedSave();
  const reload = () => {
    settings.reload();
    locations.reload();
  };
  const organizations = useMemo(() => new Map((settings.data?.accountMappings ?? []).map((r) => [r.clientId, r.clientName])), [settings.data]);
  const data = settings.data;
  return (
    <section className="psa-screen" aria-labelledby="autotask-title">
      {/* Back to the Integrations list the same way as ConnectWise's page: the breadcrumb. */}
      <Breadcrumbs items={[{ text: 'Integrations', href: `#${INTEGRATIONS_ROUTE}` }, { text: PSA_LABELS.autotask, current: true }]} />
      <h1 id="autotask-title" className={`${Classes.HEADING} page-title`}>
        {PSA_LABELS.autotask}
      </h1>
      {data && <SkippedNotice count={data.skipped} />}
      {data ? (
        <Tabs id="autotask-tabs" defaultSelectedTabId="accounts" renderActiveTabPanelOnly>
          <Tab {...ARROW_KEYS} id="accounts" title="Accounts" panel={<AccountsTab settings={data} locations={locations.data ?? []} locationsReady={locations.data !== undefined} neverMap={neverMap} askToSave={previewed.ask} onSaved={reload} />} />
          <Tab {...ARROW_KEYS} id="roles" title="Device Role Mappings" panel={<RoleMappingsTab mappings={data.deviceRoleMappings} roles={roles.data ?? []} categories={data.categories} onSaved={reload} />} />
          <Tab {...ARROW_KEYS} id="locations" title="Location Mapping" panel={<LocationsTab locations={locations.data ?? []} error={locations.error?.message} organizations={organizations} askToSave={previewed.ask} onSaved={reload} />} />
          <Tab {...ARROW_KEYS} id="helpdesk" title="Help Desk" panel={<HelpdeskTab key={JSON.stringify(data.helpdeskSettings)} initial={data.helpdeskSettings} onSaved={reload} />} />
          <Tab {...ARROW_KEYS} id="sync" title="Device Data Sync" panel={<SyncTab key={data.deviceDataSyncAttributes.join()} initial={data.deviceDataSyncAttributes} onSaved={reload} />} />
        </Tabs>
      ) : settings.error ? (
        <NonIdealState icon="error" title="The Autotask settings could not be loaded" description={settings.error.message} />
      ) : (
        <NonIdealState icon={<Spinner />} title="Loading..." />
      )}
      {previewed.pending && <ChangePreviewDialog changes={previewed.pending.changes} warning={previewed.pending.warning} saving={previewed.saving} onCancel={previewed.cancel} onConfirm={() => void previewed.confirm()} />}
    </section>
  );
}
