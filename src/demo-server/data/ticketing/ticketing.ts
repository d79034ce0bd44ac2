/**
 * The demo's ticketing data (spec/ticketing-automations-psa.md §3): ticket
 * forms (one inactive, for §5.1's 'Must not contain inactive forms'),
 * statuses, priorities, severities, tags, and ticket rulesets of the three
 * kinds, the automations, response templates and boards of §3.1
 * (seeded in ./triggers.ts), and the tickets boards list
 * (generated in ../tickets/tickets.ts on first use), the uploads waiting
 * for a save, reply or new ticket, and the ticket workspace's state
 * (../tickets/state.ts: conversations made per ticket on first use). One
 * store per demo world; saves change it for the server's life.
 */
import { randomUUID } from 'node:crypto';
import { defaultTicketingConfiguration, type TicketingConfiguration } from '../../../shared/rules/ticketing/configuration';
import type { RulesetPayload } from '../../../shared/rules/ticketing/ruleset';
import type { TriggerPayload } from '../../../shared/rules/ticketing/trigger';
import type { Ticket, TicketChoice, TicketForm, TicketRuleset, TicketStatus, Trigger } from '../../../shared/model/ticketing';
import { PSA_CLIENT_NAMES } from '../psa/psa';
import { TicketWorkspace } from '../tickets/state';
import { generateDemoTickets } from '../tickets/tickets';
import { DEMO_TICKET_ATTRIBUTES, initialTriggers, lookupUsers, type DemoTrigger, type DemoTriggerAttachment } from './triggers';
import type { DemoWorld } from '../world';

export const DEMO_TICKET_FORMS: TicketForm[] = [
  { id: 1, name: 'Default', active: true },
  { id: 2, name: 'Hardware request', active: true },
  { id: 3, name: 'Security incident', active: true },
  { id: 4, name: 'Onboarding', active: true },
  { id: 5, name: 'Legacy intake (retired)', active: false },
];

export const DEMO_TICKET_STATUSES: TicketStatus[] = [
  { value: 'NEW', name: 'New' },
  { value: 'OPEN', name: 'Open' },
  { value: 'WAITING', name: 'Waiting' },
  { value: 'PAUSED', name: 'Paused' },
  { value: 'RESOLVED', name: 'Resolved' },
  { value: 'CLOSED', name: 'Closed' },
];

/** The help spec's priorities (§9); the demo's own severities (the spec lists none). */
export const DEMO_TICKET_PRIORITIES: TicketChoice[] = [
  { value: 'LOW', name: 'Low' },
  { value: 'NORMAL', name: 'Normal' },
  { value: 'HIGH', name: 'High' },
  { value: 'URGENT', name: 'Urgent' },
];
export const DEMO_TICKET_SEVERITIES: TicketChoice[] = [
  { value: 'MINOR', name: 'Minor' },
  { value: 'MODERATE', name: 'Moderate' },
  { value: 'MAJOR', name: 'Major' },
  { value: 'CRITICAL', name: 'Critical' },
];

/** The instance's tags, those the seeded automations add among them. */
const INITIAL_TAGS = ['backup', 'disk-space', 'escalated', 'network', 'patching', 'security', 'security-review', 'vendor', 'vip'];

function initialRulesets(): TicketRuleset[] {
  const trigger = (status: string, tags: string[] = []) => ({ ticketFormId: 1, status, priority: null, severity: null, tags, useOwnerAsRequester: false });
  return [
    { id: 1, enabled: true, name: 'Script failures', type: 'SCRIPT_RULE', conditionTriggerSettings: trigger('NEW', ['backup']), conditionResetSettings: null, conditionReTriggerSettings: null },
    { id: 2, enabled: false, name: 'Maintenance scripts', type: 'SCRIPT_RULE', conditionTriggerSettings: trigger('OPEN'), conditionResetSettings: null, conditionReTriggerSettings: null },
    {
      id: 3,
      enabled: true,
      name: 'Disk space conditions',
      type: 'CONDITION_RULE',
      conditionTriggerSettings: { ...trigger('NEW', ['disk-space']), priority: 'HIGH', severity: 'MAJOR', useOwnerAsRequester: true },
      conditionResetSettings: { status: 'RESOLVED', time: { value: 2, unit: 'HOURS' } },
      conditionReTriggerSettings: { createNewTicket: false, status: 'OPEN', tags: ['disk-space'], priority: null, severity: null },
    },
    {
      id: 4,
      enabled: true,
      name: 'Offline devices',
      type: 'CONDITION_RULE',
      conditionTriggerSettings: trigger('NEW', ['network']),
      conditionResetSettings: { status: 'CLOSED', time: null },
      conditionReTriggerSettings: { createNewTicket: true, status: 'NEW', tags: [], priority: null, severity: null },
    },
    { id: 5, enabled: true, name: 'Activity alerts', type: 'ACTIVITY_RULE', conditionTriggerSettings: { ...trigger('NEW', ['security']), ticketFormId: 3 }, conditionResetSettings: null, conditionReTriggerSettings: null },
  ];
}

