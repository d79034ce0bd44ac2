/**
 * The restore target picker (spec §5): the device query paged by 50 with its
 * filters — name, organization, nodeId (the devices eligible for this
 * restore), online only, backup enabled, and the device classes allowed (Mac
 * targets only with feature macff) — all sent to the server, so every page
 * holds only eligible devices (issue 11 point 2).
 */
import { Button, Classes, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import type { Device } from '../../../../shared/model/device';
import type { FeatureFlags } from '../../../../shared/model/features';
import { MESSAGES } from '../../../../shared/rules/messages';
import { allowedTargetClasses, isRestoreTarget } from '../../../../shared/rules/restore';
import { useQuery } from '../../core/data/use-query';

export function DevicePicker(props: { features: FeatureFlags; eligibleIds: readonly number[]; selected: Device | null; onSelect(device: Device): void }) {
  const [search, setSearch] = useState('');
  const [organization, setOrganization] = useState('');
  const [query, setQuery] = useState({ name: '', organization: '' });
  const [page, setPage] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery((q) => (q.name === search.trim() && q.organization === organization.trim() ? q : { name: search.trim(), organization: organization.trim() }));
    }, 300);
    return () => clearTimeout(timer);
  }, [search, organization]);
  const input = {
    page,
    nodeIds: [...props.eligibleIds],
    online: true,
    lockhartEnabled: true,
    nodeClass: allowedTargetClasses(props.features),
    ...(query.name ? { name: query.name } : {}),
    ...(query.organization ? { organization: query.organization } : {}),
  };
  const { data, loading, error } = useQuery('devices.query', props.eligibleIds.length > 0 ? input : null);
  const eligible = useMemo(() => new Set(props.eligibleIds), [props.eligibleIds]);
  // The server filters (above); what it answers is checked again, so an instance that ignores a filter never offers an ineligible target.
  const devices = (data?.results ?? []).filter((device) => isRestoreTarget(device, eligible, props.features));
  // No eligible device at all: nothing to ask the server.
  const empty = props.eligibleIds.length === 0 || (data !== undefined && devices.length === 0);

  return (
    <div className="device-picker">
      <div className="device-picker-filters">
        <InputGroup
          leftIcon="search"
          placeholder="Device name"
          value={search}
          onValueChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
          aria-label="Search target devices"
          rightElement={loading ? <Spinner size={14} /> : undefined}
        />
        <InputGroup
          leftIcon="office"
          placeholder="Organization"
          value={organization}
          onValueChange={(v) => {
            setOrganization(v);
            setPage(0);
          }}
          aria-label="Organization"
        />
      </div>
      {error && !data ? (
        <NonIdealState icon="error" description={error.message} className="device-picker-empty" />
      ) : empty ? (
        <NonIdealState icon="desktop" description={MESSAGES.noOnlineDevices} className="device-picker-empty" />
      ) : (
        <div className="device-picker-scroll">
          <HTMLTable compact interactive className="full-width device-picker-table" aria-label="Target devices">
            <tbody>
              {devices.map((device) => (
                <tr
                  key={device.id}
                  className={props.selected?.id === device.id ? 'selected' : undefined}
                  aria-selected={props.selected?.id === device.id}
                  tabIndex={0}
                  onClick={() => props.onSelect(device)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') props.onSelect(device);
                  }}
                >
                  <td>{device.displayName}</td>
                  <td className={Classes.TEXT_MUTED}>{device.organizationName}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {data && data.totalPages > 1 && (
        <div className="device-picker-pager">
          <Button size="small" variant="minimal" icon="chevron-left" disabled={page === 0} onClick={() => setPage((p) => p - 1)} aria-label="Previous devices" />
          <span className={Classes.TEXT_MUTED}>
            Page {page + 1} of {data.totalPages}
          </span>
          <Button size="small" variant="minimal" icon="chevron-right" disabled={page + 1 >= data.totalPages} onClick={() => setPage((p) => p + 1)} aria-label="More devices" />
        </div>
      )}
    </div>
  );
}
