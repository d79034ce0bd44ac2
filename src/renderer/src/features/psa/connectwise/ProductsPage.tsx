/**
 * The Products page (spec §2.4) with its tabs: Mappings (the product mapping
 * list and modal) and Sync (the product agreement sync: Enabled and a monthly
 * schedule; §3.5; §9.3 MONTHLY only, not changeable, at most every 12 months)
 * on the shared ScheduleEditor, checked by its own rules before the save.
 */
import { Button, Callout, Classes, Intent, Switch } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { PRODUCT_MAPPING_TYPE_LABELS, type ConnectWiseProductMapping } from '../../../../../shared/model/psa';
import { labelOrRaw } from '../../../../../shared/model/platform/open-values';
import { afterEndNote, PRODUCT_SYNC_EDITOR_OPTIONS, productSyncOfSchedule, scheduleOfProductSync } from '../../../../../shared/rules/psa/product-sync-schedule';
import { newProductMapping } from '../../../../../shared/rules/psa/transitions';
import { validateSchedule } from '../../../../../shared/rules/platform/schedule';
import { presentError } from '../../../core/toaster';
import { NumberCell, TextCell } from '../../../components/data-table/cells';
import type { DataTableColumn } from '../../../components/data-table/DataTable';
import { ScheduleEditor } from '../../../components/inputs/ScheduleEditor';
import { deleteProductMapping, saveProductAgreementSync } from '../client';
import { useAction } from '../use-psa';
import type { CwData } from './cw-data';
import { MappingsList } from './MappingsList';
import { ProductMappingDialog } from './ProductMappingDialog';
import { GuardedTabs, useDraft } from './unsaved';

function ProductMappings({ data }: { data: CwData }) {
  const columns = useMemo<DataTableColumn<ConnectWiseProductMapping>[]>(
    () => [
      {
        id: 'type',
        title: 'Mapping Type',
        width: 300,
        sortValue: (m) => m.productMappingType,
        render: (m) => <TextCell text={labelOrRaw(PRODUCT_MAPPING_TYPE_LABELS, m.productMappingType)} />,
      },
      { id: 'count', title: 'Role mappings', width: 130, stretch: false, sortValue: (m) => m.nodeRoleProductMappings.length, render: (m) => <NumberCell value={m.nodeRoleProductMappings.length} /> },
    ],
    [],
  );
  return (
    <div className="cw-panel">
      <h2 id="cw-product-mappings-title" className={`${Classes.HEADING} cw-section-title`}>
        Product Mappings
      </h2>
      <MappingsList<ConnectWiseProductMapping>
        tableId="cw-product-mappings"
        label="Product Mappings"
        noun="product mapping"
        mappings={data.settings.productMappings}
        columns={columns}
        newMapping={newProductMapping}
        remove={(id) => deleteProductMapping({ id })}
        onDeleted={data.reload}
        renderDialog={(target, close) => <ProductMappingDialog key={`${target.mode}-${target.mapping.id}`} target={target} data={data} onClose={close} />}
      />
    </div>
  );
}

/** §2.4 Products → Sync: Enabled and the monthly schedule. */
function ProductSync({ data }: { data: CwData }) {
  const [openedAt] = useState(() => new Date());
  const sync = data.settings.productAgreementSync;
  const server = useMemo(() => ({ enabled: sync.enabled, schedule: scheduleOfProductSync(sync, openedAt) }), [sync, openedAt]);
  const { draft, setDraft, dirty, reset, saved } = useDraft('products/sync', server);
  const { busy: saving, run } = useAction('cw-product-sync');
  const [showErrors, setShowErrors] = useState(false);
  // The last run counted from now (the save counts from its own now), not from when the page opened.
  const note = afterEndNote(draft.schedule, new Date());

  const save = async () => {
    const now = new Date();
    const errors = validateSchedule(draft.schedule, { ...PRODUCT_SYNC_EDITOR_OPTIONS, now, loadedStartDate: server.schedule.startDate });
    if (Object.keys(errors).length > 0) {
      setShowErrors(true);
      presentError('The schedule has errors: see the fields marked in red.', { key: 'cw-product-sync' });
      return;
    }
    await run(() => saveProductAgreementSync(productSyncOfSchedule(draft.enabled, draft.schedule, now)), 'Product agreement sync saved', () => {
      setShowErrors(false);
      saved();
      data.reload();
    });
  };

  return (
    <div className="cw-panel cw-product-sync">
      <h2 id="cw-product-sync-title" className={`${Classes.HEADING} cw-section-title`}>
        Product agreement sync
      </h2>
      <Switch label="Enabled" checked={draft.enabled} disabled={saving} onChange={(event) => setDraft({ ...draft, enabled: event.currentTarget.checked })} />
      <p className={Classes.TEXT_MUTED}>{draft.enabled ? 'Devices are synced to their products and agreements on this schedule.' : 'Off: the schedule is kept but does not run.'}</p>
      <ScheduleEditor
        idPrefix="cw-product-sync"
        value={draft.schedule}
        onChange={(schedule) => setDraft({ ...draft, schedule })}
        lockedRepeats={PRODUCT_SYNC_EDITOR_OPTIONS.lockedRepeats}
        maxRecurrence={PRODUCT_SYNC_EDITOR_OPTIONS.maxRecurrence}
        disabled={saving}
        showErrors={showErrors}
        loadedStartDate={server.schedule.startDate}
      />
      {note && (
        <Callout intent={Intent.PRIMARY} compact className="gap">
          {note}
        </Callout>
      )}
      <div className="cw-page-actions">
        <Button text="Undo" disabled={!dirty || saving} onClick={reset} />
        <Button intent={Intent.PRIMARY} text="Save" disabled={!dirty} loading={saving} onClick={() => void save()} />
      </div>
    </div>
  );
}

export function ProductsPage({ data }: { data: CwData }) {
  return (
    <GuardedTabs
      id="cw-products-tabs"
      prefix="products"
      tabs={[
        { id: 'mappings', title: 'Mappings', panel: <ProductMappings data={data} /> },
        { id: 'sync', title: 'Sync', panel: <ProductSync data={data} /> },
      ]}
    />
  );
}
