/** Runtime schemas for API answers: server data is untrusted until it passes these. */
import { z } from 'zod';
import { NODE_CLASSES } from '../../../shared/model/device';

export const deviceSchema = z.object({
  id: z.number().int(),
  displayName: z.string().max(500),
  friendlyName: z.string().max(500).catch(''),
  name: z.string().max(500),
  systemName: z.string().max(500),
  clientId: z.number().int(),
  organizationName: z.string().max(500).catch(''),
  nodeClass: z.enum(NODE_CLASSES),
  nodeRole: z.string().max(200).catch(''),
  isUp: z.boolean(),
  lockhartEnabled: z.boolean().catch(false),
});

export function pagedAnswer<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    totalElements: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  });
}
