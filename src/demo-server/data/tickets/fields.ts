/**
 * A ticket header field changed in place (the demo's
 * `PUT /api/ticketing/tickets/:id/fields`): the value checked as the instance
 * checks it (a known status, priority, severity or type; an id that names a
 * live record; §6 an assignee who is a technician; a location of the
 * ticket's organization; an agreement of it), then applied, answering what
 * changed as a log entry shows it ({field, from, to}, names rather than ids).
 * Changing the organization clears the location and the agreement.
 */
import { TICKET_HEADER_FIELDS, type EntryChange } from '../../../shared/model/tickets';
import type { Ticket, TicketChoice, TicketForm, TicketRef, TicketStatus } from '../../../shared/model/ticketing';
import { ticketFieldUpdateSchema, type TicketFieldUpdate } from '../../../shared/contract/tickets';
import { TYPE_CHOICES } from '../../../shared/rules/ticketing/conditions';
import { HttpError } from '../../http';
import { organizationAgreements } from './people';
import type { LocationLookup, Lookup } from '../ticketing/ticketing';
import type { UserLookup } from '../ticketing/triggers';

/** 400 `{error: 'bad_value', message}`: a value the instance refuses. */
export function badValue(message: string): HttpError {
  return new HttpError(400, message, { error: 'bad_value', message });
}

/** What a field's value is checked against. */
export interface FieldLists {
  seed: string;
  organizations: readonly Lookup[];
  locations: readonly LocationLookup[];
  users: ReadonlyMap<number, UserLookup>;
  forms: readonly TicketForm[];
  statuses: readonly TicketStatus[];
  priorities: readonly TicketChoice[];
  severities: readonly TicketChoice[];
  /** The instance's tags: a tag set on a ticket becomes one. */
  tags: Set<string>;
}

/** The ticket's fields the workspace adds (CC lives beside the ticket). */
interface FieldTarget {
  ticket: Ticket;
  cc: string[];
}

/** The body's field and value read as the console sends them; 400 bad_value otherwise. */
export function readFieldUpdate(field: unknown, value: unknown): TicketFieldUpdate {
  if (typeof field !== 'string' || !(TICKET_HEADER_FIELDS as readonly string[]).includes(field)) {
    throw badValue(`field: one of ${TICKET_HEADER_FIELDS.join(', ')}`);
  }
  const parsed = ticketFieldUpdateSchema.safeParse({ field, value });
  if (!parsed.success) throw badValue(`value: ${parsed.error.issues[0]?.message ?? 'not a value of this field'}`);
  return parsed.data;
}

const ref = (item: { id: number; name: string }): TicketRef => ({ id: item.id, name: item.name });
const nameOf = (list: ReadonlyArray<{ value: string; name: string }>, value: string | null) => (value === null ? null : (list.find((c) => c.value === value)?.name ?? value));
const joined = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : null);

function choice(list: ReadonlyArray<{ value: string }>, value: string | null, what: string): string | null {
  if (value !== null && !list.some((c) => c.value === value)) throw badValue(`Unknown ${what} '${value}'.`);
  return value;
}

