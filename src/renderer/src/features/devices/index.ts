/** The devices feature's door: the device list with recent devices, the console's home (/devices and any route no other screen serves). */
import { createElement } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
import { SYSTEM_DASHBOARD_ROUTE } from '../../core/router';
import { DevicesScreen } from './DevicesScreen';

const devicesArea: HeaderArea = { id: 'devices', label: 'Devices', icon: 'desktop', route: '/devices' };

export const devicesFeature: Feature = {
  id: 'devices',
  headerArea: devicesArea,
  screens: [
    {
      id: 'devices',
      match: () => ({}),
      render: () => createElement(DevicesScreen),
      // The system dashboard (where editor pages' logo leads) is this home: the header says so.
      area: (_params, route) => (route.split('?')[0] === SYSTEM_DASHBOARD_ROUTE ? devicesArea : null),
    },
  ],
};
