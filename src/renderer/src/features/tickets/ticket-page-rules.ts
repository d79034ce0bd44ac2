/**
 * The ticket page's pure decisions: which dialog an
 * automation link opens (§2.5), which attachment an inline image names and
 * its size (§5.5), what a header change shows before the instance answers
 * and what a failure puts back (optimistic update, rollback), why the fields
 * are read-only, and which attachments still wait for their scan (§4.4).
 * No React, no DOM: unit-tested alone.
 */
import type { TicketFieldUpdate } from '../../../../shared/contract/tickets';
import type { ConversationEntry, TicketAttachment, TicketDetail } from '../../../../shared/model/tickets';
import { describeAge } from '../../../../shared/rules/backup/browser';
import { importedImageSize } from '../../../../shared/rules/tickets/reply';
import { ownValue } from '../../../../shared/rules/platform/own-keys';

// ---------------------------------------------------------------------------
// §2.5 the automation link
// ---------------------------------------------------------------------------

/** §2.5: these automation types open the automation dialog; anything else the ruleset dialog. */
const TRIGGER_DIALOG_TYPES = ['EVENT_BASED', 'RESPONSE_TEMPLATE', 'TIME_BASED'] as const;

/** §2.5: event-based, response-template and time-based automations open the automation dialog; otherwise the ruleset dialog. */
export function automationDialogKind(type: string): 'trigger' | 'ruleset' {
  return (TRIGGER_DIALOG_TYPES as readonly string[]).includes(type) ? 'trigger' : 'ruleset';
}

// ---------------------------------------------------------------------------
// §2.5, §5.5, §8.4 inline images
// ---------------------------------------------------------------------------

const CID_SCHEME = /^\s*cid:/i;

/** The content id an `<img src="cid:X">` names, or null for any other src. */
export function contentIdOfSrc(src: string | null | undefined): string | null {
  if (typeof src !== 'string' || !CID_SCHEME.test(src)) return null;
  const id = src.replace(CID_SCHEME, '').trim();
  // Mail clients write cid:<id> with angle brackets at times.
  const bare = id.replace(/^<(.*)>$/, '$1').trim();
  return bare === '' ? null : bare;
}

/** The entry's attachment an inline image names: its metadata.contentId (§3.5), compared as written. */
export function inlineImageAttachment(contentId: string | null, attachments: readonly TicketAttachment[]): TicketAttachment | null {
  if (!contentId) return null;
  return attachments.find((a) => a.metadata.contentId !== null && a.metadata.contentId.trim() === contentId) ?? null;
}

/** §5.5: the size an image takes; each that is not numeric defaults (200 × 100 px). */
export function entryImageSize(width: unknown, height: unknown): { width: number; height: number } {
  return importedImageSize({ width, height });
}

// ---------------------------------------------------------------------------
// §4.4 attachments still PROCESSING
// ---------------------------------------------------------------------------

export const PROCESSING = 'PROCESSING';
/** How often the page asks again while an attachment is PROCESSING (§4.4: a placeholder until updated). */
export const PROCESSING_POLL_MS = 3000;
/** tickets.uploadStatuses takes at most 50 ids. */
const STATUS_BATCH = 50;

/** The ids of attachments still being scanned (at most one batch: the rest is asked on the next round). */
export function processingAttachmentIds(entries: readonly ConversationEntry[]): string[] {
  const ids = entries.flatMap((e) => e.attachments.filter((a) => a.uploadStatus === PROCESSING).map((a) => a.id));
  return [...new Set(ids)].slice(0, STATUS_BATCH);
}

/** The entries with the statuses the instance reported; untouched entries keep their identity (no re-render). */
export function withUploadStatuses(entries: readonly ConversationEntry[], statuses: Readonly<Record<string, string>>): ConversationEntry[] {
  return entries.map((entry) => {
    const statusOf = (a: TicketAttachment) => ownValue(statuses, a.id);
    if (!entry.attachments.some((a) => statusOf(a) !== undefined && statusOf(a) !== a.uploadStatus)) return entry;
    return { ...entry, attachments: entry.attachments.map((a) => (statusOf(a) !== undefined ? { ...a, uploadStatus: statusOf(a)! } : a)) };
  });
}

