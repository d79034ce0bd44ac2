/**
 * The ticket workspace's state in the demo: what a ticket's page
 * adds to a ticket (CC, version, the ids §3.5 names), the conversations
 * (generated per ticket on first use by ./conversation.ts, then
 * changed by field updates and replies), the files of those conversations
 * and the `/__demo/tickets` switches. Held by the TicketingStore
 * (../ticketing/ticketing.ts), which keeps the tickets themselves and the waiting
 * uploads.
 */
import type { TicketAgreement, TicketDetail, TimeEntry } from '../../../shared/model/tickets';
import type { Ticket } from '../../../shared/model/ticketing';
import type { DemoUser } from '../../config';
import { escapeHtml, HttpError } from '../../http';
import { rngFor } from '../random';
import { generateConversation, type DemoEntry } from './conversation';
import { applyFieldUpdate, badValue, type FieldLists } from './fields';
import { attachmentAnswer, statusAt, type DemoTicketAttachment } from './files';
import { agreementId, AGREEMENT_NAMES, mentionOf, organizationAgreements, userEmail, usersById, userUid } from './people';
import { DEMO_TICKET_FORMS, DEMO_TICKET_PRIORITIES, DEMO_TICKET_SEVERITIES, DEMO_TICKET_STATUSES, lookupLocations, lookupOrganizations, type TicketingStore } from '../ticketing/ticketing';
import { lookupUsers } from '../ticketing/triggers';
import type { TicketFieldUpdate } from '../../../shared/contract/tickets';

/** The `/__demo/tickets` switches (../../routes/tickets/conversation.ts). */
interface TicketSwitches {
  /** Every PUT …/fields answers 500. */
  failFieldUpdates: boolean;
  /** Every signed-url call for a ticket file or a ticket upload answers 500. */
  failSignedUrls: boolean;
  /** Every POST …/replies answers 500. */
  failReplies: boolean;
  /** How long a workspace upload stays PROCESSING (§4.4). */
  uploadProcessingMs: number;
  /** Uploads made while on stay PROCESSING until it is turned off (a test sees the §4.4 placeholder without racing a timer). */
  holdUploads: boolean;
}

/** The `readyAt` of an upload held PROCESSING by the `holdUploads` switch. */
export const HELD_UPLOAD = Number.MAX_SAFE_INTEGER;

const DEFAULT_UPLOAD_PROCESSING_MS = 3000;

/** A reply as the demo's call takes it (../../routes/tickets/conversation.ts checks its shape). */
interface ReplyInput {
  body: string;
  htmlBody: string;
  isPublic: boolean;
  techniciansTagged: number[];
  uploads: Array<{ tempId: string } | { id: string }>;
  timeEntry: (Omit<TimeEntry, 'startDate'> & { startDate: string | null }) | null;
}

/** A new ticket as the demo's call takes it (../../routes/tickets/tickets.ts checks its shape). */
export interface NewTicketInput {
  summary: string;
  description: string;
  htmlDescription: string;
  organizationId: number;
  locationId: number | null;
  requesterId: number | null;
  assignedAppUserId: number | null;
  status: string | null;
  priority: string | null;
  severity: string | null;
  type: string | null;
  ticketFormId: number;
  uploads: ReplyInput['uploads'];
}

const FILE_ID = /^ticket-(\d{1,10})-file-\d{1,6}$/;

export class TicketWorkspace {
  readonly switches: TicketSwitches = { failFieldUpdates: false, failSignedUrls: false, failReplies: false, uploadProcessingMs: DEFAULT_UPLOAD_PROCESSING_MS, holdUploads: false };
  private readonly conversations = new Map<number, DemoEntry[]>();
  private readonly ccs = new Map<number, string[]>();
  private readonly versions = new Map<number, number>();
  /** Every file of a conversation made so far, with its content, by attachment id. */
  private readonly files = new Map<string, { attachment: DemoTicketAttachment; bytes: Buffer; ticketId: number }>();
  private entryCount = 0;

  constructor(
    private readonly store: TicketingStore,
    private readonly seed: string,
  ) {}

