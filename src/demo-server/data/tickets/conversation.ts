/**
 * A demo ticket's conversation (spec/ticketing-automations-psa.md
 * §2.5, §3.5, §4.4, §5.5, §6), made from the seed and the ticket alone when
 * the ticket is first opened, so 2,000 tickets cost nothing until then:
 * - the description, the first public entry, by the requester (by the
 *   ruleset that opened it for CONDITION tickets);
 * - the automations of the demo data at work, with `automation` set to the
 *   stored trigger or ruleset (left out when it was deleted): 'Acknowledge
 *   new tickets' (EVENT_BASED) answers the requester, 'Escalate VIP tickets'
 *   (EVENT_BASED) tags VIP tickets, 'Remind about unassigned tickets' and
 *   'Escalate waiting tickets after 24 hours' (TIME_BASED) log their work,
 *   condition rulesets open and resolve their tickets;
 * - status and assignment changes as LOG entries, technicians' public
 *   replies (their time entries add up to the ticket's totalTimeTracked),
 *   the requester's answers and internal notes; a screenshot now and then.
 * Tickets 1001–1005 (SHOWCASE_TICKET_IDS) also carry, for the workspace's
 * edge cases: the automations' entries whatever their conditions and a note
 * of the 'Activity alerts' ruleset (ACTIVITY_RULE), an
 * internal note mentioning a permitted technician, the deleted one, one not
 * permitted on the ticket's organization and an unknown id (999, left out of
 * techniciansTagged: §6 'User not Found'); a public reply with an inline PNG
 * (SUCCESS) by `cid:` and a second one with width="auto" (§5.5 default size);
 * a photo written into the entry itself as a data: PNG (no attachment: the
 * viewer's Download has the main process save it); a requester's reply pasted from a mail client with an
 * `<img src="file:///C:/…">` (§5.5: ignored) and a log file still PROCESSING
 * (§4.4).
 */
import type { ConversationEntry, EntryAutomation, EntryChange, TimeEntry } from '../../../shared/model/tickets';
import type { Ticket } from '../../../shared/model/ticketing';
import { escapeHtml } from '../../http';
import { rngFor, type Rng } from '../random';
import { contentTypeOf, demoPng, type DemoTicketAttachment } from './files';
import { mentionOf, UNKNOWN_USER_ID } from './people';
import type { UserLookup } from '../ticketing/triggers';

/** An entry as the demo keeps it: its attachments with their status in time. */
export type DemoEntry = Omit<ConversationEntry, 'attachments'> & { attachments: DemoTicketAttachment[] };

const SHOWCASE_TICKET_IDS: readonly number[] = [1001, 1002, 1003, 1004, 1005];

interface ConversationInputs {
  seed: string;
  ticket: Ticket;
  /** 'Now' of the demo history: no entry lies after it. */
  baseTime: number;
  /** The stored triggers and rulesets, for the automation links (only those still there). */
  automations: ReadonlyArray<{ id: number; type: string; name: string }>;
  users: ReadonlyMap<number, UserLookup>;
  /** Status value → its name, as log entries show it. */
  statusNames: ReadonlyMap<string, string>;
}

interface GeneratedConversation {
  entries: DemoEntry[];
  /** The content of the entries' files, by attachment id. */
  files: Map<string, Buffer>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const TECHNICIAN_REPLIES = [
  'Thanks for reporting this. I am looking into it now and will update you shortly.',
  'I connected remotely and applied a fix. Could you check whether it works for you now?',
  'We found the cause and are working on it; next update within the hour.',
  'This should be sorted now. Let us know if it happens again.',
  'I have scheduled a visit for tomorrow morning to look at it on site.',
];
const REQUESTER_REPLIES = ['Thank you, it works again.', 'It is still happening this morning, unfortunately.', 'I will be at my desk after 2 pm if you need to connect.', 'Any news on this?'];
const INTERNAL_NOTES = [
  'Checked the event log: nothing unusual before the first report.',
  'Same symptom as last month at this client; see the vendor case notes.',
  'Waiting for the client to approve the replacement part.',
  'Restarted the service remotely; keeping an eye on it.',
];
/** The ruleset that opens a CONDITION ticket, by the ticket's tags. */
const RULESET_BY_TAG: ReadonlyArray<[string, string]> = [
  ['disk-space', 'Disk space conditions'],
  ['network', 'Offline devices'],
  ['security', 'Activity alerts'],
  ['backup', 'Script failures'],
];

const paragraphs = (text: string) => text.split('\n').map((line) => `<p>${escapeHtml(line)}</p>`).join('');
const stripTags = (html: string) => html.replace(/<[^>]*>/g, '').trim();

class ConversationBuilder {
  readonly entries: Array<DemoEntry & { order: number }> = [];
  readonly files = new Map<string, Buffer>();
  private fileCount = 0;

