/** Recently opened devices: reopen a device's backup browser in one click, online or offline. */
import './RecentDevices.css';
import { Button, Classes, Tag } from '@blueprintjs/core';
import type { RecentDevice } from '../../../../shared/model/devices';
import { useQuery } from '../../core/data/use-query';

export function RecentDevices({ onOpen }: { onOpen(device: RecentDevice): void }) {
  const { data } = useQuery('devices.recent', {});
  if (!data || data.length === 0) return null;
  return (
    <section className="recent-devices" aria-label="Recent devices">
      <span className={Classes.TEXT_MUTED}>Recent:</span>
      {data.map((device) => (
        <Button key={device.id} size="small" icon="desktop" onClick={() => onOpen(device)} data-recent-device={device.id}>
          {device.displayName}
          <Tag minimal className="gap-left">
            {device.organizationName}
          </Tag>
        </Button>
      ))}
    </section>
  );
}
