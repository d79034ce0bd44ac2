/** The device list, opening a device, recent devices. */
import type { DeviceService } from '../../services/devices/device-service';
import type { HandlersOf } from '../router';

export function devicesHandlers(devices: DeviceService): HandlersOf<'devices'> {
  return {
    'devices.query': (args) => devices.query(args),
    'devices.open': ({ nodeId }) => devices.open(nodeId),
    'devices.recent': () => devices.recent(),
  };
}