const stores = new WeakMap<DemoWorld, TicketingStore>();

/** How many uploads the demo keeps waiting for a save (all users together). */
const MAX_PENDING_UPLOADS = 200;

/** A file uploaded and not yet named by a save, reply or new ticket. */
interface PendingUpload {
  tempId: string;
  userId: number;
  /** uploadStatus: what it is once scanned (PROCESSING before `readyAt`). */
  attachment: DemoTriggerAttachment;
  bytes: Buffer;
  /** Set by the ticket workspace's uploads (`inline=`); the automation editors' leave it false. */
  inline: boolean;
  /** Epoch ms before which it is PROCESSING (0: scanned already). */
  readyAt: number;
}

export class TicketingStore {
  readonly rulesets = new Map<number, TicketRuleset>();
  readonly tags = new Set<string>(INITIAL_TAGS);
  /** The instance's ticketing configuration: §3's default state until a save merges into it. */
  configuration: TicketingConfiguration = defaultTicketingConfiguration();
  private nextId = 100;
  readonly triggers = new Map<number, DemoTrigger>();
  private nextTriggerId = 100;
  private ticketList: Ticket[] | undefined;
  private ticketBaseTime = 0;
  private workspaceState: TicketWorkspace | undefined;
  private readonly ticketById = new Map<number, Ticket>();
  /** Files uploaded for a trigger not saved yet, by tempId: a save whose `uploads` names one makes it an attachment. */
  private readonly pendingUploads = new Map<string, PendingUpload>();
  /** The bytes of attachments saved from uploads (the seeded ones are ./triggers.ts's), by attachment id. */
  private readonly uploadedBytes = new Map<string, Buffer>();

  static of(world: DemoWorld): TicketingStore {
    let store = stores.get(world);
    if (!store) {
      store = new TicketingStore(world);
      stores.set(world, store);
    }
    return store;
  }

  private constructor(private readonly world: DemoWorld) {
    for (const ruleset of initialRulesets()) this.rulesets.set(ruleset.id, ruleset);
    for (const trigger of initialTriggers()) this.triggers.set(trigger.id, trigger);
  }

