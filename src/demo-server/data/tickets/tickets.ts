/**
 * The demo's tickets (spec/ticketing-automations-psa.md §3.1: every
 * board-column field, plus what conditions read): 2,000 of them, generated
 * from the seed and a base time (the time of the first use), so boards,
 * the rule tester and the back-test have realistic work to filter. Ids
 * grow with the creation time; the creation times spread over the 120 days
 * before the base time. Older tickets are mostly resolved or closed,
 * recent ones new or open; about a quarter have no assignee (new ones, and
 * condition tickets a ruleset reset on its own); a few belong to the
 * deleted organization or were closed by the deleted technician.
 * Deterministic: the same seed and base time give the same tickets.
 */
import type { Device } from '../../../shared/model/devices';
import type { Ticket, TicketChoice, TicketForm, TicketRef, TicketStatus } from '../../../shared/model/ticketing';
import { TYPE_CHOICES, type SOURCE_CHOICES } from '../../../shared/rules/ticketing/conditions';
import { rngFor, type Rng } from '../random';
import { organizationContract } from './people';
import type { LocationLookup, Lookup } from '../ticketing/ticketing';
import type { DemoTicketAttribute, UserLookup } from '../ticketing/triggers';

const DEMO_TICKET_COUNT = 2000;
const FIRST_TICKET_ID = 1001;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TICKET_SPREAD_DAYS = 120;

/** What the tickets are made of: the store's lists (../ticketing/ticketing.ts, ../ticketing/triggers.ts) and the world's devices. */
interface TicketInputs {
  seed: string;
  /** 'Now' for the generated history: no time lies after it. */
  baseTime: number;
  organizations: readonly Lookup[];
  locations: readonly LocationLookup[];
  users: readonly UserLookup[];
  devices: readonly Device[];
  tags: readonly string[];
  forms: readonly TicketForm[];
  statuses: readonly TicketStatus[];
  priorities: readonly TicketChoice[];
  severities: readonly TicketChoice[];
  attributes: readonly DemoTicketAttribute[];
}

/** DEMO_TICKET_STATUSES' values in workflow order; the generator walks a ticket along it. */
const WORKFLOW = ['NEW', 'OPEN', 'WAITING', 'PAUSED', 'RESOLVED', 'CLOSED'] as const;
type Status = (typeof WORKFLOW)[number];
const SOLVED: readonly Status[] = ['RESOLVED', 'CLOSED'];

type TicketType = (typeof TYPE_CHOICES)[number]['value'];
interface Problem {
  summary: string;
  detail: string;
  type: TicketType;
  /** Form id (DEMO_TICKET_FORMS): 1 Default, 2 Hardware request, 3 Security incident, 4 Onboarding. */
  form: number;
  tags: readonly string[];
}

const problem = (summary: string, type: TicketType, detail: string, tags: string[] = [], form = 1): Problem => ({ summary, type, detail, tags, form });

