/**
 * The restore target picker (spec §5): a remote DataTable over the device
 * query paged by 50 with its filters — name (the search), organization (a
 * SingleValue filter), nodeId (the devices eligible for this restore), online
 * only, backup enabled, and the device classes allowed (Mac targets only with
 * feature macff) — all sent to the server, so every page holds only eligible
 * devices. A click, the arrows or Enter pick the target.
 */
import './restore.css';
import { NonIdealState } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import type { Device } from '../../../../shared/model/devices';
import type { FeatureFlags } from '../../../../shared/model/platform/features';
import { MESSAGES } from '../../../../shared/rules/platform/messages';
import { allowedTargetClasses, isRestoreTarget } from '../../../../shared/rules/restore';
import { errorMessage } from '../../core/api';
import { TextCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RemoteQuery } from '../../components/data-table/DataTable';
import type { FilterDef } from '../../components/data-table/filters';
import { EMPTY_SELECTION, type Selection } from '../../components/data-table/selection';
import { queryTargetDevices } from './client';

const COLUMNS: DataTableColumn<Device>[] = [
  { id: 'name', title: 'Device', width: 240, render: (device) => <TextCell text={device.displayName} /> },
  { id: 'organization', title: 'Organization', width: 180, render: (device) => <TextCell text={device.organizationName} /> },
];
const FILTERS: FilterDef<Device>[] = [{ id: 'organization', label: 'Organization', type: 'SingleValue' }];
const deviceId = (device: Device) => String(device.id);

export function DevicePicker(props: { features: FeatureFlags; eligibleIds: readonly number[]; selected: Device | null; onSelect(device: Device): void }) {
  const { features, eligibleIds, onSelect } = props;
  // The devices of the page on screen, to turn a selected row into its device.
  const shown = useRef(new Map<string, Device>());
  const remote = useMemo(() => {
    const eligible = new Set(eligibleIds);
    return {
      pageSize: 50,
      fetch: async (query: RemoteQuery) => {
        const organization = query.filters.organization;
        const page = await queryTargetDevices({
          page: query.page,
          nodeIds: [...eligibleIds],
          online: true,
          lockhartEnabled: true,
          nodeClass: allowedTargetClasses(features),
          ...(query.search ? { name: query.search } : {}),
          ...(organization?.type === 'SingleValue' && organization.value.trim() ? { organization: organization.value.trim() } : {}),
        });
        // The server filters (above); what it answers is checked again, so an instance that ignores a filter never offers an ineligible target.
        const data = page.results.filter((device) => isRestoreTarget(device, eligible, features));
        // Kept, not replaced: an answer the table drops as stale must not hide the devices on screen.
        for (const device of data) shown.current.set(deviceId(device), device);
        return { data, pageCount: page.totalPages, totalCount: page.totalElements };
      },
      errorMessage,
    };
  }, [eligibleIds, features]);
  const [selection, setSelection] = useState<Selection>(() => (props.selected ? { ...EMPTY_SELECTION, ids: new Set([deviceId(props.selected)]) } : EMPTY_SELECTION));
  const choose = (next: Selection) => {
    // One target: the row just picked (a Ctrl+click or Shift+arrow adds one; only that one counts).
    const picked = [...next.ids].find((id) => !selection.ids.has(id)) ?? [...next.ids][0] ?? '';
    const device = shown.current.get(picked);
    // Escape or a disabled row leaves no row selected: the chosen target stays.
    if (!device) return setSelection({ ...selection, anchor: next.anchor, focus: next.focus });
    setSelection({ ...next, kind: 'some', ids: new Set([picked]) });
    onSelect(device);
  };

  // No eligible device at all: nothing to ask the server.
  if (eligibleIds.length === 0) return <NonIdealState icon="desktop" description={MESSAGES.noOnlineDevices} className="device-picker-empty" />;
  return (
    <DataTable<Device>
      id="restore-target-devices"
      label="Target devices"
      className="device-picker-table"
      columns={COLUMNS}
      rowId={deviceId}
      remote={remote}
      filters={FILTERS}
      searchPlaceholder="Device name"
      searchLabel="Search target devices"
      noun="device"
      emptyTitle={MESSAGES.noOnlineDevices}
      selection={selection}
      onSelectionChange={choose}
      onRowAction={onSelect}
      singleChoice
    />
  );
}
