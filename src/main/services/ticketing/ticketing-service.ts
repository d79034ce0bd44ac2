/**
 * Ticketing administration on the RMM API (spec/ticketing-automations-psa.md
 * §7.2): ticket rulesets through GraphQL (ticketRulesetById, the
 * create-or-update mutation, the tags query), the forms, statuses and
 * ticket fields as lists. The spec shows no paths: these are the demo's
 * (src/demo-server/routes/ticketing.ts). Answers are read tolerantly: a
 * ruleset the console cannot read is skipped and counted.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { LookupPage, TicketChoice, TicketingLists, TicketRuleset } from '../../../shared/model/ticketing';
import { readConfiguration, type ConfigurationPatch, type TicketingConfiguration } from '../../../shared/rules/ticketing/configuration';
import { RULESET_MESSAGES, type RulesetPayload } from '../../../shared/rules/ticketing/ruleset';
import { tolerantArray, tolerantPage } from '../api/tolerant';
import type { SessionService } from '../session/session-service';

export const TICKETING_API_PATHS = {
  forms: 'ticketing/ticket-forms',
  statuses: 'ticketing/statuses',
  fields: 'ticketing/ticket-fields',
  rulesets: 'ticketing/rulesets',
  ruleset: (id: number) => `ticketing/rulesets/${id}`,
  graphql: 'graphql',
  configuration: 'ticketing/configuration',
  organizations: 'query/organizations',
  locations: 'query/locations',
} as const;

/** §9.1: organization and location lookups, 50 a page. */
export const LOOKUP_PAGE_SIZE = 50;

const text = (max: number) => z.string().max(max);
const formSchema = z.object({ id: z.number().int(), name: text(500), active: z.boolean().catch(true) });
const choiceSchema = z.object({ value: text(200), name: text(500).catch('') }).transform((c): TicketChoice => ({ value: c.value, name: c.name || c.value }));
const fieldsSchema = z.object({ priorities: tolerantArray(choiceSchema), severities: tolerantArray(choiceSchema) });

const lookupSchema = z.object({ id: z.number().int(), name: text(500), deleted: z.boolean().catch(false) });
const lookupPage = tolerantPage(lookupSchema);