  /** The ticket as its page reads it (`GET /api/ticketing/tickets/:id`). */
  detail(ticket: Ticket): TicketDetail {
    const agreement = ticket.agreement && ticket.organization && (AGREEMENT_NAMES as readonly string[]).includes(ticket.agreement) ? agreementId(ticket.organization.id, ticket.agreement) : null;
    return {
      ...structuredClone(ticket),
      cc: [...this.ccOf(ticket.id)],
      assignedAppUserId: ticket.assignedAppUser?.id ?? null,
      requesterUid: ticket.requester ? userUid(this.seed, ticket.requester.id) : null,
      agreementId: agreement,
      version: this.versions.get(ticket.id) ?? 1,
    };
  }

  version(ticketId: number): number {
    return this.versions.get(ticketId) ?? 1;
  }

  agreements(organizationId: number): TicketAgreement[] {
    return organizationAgreements(this.seed, organizationId);
  }

  /** The conversation, oldest first, made on first use. */
  conversation(ticket: Ticket): DemoEntry[] {
    let entries = this.conversations.get(ticket.id);
    if (!entries) {
      const statusNames = new Map(DEMO_TICKET_STATUSES.map((s) => [s.value, s.name]));
      const automations = [...this.store.listTriggers([]), ...this.store.list()].map(({ id, type, name }) => ({ id, type, name }));
      const made = generateConversation({ seed: this.seed, ticket, baseTime: this.store.ticketsBaseTime(Date.now()), automations, users: usersById(), statusNames });
      entries = made.entries;
      for (const entry of entries) for (const attachment of entry.attachments) this.files.set(attachment.id, { attachment, bytes: made.files.get(attachment.id)!, ticketId: ticket.id });
      this.conversations.set(ticket.id, entries);
    }
    return entries;
  }

  /** An entry as the calls answer it (attachment statuses as of `now`). */
  entryAnswer(entry: DemoEntry, now: number) {
    return { ...structuredClone(entry), attachments: entry.attachments.map((a) => attachmentAnswer(a, now)) };
  }

  /** One header field changed (checked first), logged by the technician, the version bumped. */
  updateField(ticket: Ticket, update: TicketFieldUpdate, user: DemoUser, now: number): void {
    const conversation = this.conversation(ticket);
    const target = { ticket, cc: this.ccOf(ticket.id) };
    const changes = applyFieldUpdate(target, update, this.fieldLists(), now);
    this.ccs.set(ticket.id, target.cc);
    if (changes.length === 0) return;
    conversation.push(this.entry(ticket, { kind: 'LOG', createTime: now, author: technicianOf(user), changes }));
    this.touched(ticket, user, now);
    this.versions.set(ticket.id, this.version(ticket.id) + 1);
  }

  /** A reply: its uploads taken (400 bad_upload), its mentions technicians (400), its time added to the ticket's. */
  addReply(ticket: Ticket, reply: ReplyInput, user: DemoUser, now: number): DemoEntry {
    const conversation = this.conversation(ticket);
    const users = usersById();
    const tagged = reply.techniciansTagged.map((id) => {
      const found = users.get(id);
      if (!found?.technician) throw badValue(`techniciansTagged: ${id} is not a technician.`);
      return mentionOf(found, ticket.organization?.id ?? null);
    });
    if (reply.timeEntry?.agreementId != null && !this.agreementsOf(ticket).some((a) => a.id === reply.timeEntry!.agreementId)) {
      throw badValue(`timeEntry.agreementId: no agreement ${reply.timeEntry.agreementId} for the ticket's organization.`);
    }
    const attachments = this.takeUploads(ticket, reply.uploads, user);
    const timeEntry = reply.timeEntry && { ...reply.timeEntry, startDate: reply.timeEntry.startDate === null ? null : Date.parse(reply.timeEntry.startDate) };
    const entry = this.entry(ticket, {
      kind: 'REPLY',
      isPublic: reply.isPublic,
      createTime: now,
      author: technicianOf(user),
      body: reply.body,
      htmlBody: reply.htmlBody,
      attachments,
      techniciansTagged: tagged,
      timeEntry,
    });
    conversation.push(entry);
    if (timeEntry) ticket.totalTimeTracked += timeEntry.timeTracked;
    this.touched(ticket, user, now);
    return entry;
  }