/** Applies one update (checked first: nothing changes when it fails); answers the changes to log, none when the value was already so. */
export function applyFieldUpdate(target: FieldTarget, update: TicketFieldUpdate, lists: FieldLists, now: number): EntryChange[] {
  const { ticket } = target;
  const changes: EntryChange[] = [];
  const change = (field: string, from: string | null, to: string | null) => {
    if (from !== to) changes.push({ field, from, to });
  };
  switch (update.field) {
    case 'status': {
      choice(lists.statuses, update.value, 'status');
      change('status', nameOf(lists.statuses, ticket.status), nameOf(lists.statuses, update.value));
      if (ticket.status !== update.value) {
        ticket.status = update.value;
        ticket.statusSince = { ...ticket.statusSince, [update.value]: now };
        const solved = update.value === 'RESOLVED' || update.value === 'CLOSED';
        ticket.solvedTime = solved ? (ticket.solvedTime ?? now) : null;
      }
      break;
    }
    case 'priority':
      change('priority', nameOf(lists.priorities, ticket.priority), nameOf(lists.priorities, choice(lists.priorities, update.value, 'priority')));
      ticket.priority = update.value;
      break;
    case 'severity':
      change('severity', nameOf(lists.severities, ticket.severity), nameOf(lists.severities, choice(lists.severities, update.value, 'severity')));
      ticket.severity = update.value;
      break;
    case 'type':
      change('type', nameOf(TYPE_CHOICES, ticket.type), nameOf(TYPE_CHOICES, choice(TYPE_CHOICES, update.value, 'type')));
      ticket.type = update.value;
      break;
    case 'organization': {
      const organization = lists.organizations.find((o) => o.id === update.value && !o.deleted);
      if (!organization) throw badValue(`No organization ${update.value}.`);
      if (organization.id === ticket.organization?.id) break;
      change('organization', ticket.organization?.name ?? null, organization.name);
      change('location', ticket.location?.name ?? null, null);
      change('agreement', ticket.agreement, null);
      ticket.organization = ref(organization);
      ticket.location = null;
      ticket.agreement = null;
      break;
    }
    case 'location': {
      const location = update.value === null ? null : lists.locations.find((l) => l.id === update.value && !l.deleted);
      if (location === undefined) throw badValue(`No location ${update.value}.`);
      if (location && location.organizationId !== ticket.organization?.id) throw badValue(`Location ${location.id} is not a location of the ticket's organization.`);
      change('location', ticket.location?.name ?? null, location?.name ?? null);
      ticket.location = location ? ref(location) : null;
      break;
    }
    case 'requester': {
      const user = update.value === null ? null : lists.users.get(update.value);
      if (user === undefined || user?.deleted) throw badValue(`No user ${update.value}.`);
      change('requester', ticket.requester?.name ?? null, user?.name ?? null);
      ticket.requester = user ? ref(user) : null;
      break;
    }
    case 'assignee': {
      const user = update.value === null ? null : lists.users.get(update.value);
      if (user === undefined || user?.deleted) throw badValue(`No user ${update.value}.`);
      // §6: assignee pickers list technicians only; the instance refuses anyone else.
      if (user && !user.technician) throw badValue(`${user.name} is not a technician: only technicians can be assigned.`);
      change('assignee', ticket.assignedAppUser?.name ?? null, user?.name ?? null);
      if (ticket.assignedAppUser?.id !== user?.id) ticket.assignedTime = user ? now : null;
      ticket.assignedAppUser = user ? ref(user) : null;
      break;
    }
    case 'cc': {
      const cc = [...new Set(update.value.map((e) => e.toLowerCase()))];
      change('cc', joined(target.cc), joined(cc));
      target.cc = cc;
      break;
    }
    case 'ticketForm': {
      const form = lists.forms.find((f) => f.id === update.value);
      if (!form) throw badValue(`No ticket form ${update.value}.`);
      if (!form.active) throw badValue(`The ticket form '${form.name}' is inactive.`);
      change('ticketForm', ticket.ticketForm?.name ?? null, form.name);
      ticket.ticketForm = ref(form);
      break;
    }
    case 'tags': {
      const tags = [...new Set(update.value.map((t) => t.trim()))];
      change('tags', joined(ticket.tags), joined(tags));
      ticket.tags = tags;
      for (const tag of tags) lists.tags.add(tag);
      break;
    }
    case 'agreement': {
      const agreements = ticket.organization ? organizationAgreements(lists.seed, ticket.organization.id) : [];
      const agreement = update.value === null ? null : agreements.find((a) => a.id === update.value);
      if (agreement === undefined) throw badValue(`No agreement ${update.value} for the ticket's organization.`);
      change('agreement', ticket.agreement, agreement?.name ?? null);
      ticket.agreement = agreement?.name ?? null;
      break;
    }
  }
  return changes;
}
