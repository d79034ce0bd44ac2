/**
 * Who the ticket workspace's calls name (spec/ticketing-automations-psa.md
 * §3.5, §6), derived from the users of ../ticketing/triggers.ts and the seed,
 * nothing stored: every user's email and uid (§3.5 requesterUid), which
 * technicians may view a ticket's organization (§6 mention `permitted`), and
 * the PSA agreements of each organization.
 *
 * Access (§6): two technicians work for part of the clients only, so every
 * ticket has exactly one technician who may not view it: Tom Okafor (id 5)
 * sees the organizations with even ids, Mei Lin (id 6) those with odd ids.
 * Everyone else sees every organization.
 */
import type { TicketAgreement } from '../../../shared/model/tickets';
import type { Mention } from '../../../shared/rules/tickets/reply';
import { rngFor } from '../random';
import { lookupUsers, type UserLookup } from '../ticketing/triggers';

/** Technicians limited to part of the clients: id → whether they see an organization. */
const LIMITED_ACCESS: ReadonlyMap<number, (organizationId: number) => boolean> = new Map([
  [5, (organizationId: number) => organizationId % 2 === 0],
  [6, (organizationId: number) => organizationId % 2 === 1],
]);

/** An id no user has: what an internal reply of the demo mentions for §6 'User not Found'. */
export const UNKNOWN_USER_ID = 999;

/** The mention search answers at most this many. */
const MENTION_RESULTS_MAX = 20;

export function usersById(): Map<number, UserLookup> {
  return new Map(lookupUsers().map((u) => [u.id, u]));
}

/** `first.last@…`: technicians at the MSP (as the demo's signed-in users), end users at their client. */
export function userEmail(user: Pick<UserLookup, 'name' | 'technician'>): string {
  const local = user.name
    .replace(/\(.*?\)/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
  return `${local}@${user.technician ? 'demo-msp.example' : 'client.example'}`;
}

/** §3.5 requesterUid: a uuid-like string, the same for a user on every ticket. */
export function userUid(seed: string, userId: number): string {
  const rng = rngFor(seed, 'user-uid', userId);
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rng.next() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

/** §6: whether a technician may view tickets of an organization. */
function mayView(technicianId: number, organizationId: number | null): boolean {
  const limited = LIMITED_ACCESS.get(technicianId);
  return !limited || organizationId === null || limited(organizationId);
}

/** A technician of a ticket's organization as a mention (§3.5: id, displayName, email, deleted, permitted). */
interface DemoMention extends Mention {
  id: number;
  displayName: string;
  email: string;
  deleted: boolean;
  permitted: boolean;
}

export function mentionOf(user: UserLookup, organizationId: number | null): DemoMention {
  return { id: user.id, displayName: user.name, email: userEmail(user), deleted: user.deleted, permitted: mayView(user.id, organizationId) };
}

/** The technicians a search finds by name or email (deleted ones too, flagged), at most MENTION_RESULTS_MAX. */
export function searchMentions(search: string, organizationId: number | null): DemoMention[] {
  const wanted = search.trim().toLowerCase();
  return lookupUsers()
    .filter((u) => u.technician)
    .map((u) => mentionOf(u, organizationId))
    .filter((m) => !wanted || m.displayName.toLowerCase().includes(wanted) || m.email.includes(wanted))
    .slice(0, MENTION_RESULTS_MAX);
}

/** The PSA agreements a ticket may fall under. The generator picks a ticket's among its organization's. */
export const AGREEMENT_NAMES = ['Managed services (Gold)', 'Managed services (Silver)', 'Break/fix', 'Block hours (20 h)'] as const;
const AGREEMENT_ORIGIN_TYPES: Record<(typeof AGREEMENT_NAMES)[number], string> = {
  'Managed services (Gold)': 'RECURRING_SERVICE',
  'Managed services (Silver)': 'RECURRING_SERVICE',
  'Break/fix': 'TIME_AND_MATERIALS',
  'Block hours (20 h)': 'BLOCK_HOURS',
};

/**
 * An organization's contract (about 60% have one), drawn exactly as the
 * ticket generator always drew it: its tickets mostly fall under it.
 */
export function organizationContract(seed: string, organizationId: number): (typeof AGREEMENT_NAMES)[number] | null {
  const contract = rngFor(seed, 'agreement', organizationId);
  return contract.chance(0.6) ? contract.pick(AGREEMENT_NAMES) : null;
}

/** An agreement's id: unique per organization and name. */
export function agreementId(organizationId: number, name: string): number {
  return organizationId * 10 + AGREEMENT_NAMES.indexOf(name as (typeof AGREEMENT_NAMES)[number]) + 1;
}

/** An organization's agreements: its contract and Break/fix for work outside it; none without a contract. */
export function organizationAgreements(seed: string, organizationId: number): TicketAgreement[] {
  const contract = organizationContract(seed, organizationId);
  if (!contract) return [];
  const names: Array<(typeof AGREEMENT_NAMES)[number]> = contract === 'Break/fix' ? [contract, 'Block hours (20 h)'] : [contract, 'Break/fix'];
  return names.map((name) => ({ id: agreementId(organizationId, name), name, originType: AGREEMENT_ORIGIN_TYPES[name] }));
}