  /**
   * A new ticket: every value checked as a field update checks it (400
   * bad_value, nothing made), its uploads too (400 bad_upload); then listed
   * with the others (the next id) and its description the first entry.
   */
  createTicket(input: NewTicketInput, user: DemoUser, now: number): Ticket {
    this.checkUploads(input.uploads, user);
    const draft: Ticket = {
      ...{ id: 0, summary: input.summary, description: input.description, status: DEMO_TICKET_STATUSES[0]!.value, source: 'TECHNICIAN_PORTAL', device: null, tags: [], attributes: {} },
      ...{ priority: null, severity: null, type: null, organization: null, location: null, requester: null, assignedAppUser: null, ticketForm: null, agreement: null },
      ...{ createTime: now, lastUpdated: now, lastUpdatedBy: user.name, lastUpdatedTimeByAssignee: null, lastUpdatedTimeByRequester: null, solvedTime: null, totalTimeTracked: 0, statusSince: {}, assignedTime: null },
    };
    const updates: TicketFieldUpdate[] = [
      { field: 'organization', value: input.organizationId },
      { field: 'location', value: input.locationId },
      { field: 'requester', value: input.requesterId },
      { field: 'assignee', value: input.assignedAppUserId },
      { field: 'status', value: input.status ?? draft.status },
      { field: 'priority', value: input.priority },
      { field: 'severity', value: input.severity },
      { field: 'type', value: input.type },
      { field: 'ticketForm', value: input.ticketFormId },
    ];
    const lists = this.fieldLists();
    for (const update of updates) applyFieldUpdate({ ticket: draft, cc: [] }, update, lists, now);
    draft.statusSince = { [draft.status]: now };
    const ticket = this.store.addTicket((id) => ({ ...draft, id }), now);
    this.startConversation(ticket, input.htmlDescription, input.uploads, user, now);
    return ticket;
  }

  /** A new ticket's conversation: its description, by the technician who opened it, with its files. */
  private startConversation(ticket: Ticket, html: string, uploads: ReplyInput['uploads'], user: DemoUser, now: number): void {
    const attachments = this.takeUploads(ticket, uploads, user);
    this.conversations.set(ticket.id, [this.entry(ticket, { kind: 'REPLY', createTime: now, author: technicianOf(user), body: ticket.description, htmlBody: html || `<p>${escapeHtml(ticket.description)}</p>`, attachments })]);
  }

  /**
   * Checks a new ticket's uploads before it is made (nothing is taken when one
   * fails): each a waiting upload of this user by tempId.
   */
  checkUploads(uploads: ReplyInput['uploads'], user: DemoUser): void {
    for (const upload of uploads) {
      const pending = 'tempId' in upload ? this.store.pendingUpload(upload.tempId) : undefined;
      if (!pending || pending.userId !== user.id || pending.tempId !== (upload as { tempId: string }).tempId) throw badUpload(upload);
    }
  }

  /** A ticket file (seeded or from a reply) by id, its conversation made if it has to be; undefined for none. */
  file(id: string): { attachment: DemoTicketAttachment; bytes: Buffer } | undefined {
    const ticketId = FILE_ID.exec(id)?.[1];
    if (ticketId !== undefined && !this.files.has(id)) {
      const ticket = this.store.ticket(Number(ticketId), Date.now());
      if (ticket) this.conversation(ticket);
    }
    return this.files.get(id);
  }

  /** `holdUploads` turned off: every held upload, waiting or sent with a reply, is scanned now. */
  releaseHeldUploads(): void {
    for (const file of this.files.values()) if (file.attachment.readyAt === HELD_UPLOAD) file.attachment.readyAt = 0;
    this.store.releaseHeldUploads(HELD_UPLOAD);
  }

  /** The upload status of a ticket file or a waiting upload (by attachment id or tempId); undefined when unknown. */
  statusOf(id: string, now: number): string | undefined {
    const file = this.file(id);
    if (file) return statusAt(file.attachment, now);
    const pending = this.store.pendingUpload(id);
    return pending ? (now < pending.readyAt ? 'PROCESSING' : pending.attachment.uploadStatus) : undefined;
  }

  /** What a signed URL serves: a ticket file or a waiting upload, once SUCCESS; null otherwise. */
  servedFile(id: string, now: number): { contentType: string; bytes: Buffer } | null {
    if (this.statusOf(id, now) !== 'SUCCESS') return null;
    const file = this.file(id);
    if (file) return { contentType: file.attachment.metadata.contentType, bytes: file.bytes };
    const pending = this.store.pendingUpload(id);
    return pending ? { contentType: pending.attachment.metadata.contentType, bytes: pending.bytes } : null;
  }