const tagsOf = z.array(text(200)).max(1000).catch([]);
const rulesetSchema = z.object({
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

const RULESET_FIELDS = `id enabled name type
  conditionTriggerSettings { ticketFormId status priority severity tags useOwnerAsRequester }
  conditionResetSettings { status time { value unit } }
  conditionReTriggerSettings { createNewTicket status tags priority severity }`;

const graphqlAnswer = z.object({ data: z.record(z.string(), z.unknown()).nullable().optional(), errors: z.array(z.object({ message: z.string().max(2000) })).max(100).optional() });

export class TicketingService {
  constructor(private readonly session: SessionService) {}

  /** One GraphQL operation; an answer with errors fails with `failure` (the spec's message), the server's words kept out. */
  private async graphql<T>(query: string, variables: Record<string, unknown>, field: string, schema: z.ZodType<T>, failure: string): Promise<T> {
    let answer: z.infer<typeof graphqlAnswer>;
    try {
      answer = await this.session.api().requestJson('POST', TICKETING_API_PATHS.graphql, graphqlAnswer, { json: { query, variables } });
    } catch (error) {
      // Signed out or offline say so; any other failure is the operation's own message (§8.2).
      if (error instanceof AppError && ['SESSION_EXPIRED', 'NOT_SIGNED_IN', 'OFFLINE', 'REDIRECT_REFUSED', 'UNTRUSTED_CERTIFICATE'].includes(error.code)) throw error;
      throw new AppError('SERVER_ERROR', failure);
    }
    if (answer.errors?.length || !answer.data) throw new AppError('SERVER_ERROR', failure);
    const parsed = schema.safeParse(answer.data[field]);
    if (!parsed.success) throw new AppError('BAD_RESPONSE', failure);
    return parsed.data;
  }

  async lists(): Promise<TicketingLists> {
    const api = this.session.api();
    const [forms, statuses, fields] = await Promise.all([
      api.getJson(TICKETING_API_PATHS.forms, tolerantArray(formSchema)).catch(() => {
        throw new AppError('SERVER_ERROR', RULESET_MESSAGES.formsFailed);
      }),
      api.getJson(TICKETING_API_PATHS.statuses, tolerantArray(choiceSchema)),
      api.getJson(TICKETING_API_PATHS.fields, fieldsSchema),
    ]);
    return { forms: forms.items, statuses: statuses.items, priorities: fields.priorities.items, severities: fields.severities.items };
  }

  async rulesets(type?: string): Promise<{ items: TicketRuleset[]; skipped: number }> {
    const searchParams = type ? new URLSearchParams({ type }) : undefined;
    return this.session.api().getJson(TICKETING_API_PATHS.rulesets, tolerantArray(rulesetSchema), searchParams ? { searchParams } : {});
  }

  async ruleset(id: number): Promise<TicketRuleset> {
    const found = await this.graphql(`query ($id: Int!) { ticketRulesetById(id: $id) { ${RULESET_FIELDS} } }`, { id }, 'ticketRulesetById', rulesetSchema.nullable(), 'The ticket ruleset could not be loaded.');
    if (!found) throw new AppError('NOT_FOUND', 'This ticket ruleset no longer exists.');
    return found;
  }

  /** §8.2: 'Error updating ticket ruleset' for an edit, 'Error saving ticket ruleset' for a new one. */
  async saveRuleset(payload: RulesetPayload): Promise<TicketRuleset> {
    const failure = payload.id !== undefined ? RULESET_MESSAGES.updateFailed : RULESET_MESSAGES.saveFailed;
    return this.graphql(`mutation ($ruleset: TicketRulesetInput!) { createOrUpdateTicketRuleset(ruleset: $ruleset) { ${RULESET_FIELDS} } }`, { ruleset: payload }, 'createOrUpdateTicketRuleset', rulesetSchema, failure);
  }

  async deleteRuleset(id: number): Promise<{ deleted: true }> {
    await this.session.api().requestWithStatus('DELETE', TICKETING_API_PATHS.ruleset(id)).then(({ status }) => {
      if (status === 404) throw new AppError('NOT_FOUND', 'This ticket ruleset no longer exists.');
      if (status >= 400) throw new AppError('SERVER_ERROR', 'The ticket ruleset could not be deleted.');
    });
    return { deleted: true };
  }

  /** The configuration, read tolerantly over §3's default state (a part the instance leaves out keeps its default). */
  async configuration(): Promise<TicketingConfiguration> {
    return readConfiguration(await this.session.api().getJson(TICKETING_API_PATHS.configuration, z.record(z.string(), z.unknown())));
  }

  /** TICKETING_SET_CONFIGURATIONS: the changed parts only; the instance answers the merged configuration. */
  async saveConfiguration(patch: ConfigurationPatch): Promise<TicketingConfiguration> {
    return readConfiguration(await this.session.api().requestJson('PATCH', TICKETING_API_PATHS.configuration, z.record(z.string(), z.unknown()), { json: patch }));
  }

  /** A page of organizations or locations (§7.1 GET /query/organizations, /query/locations), searched by name. */
  async lookup(kind: 'organizations' | 'locations', page: number, search?: string, organizationId?: number): Promise<LookupPage> {
    const searchParams = new URLSearchParams({ page: String(page), size: String(LOOKUP_PAGE_SIZE) });
    if (search?.trim()) searchParams.set('name', search.trim());
    if (organizationId !== undefined) searchParams.set('organizationId', String(organizationId));
    return this.session.api().getJson(TICKETING_API_PATHS[kind], lookupPage, { searchParams });
  }

  async tags(search?: string): Promise<string[]> {
    const tags = await this.graphql(`query ($search: String) { tags(search: $search) { name } }`, { search: search ?? null }, 'tags', z.array(z.object({ name: text(200) })).max(10_000), 'Error fetching tags');
    return tags.map((tag) => tag.name);
  }
}
