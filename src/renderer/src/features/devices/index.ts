/** The devices feature's door: the device list with recent devices, the console's home (/devices and any route no other screen serves). */
import { createElement } from 'react';
import type { Feature } from '../../app/feature';
import { DevicesScreen } from './DevicesScreen';

export const devicesFeature: Feature = {
  id: 'devices',
  headerArea: { id: 'devices', label: 'Devices', icon: 'desktop', route: '/devices' },
  screens: [{ id: 'devices', match: () => ({}), render: () => createElement(DevicesScreen) }],
};
