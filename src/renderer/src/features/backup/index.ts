/** The backup feature's door: a device's page (browse its backups, restore activity) at /deviceDashboard/:nodeId/backup[/:page]. */
import { createElement } from 'react';
import type { Feature } from '../../app/feature';
import { matchRoute } from '../../core/router';
import { DevicePage, type DevicePageTab } from './DevicePage';

function deviceOf(route: string): { nodeId: number; page?: string } | null {
  const params = matchRoute('/deviceDashboard/:nodeId/backup/:page', route) ?? matchRoute('/deviceDashboard/:nodeId/backup', route);
  const nodeId = params ? Number.parseInt(params.nodeId ?? '', 10) : NaN;
  return Number.isInteger(nodeId) && nodeId > 0 ? { nodeId, page: params?.page } : null;
}

export const backupFeature: Feature = {
  id: 'backup',
  screens: [
    {
      id: 'device-backup',
      match: (route) => {
        const device = deviceOf(route);
        return device ? { nodeId: String(device.nodeId), page: device.page ?? '' } : null;
      },
      render: (params) => {
        const nodeId = Number(params.nodeId);
        const tab: DevicePageTab = params.page === 'activity' ? 'activity' : 'browse';
        return createElement(DevicePage, { key: nodeId, nodeId, tab });
      },
      area: (_params, route) => ({ id: 'backup', label: 'Backup', icon: 'database', route }),
    },
  ],
};
