/**
 * The ticket workspace (spec/ticketing-automations-psa.md §2.5,
 * §3.5, §4.4, §5.5, §6, §8.4, §9.4): the boards and their tickets, a ticket's
 * page (header fields edited in place, the conversation, inline images
 * through signed URLs), replies with files, mentions and time entries, new
 * tickets, reply drafts kept on this computer, and the technician's recent
 * and favorite tabs. Boards, board pages and tickets already opened are
 * answered from this computer's cache when the instance cannot be reached
 * (`cachedAt` set); replying, editing and new tickets then fail with OFFLINE.
 */
import { z } from 'zod';
import type { AttachmentPreview } from '../../model/platform/attachments';
import type { LookupPage, Ticket } from '../../model/ticketing';
import type { BoardList, ConversationEntry, StoredReplyDraft, TicketAgreement, TicketAttachment, TicketDetail, TicketView, WorkspaceTabs } from '../../model/tickets';
import { attachmentId, descriptionPieceSchema } from '../../rules/platform/attachment-schemas';
import { tagNameSchema } from '../../rules/platform/tags';
import { IMAGE_FINGERPRINT } from '../../rules/tickets/entry-images';
import { draftKeySchema, replyDraftInputSchema, type Mention } from '../../rules/tickets/reply';
import { noInput, pageIndex, returns, shortText } from '../common';

const recordId = z.number().int().positive().max(2_147_483_647);
const optionalText = (max: number) => z.string().min(1).max(max).nullable();
const email = z.string().max(254).email();

/** One header field and its new value; ids name the lookups' records, null clears. */
export const ticketFieldUpdateSchema = z.discriminatedUnion('field', [
  z.strictObject({ field: z.literal('status'), value: z.string().min(1).max(200) }),
  z.strictObject({ field: z.literal('priority'), value: optionalText(200) }),
  z.strictObject({ field: z.literal('severity'), value: optionalText(200) }),
  z.strictObject({ field: z.literal('type'), value: optionalText(200) }),
  z.strictObject({ field: z.literal('organization'), value: recordId }),
  z.strictObject({ field: z.literal('location'), value: recordId.nullable() }),
  z.strictObject({ field: z.literal('requester'), value: recordId.nullable() }),
  /** §6: technicians only (the main process does not check; the instance refuses another user). */
  z.strictObject({ field: z.literal('assignee'), value: recordId.nullable() }),
  z.strictObject({ field: z.literal('cc'), value: z.array(email).max(50) }),
  z.strictObject({ field: z.literal('ticketForm'), value: recordId }),
  z.strictObject({ field: z.literal('tags'), value: z.array(tagNameSchema).max(50) }),
  /** Offered only when the PSA setting applies (§6, as the board's Agreement column). */
  z.strictObject({ field: z.literal('agreement'), value: recordId.nullable() }),
]);
export type TicketFieldUpdate = z.infer<typeof ticketFieldUpdateSchema>;

/** A page of a board's tickets; `cachedAt` when read from the cache. */
interface BoardTicketPage {
  results: Ticket[];
  totalElements: number;
  totalPages: number;
  skipped: number;
  cachedAt: number | null;
}