/** What people write in about (email, phone, web form, technician portal). */
const PROBLEMS: readonly Problem[] = [
  problem('Printer offline on 2nd floor', 'PROBLEM', 'The shared printer on the second floor shows as offline for everyone since this morning.'),
  problem('VPN disconnects every hour', 'PROBLEM', 'The VPN client drops the connection roughly every hour and has to be reconnected by hand.', ['network']),
  problem('Outlook keeps asking for password', 'PROBLEM', 'Outlook prompts for the password again every few minutes, even after entering it correctly.'),
  problem('Cannot access shared drive S:', 'PROBLEM', 'The S: drive shows a red cross and opening it says the network path was not found.', ['network']),
  problem('New laptop for incoming hire', 'TASK', 'A new starter joins on Monday and needs a laptop with the standard software.', [], 2),
  problem('Set up accounts for new starter', 'TASK', 'Please create email, file share and CRM accounts for the new team member.', [], 4),
  problem('Offboard departing employee', 'TASK', 'An employee leaves on Friday: disable the accounts, forward the mailbox, collect the laptop.', [], 4),
  problem('Suspicious email - possible phishing', 'INCIDENT', 'Several staff received an email asking them to confirm their password on an odd-looking site.', ['security'], 3),
  problem('Phishing link clicked by user', 'INCIDENT', 'A user clicked a link in a phishing email and entered their credentials before noticing.', ['security'], 3),
  problem('Ransomware warning on workstation', 'INCIDENT', 'A workstation shows a ransom note and files on the desktop have a strange extension.', ['security'], 3),
  problem('Locked out after too many attempts', 'PROBLEM', 'The account is locked after too many failed sign-ins; the user needs to get back in.', ['security']),
  problem('MFA prompt not arriving', 'PROBLEM', 'The authenticator app no longer gets the sign-in prompt on the new phone.', ['security']),
  problem('Backup job failed overnight', 'PROBLEM', 'The nightly backup job reported a failure; last good backup was two days ago.', ['backup']),
  problem('Backup drive not detected', 'PROBLEM', 'The external backup drive is not detected when plugged in to the server.', ['backup'], 2),
  problem('Windows updates failing', 'PROBLEM', 'Windows Update fails with error 0x80070002 and rolls back after the restart.', ['patching']),
  problem('Blue screen after driver update', 'PROBLEM', 'The PC shows a blue screen on start since the graphics driver was updated.', ['patching']),
  problem('Patch Tuesday rollout check', 'TASK', "Confirm this month's patches installed on every server and schedule the reboots.", ['patching']),
  problem('How do I add a shared mailbox?', 'QUESTION', 'How can I add the accounts shared mailbox to Outlook on my laptop?'),
  problem('How to share a OneDrive folder externally?', 'QUESTION', 'A client needs access to a project folder; what is the safe way to share it?'),
  problem('Can we get access to the CRM?', 'QUESTION', 'Two people in the sales team need CRM access; who approves it?'),
  problem('Request for second monitor', 'TASK', 'Could I get a second monitor for my desk? Same model as the rest of the team if possible.', [], 2),
  problem('Laptop battery swelling', 'PROBLEM', 'The laptop no longer closes properly and the trackpad is raised: the battery looks swollen.', [], 2),
  problem('Monitor flickering', 'PROBLEM', 'The monitor flickers every few seconds; swapping the cable did not help.', [], 2),
  problem('UPS battery replacement', 'TASK', 'The UPS in the server cupboard beeps and reports its battery needs replacing.', ['vendor'], 2),
  problem('Wi-Fi slow in conference room', 'PROBLEM', 'Video calls from the large conference room stutter; the Wi-Fi speed test shows 2 Mbps.', ['network']),
  problem('Teams calls dropping', 'PROBLEM', 'Teams calls drop after a few minutes for people working from the office.', ['network']),
  problem('Remote desktop connection refused', 'PROBLEM', 'Remote desktop to the accounts PC says the connection was refused.', ['network']),
  problem('Firewall blocking payment portal', 'PROBLEM', "The bank's payment portal fails to load from the office network but works on mobile data.", ['network', 'security']),
  problem('Password reset needed', 'TASK', 'I forgot my password after the holidays and the self-service reset does not send the email.'),
  problem('Antivirus definitions out of date', 'PROBLEM', 'The antivirus console shows definitions older than seven days on this machine.', ['security']),
  problem('Scanner not sending to email', 'PROBLEM', 'The copier scans but the scan-to-email never arrives.'),
  problem('Printer toner low', 'TASK', 'The colour printer reports low toner on cyan and magenta.', ['vendor']),
  problem('Mailbox almost full', 'PROBLEM', 'Outlook warns the mailbox is at 98% of its quota.'),
  problem('File server running slow', 'PROBLEM', 'Opening files from the file server takes a minute; it used to be instant.'),
  problem('QuickBooks cannot open company file', 'PROBLEM', 'QuickBooks says the company file is in use or on a network it cannot reach.'),
  problem('Excel crashes when opening macros', 'PROBLEM', 'Excel closes without a message as soon as a workbook with macros is opened.'),
  problem('Calendar not syncing on iPhone', 'PROBLEM', 'New meetings do not show up on the iPhone calendar; the laptop has them.'),
  problem('Website SSL certificate expiring', 'TASK', 'The website certificate expires in 14 days; please renew it with the vendor.', ['vendor']),
  problem('License renewal for Adobe', 'TASK', 'The Adobe licences renew next month; confirm the seat count before the invoice.', ['vendor']),
  problem('Phone system not ringing through', 'INCIDENT', 'Incoming calls ring out without reaching the reception phones.', ['vendor']),
  problem('Install Zoom plugin', 'TASK', 'Please install the Zoom plugin for Outlook on the sales laptops.'),
];

