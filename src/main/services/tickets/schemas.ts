/**
 * Tolerant readers of the ticket workspace's answers (spec
 * ticketing-automations-psa.md §3.5 attachment, mention, ticket fields,
 * time entry; DESIGN "Real instances, not only the demo"): a ticket with its
 * page fields, the entries of its conversation, their attachments, the
 * mention and agreement lookups, upload statuses. Only what the console
 * truly needs is required (a ticket's id, status and creation time; an
 * entry's id and time; an attachment's id); anything else that is missing or
 * odd takes a default. Open values (entry kinds, author types, upload
 * statuses, automation types) are kept raw. One entry or attachment that
 * cannot be read is left out and counted, never fatal to the page.
 */
import { z } from 'zod';
import type { ConversationEntry, EntryChange, TicketAgreement, TicketAttachment, TicketDetail, TimeEntry } from '../../../shared/model/tickets';
import { attachmentId } from '../../../shared/rules/platform/attachment-schemas';
import type { Mention } from '../../../shared/rules/tickets/reply';
import { readItems, type TolerantList } from '../platform/api/tolerant';
import { optional, optionalText, text, ticketSchema, time } from '../ticketing';

const optionalInt = optional(z.number().int(), null);
/** Ids come as numbers or strings; kept as strings (they name path segments: checked as attachment ids are). */
const idText = z.union([attachmentId, z.number().int().nonnegative().transform(String)]);

/** Only the items that read; the rest counted. */
function tolerantItems<T>(item: z.ZodType<T, unknown>): z.ZodType<TolerantList<T>, unknown> {
  return z
    .array(z.unknown())
    .max(10_000)
    .catch([])
    .transform((values) => readItems(item, values));
}

const itemsOnly = <T>(item: z.ZodType<T, unknown>) => tolerantItems(item).transform((list) => list.items);

// ---------------------------------------------------------------------------
// The ticket (§3.5 ticket fields)
// ---------------------------------------------------------------------------

const pageFieldsSchema = z
  .object({
    cc: optional(
      z
        .array(z.unknown())
        .max(1000)
        .transform((cc) => cc.filter((address): address is string => typeof address === 'string' && address.length <= 254)),
      [],
    ),
    assignedAppUserId: optionalInt,
    requesterUid: optional(z.union([text(200), z.number().transform(String)]), null),
    agreementId: optionalInt,
    version: optional(z.number().int(), null),
  })
  .catch({ cc: [], assignedAppUserId: null, requesterUid: null, agreementId: null, version: null });

/** A ticket as its page reads it: the board fields (ticketSchema, strict where it must be) and the page's own. */
export const ticketDetailSchema: z.ZodType<TicketDetail, unknown> = z.unknown().transform((raw, ctx): TicketDetail => {
  const ticket = ticketSchema.safeParse(raw);
  if (!ticket.success) {
    ctx.addIssue({ code: 'custom', message: 'not a ticket' });
    return z.NEVER;
  }
  const fields = pageFieldsSchema.parse(raw);
  // Without its own id, the assignee's id is the assigned user's (a board ticket names the user).
  return { ...ticket.data, ...fields, assignedAppUserId: fields.assignedAppUserId ?? ticket.data.assignedAppUser?.id ?? null };
});

// ---------------------------------------------------------------------------
// Attachments (§3.5 id, resourceId, tempId, uploadStatus, metadata)
// ---------------------------------------------------------------------------

/** PROCESSING until the instance says otherwise (§4.4 placeholder): a file without a status is never shown as ready. */
const uploadStatus = z.string().trim().min(1).max(100).catch('PROCESSING');

const metadataSchema = z
  .object({
    name: optional(text(1024), ''),
    size: optional(z.number().int().nonnegative(), null),
    contentType: optionalText(200),
    contentId: optional(z.union([z.string().trim().min(1).max(200), z.number().transform(String)]), null),
    inline: optional(z.boolean(), false),
  })
  .catch({ name: '', size: null, contentType: null, contentId: null, inline: false });

/** An attachment; its id, or its tempId when it has none yet (a waiting upload). `__src` is the renderer's, never read. */
export const ticketAttachmentSchema: z.ZodType<TicketAttachment, unknown> = z
  .object({
    id: idText.optional().catch(undefined),
    tempId: idText.optional().catch(undefined),
    resourceId: optional(z.union([text(200), z.number().transform(String)]), null),
    uploadStatus,
    metadata: metadataSchema,
  })
  .refine((a) => a.id !== undefined || a.tempId !== undefined, 'an attachment needs an id')
  .transform((a): TicketAttachment => ({ id: (a.id ?? a.tempId)!, resourceId: a.resourceId, uploadStatus: a.uploadStatus, metadata: a.metadata }));

/** A reply's file as its upload answered it, with the tempId the instance keeps it under (`token`, for StagedUploads). */
export type UploadedTicketFile = TicketAttachment & { attachmentId: string | null; token: string };

