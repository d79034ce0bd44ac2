/**
 * The Configuration page (spec §2.4) with its tabs: Mappings (the
 * configuration type mapping list and modal) and Sync (the device data sync
 * checklists 'Configuration Attributes', the five required ones always on,
 * and 'Configuration Questions', each with Select All; §3.4, §9.3). The two
 * checklists edit one list of names, saved together; a refused save says
 * §8.3's 'Error setting device sync attributes'.
 */
import { Button, Classes, Intent } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { ConnectWiseConfigurationTypeMapping } from '../../../../../shared/model/psa';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { CONNECTWISE_ATTRIBUTES_CHECKLIST, CONNECTWISE_QUESTIONS_CHECKLIST, withRequired } from '../../../../../shared/rules/psa/sync-attributes';
import { newConfigurationTypeMapping } from '../../../../../shared/rules/psa/transitions';
import { NumberCell, TextCell } from '../../../components/data-table/cells';
import type { DataTableColumn } from '../../../components/data-table/DataTable';
import { deleteConfigurationTypeMapping, saveConnectWiseSyncAttributes } from '../client';
import { SyncChecklist } from '../SyncChecklist';
import { useAction } from '../use-psa';
import { ConfigurationTypeMappingDialog } from './ConfigurationTypeMappingDialog';
import { roleName, type CwData } from './cw-data';
import { presentPsaError } from './cw-kit';
import { MappingsList } from './MappingsList';
import { GuardedTabs, useDraft } from './unsaved';

function ConfigurationMappings({ data }: { data: CwData }) {
  const columns = useMemo<DataTableColumn<ConnectWiseConfigurationTypeMapping>[]>(
    () => [
      { id: 'count', title: 'Role mappings', width: 130, stretch: false, sortValue: (m) => m.nodeRoleConfigurationTypeMappings.length, render: (m) => <NumberCell value={m.nodeRoleConfigurationTypeMappings.length} /> },
      { id: 'roles', title: 'Device Roles', width: 380, render: (m) => <TextCell text={m.nodeRoleConfigurationTypeMappings.map((r) => roleName(data.roles, r.nodeRoleId)).join(', ') || null} /> },
    ],
    [data.roles],
  );
  return (
    <div className="cw-panel">
      <h2 id="cw-configuration-mappings-title" className={`${Classes.HEADING} cw-section-title`}>
        Configuration Type Mappings
      </h2>
      <MappingsList<ConnectWiseConfigurationTypeMapping>
        tableId="cw-configuration-type-mappings"
        label="Configuration Type Mappings"
        noun="configuration type mapping"
        mappings={data.settings.configurationTypeMappings}
        columns={columns}
        newMapping={newConfigurationTypeMapping}
        remove={(id) => deleteConfigurationTypeMapping({ id })}
        onDeleted={data.reload}
        renderDialog={(target, close) => <ConfigurationTypeMappingDialog key={`${target.mode}-${target.mapping.id}`} target={target} data={data} onClose={close} />}
      />
    </div>
  );
}

/** §2.4 Configuration → Sync. */
function ConfigurationSync({ data }: { data: CwData }) {
  const server = useMemo(() => withRequired(data.settings.deviceDataSyncAttributes, CONNECTWISE_ATTRIBUTES_CHECKLIST), [data.settings.deviceDataSyncAttributes]);
  const { draft, setDraft, dirty, reset, saved } = useDraft('configuration/sync', server);
  const { busy: saving, run } = useAction('cw-sync-attributes', (error) => presentPsaError(error, PSA_MESSAGES.syncAttributesFailed, 'cw-sync-attributes'));
  const save = () =>
    run(() => saveConnectWiseSyncAttributes({ names: withRequired(draft, CONNECTWISE_ATTRIBUTES_CHECKLIST) }), 'Device sync attributes saved', () => {
      saved();
      data.reload();
    });
  return (
    <div className="cw-panel cw-sync">
      <h2 id="cw-configuration-sync-title" className={`${Classes.HEADING} cw-section-title`}>
        Device data sync
      </h2>
      <p className={Classes.TEXT_MUTED}>What the console sends to ConnectWise for each device's configuration.</p>
      <div className="cw-checklists">
        <SyncChecklist checklist={CONNECTWISE_ATTRIBUTES_CHECKLIST} selected={draft} disabled={saving} onChange={setDraft} />
        <SyncChecklist checklist={CONNECTWISE_QUESTIONS_CHECKLIST} selected={draft} disabled={saving} onChange={setDraft} />
      </div>
      <div className="cw-page-actions">
        <Button text="Undo" disabled={!dirty || saving} onClick={reset} />
        <Button intent={Intent.PRIMARY} text="Save" disabled={!dirty} loading={saving} onClick={() => void save()} />
      </div>
    </div>
  );
}

export function ConfigurationPage({ data }: { data: CwData }) {
  return (
    <GuardedTabs
      id="cw-configuration-tabs"
      prefix="configuration"
      tabs={[
        { id: 'mappings', title: 'Mappings', panel: <ConfigurationMappings data={data} /> },
        { id: 'sync', title: 'Sync', panel: <ConfigurationSync data={data} /> },
      ]}
    />
  );
}