// ---------------------------------------------------------------------------
// Header fields: optimistic update and rollback
// ---------------------------------------------------------------------------

/** The header's names of the fields (a log entry's changes name them too). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  status: 'Status',
  priority: 'Priority',
  severity: 'Severity',
  type: 'Type',
  organization: 'Organization',
  location: 'Location',
  requester: 'Requester',
  assignee: 'Assignee',
  cc: 'CC',
  ticketForm: 'Form',
  tags: 'Tags',
  agreement: 'Agreement',
};

/** What a refused header change says: which field, that it is back as saved, and the instance's reason. */
export function updateFailedText(field: string, reason: string): string {
  const name = ownValue(FIELD_LABELS, field) ?? field;
  return `${name} was not changed: ${reason.trim() || 'the instance refused the change.'} The field shows its saved value again.`;
}

/** A name for an id a picker chose, so the change shows at once. */
export interface ChosenName {
  id: number;
  name: string;
}

/** The ticket as shown while the update is on its way: the new value at once (names from the picker). */
export function optimisticTicket(ticket: TicketDetail, update: TicketFieldUpdate, chosen?: ChosenName | null): TicketDetail {
  const ref = (id: number | null) => (id === null ? null : { id, name: chosen && chosen.id === id ? chosen.name : `#${id}` });
  switch (update.field) {
    case 'status':
    case 'priority':
    case 'severity':
    case 'type':
      return { ...ticket, [update.field]: update.value };
    case 'organization':
      return { ...ticket, organization: ref(update.value), location: null, agreement: null, agreementId: null };
    case 'location':
      return { ...ticket, location: ref(update.value) };
    case 'requester':
      return { ...ticket, requester: ref(update.value), requesterUid: update.value === null ? null : ticket.requesterUid };
    case 'assignee':
      return { ...ticket, assignedAppUser: ref(update.value), assignedAppUserId: update.value };
    case 'cc':
      return { ...ticket, cc: [...update.value] };
    case 'ticketForm':
      return { ...ticket, ticketForm: ref(update.value) };
    case 'tags':
      return { ...ticket, tags: [...update.value] };
    case 'agreement':
      return { ...ticket, agreementId: update.value, agreement: update.value === null ? null : (chosen?.name ?? `#${update.value}`) };
  }
}

/** An update on its way to the instance, with the name its picker showed. */
export interface PendingUpdate {
  update: TicketFieldUpdate;
  chosen?: ChosenName | null;
}

/**
 * What the page shows: the ticket as the instance last answered it, with the
 * updates still on their way on top (shown at once). A failed update is
 * dropped from the pending ones, so its field goes back to the instance's
 * value while the others' changes stay shown (rollback never undoes
 * another field's edit).
 */
export function shownTicket(confirmed: TicketDetail, pending: readonly PendingUpdate[]): TicketDetail {
  return pending.reduce((ticket, one) => optimisticTicket(ticket, one.update, one.chosen), confirmed);
}

// ---------------------------------------------------------------------------
// Read-only and the cache's age
// ---------------------------------------------------------------------------

/**
 * Why the header fields cannot be edited now, or null when they can; a page read from the cache says how old it is.
 */
export function readOnlyReason(options: { offline: boolean; cachedAt: number | null; now: number }): string | null {
  const cached = options.cachedAt !== null ? `read from this computer\u2019s cache (${describeAge(options.cachedAt, options.now)})` : null;
  if (options.offline) return cached ? `You are offline: this ticket was ${cached} and cannot be edited until the instance can be reached again.` : 'You are offline: the ticket cannot be edited until the instance can be reached again.';
  if (cached) return `This ticket was ${cached}: it cannot be edited until the instance answers again.`;
  return null;
}

/** Minutes as '1 h 30 min', '45 min', '2 h'. */
export function formatMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '0 min';
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return [h > 0 ? `${h} h` : '', m > 0 ? `${m} min` : ''].filter(Boolean).join(' ');
}

/** Whether a CC address reads as an email (the contract checks it again). */
export function isCcEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/.test(value);
}
