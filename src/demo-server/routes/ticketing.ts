/**
 * Ticketing calls of spec/ticketing-automations-psa.md §7.2 under `/api`
 * (bearer token). The spec shows no paths for these; the demo's are its own:
 * - GET  /api/ticketing/ticket-forms       the ticket forms [{id, name, active}]
 * - GET  /api/ticketing/statuses           the ticket statuses [{value, name}]
 * - GET  /api/ticketing/ticket-fields      {priorities, severities}, each [{value, name}]
 * - GET  /api/ticketing/rulesets?type=     the rulesets (all, or of one type), by name
 * - DELETE /api/ticketing/rulesets/:id     removes one (204; 404 when unknown)
 * - GET  /api/ticketing/configuration      the ticketing configuration (§3's default state at first)
 * - PATCH /api/ticketing/configuration     a partial configuration merged into it (TICKETING_SET_CONFIGURATIONS); the result
 * - GET  /api/query/organizations        organizations paged 50 (page, size, name), each {id, name, deleted}
 * - GET  /api/query/locations            locations paged 50 (page, size, name, organizationId)
 * - GET  /api/client/list                 every organization [{id, name}] (§7.1)
 * - POST /api/graphql                      GraphQL: the tags query, the create-tag mutation,
 *                                          ticketRulesetById, createOrUpdateTicketRuleset
 * A ruleset saved with '[fail]' in its name fails (a GraphQL error), so the
 * console's 'Error saving ticket ruleset' / 'Error updating ticket ruleset'
 * can be seen.
 */
import { buildSchema, graphql, type GraphQLSchema } from 'graphql';
import { z } from 'zod';
import { tagNameProblems } from '../../shared/rules/tags';
import { configurationPatchSchema, mergeConfiguration } from '../../shared/rules/ticketing/configuration';
import { rulesetPayloadSchema } from '../../shared/rules/ticketing/ruleset';
import type { DemoContext } from '../context';
import { lookupLocations, lookupOrganizations, DEMO_TICKET_FORMS, DEMO_TICKET_PRIORITIES, DEMO_TICKET_SEVERITIES, DEMO_TICKET_STATUSES, TicketingStore } from '../data/ticketing';
import { badRequest, HttpError, notFound, pageOf, pageParams, readJson, sendJson, type Router } from '../http';

export const TICKETING_PATHS = {
  forms: '/api/ticketing/ticket-forms',
  statuses: '/api/ticketing/statuses',
  fields: '/api/ticketing/ticket-fields',
  rulesets: '/api/ticketing/rulesets',
  ruleset: '/api/ticketing/rulesets/:id',
  graphql: '/api/graphql',
  configuration: '/api/ticketing/configuration',
  organizations: '/api/query/organizations',
  locations: '/api/query/locations',
  clients: '/api/client/list',
} as const;

/** §9.1: organization and location lookups, 50 a page. */
export const LOOKUP_PAGE_SIZE = 50;

/** The name marker that makes a save fail. */
export const FAIL_SAVE_MARKER = '[fail]';

const SDL = `
  type Tag { id: Int!, name: String! }
  type TimeSetting { value: Int!, unit: String! }
  type TriggerSettings { ticketFormId: Int, status: String, priority: String, severity: String, tags: [String!]!, useOwnerAsRequester: Boolean! }
  type ResetSettings { status: String, time: TimeSetting }
  type RetriggerSettings { createNewTicket: Boolean!, status: String, tags: [String!]!, priority: String, severity: String }
  type TicketRuleset {
    id: Int!, enabled: Boolean!, name: String!, type: String!,
    conditionTriggerSettings: TriggerSettings!, conditionResetSettings: ResetSettings, conditionReTriggerSettings: RetriggerSettings
  }
  input TagInput { name: String! }
  input TimeSettingInput { value: Int!, unit: String! }
  input TriggerSettingsInput { ticketFormId: Int!, status: String!, priority: String, severity: String, tags: [String!]!, useOwnerAsRequester: Boolean! }
  input ResetSettingsInput { status: String!, time: TimeSettingInput }
  input RetriggerSettingsInput { createNewTicket: Boolean!, status: String, tags: [String!]!, priority: String, severity: String }
  input TicketRulesetInput {
    id: Int, enabled: Boolean!, name: String!, type: String!,
    conditionTriggerSettings: TriggerSettingsInput!, conditionResetSettings: ResetSettingsInput, conditionReTriggerSettings: RetriggerSettingsInput
  }
  type Query { tags(search: String): [Tag!]!, ticketRulesetById(id: Int!): TicketRuleset }
  type Mutation { createTag(tag: TagInput!): Tag!, createOrUpdateTicketRuleset(ruleset: TicketRulesetInput!): TicketRuleset! }
`;

