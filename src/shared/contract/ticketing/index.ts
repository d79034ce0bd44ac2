/**
 * Ticketing administration (spec/ticketing-automations-psa.md §7.1, §7.2):
 * ticket rulesets and the lists their modal picks from; automations,
 * response templates and boards (triggers) and the channels, attributes
 * and lookups their editor picks from; the tickets boards show; the
 * versions edits replaced; previews of a trigger's
 * attachments (§4.1).
 */
import { z } from 'zod';
import type { AttachmentInfo, AttachmentPreview } from '../../model/platform/attachments';
import type { HistoryVersion, LookupPage, NotificationChannel, Ticket, TicketAttribute, TicketingLists, TicketRuleset, Trigger } from '../../model/ticketing';
import { RULESET_TYPES, TRIGGER_TYPES } from '../../model/ticketing';
import { configurationPatchSchema, type TicketingConfiguration } from '../../rules/ticketing/configuration';
import { triggerReferencesSchema, type DeletedReferences } from '../../rules/ticketing/references';
import { rulesetPayloadSchema } from '../../rules/ticketing/ruleset';
import { triggerPayloadSchema } from '../../rules/ticketing/trigger';
import { attachmentId, descriptionPieceSchema } from '../../rules/platform/attachment-schemas';
import { tagNameSchema } from '../../rules/platform/tags';
import { noInput, pageIndex, returns, shortText } from '../common';

/** A ruleset's or trigger's id on the instance. */
const recordId = z.number().int().positive().max(2_147_483_647);
const rulesetId = recordId;
const triggerId = recordId;
const ticketId = recordId;
/** What the history keeps versions of. */
const historyKind = z.enum(['trigger', 'ruleset']);
/** Up to 500 tickets a page: the back-test reads the last 500 at once. */
const ticketPageSize = z.number().int().min(1).max(500);

/** A page of tickets; those the console could not read are left out and counted. */
interface TicketPage {
  results: Ticket[];
  totalElements: number;
  totalPages: number;
  skipped: number;
}