  list(type?: string): TicketRuleset[] {
    return [...this.rulesets.values()].filter((r) => !type || r.type === type).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  /** Creates (no id) or updates (an id it has); null when the id is unknown. */
  save(payload: RulesetPayload): TicketRuleset | null {
    if (payload.id !== undefined && !this.rulesets.has(payload.id)) return null;
    const id = payload.id ?? this.nextId++;
    const saved: TicketRuleset = {
      id,
      enabled: payload.enabled,
      name: payload.name,
      type: payload.type,
      conditionTriggerSettings: { ...payload.conditionTriggerSettings, tags: [...payload.conditionTriggerSettings.tags] },
      conditionResetSettings: payload.conditionResetSettings,
      conditionReTriggerSettings: payload.conditionReTriggerSettings,
    };
    this.rulesets.set(id, saved);
    for (const tag of [...saved.conditionTriggerSettings.tags, ...(saved.conditionReTriggerSettings?.tags ?? [])]) this.tags.add(tag);
    return saved;
  }

  remove(id: number): boolean {
    return this.rulesets.delete(id);
  }

  /**
   * The demo's tickets, oldest first: made on the first call, with that
   * call's `baseTime` (the caller's Date.now()) as the 'now' of their
   * history; later calls get the same tickets whatever time they pass.
   */
  tickets(baseTime: number): readonly Ticket[] {
    if (!this.ticketList) {
      const organizations = lookupOrganizations(this.world.organizations);
      this.ticketBaseTime = baseTime;
      this.ticketList = generateDemoTickets({
        seed: this.world.config.seed,
        baseTime,
        organizations,
        locations: lookupLocations(organizations),
        users: lookupUsers(),
        devices: this.world.devices(),
        tags: [...this.tags],
        forms: DEMO_TICKET_FORMS,
        statuses: DEMO_TICKET_STATUSES,
        priorities: DEMO_TICKET_PRIORITIES,
        severities: DEMO_TICKET_SEVERITIES,
        attributes: DEMO_TICKET_ATTRIBUTES,
      });
      for (const ticket of this.ticketList) this.ticketById.set(ticket.id, ticket);
    }
    return this.ticketList;
  }

  ticket(id: number, baseTime: number): Ticket | undefined {
    this.tickets(baseTime);
    return this.ticketById.get(id);
  }

  /** The 'now' the tickets were generated for (their history ends there). */
  ticketsBaseTime(baseTime: number): number {
    this.tickets(baseTime);
    return this.ticketBaseTime;
  }

  /** A ticket made by a call (POST /api/ticketing/tickets): the next id, listed with the others. */
  addTicket(make: (id: number) => Ticket, baseTime: number): Ticket {
    const list = this.tickets(baseTime) as Ticket[];
    const ticket = make(Math.max(0, ...this.ticketById.keys()) + 1);
    list.push(ticket);
    this.ticketById.set(ticket.id, ticket);
    return ticket;
  }

  /** The world's own organizations, first in the lookups (lookupOrganizations). */
  worldOrganizations(): ReadonlyArray<{ id: number; name: string }> {
    return this.world.organizations;
  }

  /** The ticket workspace's state: details, conversations, switches (../tickets/state.ts). */
  get workspace(): TicketWorkspace {
    this.workspaceState ??= new TicketWorkspace(this, this.world.config.seed);
    return this.workspaceState;
  }

  /** The triggers of these types (all when none), by name. */
  listTriggers(types: readonly string[]): DemoTrigger[] {
    return [...this.triggers.values()].filter((t) => types.length === 0 || types.includes(t.type)).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  /**
   * Creates (no id: POST) or replaces (PUT of an id it has; null when
   * unknown). A replaced trigger keeps its system flag; its attachments are
   * those `uploads` names (the demo takes no new files: an id it does not
   * hold is left out), so a copy keeps the attachments it was sent with and
   * a save without them drops them; tags the change actions add become the
   * instance's tags.
   */
  saveTrigger(id: number | undefined, payload: Omit<TriggerPayload, 'id'>, userId?: number): DemoTrigger | null {
    const existing = id === undefined ? undefined : this.triggers.get(id);
    if (id !== undefined && !existing) return null;
    const saved: DemoTrigger = structuredClone({
      id: id ?? this.nextTriggerId++,
      enabled: payload.enabled,
      name: payload.name,
      description: payload.description,
      type: payload.type,
      system: existing?.system ?? false,
      conditions: payload.conditions,
      actions: payload.actions,
      attachments: payload.uploads.flatMap((upload) => {
        const found = this.triggerAttachment(upload) ?? this.claimUpload(upload, userId);
        return found ? [found] : [];
      }),
      columns: payload.columns ?? [],
      sortBy: payload.sortBy ?? [],
    });
    this.triggers.set(saved.id, saved);
    for (const tag of addedTags(saved)) this.tags.add(tag);
    return saved;
  }

  /** A file uploaded for a trigger: pending until a save names its tempId. */
  addUpload(userId: number, attachment: DemoTriggerAttachment, bytes: Buffer, ticketing: { inline: boolean; readyAt: number } = { inline: false, readyAt: 0 }): string {
    const tempId = `tmp-${randomUUID()}`;
    this.pendingUploads.set(tempId, { tempId, userId, attachment, bytes, ...ticketing });
    // The oldest pending files go first past the demo's bound.
    while (this.pendingUploads.size > MAX_PENDING_UPLOADS) this.pendingUploads.delete(this.pendingUploads.keys().next().value!);
    return tempId;
  }

  /** Removes a pending upload of this user; false when there is none. */
  removeUpload(tempId: string, userId: number): boolean {
    const pending = this.pendingUploads.get(tempId);
    if (!pending || pending.userId !== userId) return false;
    return this.pendingUploads.delete(tempId);
  }

  /** Waiting uploads held PROCESSING (`readyAt` = held) are scanned now. */
  releaseHeldUploads(held: number): void {
    for (const pending of this.pendingUploads.values()) if (pending.readyAt === held) pending.readyAt = 0;
  }

  /** A pending upload by its tempId or its attachment id (any user's), or undefined. */
  pendingUpload(id: string): PendingUpload | undefined {
    const byTempId = this.pendingUploads.get(id);
    if (byTempId) return byTempId;
    for (const pending of this.pendingUploads.values()) if (pending.attachment.id === id) return pending;
    return undefined;
  }

  /** A pending upload of this user, taken (a reply or new ticket names it); undefined for another's or none. */
  takeUpload(tempId: string, userId: number): PendingUpload | undefined {
    const pending = this.pendingUploads.get(tempId);
    if (!pending || pending.userId !== userId) return undefined;
    this.pendingUploads.delete(tempId);
    return pending;
  }

  /** A pending upload of this user, now an attachment (its bytes kept for the signed URL); undefined for another's or none. */
  private claimUpload(tempId: string, userId: number | undefined): DemoTriggerAttachment | undefined {
    const pending = this.pendingUploads.get(tempId);
    if (!pending || pending.userId !== userId) return undefined;
    this.pendingUploads.delete(tempId);
    this.uploadedBytes.set(pending.attachment.id, pending.bytes);
    return pending.attachment;
  }

  /** The content of a trigger attachment saved from an upload, or null. */
  uploadedAttachmentBytes(id: string): Buffer | null {
    return this.uploadedBytes.get(id) ?? null;
  }

  /** An attachment of a stored trigger (gone with its trigger), or undefined. */
  triggerAttachment(id: string): DemoTriggerAttachment | undefined {
    for (const trigger of this.triggers.values()) {
      const found = trigger.attachments.find((a) => a.id === id);
      if (found) return found;
    }
    return undefined;
  }

  /** A system board stays (§4.1: it can only be copied). */
  removeTrigger(id: number): 'removed' | 'missing' | 'system' {
    const trigger = this.triggers.get(id);
    if (!trigger) return 'missing';
    if (trigger.system) return 'system';
    this.triggers.delete(id);
    return 'removed';
  }
}

/** §3.1: a tag change is {order, field, value} with the tags comma-joined. */
function addedTags(trigger: Pick<Trigger, 'actions'>): string[] {
  return trigger.actions.flatMap((action) => {
    const changes = action.type === 'TICKET_CHANGE_VALUE' && Array.isArray(action.params.changes) ? (action.params.changes as Array<{ field?: unknown; value?: unknown }>) : [];
    return changes
      .filter((c) => (c.field === 'add_tags' || c.field === 'set_tags') && typeof c.value === 'string')
      .flatMap((c) => (c.value as string).split(','))
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '' && tag.length <= 100);
  });
}

/** §3.1: organization, location and user lookups carry id, name, deleted. */
export interface Lookup {
  id: number;
  name: string;
  deleted: boolean;
}

export interface LocationLookup extends Lookup {
  organizationId: number;
}

const EXTRA_ORGANIZATION_WORDS = ['Apex', 'Birch', 'Cedar', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Juniper', 'Keystone', 'Lumen'];
const EXTRA_ORGANIZATION_KINDS = ['Dental', 'Legal', 'Logistics', 'Clinic', 'Studio', 'Accounting', 'Realty', 'Motors', 'Bakery', 'Labs', 'Media'];
/** One organization is marked deleted, for §5.1's 'Must not contain deleted organizations'. */
export const DELETED_ORGANIZATION_NAME = 'Retired Client (deleted)';

/**
 * The organizations the ticketing lookups page through (50 a page) and the
 * PSA settings map (../../routes/psa/psa.ts): the world's own (those with devices),
 * generated ones, the PSA demo's several hundred, then one deleted; ids
 * continue after the world's.
 */
export function lookupOrganizations(worldOrganizations: ReadonlyArray<{ id: number; name: string }>): Lookup[] {
  const own = worldOrganizations.map((org) => ({ id: org.id, name: org.name, deleted: false }));
  const extra: Lookup[] = [];
  let id = Math.max(0, ...own.map((o) => o.id)) + 1;
  for (const word of EXTRA_ORGANIZATION_WORDS) {
    for (const kind of EXTRA_ORGANIZATION_KINDS) extra.push({ id: id++, name: `${word} ${kind}`, deleted: false });
  }
  // The PSA settings' organizations (../psa/psa.ts): several hundred more, near-duplicates of them in Autotask and ConnectWise.
  for (const name of PSA_CLIENT_NAMES) extra.push({ id: id++, name, deleted: false });
  extra.push({ id, name: DELETED_ORGANIZATION_NAME, deleted: true });
  return [...own, ...extra];
}

/** Two locations per organization ('<name> Head office', '<name> Branch'); the deleted organization's are deleted. */
export function lookupLocations(organizations: readonly Lookup[]): LocationLookup[] {
  return organizations.flatMap((org, i) => [
    { id: 2 * i + 1, name: `${org.name} Head office`, deleted: org.deleted, organizationId: org.id },
    { id: 2 * i + 2, name: `${org.name} Branch`, deleted: org.deleted, organizationId: org.id },
  ]);
}
