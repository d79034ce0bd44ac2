/**
 * The tolerant reader of a ticket ruleset (spec/ticketing-automations-psa.md
 * §3.2, §7.2) as GraphQL answers it, and as the history keeps it: unknown
 * types pass through raw; what the console can do without has a default; a
 * ruleset without an id, a name or a type fails its item, which a list skips
 * and counts.
 */
import { z } from 'zod';
import type { TicketRuleset } from '../../../shared/model/ticketing';

const text = (max: number) => z.string().max(max);
const tagsOf = z.array(text(200)).max(1000).catch([]);

export const rulesetSchema = z.object({
  id: z.number().int(),
  enabled: z.boolean().catch(false),
  name: text(500),
  type: text(100),
  conditionTriggerSettings: z.object({
    ticketFormId: z.number().int().nullable().catch(null),
    status: text(200).nullable().catch(null),
    priority: text(200).nullable().catch(null),
    severity: text(200).nullable().catch(null),
    tags: tagsOf,
    useOwnerAsRequester: z.boolean().catch(false),
  }),
  conditionResetSettings: z
    .object({ status: text(200).nullable().catch(null), time: z.object({ value: z.number().int(), unit: text(50) }).nullable().catch(null) })
    .nullable()
    .catch(null),
  conditionReTriggerSettings: z
    .object({
      createNewTicket: z.boolean().catch(false),
      status: text(200).nullable().catch(null),
      tags: tagsOf,
      priority: text(200).nullable().catch(null),
      severity: text(200).nullable().catch(null),
    })
    .nullable()
    .catch(null),
}) satisfies z.ZodType<TicketRuleset>;

/** The GraphQL selection that reads everything `rulesetSchema` reads. */
export const RULESET_FIELDS = `id enabled name type
  conditionTriggerSettings { ticketFormId status priority severity tags useOwnerAsRequester }
  conditionResetSettings { status time { value unit } }
  conditionReTriggerSettings { createNewTicket status tags priority severity }`;
