/**
 * The devices feature's contract calls: the device list's pages. Its reads
 * shown through the shared cache (`useQuery('devices.recent')`) stay where they
 * are; this feature writes nothing.
 */
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';

/** A page of the device list (50), with its search and filters. */
export function queryDevices(input: CallInput<'devices.query'>): Promise<CallOutput<'devices.query'>> {
  return api.call('devices.query', input);
}