export const ticketsCalls = {
  /** The boards of the home's left list (BOARD triggers), cached for offline use. */
  'tickets.boards': { input: noInput, output: returns<BoardList>() },
  /** A page of a board's tickets (its conditions, its sort or the technician's), searched by id or subject; cached per page. */
  'tickets.boardTickets': {
    input: z.strictObject({
      id: recordId,
      page: pageIndex,
      size: z.number().int().min(1).max(200),
      sortBy: z.string().max(200).optional(),
      direction: z.enum(['ASC', 'DESC']).optional(),
      search: shortText(100).optional(),
    }),
    output: returns<BoardTicketPage>(),
  },
  /** A ticket's page: the ticket and its conversation; NOT_FOUND 'This ticket no longer exists.'. */
  'tickets.view': { input: z.strictObject({ id: recordId }), output: returns<TicketView>() },
  /**
   * One header field changed; answers the ticket as the instance saved it.
   * The renderer shows the change at once and puts the field back when this
   * fails (optimistic update, rollback).
   */
  'tickets.update': { input: z.strictObject({ id: recordId, update: ticketFieldUpdateSchema }), output: returns<TicketDetail>() },
  /** The agreements an organization's tickets and time entries may name. */
  'tickets.agreements': { input: z.strictObject({ organizationId: recordId }), output: returns<TicketAgreement[]>() },
  /** Technicians a reply may mention, with their §6 flags for this ticket (deleted, permitted). */
  'tickets.mentions': { input: z.strictObject({ ticketId: recordId.optional(), search: shortText(100).optional() }), output: returns<Mention[]>() },
  /** Technicians for the assignee picker (§6: technicians only), paged 50. */
  'tickets.technicians': { input: z.strictObject({ page: pageIndex, search: shortText(100).optional() }), output: returns<LookupPage>() },
  /**
   * Posts the reply (its draft, which is saved first under `ticket:<id>`); the
   * draft is deleted only when the instance confirms. §5.5: an empty reply is
   * INVALID_INPUT.
   */
  'tickets.reply': { input: z.strictObject({ ticketId: recordId, draft: replyDraftInputSchema }), output: returns<{ entry: ConversationEntry; ticket: TicketDetail }>() },
  /** Creates a ticket; its description is the draft under `draftKey` (new:<uuid>), deleted once the instance confirms. */
  'tickets.create': {
    input: z.strictObject({
      draftKey: draftKeySchema,
      summary: z.string().trim().min(1).max(500),
      organizationId: recordId,
      locationId: recordId.nullable(),
      requesterId: recordId.nullable(),
      assigneeId: recordId.nullable(),
      status: z.string().min(1).max(200).nullable(),
      priority: optionalText(200),
      severity: optionalText(200),
      type: optionalText(200),
      ticketFormId: recordId,
      draft: replyDraftInputSchema,
    }),
    output: returns<TicketDetail>(),
  },
  /** A piece of a file picked, pasted or dropped into a reply (as help.stageDescriptionFile). */
  'tickets.stageFile': { input: descriptionPieceSchema, output: returns<{ received: number }>() },
  /**
   * All its pieces are in: checked and uploaded by the main process; the
   * attachment as the instance answered, its `id` the instance's tempId (what
   * the draft keeps and the reply names). `uploadStatus` as the instance sent
   * it: PROCESSING until it is scanned (§4.4), SUCCESS, FAILURE, SUSPICIOUS,
   * or a status of the instance's own, kept raw (PROCESSING only when none).
   */
  'tickets.uploadFile': { input: z.strictObject({ uploadId: z.string().uuid(), inline: z.boolean() }), output: returns<TicketAttachment>() },
  /**
   * The technician removed a file from the reply (exactly one of):
   * - `uploadId`: one still being staged or uploaded: dropped (deleted on the
   *   instance should its upload finish); `discarded` false when not held;
   * - `id`: an uploaded one (the tempId the draft keeps): deleted on the
   *   instance and forgotten, if this console uploaded it for this identity
   *   and it was not removed yet, else INVALID_INPUT (nothing sent); a file of a ticket's
   *   conversation is never deleted (`discarded` false). A DELETE that fails
   *   is logged, not reported: the renderer takes the file out of the draft
   *   either way.
   */
  'tickets.discardFile': {
    input: z.union([z.strictObject({ uploadId: z.string().uuid() }), z.strictObject({ id: attachmentId })]),
    output: returns<{ discarded: boolean }>(),
  },
  /** Upload statuses of a reply's files still PROCESSING (§4.4), by the ids the main process issued (else INVALID_INPUT, nothing asked). */
  'tickets.uploadStatuses': { input: z.strictObject({ ids: z.array(attachmentId).min(1).max(50) }), output: returns<Record<string, string>>() },
  /**
   * An inline image of a ticket's conversation as a data URL, fetched by the
   * main process through the attachment's signed URL (cached 55 s);
   * §8.4 'Failed to load inline image' when that fails.
   */
  'tickets.inlineImage': { input: z.strictObject({ ticketId: recordId, attachmentId }), output: returns<AttachmentPreview>() },
  /**
   * The viewer's Download (§2.5): the image fetched again (a fresh signed URL
   * when the cached one expired) and saved by the main process into the folder downloads go to
   * (browser mode: the downloads root; Electron: the user's Downloads
   * folder), under the attachment's name made safe and never over a file
   * ('name (1).png'), marked as from the internet. Answers the name taken and
   * the full path (the renderer says 'Saved to <folder> as <name>'). §8.4
   * 'Error while downloading image.' on any failure, its code kept; nothing
   * is left on disk.
   */
  'tickets.saveImage': { input: z.strictObject({ ticketId: recordId, attachmentId }), output: returns<{ name: string; path: string }>() },
  /**
   * The viewer's Download of a picture written into an entry itself (a data:
   * image, no attachment): named by its entry and the SHA-256 of its src
   * (whitespace dropped), never by its bytes; the main process finds it in
   * the entry as it read it and saves it as `tickets.saveImage` does (type
   * sniffed: JPEG, PNG or GIF; named 'image' with that extension; never over a
   * file; the internet mark). §8.4 'Error while downloading image.' on any failure.
   */
  'tickets.saveEntryImage': {
    input: z.strictObject({ ticketId: recordId, entryId: z.string().min(1).max(200), fingerprint: z.string().regex(IMAGE_FINGERPRINT) }),
    output: returns<{ name: string; path: string }>(),
  },
  /** The draft under a key (ticket:<id> or new:<uuid>), or null. */
  'tickets.draft': { input: z.strictObject({ key: draftKeySchema }), output: returns<StoredReplyDraft | null>() },
  /**
   * Saves a draft as it is typed (the renderer debounces); answers when it
   * was saved. INVALID_INPUT (the draft saved before kept) when it names a
   * file this console did not upload for this identity, nor read in that
   * ticket's conversation.
   */
  'tickets.saveDraft': { input: z.strictObject({ key: draftKeySchema, draft: replyDraftInputSchema }), output: returns<{ updatedAt: number }>() },
  /** The keys of the signed-in identity's drafts, most recently saved first. */
  'tickets.drafts': { input: noInput, output: returns<Array<{ key: string; updatedAt: number }>>() },
  /** The technician throws a draft away (never called by a send: the main process deletes a sent draft itself). */
  'tickets.discardDraft': { input: z.strictObject({ key: draftKeySchema }), output: returns<{ discarded: boolean }>() },
  /** The technician's recent (at most 10, §9.4) and favorite tabs, kept on this computer per identity. */
  'tickets.tabs': { input: noInput, output: returns<WorkspaceTabs>() },
  /** A board or ticket was opened: first in the recent tabs. */
  'tickets.openTab': { input: z.strictObject({ kind: z.enum(['board', 'ticket']), id: recordId, title: z.string().max(300) }), output: returns<WorkspaceTabs>() },
  'tickets.setFavorite': {
    input: z.strictObject({ kind: z.enum(['board', 'ticket']), id: recordId, title: z.string().max(300), favorite: z.boolean() }),
    output: returns<WorkspaceTabs>(),
  },
} as const;

