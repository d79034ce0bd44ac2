/**
 * The ticket workspace's calls to the main process, in one place: reads
 * (boards' tickets, a ticket's page, its images and upload statuses, the
 * lookups, drafts and tabs) through `api.call`, and writes (field updates,
 * replies, new tickets, files, drafts, tabs, saved images, tags) through the
 * data cache's `write`, each naming the read channels its success makes out
 * of date so no screen keeps showing what was true before it.
 */
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

// -----------------------------------------------------------------------------
// Reads
// -----------------------------------------------------------------------------

/** A page of a board's tickets (from this computer's cache when offline: `cachedAt`). */
export function readBoardTickets(input: CallInput<'tickets.boardTickets'>): Promise<CallOutput<'tickets.boardTickets'>> {
  return api.call('tickets.boardTickets', input);
}

/** A ticket's page: the ticket and its conversation. */
export function readTicket(input: CallInput<'tickets.view'>): Promise<CallOutput<'tickets.view'>> {
  return api.call('tickets.view', input);
}

/** The upload statuses of files still PROCESSING (§4.4). */
export function readUploadStatuses(input: CallInput<'tickets.uploadStatuses'>): Promise<CallOutput<'tickets.uploadStatuses'>> {
  return api.call('tickets.uploadStatuses', input);
}

/** An inline image of a ticket's conversation (or a reply's picture) as a data URL. */
export function readInlineImage(input: CallInput<'tickets.inlineImage'>): Promise<CallOutput<'tickets.inlineImage'>> {
  return api.call('tickets.inlineImage', input);
}

/** Technicians a reply may mention, with their §6 flags for the ticket. */
export function readMentions(input: CallInput<'tickets.mentions'>): Promise<CallOutput<'tickets.mentions'>> {
  return api.call('tickets.mentions', input);
}

/** Technicians for the assignee pickers (§6), paged. */
export function readTechnicians(input: CallInput<'tickets.technicians'>): Promise<CallOutput<'tickets.technicians'>> {
  return api.call('tickets.technicians', input);
}

/** The draft kept under a key (ticket:<id> or new:<uuid>), or null. */
export function readDraft(input: CallInput<'tickets.draft'>): Promise<CallOutput<'tickets.draft'>> {
  return api.call('tickets.draft', input);
}

/** The keys of the signed-in identity's drafts, most recently saved first. */
export function readDrafts(): Promise<CallOutput<'tickets.drafts'>> {
  return api.call('tickets.drafts', {});
}

/** The technician's recent and favorite tabs. */
export function readTabs(): Promise<CallOutput<'tickets.tabs'>> {
  return api.call('tickets.tabs', {});
}

// -----------------------------------------------------------------------------
// Writes
// -----------------------------------------------------------------------------

/** What a change of a ticket makes out of date: its page, and every list of tickets that shows it. */
const TICKET_READS = ['tickets.view', 'tickets.boardTickets', 'ticketing.tickets', 'ticketing.ticket', 'ticketing.boardTickets'] as const;

/** What a change of the stored drafts makes out of date. */
const DRAFT_READS = ['tickets.draft', 'tickets.drafts'] as const;

/** One header field of a ticket changed (it also adds a log entry to the conversation). */
export function updateTicket(input: CallInput<'tickets.update'>): Promise<CallOutput<'tickets.update'>> {
  return write('tickets.update', input, TICKET_READS);
}

/** Posts a reply; the main process saves its draft first and deletes it once the instance confirms. */
export function sendReply(input: CallInput<'tickets.reply'>): Promise<CallOutput<'tickets.reply'>> {
  return write('tickets.reply', input, [...TICKET_READS, ...DRAFT_READS]);
}

/** Creates a ticket; its draft (new:<uuid>) is deleted once the instance confirms. */
export function createTicket(input: CallInput<'tickets.create'>): Promise<CallOutput<'tickets.create'>> {
  return write('tickets.create', input, ['tickets.boardTickets', 'ticketing.tickets', 'ticketing.boardTickets', ...DRAFT_READS]);
}

/** A piece of a reply's file handed to the main process (held there until uploaded: nothing read changes). */
export function stageReplyFile(input: CallInput<'tickets.stageFile'>): Promise<CallOutput<'tickets.stageFile'>> {
  return write('tickets.stageFile', input, []);
}

/** A staged file uploaded to the instance under a new id (no answer read before names it). */
export function uploadReplyFile(input: CallInput<'tickets.uploadFile'>): Promise<CallOutput<'tickets.uploadFile'>> {
  return write('tickets.uploadFile', input, []);
}

/** A reply's file removed: dropped while on its way, or deleted on the instance once uploaded. */
export function discardReplyFile(input: CallInput<'tickets.discardFile'>): Promise<CallOutput<'tickets.discardFile'>> {
  return write('tickets.discardFile', input, ['tickets.uploadStatuses', 'tickets.inlineImage']);
}

/** The viewer's Download of an attachment, saved by the main process into the downloads folder. */
export function saveAttachmentImage(input: CallInput<'tickets.saveImage'>): Promise<CallOutput<'tickets.saveImage'>> {
  return write('tickets.saveImage', input, []);
}

/** The viewer's Download of a picture written into an entry, saved by the main process into the downloads folder. */
export function saveEntryImage(input: CallInput<'tickets.saveEntryImage'>): Promise<CallOutput<'tickets.saveEntryImage'>> {
  return write('tickets.saveEntryImage', input, []);
}

/** A draft saved as it is typed. */
export function saveDraft(input: CallInput<'tickets.saveDraft'>): Promise<CallOutput<'tickets.saveDraft'>> {
  return write('tickets.saveDraft', input, DRAFT_READS);
}

/** A draft thrown away, and with it its files on the instance. */
export function discardDraft(input: CallInput<'tickets.discardDraft'>): Promise<CallOutput<'tickets.discardDraft'>> {
  return write('tickets.discardDraft', input, [...DRAFT_READS, 'tickets.uploadStatuses', 'tickets.inlineImage']);
}

/** A board or ticket was opened: first in the recent tabs. */
export function openTab(input: CallInput<'tickets.openTab'>): Promise<CallOutput<'tickets.openTab'>> {
  return write('tickets.openTab', input, ['tickets.tabs']);
}

/** A board or ticket starred or unstarred. */
export function setTabFavorite(input: CallInput<'tickets.setFavorite'>): Promise<CallOutput<'tickets.setFavorite'>> {
  return write('tickets.setFavorite', input, ['tickets.tabs']);
}

/** A link of an entry opened outside the console (nothing read changes). */
export function openExternalLink(input: CallInput<'shell.openExternal'>): Promise<CallOutput<'shell.openExternal'>> {
  return write('shell.openExternal', input, []);
}

// The ticketing area's lookups, rulesets and tags, read and written through its own client.
export { createTag, readLocations, readOrganizations, readRuleset, readUsers } from '../ticketing';
