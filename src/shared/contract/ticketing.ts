/** Ticketing administration (spec/ticketing-automations-psa.md §7.2): ticket rulesets and the lists their modal picks from. */
import { z } from 'zod';
import type { LookupPage, TicketingLists, TicketRuleset } from '../model/ticketing';
import { RULESET_TYPES } from '../model/ticketing';
import { configurationPatchSchema, type TicketingConfiguration } from '../rules/ticketing/configuration';
import { rulesetPayloadSchema } from '../rules/ticketing/ruleset';
import { noInput, returns, shortText } from './common';

const rulesetId = z.number().int().positive().max(2_147_483_647);

export const ticketingCalls = {
  /** Forms, statuses, priorities and severities: what the ruleset modal offers. */
  'ticketing.lists': { input: noInput, output: returns<TicketingLists>() },
  'ticketing.rulesets': { input: z.strictObject({ type: z.enum(RULESET_TYPES).optional() }), output: returns<{ items: TicketRuleset[]; skipped: number }>() },
  'ticketing.ruleset': { input: z.strictObject({ id: rulesetId }), output: returns<TicketRuleset>() },
  /** Creates (no id) or updates (with its id): the create-or-update mutation. */
  'ticketing.saveRuleset': { input: rulesetPayloadSchema, output: returns<TicketRuleset>() },
  'ticketing.deleteRuleset': { input: z.strictObject({ id: rulesetId }), output: returns<{ deleted: true }>() },
  'ticketing.configuration': { input: noInput, output: returns<TicketingConfiguration>() },
  /** A partial configuration, merged into the instance's (TICKETING_SET_CONFIGURATIONS); answers the result. */
  'ticketing.saveConfiguration': { input: configurationPatchSchema, output: returns<TicketingConfiguration>() },
  /** §7.1 paged lookups, 50 a page, searched by name. */
  'ticketing.organizations': { input: z.strictObject({ page: z.number().int().min(0).max(100_000), search: shortText(100).optional() }), output: returns<LookupPage>() },
  'ticketing.locations': {
    input: z.strictObject({ page: z.number().int().min(0).max(100_000), search: shortText(100).optional(), organizationId: z.number().int().positive().max(2_147_483_647).optional() }),
    output: returns<LookupPage>(),
  },
  'ticketing.tags': { input: z.strictObject({ search: shortText(100).optional() }), output: returns<string[]>() },
} as const;