let schema: GraphQLSchema | undefined;
const graphqlBody = z.object({ query: z.string().min(1).max(20_000), variables: z.record(z.string(), z.unknown()).nullish(), operationName: z.string().nullish() });

/** GraphQL input objects come without a prototype; the payload schema wants plain data. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

export function registerTicketingRoutes(router: Router, context: DemoContext): void {
  const store = () => TicketingStore.of(context.world);
  schema ??= buildSchema(SDL);

  router.get(TICKETING_PATHS.forms, (ctx) => sendJson(ctx.res, 200, DEMO_TICKET_FORMS));
  router.get(TICKETING_PATHS.statuses, (ctx) => sendJson(ctx.res, 200, DEMO_TICKET_STATUSES));
  router.get(TICKETING_PATHS.fields, (ctx) => sendJson(ctx.res, 200, { priorities: DEMO_TICKET_PRIORITIES, severities: DEMO_TICKET_SEVERITIES }));
  router.get(TICKETING_PATHS.rulesets, (ctx) => sendJson(ctx.res, 200, store().list(ctx.query.get('type') ?? undefined)));
  router.delete(TICKETING_PATHS.ruleset, (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isInteger(id) || !store().remove(id)) throw notFound('No such ruleset');
    ctx.res.writeHead(204).end();
  });

  const organizations = () => lookupOrganizations(context.world.organizations);
  const byName = <T extends { name: string }>(items: readonly T[], name: string | null) => {
    const wanted = name?.trim().toLowerCase();
    return wanted ? items.filter((item) => item.name.toLowerCase().includes(wanted)) : [...items];
  };
  router.get(TICKETING_PATHS.organizations, (ctx) => {
    const { page, size } = pageParams(ctx.query, LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZE);
    sendJson(ctx.res, 200, pageOf(byName(organizations(), ctx.query.get('name')), page, size));
  });
  router.get(TICKETING_PATHS.locations, (ctx) => {
    const { page, size } = pageParams(ctx.query, LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZE);
    const organizationId = ctx.query.get('organizationId');
    if (organizationId !== null && !/^\d{1,9}$/.test(organizationId)) throw new HttpError(400, 'Invalid organizationId');
    const locations = lookupLocations(organizations()).filter((l) => organizationId === null || l.organizationId === Number(organizationId));
    sendJson(ctx.res, 200, pageOf(byName(locations, ctx.query.get('name')), page, size));
  });
  router.get(TICKETING_PATHS.clients, (ctx) => sendJson(ctx.res, 200, organizations().filter((o) => !o.deleted).map(({ id, name }) => ({ id, name }))));

  router.get(TICKETING_PATHS.configuration, (ctx) => sendJson(ctx.res, 200, store().configuration));
  router.patch(TICKETING_PATHS.configuration, async (ctx) => {
    const patch = configurationPatchSchema.safeParse(await readJson(ctx.req));
    if (!patch.success) throw badRequest(`Invalid configuration: ${patch.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    store().configuration = mergeConfiguration(store().configuration, patch.data);
    sendJson(ctx.res, 200, store().configuration);
  });

  const rootValue = {
    tags: ({ search }: { search?: string | null }) =>
      [...store().tags]
        .filter((name) => !search || name.toLowerCase().includes(search.toLowerCase()))
        .sort()
        .map((name, i) => ({ id: i + 1, name })),
    createTag: ({ tag }: { tag: { name: string } }) => {
      const problems = tagNameProblems(tag.name, [...store().tags]);
      if (problems.length > 0) throw new Error(problems.join(' '));
      store().tags.add(tag.name.trim());
      return { id: store().tags.size, name: tag.name.trim() };
    },
    ticketRulesetById: ({ id }: { id: number }) => store().rulesets.get(id) ?? null,
    createOrUpdateTicketRuleset: ({ ruleset }: { ruleset: unknown }) => {
      const parsed = rulesetPayloadSchema.safeParse(plain(ruleset));
      if (!parsed.success) throw new Error(`Invalid ruleset: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      if (parsed.data.name.includes(FAIL_SAVE_MARKER)) throw new Error('The ruleset could not be stored.');
      const saved = store().save(parsed.data);
      if (!saved) throw new Error('No such ruleset');
      return saved;
    },
  };

  router.post(TICKETING_PATHS.graphql, async (ctx) => {
    const body = graphqlBody.safeParse(await readJson(ctx.req));
    if (!body.success) throw badRequest('A GraphQL request has a query and optional variables.');
    const result = await graphql({ schema: schema!, source: body.data.query, rootValue, variableValues: body.data.variables ?? undefined, operationName: body.data.operationName ?? undefined });
    sendJson(ctx.res, 200, result);
  });
}
