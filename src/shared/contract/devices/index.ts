/** The device list, opening a device, recent devices. */
import { z } from 'zod';
import { NODE_CLASSES, type Device, type Page, type RecentDevice } from '../../model/devices';
import { nodeId, noInput, returns, shortText } from '../common';

export const devicesCalls = {
  'devices.query': {
    input: z.strictObject({
      page: z.number().int().min(0).max(1_000_000),
      name: shortText(200).optional(),
      organization: shortText(200).optional(),
      nodeId: z.number().int().positive().optional(),
      /** Only these devices (the restore targets a client allows): §5's nodeId filter with a list. */
      nodeIds: z.array(z.number().int().positive()).max(100_000).optional(),
      nodeClass: z.array(z.enum(NODE_CLASSES)).max(NODE_CLASSES.length).optional(),
      online: z.boolean().optional(),
      lockhartEnabled: z.boolean().optional(),
    }),
    output: returns<Page<Device>>(),
  },
  /** Opens a device: its details (from the server, or the recent list offline) and a place in the recent list. */
  'devices.open': { input: z.strictObject({ nodeId }), output: returns<Device>() },
  'devices.recent': { input: noInput, output: returns<RecentDevice[]>() },
} as const;
