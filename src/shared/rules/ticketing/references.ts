/**
 * §5.1's deleted references, found at save against the current lookups
 * (spec/ticketing-automations-psa.md §5.1, §7.1), pure: which users,
 * organizations and locations an automation's conditions and actions name
 * (with the names their pickers showed, so the lookups can be searched by
 * name first), the check call's input schema, and its answer as the
 * ReferenceState the form's rules read. What a picker stored when it was
 * used says only what was true then: a user deleted since is found here.
 */
import { z } from 'zod';
import type { ConditionRow, TriggerAction, TriggerType } from '../../model/ticketing';
import { actionKind, changeField, propertyOf } from './actions';
import { conditionFields, entitiesOf, type AttributeDef, type ReferenceState } from './conditions';

/** An id the automation names, with the name its picker showed when known. */
export interface NamedReference {
  id: number;
  name?: string;
}

export interface TriggerReferences {
  users: NamedReference[];
  organizations: NamedReference[];
  locations: NamedReference[];
}

/** How many of each kind one check reads (an automation names a handful; the renderer is untrusted). */
const REFERENCES_MAX = 200;

const reference = z.strictObject({ id: z.number().int().positive().max(2_147_483_647), name: z.string().max(500).optional() });
export const triggerReferencesSchema = z.strictObject({
  users: z.array(reference).max(REFERENCES_MAX),
  organizations: z.array(reference).max(REFERENCES_MAX),
  locations: z.array(reference).max(REFERENCES_MAX),
});

/** The check's answer: the ids of each kind that are deleted, or no longer in the lookups at all. */
export interface DeletedReferences {
  users: number[];
  organizations: number[];
  locations: number[];
}

type Kind = keyof TriggerReferences;

class Collected {
  private readonly byKind: Record<Kind, Map<number, NamedReference>> = { users: new Map(), organizations: new Map(), locations: new Map() };

  add(kind: Kind, id: unknown, name?: string): void {
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return;
    const known = this.byKind[kind];
    const had = known.get(id);
    if (!had || (had.name === undefined && name)) known.set(id, name ? { id, name } : { id });
  }

  result(): TriggerReferences {
    const list = (kind: Kind) => [...this.byKind[kind].values()].slice(0, REFERENCES_MAX);
    return { users: list('users'), organizations: list('organizations'), locations: list('locations') };
  }
}

const KIND_OF_VALUE: Partial<Record<string, Kind>> = { users: 'users', technicians: 'users', organizations: 'organizations', locations: 'locations' };
const KIND_OF_UPDATE: Partial<Record<string, Kind>> = { organization: 'organizations', assignedAppUserId: 'users', requesterUid: 'users' };

function namesIn(value: unknown): Map<number, string> {
  const names = new Map<number, string>();
  if (!Array.isArray(value)) return names;
  for (const item of value as Array<{ id?: unknown; name?: unknown } | null>) {
    if (item && typeof item.id === 'number' && typeof item.name === 'string') names.set(item.id, item.name);
  }
  return names;
}

/**
 * The users, organizations and locations the automation names: condition
 * rows of those pickers (their names from the row's metaData), Update ticket
 * actions (organization, assignee, requester), and the users an email or a
 * CC action sends to (names from the email's toUsers).
 */
export function triggerReferences(
  form: { conditions: { all: readonly ConditionRow[]; any: readonly ConditionRow[] }; actions: readonly TriggerAction[] },
  type: TriggerType,
  options: { statuses?: ReadonlyArray<{ value: string; name: string }>; attributes?: readonly AttributeDef[] } = {},
): TriggerReferences {
  const collected = new Collected();
  for (const group of ['all', 'any'] as const) {
    const fields = conditionFields(type, group, options.statuses, options.attributes);
    for (const row of form.conditions[group]) {
      const field = fields.find((f) => f.id === row.field);
      if (!field || !field.operators.includes(row.operator)) continue;
      const kind = KIND_OF_VALUE[field.valueKind(row.operator)];
      if (!kind || !Array.isArray(row.value)) continue;
      const names = new Map(entitiesOf(row.metaData).map((e) => [e.id, e.name]));
      for (const id of row.value) collected.add(kind, id, typeof id === 'number' ? names.get(id) : undefined);
    }
  }
  for (const action of form.actions) {
    const kind = actionKind(action);
    if (kind === 'update_ticket') {
      const target = KIND_OF_UPDATE[changeField(action)];
      if (target) collected.add(target, propertyOf(action, 'value'));
    } else if (kind === 'add_cc_list' || kind === 'set_cc_list') {
      const uids = propertyOf(action, 'uids');
      if (Array.isArray(uids)) for (const uid of uids) collected.add('users', uid);
    } else if (kind === 'SEND_EMAIL') {
      const uids = (action.params.to as { uids?: unknown } | undefined)?.uids;
      const names = namesIn(action.params.toUsers);
      if (Array.isArray(uids)) for (const uid of uids) collected.add('users', uid, typeof uid === 'number' ? names.get(uid) : undefined);
    }
  }
  return collected.result();
}

/** Whether the automation names any user, organization or location (no check is needed otherwise). */
export function hasReferences(references: TriggerReferences): boolean {
  return references.users.length + references.organizations.length + references.locations.length > 0;
}

/** The check's answer as the form's rules read it. */
export function referenceStateOf(deleted: DeletedReferences): ReferenceState {
  return { deletedUsers: new Set(deleted.users), deletedOrganizations: new Set(deleted.organizations), deletedLocations: new Set(deleted.locations) };
}

/** Whether the answer names any deleted reference. */
export function anyDeleted(deleted: DeletedReferences): boolean {
  return deleted.users.length + deleted.organizations.length + deleted.locations.length > 0;
}
