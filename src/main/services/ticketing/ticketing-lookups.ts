/**
 * What the ticketing editors pick from (spec/ticketing-automations-psa.md
 * §7.1, §8.1, §9.1): the forms, statuses and ticket fields as lists; the
 * organization, location and user lookups; the tags (GraphQL); the
 * notification channels and the ticket attributes (GraphQL GetAttributeList);
 * and §5.1's check at save of which referenced users, organizations and
 * locations are deleted now. Answers are read tolerantly: an item the
 * console cannot read is skipped and counted.
 */
import { z } from 'zod';
import type { LookupPage, NotificationChannel, TicketAttribute, TicketChoice, TicketingLists } from '../../../shared/model/ticketing';
import type { DeletedReferences, TriggerReferences } from '../../../shared/rules/ticketing/references';
import { TRIGGER_MESSAGES } from '../../../shared/rules/ticketing/trigger';
import { AppError } from '../../../shared/errors';
import { isSessionOrConnection, keptOr } from '../platform/api/refusals';
import { tolerantArray, tolerantPage } from '../platform/api/tolerant';
import type { SessionService } from '../session';
import { deletedAmong } from './reference-check';
import { graphql, text, TICKETING_API_PATHS } from './ticketing-api';
import { attributeSchema, channelSchema } from './trigger-schemas';

/** §9.1: organization and location lookups, 50 a page. */
export const LOOKUP_PAGE_SIZE = 50;

const formSchema = z.object({ id: z.number().int(), name: text(500), active: z.boolean().catch(true) });
const choiceSchema = z.object({ value: text(200), name: text(500).catch('') }).transform((c): TicketChoice => ({ value: c.value, name: c.name || c.value }));
const fieldsSchema = z.object({ priorities: tolerantArray(choiceSchema), severities: tolerantArray(choiceSchema) });

const lookupSchema = z.object({ id: z.number().int(), name: text(500), deleted: z.boolean().catch(false) });
const lookupPage = tolerantPage(lookupSchema);

const ATTRIBUTE_LIST_QUERY = 'query GetAttributeList { ticketAttributes { id attributeType name active content { values { id name } } } }';

export class TicketingLookups {
  constructor(private readonly session: SessionService) {}

  async lists(): Promise<TicketingLists> {
    const api = this.session.api();
    const [forms, statuses, fields] = await Promise.all([
      // Forms that cannot be read leave the screens usable: each editor says so in its own words (§8.1 'Error fetching forms', §8.2 'Error fetching ticket forms').
      api.getJson(TICKETING_API_PATHS.forms, tolerantArray(formSchema)).catch((error: unknown) => {
        if (isSessionOrConnection(error)) throw error;
        return null;
      }),
      api.getJson(TICKETING_API_PATHS.statuses, tolerantArray(choiceSchema)),
      api.getJson(TICKETING_API_PATHS.fields, fieldsSchema),
    ]);
    return { forms: forms?.items ?? [], ...(forms ? {} : { formsFailed: true }), statuses: statuses.items, priorities: fields.priorities.items, severities: fields.severities.items };
  }

  /** A page of organizations or locations (§7.1 GET /query/organizations, /query/locations), searched by name. */
  async lookup(kind: 'organizations' | 'locations', page: number, search?: string, organizationId?: number): Promise<LookupPage> {
    const searchParams = new URLSearchParams({ page: String(page), size: String(LOOKUP_PAGE_SIZE) });
    if (search?.trim()) searchParams.set('name', search.trim());
    if (organizationId !== undefined) searchParams.set('organizationId', String(organizationId));
    return this.session.api().getJson(TICKETING_API_PATHS[kind], lookupPage, { searchParams });
  }

  /** A page of users (GET /query/users, 50 a page), searched by name; technicians only for the assignee pickers (§6). */
  async users(page: number, search?: string, technician?: boolean): Promise<LookupPage> {
    const searchParams = new URLSearchParams({ page: String(page), size: String(LOOKUP_PAGE_SIZE) });
    if (search?.trim()) searchParams.set('name', search.trim());
    if (technician !== undefined) searchParams.set('technician', String(technician));
    return this.session.api().getJson(TICKETING_API_PATHS.users, lookupPage, { searchParams });
  }

  /** §7.1 create-tag mutation (input tag {name}); §8.1 'Error creating tag'. */
  async createTag(name: string): Promise<string> {
    const tag = await graphql(this.session, `mutation ($tag: TagInput!) { createTag(tag: $tag) { name } }`, { tag: { name } }, 'createTag', z.object({ name: text(200) }), TRIGGER_MESSAGES.createTagFailed);
    return tag.name;
  }

  async tags(search?: string): Promise<string[]> {
    const tags = await graphql(this.session, `query ($search: String) { tags(search: $search) { name } }`, { search: search ?? null }, 'tags', z.array(z.object({ name: text(200) })).max(10_000), 'Error fetching tags');
    return tags.map((tag) => tag.name);
  }

  /** §7.1 GET /channel/list/brief, sorted by name here too (an instance may not); §8.1 'Error fetching notification channels'. */
  async channels(): Promise<NotificationChannel[]> {
    try {
      const { items } = await this.session.api().getJson(TICKETING_API_PATHS.channels, tolerantArray(channelSchema));
      return items.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    } catch (error) {
      throw keptOr(error, new AppError('SERVER_ERROR', TRIGGER_MESSAGES.channelsFailed));
    }
  }

  /** §7.1 GraphQL GetAttributeList; §8.1 'Error fetching ticket attributes'. Unreadable attributes are left out. */
  async attributes(): Promise<TicketAttribute[]> {
    const { items } = await graphql(this.session, ATTRIBUTE_LIST_QUERY, {}, 'ticketAttributes', tolerantArray(attributeSchema), TRIGGER_MESSAGES.attributesFailed);
    return items;
  }

  /** §5.1 at save: the users, organizations and locations of `references` that the lookups say are deleted now, or hold no more. */
  async deletedReferences(references: TriggerReferences): Promise<DeletedReferences> {
    const [users, organizations, locations] = await Promise.all([
      deletedAmong(references.users, (page, search) => this.users(page, search)),
      deletedAmong(references.organizations, (page, search) => this.lookup('organizations', page, search)),
      deletedAmong(references.locations, (page, search) => this.lookup('locations', page, search)),
    ]);
    return { users, organizations, locations };
  }
}
