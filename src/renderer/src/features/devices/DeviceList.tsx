/**
 * The device list: a remote DataTable (pages of 50 from `devices.query`),
 * searched by name (400 ms), filtered by class (SingleSelect) and status
 * (RadioGroup), all sent to the server. A device opens from its name, Enter
 * or a double click.
 */
import { Intent, Tag } from '@blueprintjs/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { NODE_CLASSES, nodeClassLabel, type Device, type NodeClass } from '../../../../shared/model/devices';
import { DEVICE_NOUN } from '../../../../shared/rules/platform/skipped-items';
import { errorMessage } from '../../core/api';
import { presentError } from '../../core/toaster';
import { AnchorCell, ButtonLinkCell, TextCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RemoteQuery } from '../../components/data-table/DataTable';
import type { FilterDef } from '../../components/data-table/filters';
import { SkippedNotice } from '../../components/SkippedNotice';
import { deviceGetStartedRoute } from '../help';
import { queryDevices } from './client';

const FILTERS: FilterDef<Device>[] = [
  { id: 'class', label: 'Class', type: 'SingleSelect', options: NODE_CLASSES.map((c) => ({ label: nodeClassLabel(c), value: c })) },
  { id: 'status', label: 'Status', type: 'RadioGroup', options: [{ label: 'Online', value: 'online' }] },
];

const deviceId = (device: Device) => String(device.id);

/** The query's filters as `devices.query` takes them. */
function deviceQueryOf(query: RemoteQuery) {
  const nodeClass = query.filters.class;
  const status = query.filters.status;
  return {
    page: query.page,
    ...(query.search ? { name: query.search } : {}),
    ...(nodeClass?.type === 'SingleSelect' && (NODE_CLASSES as readonly string[]).includes(nodeClass.value) ? { nodeClass: [nodeClass.value as NodeClass] } : {}),
    ...(status?.type === 'RadioGroup' && status.value === 'online' ? { online: true } : {}),
  };
}

export function DeviceList({ onOpenDevice }: { onOpenDevice?: (device: Device) => void }) {
  const [skipped, setSkipped] = useState(0);
  const asked = useRef(0);
  const open = useCallback((device: Device) => onOpenDevice?.(device), [onOpenDevice]);
  const columns = useMemo<DataTableColumn<Device>[]>(
    () => [
      { id: 'name', title: 'Name', width: 280, render: (device) => <ButtonLinkCell text={device.displayName} onClick={() => open(device)} /> },
      { id: 'organization', title: 'Organization', width: 200, render: (device) => <TextCell text={device.organizationName} /> },
      // A class beyond the spec's four (Linux, VMware, network...) is shown raw.
      { id: 'class', title: 'Class', width: 170, render: (device) => <TextCell text={nodeClassLabel(device.nodeClass)} /> },
      { id: 'role', title: 'Role', width: 170, render: (device) => <TextCell text={device.nodeRole} /> },
      {
        id: 'status',
        title: 'Status',
        width: 100,
        render: (device) => (
          <Tag minimal intent={device.isUp ? Intent.SUCCESS : Intent.NONE}>
            {device.isUp ? 'Online' : 'Offline'}
          </Tag>
        ),
      },
      {
        id: 'backup',
        title: 'Backup',
        width: 220,
        render: (device) =>
          device.lockhartEnabled ? (
            'Enabled'
          ) : (
            <span>
              Not enabled · <AnchorCell href={`#${deviceGetStartedRoute(device.id)}`} text="Get started" label={`Get started with Backup on ${device.displayName}`} />
            </span>
          ),
      },
    ],
    [open],
  );
  const remote = useMemo(
    () => ({
      pageSize: 50,
      fetch: async (query: RemoteQuery) => {
        const mine = ++asked.current;
        const page = await queryDevices(deviceQueryOf(query));
        // Only the latest answer counts (the table drops the others): an older page's count must not replace it.
        if (mine === asked.current) setSkipped(page.skipped ?? 0);
        return { data: page.results, pageCount: page.totalPages, totalCount: page.totalElements };
      },
      errorMessage: (error: unknown) => {
        presentError(error, { key: 'devices' });
        return errorMessage(error);
      },
    }),
    [],
  );

  return (
    <section className="device-list" aria-label="Devices">
      <SkippedNotice count={skipped} noun={DEVICE_NOUN} />
      <DataTable<Device>
        id="device-list"
        label="Device list"
        columns={columns}
        rowId={deviceId}
        remote={remote}
        filters={FILTERS}
        searchPlaceholder="Search devices by name..."
        searchLabel="Search devices"
        noun="device"
        errorTitle="Devices could not be loaded"
        emptyTitle="No devices found"
        onRowAction={open}
      />
    </section>
  );
}