  agreementsOf(ticket: Ticket): TicketAgreement[] {
    return ticket.organization ? this.agreements(ticket.organization.id) : [];
  }

  private ccOf(ticketId: number): string[] {
    let cc = this.ccs.get(ticketId);
    if (!cc) {
      // About one ticket in five copies a colleague or two of the requester.
      const rng = rngFor(this.seed, 'cc', ticketId);
      const endUsers = lookupUsers().filter((u) => !u.technician && !u.deleted);
      cc = rng.chance(0.2) ? [...new Set(Array.from({ length: rng.int(1, 2) }, () => userEmail(rng.pick(endUsers))))] : [];
      this.ccs.set(ticketId, cc);
    }
    return cc;
  }

  private fieldLists(): FieldLists {
    const organizations = lookupOrganizations(this.store.worldOrganizations());
    return {
      seed: this.seed,
      organizations,
      locations: lookupLocations(organizations),
      users: usersById(),
      forms: DEMO_TICKET_FORMS,
      statuses: DEMO_TICKET_STATUSES,
      priorities: DEMO_TICKET_PRIORITIES,
      severities: DEMO_TICKET_SEVERITIES,
      tags: this.store.tags,
    };
  }

  /** The uploads a reply names: this user's waiting ones by tempId (taken), or files of this ticket by id. All checked before any is taken. */
  private takeUploads(ticket: Ticket, uploads: ReplyInput['uploads'], user: DemoUser): DemoTicketAttachment[] {
    // A file named twice is attached once (a second take of one tempId would find it taken already).
    const named = [...new Map(uploads.map((upload) => ['tempId' in upload ? `tempId:${upload.tempId}` : `id:${upload.id}`, upload] as const)).values()];
    const found = named.map((upload): { tempId: string } | { attachment: DemoTicketAttachment } => {
      if ('tempId' in upload) {
        const pending = this.store.pendingUpload(upload.tempId);
        if (!pending || pending.userId !== user.id || pending.tempId !== upload.tempId) throw badUpload(upload);
        return { tempId: pending.tempId };
      }
      const file = this.files.get(upload.id);
      if (!file || file.ticketId !== ticket.id) throw badUpload(upload);
      return { attachment: file.attachment };
    });
    return found.map((item) => {
      if ('attachment' in item) return item.attachment;
      const pending = this.store.takeUpload(item.tempId, user.id)!;
      const { attachment: upload } = pending;
      const attachment: DemoTicketAttachment = {
        id: upload.id,
        resourceId: `ticket-${ticket.id}`,
        tempId: pending.tempId,
        uploadStatus: upload.uploadStatus,
        readyAt: pending.readyAt,
        metadata: { name: upload.metadata.name, size: upload.metadata.size, contentType: upload.metadata.contentType, contentId: upload.contentId, inline: pending.inline },
      };
      this.files.set(attachment.id, { attachment, bytes: pending.bytes, ticketId: ticket.id });
      return attachment;
    });
  }

  private entry(ticket: Ticket, entry: Partial<DemoEntry> & Pick<DemoEntry, 'kind' | 'createTime' | 'author'>): DemoEntry {
    return { id: `${ticket.id}-new-${++this.entryCount}`, isPublic: true, body: '', htmlBody: '', attachments: [], techniciansTagged: [], automation: null, changes: [], timeEntry: null, ...entry };
  }

  private touched(ticket: Ticket, user: DemoUser, now: number): void {
    ticket.lastUpdated = now;
    ticket.lastUpdatedBy = user.name;
    if (user.userType === 'TECHNICIAN') ticket.lastUpdatedTimeByAssignee = now;
  }
}

function technicianOf(user: DemoUser) {
  return { id: user.id, name: user.name, type: user.userType };
}

function badUpload(upload: { tempId: string } | { id: string }) {
  const message = 'tempId' in upload ? `No waiting upload ${upload.tempId} of yours.` : `No file ${upload.id} on this ticket.`;
  return new HttpError(400, message, { error: 'bad_upload', message });
}
