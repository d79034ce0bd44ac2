/** Runtime schemas for API answers: server data is untrusted until it passes these. */
import { z } from 'zod';

/**
 * A device of `/query/devices`. Only the id and a name are required (DESIGN
 * "Real instances"): a real instance lists classes beyond the spec's four
 * (Linux, VMware, Hyper-V, network, cloud monitor...), passed through raw.
 */
export const deviceSchema = z.object({
  id: z.number().int(),
  displayName: z.string().max(500),
  friendlyName: z.string().max(500).catch(''),
  name: z.string().max(500).catch(''),
  systemName: z.string().max(500).catch(''),
  clientId: z.number().int().catch(0),
  organizationName: z.string().max(500).catch(''),
  nodeClass: z.string().max(100).catch(''),
  nodeRole: z.string().max(200).catch(''),
  isUp: z.boolean().catch(false),
  lockhartEnabled: z.boolean().catch(false),
  /** Its agent policy: a positive id, or null (absent, or anything else an instance sends). */
  policyId: z.number().int().positive().max(2_147_483_647).nullable().catch(null),
});
