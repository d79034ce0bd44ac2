/** The console's home: recent devices and the device list; opening one goes to its backup page. */
import { Classes } from '@blueprintjs/core';
import { navigate } from '../../core/router';
import { DeviceList } from './DeviceList';
import { RecentDevices } from './RecentDevices';

const openDevice = (device: { id: number }) => navigate(`/deviceDashboard/${device.id}/backup`);

export function DevicesScreen() {
  return (
    <>
      <h1 className={`${Classes.HEADING} page-title`}>Devices</h1>
      <RecentDevices onOpen={openDevice} />
      <DeviceList onOpenDevice={openDevice} />
    </>
  );
}