export const ticketingCalls = {
  /** Forms, statuses, priorities and severities: what the ruleset modal offers. */
  'ticketing.lists': { input: noInput, output: returns<TicketingLists>() },
  'ticketing.rulesets': { input: z.strictObject({ type: z.enum(RULESET_TYPES).optional() }), output: returns<{ items: TicketRuleset[]; skipped: number }>() },
  'ticketing.ruleset': { input: z.strictObject({ id: rulesetId }), output: returns<TicketRuleset>() },
  /** Creates (no id) or updates (with its id): the create-or-update mutation. */
  'ticketing.saveRuleset': { input: rulesetPayloadSchema, output: returns<TicketRuleset>() },
  'ticketing.deleteRuleset': { input: z.strictObject({ id: rulesetId }), output: returns<{ deleted: true }>() },
  'ticketing.configuration': { input: noInput, output: returns<TicketingConfiguration>() },
  /** A partial configuration, merged into the instance's (TICKETING_SET_CONFIGURATIONS); answers the result. */
  'ticketing.saveConfiguration': { input: configurationPatchSchema, output: returns<TicketingConfiguration>() },
  /** §7.1 paged lookups, 50 a page, searched by name. */
  'ticketing.organizations': { input: z.strictObject({ page: z.number().int().min(0).max(100_000), search: shortText(100).optional() }), output: returns<LookupPage>() },
  'ticketing.locations': {
    input: z.strictObject({ page: z.number().int().min(0).max(100_000), search: shortText(100).optional(), organizationId: z.number().int().positive().max(2_147_483_647).optional() }),
    output: returns<LookupPage>(),
  },
  /** §7.1 create-tag: a new tag, checked by the shared tag-name check; answers its name. */
  'ticketing.createTag': { input: z.strictObject({ name: tagNameSchema }), output: returns<string>() },
  'ticketing.tags': { input: z.strictObject({ search: shortText(100).optional() }), output: returns<string[]>() },
  /** Users paged 50, searched by name; `technician: true` for the assignee pickers (§6: technicians only). */
  'ticketing.users': {
    input: z.strictObject({ page: z.number().int().min(0).max(100_000), search: shortText(100).optional(), technician: z.boolean().optional() }),
    output: returns<LookupPage>(),
  },
  /** §7.1 triggers (automations, templates, boards) of these types, or all; unreadable ones skipped and counted. */
  'ticketing.triggers': { input: z.strictObject({ types: z.array(z.enum(TRIGGER_TYPES)).max(4).optional() }), output: returns<{ items: Trigger[]; skipped: number }>() },
  /** One trigger; §8.1: fails with 'Failed' (code NOT_FOUND when it is gone). */
  'ticketing.trigger': { input: z.strictObject({ id: triggerId }), output: returns<Trigger>() },
  /**
   * Creates or copies (no id: POST) or edits (with its id: PUT); §8.1's message
   * on a refused save. `uploads` names new files by their upload id and kept
   * ones by an id a loaded trigger showed: any other is INVALID_INPUT, nothing sent.
   */
  'ticketing.saveTrigger': { input: triggerPayloadSchema, output: returns<Trigger>() },
  /** A system board cannot be deleted. */
  'ticketing.deleteTrigger': { input: z.strictObject({ id: triggerId }), output: returns<{ deleted: true }>() },
  /** §7.1 notification channels, sorted by name. */
  'ticketing.channels': { input: noInput, output: returns<NotificationChannel[]>() },
  /** §7.1 GraphQL GetAttributeList: the ticket attributes (inactive ones included). */
  'ticketing.attributes': { input: noInput, output: returns<TicketAttribute[]>() },
  /**
   * The tickets a board shows (its conditions hold), sorted by sortBy and
   * direction (ASC when only sortBy is given; a direction alone is ignored)
   * or the board's own sort. NOT_FOUND when the board is gone,
   * INVALID_INPUT when the trigger is not a board.
   */
  'ticketing.boardTickets': {
    input: z.strictObject({ id: triggerId, page: pageIndex, size: ticketPageSize, sortBy: z.string().max(200).optional(), direction: z.enum(['ASC', 'DESC']).optional() }),
    output: returns<TicketPage>(),
  },
  /** Every ticket, newest first, searched by id ('#123' or '123') or a part of the subject. */
  'ticketing.tickets': { input: z.strictObject({ page: pageIndex, size: ticketPageSize, search: shortText(100).optional() }), output: returns<TicketPage>() },
  /** One ticket; NOT_FOUND 'This ticket no longer exists.' when it is gone. */
  'ticketing.ticket': { input: z.strictObject({ id: ticketId }), output: returns<Ticket>() },
  /**
   * The versions of a trigger or ruleset that edits saved
   * from the console replaced, newest first (at most 50), the signed-in
   * identity's only.
   */
  'ticketing.history': { input: z.strictObject({ kind: historyKind, id: recordId }), output: returns<HistoryVersion[]>() },
  /**
   * Saves a kept version as the current one (the save keeps the version it
   * replaces: a restore can be undone); answers what was saved. NOT_FOUND
   * 'This version is no longer kept.'; INVALID_INPUT when the version cannot
   * be saved as it is (a type this console does not know, values a save refuses).
   */
  'ticketing.restoreVersion': {
    input: z.strictObject({ kind: historyKind, id: recordId, versionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    output: returns<Trigger | TicketRuleset>(),
  },
  /**
   * §4.1: the image of a loaded trigger's attachment as a data URL, fetched by
   * the main process through the attachment's signed URL (the renderer's CSP
   * allows data: images only), as help.attachmentPreview: at most 5 MiB of
   * jpg/jpeg/png/gif, other types and larger images INVALID_INPUT; an
   * attachment read as FAILURE or SUSPICIOUS, or whose signed URL is refused,
   * is NOT_FOUND 'Resource Not Found'; one still PROCESSING is INVALID_INPUT.
   * An id no automation, template or board loaded for this identity showed
   * is INVALID_INPUT, and nothing is asked of the instance.
   */
  'ticketing.attachmentPreview': { input: z.strictObject({ id: attachmentId }), output: returns<AttachmentPreview>() },
  /**
   * §4.1: an attachment of the automation (as the instance answers it now)
   * fetched by the main process through its signed URL, saved where
   * downloads go (the instance's name made safe, never over a file, the
   * "from the internet" mark) and opened by the downloads' "Open" rule
   * (anything but a passive type asks first; browser mode opens nothing).
   * INVALID_INPUT when it is not one of the automation's (no signed URL asked
   * for) or still PROCESSING; NOT_FOUND 'Resource Not Found' for FAILURE or
   * SUSPICIOUS; NOT_FOUND 'Failed' when the automation is gone.
   */
  'ticketing.openAttachment': { input: z.strictObject({ triggerId, id: attachmentId }), output: returns<{ name: string; path: string; opened: boolean }>() },
  /** §5.1 at save: which of these users, organizations and locations the current lookups say are deleted, or hold no more. */
  'ticketing.deletedReferences': { input: triggerReferencesSchema, output: returns<DeletedReferences>() },
  /** A piece of a file added to an email or comment body (the main process holds it until uploaded), as help.stageDescriptionFile. */
  'ticketing.stageFile': { input: descriptionPieceSchema, output: returns<{ received: number }>() },
  /** All its pieces are in: the file check, then the upload call; the answer without its tempId (a save names the file by its upload id). */
  'ticketing.uploadFile': { input: z.strictObject({ uploadId: z.string().uuid() }), output: returns<AttachmentInfo>() },
  /** Removed before a save, or the editor closed unsaved: forgotten, and dropped on the instance once uploaded. */
  'ticketing.discardFile': { input: z.strictObject({ uploadId: z.string().uuid() }), output: returns<{ discarded: boolean }>() },
} as const;