  constructor(
    readonly inputs: ConversationInputs,
    readonly rng: Rng,
  ) {}

  get ticket(): Ticket {
    return this.inputs.ticket;
  }

  automation(name: string): EntryAutomation | null {
    const found = this.inputs.automations.find((a) => a.name === name);
    return found ? { id: found.id, type: found.type, name: found.name } : null;
  }

  add(entry: Partial<DemoEntry> & Pick<DemoEntry, 'kind' | 'createTime' | 'author'>): DemoEntry {
    const full: DemoEntry & { order: number } = {
      id: `${this.ticket.id}-${this.entries.length + 1}`,
      isPublic: true,
      body: '',
      htmlBody: '',
      attachments: [],
      techniciansTagged: [],
      automation: null,
      changes: [],
      timeEntry: null,
      ...entry,
      createTime: Math.min(this.inputs.baseTime, Math.round(entry.createTime)),
      order: this.entries.length,
    };
    this.entries.push(full);
    return full;
  }

  log(at: number, author: DemoEntry['author'], changes: EntryChange[], automation: EntryAutomation | null = null, body = ''): void {
    this.add({ kind: 'LOG', createTime: at, author, changes, automation, body, htmlBody: body ? paragraphs(body) : '' });
  }

  file(name: string, uploadStatus: string, inline: boolean, bytes: Buffer): DemoTicketAttachment {
    const n = ++this.fileCount;
    const id = `ticket-${this.ticket.id}-file-${n}`;
    this.files.set(id, bytes);
    return {
      id,
      resourceId: `ticket-${this.ticket.id}`,
      tempId: null,
      uploadStatus,
      readyAt: 0,
      metadata: { name, size: bytes.length, contentType: contentTypeOf(name), contentId: `cid-${this.ticket.id}-${n}`, inline },
    };
  }

