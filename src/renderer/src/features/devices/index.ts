/** The devices feature's door: the device list with recent devices, the console's home (/devices and any route no other screen serves; the system dashboard's overview is the Dashboard's). */
import { createElement } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
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
    },
  ],
};