/**
 * The upload call's answer as a reply's file: the draft keeps the instance's
 * tempId as the file's id, since a reply names new files by tempId and the
 * draft must still name them after a restart (when nothing else remembers).
 * Its status is kept raw (DESIGN "Real instances": a status the spec does not
 * list passes through; PROCESSING only when there is none, §4.4). `inline` is
 * what the console asked for (the body names it or it sits beside it); the
 * content id is read from the metadata (§3.5), else from the answer itself.
 */
export function uploadedTicketFile(file: { name: string; size: number }, inline: boolean): z.ZodType<UploadedTicketFile, unknown> {
  return z
    .object({
      tempId: attachmentId,
      id: idText.optional().catch(undefined),
      resourceId: optional(z.union([text(200), z.number().transform(String)]), null),
      contentId: optional(z.union([z.string().trim().min(1).max(200), z.number().transform(String)]), null),
      uploadStatus,
      metadata: metadataSchema,
    })
    .transform(
      (a): UploadedTicketFile => ({
        id: a.tempId,
        token: a.tempId,
        attachmentId: a.id ?? null,
        resourceId: a.resourceId,
        uploadStatus: a.uploadStatus,
        metadata: { ...a.metadata, name: a.metadata.name || file.name, size: a.metadata.size ?? file.size, contentId: a.metadata.contentId ?? a.contentId, inline },
      }),
    );
}

// ---------------------------------------------------------------------------
// Conversation entries
// ---------------------------------------------------------------------------

/** §3.5 mention, flags kept as the instance sends them (absent means fine, §6). */
const mentionSchema: z.ZodType<Mention, unknown> = z
  .object({
    id: z.union([z.number().int(), text(200).min(1)]),
    displayName: optionalText(500),
    label: optionalText(500),
    email: optionalText(254),
    deleted: optional(z.boolean(), null),
    permitted: optional(z.boolean(), null),
  })
  .transform((m): Mention => m);

/** A changed value as the instance shows it: text, a number or a yes/no read as text; anything else as nothing. */
const shownValue = optional(z.union([text(2000), z.number().transform(String), z.boolean().transform(String)]), null);

const changeSchema: z.ZodType<EntryChange, unknown> = z.object({ field: text(200), from: shownValue, to: shownValue });

const timeEntrySchema: z.ZodType<TimeEntry | null, unknown> = optional(
  z.object({
    timeTracked: optional(z.number().min(0), 0),
    remote: optional(z.boolean(), false),
    startDate: optional(time, null),
    agreementId: optionalInt,
    billingType: optionalText(100),
    agreementOriginType: optionalText(100),
  }),
  null,
);

const authorSchema = z
  .object({ id: optionalInt, name: optional(text(500), ''), type: optional(text(100), 'SYSTEM') })
  .catch({ id: null, name: '', type: 'SYSTEM' });

const automationSchema = optional(z.object({ id: z.number().int(), type: text(100).min(1), name: optional(text(500), '') }), null);

export const entrySchema: z.ZodType<ConversationEntry, unknown> = z
  .object({
    id: z.union([text(200).min(1), z.number().int().transform(String)]),
    // A kind the console does not know is shown as a log entry with its raw kind.
    kind: optional(text(100).min(1), 'LOG'),
    // Internal when unknown: a note must never look public by a slip.
    isPublic: optional(z.boolean(), false),
    createTime: time,
    author: authorSchema,
    body: optional(text(1_000_000), ''),
    htmlBody: optional(text(2_000_000), ''),
    attachments: itemsOnly(ticketAttachmentSchema),
    techniciansTagged: itemsOnly(mentionSchema),
    automation: automationSchema,
    changes: itemsOnly(changeSchema),
    timeEntry: timeEntrySchema,
  })
  .transform((entry): ConversationEntry => entry);

/** `{ entries }` (or the bare list), oldest first as the instance sends it; odd entries skipped and counted. */
export const conversationSchema = z.union([z.object({ entries: z.array(z.unknown()).max(10_000) }).transform((a) => a.entries), z.array(z.unknown()).max(10_000)]).transform((values) => readItems(entrySchema, values));

// ---------------------------------------------------------------------------
// Lookups
// ---------------------------------------------------------------------------

export const mentionsAnswer = z.union([z.object({ users: z.array(z.unknown()) }).transform((a) => a.users), z.array(z.unknown())]).transform((values) => readItems(mentionSchema, values.slice(0, 200)).items);

const agreementSchema: z.ZodType<TicketAgreement, unknown> = z.object({ id: z.number().int(), name: optional(text(500), ''), originType: optionalText(100) });

export const agreementsAnswer = z.union([z.object({ agreements: z.array(z.unknown()) }).transform((a) => a.agreements), z.array(z.unknown())]).transform((values) => readItems(agreementSchema, values.slice(0, 10_000)).items);

/** `{ statuses: { id: status } }`: statuses that are text kept raw, others left out. */
export const statusesAnswer = z.object({ statuses: z.record(z.string().max(200), z.unknown()) }).transform(({ statuses }) => {
  const read: Record<string, string> = {};
  for (const [id, status] of Object.entries(statuses)) if (typeof status === 'string' && status.length > 0 && status.length <= 100) read[id] = status;
  return read;
});