  screenshot(name: string, inline: boolean): DemoTicketAttachment {
    return this.file(name, 'SUCCESS', inline, demoPng(this.rng.int(48, 96), this.rng.int(32, 64), this.ticket.id * 7 + this.fileCount));
  }
}

const system = (name: string) => ({ id: null, name, type: 'SYSTEM' });
const person = (user: { id: number; name: string }, type: 'TECHNICIAN' | 'END_USER') => ({ id: user.id, name: user.name, type });

/** The conversation of one ticket, oldest first; the same for the same seed and ticket. */
export function generateConversation(inputs: ConversationInputs): GeneratedConversation {
  const { ticket } = inputs;
  const b = new ConversationBuilder(inputs, rngFor(inputs.seed, 'conversation', ticket.id));
  const showcase = SHOWCASE_TICKET_IDS.includes(ticket.id);
  const start = ticket.createTime;
  const end = Math.min(inputs.baseTime, Math.max(ticket.lastUpdated, start + (showcase ? 6 * HOUR : 0)));
  const at = (share: number) => start + (end - start) * share;

  opening(b);
  automations(b, showcase, at);
  statusChanges(b);
  conversationReplies(b, at);
  if (showcase) showcaseEntries(b, at);

  const entries = [...b.entries].sort((x, y) => x.createTime - y.createTime || x.order - y.order).map(({ order: _order, ...entry }) => entry);
  return { entries, files: b.files };
}

/** The description, by the requester (or the ruleset that opened a CONDITION ticket), sometimes with a screenshot. */
function opening(b: ConversationBuilder): void {
  const { ticket } = b;
  const html = paragraphs(ticket.description);
  const attachments = ticket.requester && b.rng.chance(0.25) ? [b.screenshot('screenshot.png', false)] : [];
  if (ticket.source === 'CONDITION') {
    const name = RULESET_BY_TAG.find(([tag]) => ticket.tags.includes(tag))?.[1] ?? 'Disk space conditions';
    b.add({ kind: 'REPLY', createTime: ticket.createTime, author: system(name), body: ticket.description, htmlBody: html, automation: b.automation(name), attachments });
    return;
  }
  const author = ticket.requester ? person(ticket.requester, 'END_USER') : system('Email');
  b.add({ kind: 'REPLY', createTime: ticket.createTime, author, body: ticket.description, htmlBody: html, attachments });
}

/** The demo's triggers at work (always on the showcase tickets). */
function automations(b: ConversationBuilder, showcase: boolean, at: (share: number) => number): void {
  const { ticket } = b;
  const acknowledge = b.automation('Acknowledge new tickets');
  if (acknowledge && (showcase || (ticket.source !== 'CONDITION' && ticket.requester))) {
    const text = 'Thank you, we have received your request. A technician will be in touch shortly.';
    b.add({ kind: 'REPLY', createTime: ticket.createTime + 2000, author: system(acknowledge.name), body: text, htmlBody: paragraphs(text), automation: acknowledge });
  }
  const vip = b.automation('Escalate VIP tickets');
  if (vip && (showcase || (ticket.tags.includes('vip') && ticket.tags.includes('escalated')))) {
    const before = ticket.tags.filter((t) => t !== 'escalated');
    b.log(ticket.createTime + 3000, system(vip.name), [{ field: 'tags', from: before.join(', ') || null, to: [...before, 'escalated'].join(', ') }], vip);
  }
  const reminder = b.automation('Remind about unassigned tickets');
  const late = ticket.assignedTime === null ? ticket.createTime + 2.5 * HOUR < b.inputs.baseTime : ticket.assignedTime > ticket.createTime + 2.5 * HOUR;
  if (reminder && (showcase || late)) {
    b.log(showcase ? at(0.05) : ticket.createTime + 2.5 * HOUR, system(reminder.name), [], reminder, 'Sent a notification to Escalations mailbox and Service desk inbox: nobody has picked this ticket up.');
  }
  const waiting = b.automation('Escalate waiting tickets after 24 hours');
  const waitedSince = ticket.statusSince.WAITING;
  if (waiting && (showcase || (waitedSince !== undefined && ticket.createTime + 24 * HOUR < b.inputs.baseTime && b.rng.chance(0.5)))) {
    const before = ticket.tags.filter((t) => t !== 'escalated');
    const when = showcase ? at(0.5) : Math.max(ticket.createTime + 24 * HOUR, waitedSince ?? 0);
    b.log(when, system(waiting.name), [{ field: 'tags', from: before.join(', ') || null, to: [...before, 'escalated'].join(', ') }], waiting);
  }
  // A condition ruleset resolves its unassigned ticket when the condition clears (its reset settings).
  const ruleset = ticket.source === 'CONDITION' ? b.automation(ticket.tags.includes('network') ? 'Offline devices' : 'Disk space conditions') : null;
  const resolved = ticket.statusSince.RESOLVED;
  if (ruleset && resolved !== undefined && ticket.assignedAppUser === null) {
    b.log(resolved, system(ruleset.name), [{ field: 'status', from: null, to: b.inputs.statusNames.get('RESOLVED') ?? 'RESOLVED' }], ruleset, 'The condition cleared.');
  }
  // The activity ruleset notes related activity on the showcase tickets.
  const activity = showcase ? b.automation('Activity alerts') : null;
  if (activity) b.log(at(0.3), system(activity.name), [], activity, "Related activity: 3 failed sign-ins on the requester's device in the last hour.");
}

/** The assignment and each status the ticket moved to, by its assignee (or the system when it has none). */
function statusChanges(b: ConversationBuilder): void {
  const { ticket } = b;
  const assignee = ticket.assignedAppUser;
  const by = assignee ? person(assignee, 'TECHNICIAN') : system('Automation');
  if (assignee && ticket.assignedTime !== null) b.log(ticket.assignedTime, by, [{ field: 'assignee', from: null, to: assignee.name }]);
  const steps = Object.entries(ticket.statusSince).sort((x, y) => x[1] - y[1]);
  const name = (value: string | undefined) => (value === undefined ? null : (b.inputs.statusNames.get(value) ?? value));
  for (let i = 1; i < steps.length; i++) {
    const [status, time] = steps[i]!;
    // The ruleset logs its own resolve (automations()).
    if (status === 'RESOLVED' && ticket.source === 'CONDITION' && !assignee) continue;
    b.log(time, by, [{ field: 'status', from: name(steps[i - 1]?.[0]), to: name(status) }]);
  }
}

/** Technicians' replies (with the time entries that make up totalTimeTracked), the requester's answers, internal notes. */
function conversationReplies(b: ConversationBuilder, at: (share: number) => number): void {
  const { ticket, rng } = b;
  const technician = ticket.assignedAppUser ? person(ticket.assignedAppUser, 'TECHNICIAN') : null;
  const replies = technician ? rng.int(1, 3) : 0;
  const minutes = splitMinutes(rng, ticket.totalTimeTracked, Math.max(1, replies));
  for (let i = 0; i < replies; i++) {
    const text = rng.pick(TECHNICIAN_REPLIES);
    const when = at(0.15 + (0.7 * (i + rng.next())) / replies);
    b.add({ kind: 'REPLY', createTime: when, author: technician!, body: text, htmlBody: paragraphs(text), timeEntry: timeEntryOf(rng, minutes[i] ?? 0, when) });
    if (ticket.requester && rng.chance(0.5)) {
      const answer = rng.pick(REQUESTER_REPLIES);
      b.add({ kind: 'REPLY', createTime: when + (at(1) - when) * rng.next() * 0.3, author: person(ticket.requester, 'END_USER'), body: answer, htmlBody: paragraphs(answer) });
    }
  }
  if (technician && rng.chance(0.35)) {
    const note = rng.pick(INTERNAL_NOTES);
    b.add({ kind: 'REPLY', isPublic: false, createTime: at(0.4 + rng.next() * 0.4), author: technician, body: note, htmlBody: paragraphs(note) });
  }
  // Time tracked without an assignee's reply: one internal note carries it.
  if (!technician && ticket.totalTimeTracked > 0) {
    const text = 'Worked on this from the queue.';
    b.add({ kind: 'REPLY', isPublic: false, createTime: at(0.5), author: system('Automation'), body: text, htmlBody: paragraphs(text), timeEntry: timeEntryOf(rng, ticket.totalTimeTracked, at(0.5)) });
  }
}

/** `total` minutes (a multiple of 5) in `parts` multiples of 5 adding up to it. */
function splitMinutes(rng: Rng, total: number, parts: number): number[] {
  const units = Math.round(total / 5);
  const cuts = Array.from({ length: parts - 1 }, () => rng.int(0, units)).sort((x, y) => x - y);
  return [...cuts, units].map((cut, i) => (cut - (i === 0 ? 0 : cuts[i - 1]!)) * 5);
}

function timeEntryOf(rng: Rng, minutes: number, when: number): TimeEntry | null {
  if (minutes <= 0) return null;
  return { timeTracked: minutes, remote: rng.chance(0.8), startDate: Math.round(when - minutes * MINUTE), agreementId: null, billingType: rng.chance(0.7) ? 'BILLABLE' : 'NON_BILLABLE', agreementOriginType: null };
}

/** A 1 × 1 PNG written into an entry as a data: image (no attachment). */
const FRONT_PANEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Tickets 1001–1005's edge cases (see the header). */
function showcaseEntries(b: ConversationBuilder, at: (share: number) => number): void {
  const { ticket, inputs } = b;
  const users = inputs.users;
  const live = (id: number | undefined) => (id === undefined ? undefined : users.get(id));
  const assignee = live(ticket.assignedAppUser?.id);
  const author = assignee && assignee.technician && !assignee.deleted ? assignee : users.get(1)!;
  const organizationId = ticket.organization?.id ?? null;
  const permitted = users.get(author.id === 2 ? 3 : 2)!;
  const deleted = [...users.values()].find((u) => u.technician && u.deleted)!;
  // Tom Okafor (5) sees even organization ids, Mei Lin (6) odd ones (./people.ts).
  const barred = users.get(organizationId !== null && organizationId % 2 === 0 ? 6 : 5)!;
  const mentioned = [permitted, deleted, barred].map((u) => mentionOf(u, organizationId));
  const span = (id: number) => `<span class="rte-mention" data-mention-id="${id}">@user:${id}</span>`;
  b.add({
    kind: 'REPLY',
    isPublic: false,
    createTime: at(0.55),
    author: person(author, 'TECHNICIAN'),
    body: `Looping in @${permitted.name}, @${deleted.name}, @${barred.name} and @user:${UNKNOWN_USER_ID}: can one of you check the firewall logs?`,
    htmlBody: `<p>Looping in ${span(permitted.id)}, ${span(deleted.id)}, ${span(barred.id)} and ${span(UNKNOWN_USER_ID)}: can one of you check the firewall logs?</p>`,
    techniciansTagged: mentioned,
  });

  const shot = b.screenshot('console-error.png', true);
  const detail = b.screenshot('settings-panel.png', true);
  const shown = `<p>This is what the console shows after the restart:</p><p><img src="cid:${shot.metadata.contentId}" width="320" height="240"></p><p>And the settings page:</p><p><img src="cid:${detail.metadata.contentId}" width="auto"></p>`;
  b.add({ kind: 'REPLY', createTime: at(0.6), author: person(author, 'TECHNICIAN'), body: stripTags(shown.replace(/<\/p>/g, '\n')), htmlBody: shown, attachments: [shot, detail] });
  const photo = `<p>A photo of the front panel:</p><p><img src="data:image/png;base64,${FRONT_PANEL_PNG}" alt="front panel" width="64" height="64"></p>`;
  b.add({ kind: 'REPLY', createTime: at(0.62), author: person(author, 'TECHNICIAN'), body: 'A photo of the front panel:', htmlBody: photo });

  const requester = ticket.requester ? person(ticket.requester, 'END_USER') : system('Email');
  const log = b.file('event-log.txt', 'PROCESSING', false, Buffer.from(`Event log export for ticket ${ticket.id}\n`, 'utf8'));
  const pasted = '<p>See the picture below and the log attached.</p><p><img src="file:///C:/Users/x/a.png" width="640" height="480"></p>';
  b.add({ kind: 'REPLY', createTime: at(0.65), author: requester, body: 'See the picture below and the log attached.', htmlBody: pasted, attachments: [log] });
}