/** What rulesets open on their own (source CONDITION), about a device. */
const CONDITIONS: ReadonlyArray<{ summary: (device: string) => string; detail: string; type: TicketType; tags: readonly string[] }> = [
  { summary: (d) => `Disk space low on C: (${d})`, detail: 'Free space on C: fell below 10%.', type: 'PROBLEM', tags: ['disk-space'] },
  { summary: (d) => `Device offline: ${d}`, detail: 'The device has not checked in for 15 minutes.', type: 'INCIDENT', tags: ['network'] },
  { summary: (d) => `Backup failed on ${d}`, detail: 'The scheduled backup ended with errors.', type: 'PROBLEM', tags: ['backup'] },
  { summary: (d) => `CPU above 90% for 15 minutes on ${d}`, detail: 'Processor use stayed above 90% for 15 minutes.', type: 'INCIDENT', tags: [] },
  { summary: (d) => `Antivirus threat detected on ${d}`, detail: 'The antivirus quarantined a threat during the scheduled scan.', type: 'INCIDENT', tags: ['security'] },
  { summary: (d) => `Windows update failed on ${d}`, detail: 'A cumulative update failed to install and was rolled back.', type: 'PROBLEM', tags: ['patching'] },
];

const SOURCE_WEIGHTS: ReadonlyArray<[(typeof SOURCE_CHOICES)[number]['value'], number]> = [
  ['EMAIL', 35],
  ['PHONE', 15],
  ['WEB_FORM', 20],
  ['TECHNICIAN_PORTAL', 10],
  ['CONDITION', 20],
];

function weighted<T>(rng: Rng, entries: ReadonlyArray<readonly [T, number]>): T {
  let roll = rng.next() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

/** Older tickets are further along: weights over WORKFLOW by age. */
function statusFor(rng: Rng, ageDays: number): Status {
  const weights =
    ageDays < 0.5 ? [55, 30, 10, 2, 3, 0] : ageDays < 3 ? [15, 35, 20, 5, 20, 5] : ageDays < 14 ? [3, 17, 15, 5, 30, 30] : [1, 4, 4, 3, 13, 75];
  return weighted(
    rng,
    WORKFLOW.map((s, i) => [s, weights[i]!] as const),
  );
}

/** The statuses a ticket went through to reach `status` (statusSince keeps each one's entry). */
function pathTo(rng: Rng, status: Status): Status[] {
  if (status === 'NEW') return ['NEW'];
  const waited = status === 'WAITING' || (status !== 'OPEN' && rng.chance(0.35));
  const path: Status[] = ['NEW', 'OPEN', ...(waited ? (['WAITING'] as const) : [])];
  if (status === 'PAUSED') path.push('PAUSED');
  if (SOLVED.includes(status)) path.push('RESOLVED');
  if (status === 'CLOSED') path.push('CLOSED');
  return path;
}

const ref = (item: { id: number; name: string }): TicketRef => ({ id: item.id, name: item.name });
const between = (rng: Rng, from: number, to: number) => Math.round(from + rng.next() * Math.max(0, to - from));

/** Checks the inputs the generator relies on, so a changed demo list fails loudly rather than making odd tickets. */
function checked(inputs: TicketInputs): void {
  const values = new Set(inputs.statuses.map((s) => s.value));
  if (!WORKFLOW.every((s) => values.has(s))) throw new Error('The demo ticket statuses changed: update WORKFLOW in data/tickets/tickets.ts');
  if (inputs.priorities.length === 0 || inputs.severities.length === 0 || inputs.forms.length === 0) throw new Error('The demo ticket lists are empty');
}

/** The 2,000 demo tickets, ids from FIRST_TICKET_ID, oldest first. */
export function generateDemoTickets(inputs: TicketInputs): Ticket[] {
  checked(inputs);
  const times = rngFor(inputs.seed, 'ticket-times');
  const offsets = Array.from({ length: DEMO_TICKET_COUNT }, () => times.next()).sort((a, b) => a - b);
  const world = worldOf(inputs);
  return offsets.map((u, i) => {
    // Whole seconds, the newest a little before the base time.
    const createTime = Math.floor((inputs.baseTime - (1 - u) * TICKET_SPREAD_DAYS * DAY - MINUTE) / 1000) * 1000;
    return generateTicket(FIRST_TICKET_ID + i, createTime, inputs, world);
  });
}

interface TicketWorld {
  live: readonly Lookup[];
  /** The world's own organizations (those with devices) come first in the lookups. */
  withDevices: readonly Lookup[];
  others: readonly Lookup[];
  deleted: readonly Lookup[];
  locationsOf: Map<number, LocationLookup[]>;
  devicesOf: Map<number, Device[]>;
  technicians: readonly UserLookup[];
  formerTechnicians: readonly UserLookup[];
  endUsers: readonly UserLookup[];
  vipOrganizations: Set<number>;
}

function worldOf(inputs: TicketInputs): TicketWorld {
  const devicesOf = new Map<number, Device[]>();
  for (const device of inputs.devices) devicesOf.set(device.clientId, [...(devicesOf.get(device.clientId) ?? []), device]);
  const locationsOf = new Map<number, LocationLookup[]>();
  for (const location of inputs.locations) locationsOf.set(location.organizationId, [...(locationsOf.get(location.organizationId) ?? []), location]);
  const live = inputs.organizations.filter((o) => !o.deleted);
  const withDevices = live.filter((o) => devicesOf.has(o.id));
  return {
    live,
    withDevices,
    others: live.filter((o) => !devicesOf.has(o.id)),
    deleted: inputs.organizations.filter((o) => o.deleted),
    locationsOf,
    devicesOf,
    technicians: inputs.users.filter((u) => u.technician && !u.deleted),
    formerTechnicians: inputs.users.filter((u) => u.technician && u.deleted),
    endUsers: inputs.users.filter((u) => !u.technician && !u.deleted),
    // Every third organization with devices is a VIP client.
    vipOrganizations: new Set(withDevices.filter((_, i) => i % 3 === 0).map((o) => o.id)),
  };
}

function pickOrganization(rng: Rng, world: TicketWorld): Lookup {
  if (world.deleted.length > 0 && rng.chance(0.006)) return rng.pick(world.deleted);
  if (world.withDevices.length > 0 && (world.others.length === 0 || rng.chance(0.7))) return rng.pick(world.withDevices);
  return rng.pick(world.others.length > 0 ? world.others : world.live);
}

/** A device of the organization: one of the world's, or (for organizations without any) a made-up name. */
function pickDevice(rng: Rng, organization: Lookup, world: TicketWorld): TicketRef {
  const devices = world.devicesOf.get(organization.id);
  if (devices?.length) {
    const device = rng.pick(devices);
    return { id: device.id, name: device.displayName };
  }
  const prefix = organization.name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  const n = rng.int(1, 12);
  return { id: 100_000 + organization.id * 100 + n, name: `${prefix}-${rng.chance(0.2) ? 'SRV' : 'WS'}-${String(n).padStart(3, '0')}` };
}

function generateTicket(id: number, createTime: number, inputs: TicketInputs, world: TicketWorld): Ticket {
  const rng = rngFor(inputs.seed, 'ticket', id);
  const now = inputs.baseTime;
  const ageDays = (now - createTime) / DAY;
  const source = weighted(rng, SOURCE_WEIGHTS);
  const byCondition = source === 'CONDITION';
  const organization = pickOrganization(rng, world);
  const locations = world.locationsOf.get(organization.id) ?? [];
  const location = locations.length > 0 && rng.chance(0.85) ? ref(rng.pick(locations)) : null;
  const device = byCondition || rng.chance(0.6) ? pickDevice(rng, organization, world) : null;

  const condition = byCondition ? rng.pick(CONDITIONS) : null;
  const asked = rng.pick(PROBLEMS);
  const summary = condition ? condition.summary(device!.name) : asked.summary;
  const type: TicketType = rng.chance(0.1) ? rng.pick(TYPE_CHOICES).value : (condition?.type ?? asked.type);
  const form = inputs.forms.find((f) => f.id === (condition ? (condition.tags.includes('security') ? 3 : 1) : asked.form)) ?? inputs.forms[0]!;
  // The retired intake form on some old tickets, from before it was retired.
  const retired = inputs.forms.find((f) => !f.active);
  const ticketForm = ref(retired && ageDays > 60 && rng.chance(0.1) ? retired : form);

  const status = statusFor(rng, ageDays);
  const path = pathTo(rng, status);
  const statusSince = historyOf(rng, path, createTime, now);
  const entered = statusSince[status]!;
  const solvedTime = SOLVED.includes(status) ? statusSince.RESOLVED! : null;

  // Condition tickets a ruleset resets on its own often never get an assignee; new ones wait to be picked up.
  const unassigned = byCondition ? rng.chance(0.6) : rng.chance(status === 'NEW' ? 0.75 : 0.15);
  const former = status === 'CLOSED' && ageDays > 60 && world.formerTechnicians.length > 0 && rng.chance(0.05);
  const assignee = unassigned || world.technicians.length === 0 ? null : rng.pick(former ? world.formerTechnicians : world.technicians);
  const requester = (byCondition && rng.chance(0.7)) || world.endUsers.length === 0 ? null : rng.pick(world.endUsers);
  const firstMove = statusSince.OPEN ?? now;
  const assignedTime = assignee ? between(rng, createTime, Math.min(firstMove, now)) : null;
  const byAssignee = assignee && status !== 'NEW' ? between(rng, assignedTime!, entered) : null;
  const byRequester = requester ? (byCondition ? null : status === 'NEW' ? createTime : between(rng, createTime, entered)) : null;
  // A comment may come after the last status change (not on solved tickets).
  const lastComment = !SOLVED.includes(status) && rng.chance(0.4) ? between(rng, entered, now) : null;
  const lastUpdated = Math.max(createTime, entered, assignedTime ?? 0, byAssignee ?? 0, byRequester ?? 0, lastComment ?? 0);
  const lastUpdatedBy = lastUpdated === byRequester || (lastUpdated === createTime && requester) ? requester!.name : assignee ? assignee.name : 'Automation';

  const tags = tagsOf(rng, inputs.tags, condition?.tags ?? asked.tags, world.vipOrganizations.has(organization.id));
  const priority = rng.chance(0.08) ? null : priorityOf(rng, inputs.priorities, type);
  const severity = rng.chance(0.3) ? null : weighted(rng, inputs.severities.map((s, i) => [s.value, [35, 35, 20, 10][i] ?? 10] as const));
  const tracked = status === 'NEW' ? (assignee && rng.chance(0.3) ? 5 * rng.int(1, 3) : 0) : unassigned && byCondition ? 0 : 5 * rng.int(1, SOLVED.includes(status) ? 120 : 48);
  // Some organizations have a PSA agreement; most of their tickets fall under it.
  const contract = organizationContract(inputs.seed, organization.id);
  const agreement = contract && rng.chance(0.8) ? contract : null;

  return {
    id,
    summary,
    description: descriptionOf(condition?.detail ?? asked.detail, requester, device),
    status,
    priority,
    severity,
    type,
    source,
    organization: ref(organization),
    location,
    requester: requester ? ref(requester) : null,
    assignedAppUser: assignee ? ref(assignee) : null,
    ticketForm,
    device,
    tags,
    createTime,
    lastUpdated,
    lastUpdatedBy,
    lastUpdatedTimeByAssignee: byAssignee,
    lastUpdatedTimeByRequester: byRequester,
    solvedTime,
    totalTimeTracked: tracked,
    agreement,
    attributes: attributesOf(rng, inputs, organization.id, device, ageDays, now),
    statusSince,
    assignedTime,
  };
}

/** Entry times along the path: NEW at creation, the first move within hours, the next within days, closing some days after resolving. */
function historyOf(rng: Rng, path: readonly Status[], createTime: number, now: number): Record<string, number> {
  const since: Record<string, number> = { NEW: createTime };
  const age = now - createTime;
  let at = createTime;
  for (let i = 1; i < path.length; i++) {
    const left = now - at;
    const step =
      i === 1
        ? Math.min(age * 0.2, rng.int(5, 8 * 60) * MINUTE)
        : path[i] === 'CLOSED'
          ? Math.min(left * 0.9, rng.int(24, 7 * 24) * HOUR)
          : Math.min(left * (0.1 + rng.next() * 0.5), rng.int(1, 120) * HOUR);
    at = Math.min(now, Math.round(at + step));
    since[path[i]!] = at;
  }
  return since;
}

function priorityOf(rng: Rng, priorities: readonly TicketChoice[], type: TicketType): string {
  const incident = type === 'INCIDENT';
  const weights = incident ? [5, 25, 40, 30] : [25, 45, 20, 10];
  return weighted(rng, priorities.map((p, i) => [p.value, weights[i] ?? 10] as const));
}

/** 0–3 of the instance's tags: the problem's own, 'vip' for VIP clients (and a few others), and one more now and then. */
function tagsOf(rng: Rng, available: readonly string[], own: readonly string[], vipClient: boolean): string[] {
  const known = new Set(available);
  const tags = new Set(own.filter((t) => known.has(t) && rng.chance(0.8)));
  if (known.has('vip') && rng.chance(vipClient ? 0.7 : 0.03)) tags.add('vip');
  const extras = available.filter((t) => t !== 'vip' && t !== 'escalated');
  if (extras.length > 0 && rng.chance(0.25)) tags.add(rng.pick(extras));
  if (known.has('escalated') && rng.chance(0.05)) tags.add('escalated');
  return [...tags].slice(0, 3);
}

function descriptionOf(detail: string, requester: UserLookup | null, device: TicketRef | null): string {
  const who = requester ? `Reported by ${requester.name}.` : 'Opened by a condition ruleset.';
  return [detail, who, device ? `Device: ${device.name}.` : ''].filter(Boolean).join(' ');
}

/** Values of the seeded attributes, by attribute id as a string: a multi-select's and a dropdown's are value ids. */
function attributesOf(rng: Rng, inputs: TicketInputs, organizationId: number, device: TicketRef | null, ageDays: number, now: number): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const attribute of inputs.attributes) {
    const key = String(attribute.id);
    const choices = attribute.content.values;
    switch (attribute.attributeType) {
      case 'MULTI_SELECT':
        if (choices.length > 0 && rng.chance(0.5)) values[key] = [...new Set([rng.pick(choices).id, ...(rng.chance(0.3) ? [rng.pick(choices).id] : [])])].sort((a, b) => a - b);
        break;
      case 'DROPDOWN': {
        // The contract tier is the organization's.
        const tier = rngFor(inputs.seed, 'tier', attribute.id, organizationId);
        if (choices.length > 0 && tier.chance(0.7)) values[key] = tier.pick(choices).id;
        break;
      }
      case 'CHECKBOX':
        if (rng.chance(0.6)) values[key] = rng.chance(0.2);
        break;
      case 'TEXT':
        if (device && rng.chance(0.5)) values[key] = `AT-${String(rng.int(1, 99_999)).padStart(5, '0')}`;
        break;
      case 'NUMERIC':
        if (rng.chance(0.5)) values[key] = rng.chance(0.8) ? rng.int(1, 5) : rng.int(6, 60);
        break;
      case 'DATE':
        // The retired warranty attribute: set on some older tickets only.
        if (ageDays > 60 && rng.chance(0.3)) values[key] = Math.floor((now + rng.int(-365, 3 * 365) * DAY) / DAY) * DAY;
        break;
      default:
        break;
    }
  }
  return values;
}
