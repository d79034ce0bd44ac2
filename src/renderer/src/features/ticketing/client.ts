/**
 * Ticketing administration's contract calls, in one place: the reads its
 * views make outside `useQuery` (triggers, rulesets, tickets, lookups,
 * attachment previews, the deleted-references check) and every write
 * (triggers, rulesets, the configuration, restored versions, tags, the files
 * of an automation's bodies, opened attachments), each write naming the read
 * channels its success makes out of date (`write` in core/data/cache).
 */
import type { CallChannel, CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

/**
 * A trigger saved, deleted or restored: the lists and the trigger itself, its
 * kept versions, and (a board) the boards and their tickets, here and in the
 * ticket workspace.
 */
const TRIGGER_CHANGES: readonly CallChannel[] = ['ticketing.triggers', 'ticketing.trigger', 'ticketing.history', 'ticketing.boardTickets', 'tickets.boards', 'tickets.boardTickets'];
/** A ruleset saved, deleted or restored: the list, the ruleset itself and its kept versions. */
const RULESET_CHANGES: readonly CallChannel[] = ['ticketing.rulesets', 'ticketing.ruleset', 'ticketing.history'];

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

export function readTriggers(input: CallInput<'ticketing.triggers'>): Promise<CallOutput<'ticketing.triggers'>> {
  return api.call('ticketing.triggers', input);
}

/** One trigger as the instance holds it now. */
export function readTrigger(input: CallInput<'ticketing.trigger'>): Promise<CallOutput<'ticketing.trigger'>> {
  return api.call('ticketing.trigger', input);
}

/** One ruleset as the instance holds it now. */
export function readRuleset(input: CallInput<'ticketing.ruleset'>): Promise<CallOutput<'ticketing.ruleset'>> {
  return api.call('ticketing.ruleset', input);
}

/** A page of every ticket, newest first (the rule tester's back-test and the save's conflict check). */
export function readTickets(input: CallInput<'ticketing.tickets'>): Promise<CallOutput<'ticketing.tickets'>> {
  return api.call('ticketing.tickets', input);
}

/** A page of the tickets a board shows. */
export function readBoardTickets(input: CallInput<'ticketing.boardTickets'>): Promise<CallOutput<'ticketing.boardTickets'>> {
  return api.call('ticketing.boardTickets', input);
}

/** §5.1 at save: which of the users, organizations and locations named the current lookups say are deleted. */
export function checkDeletedReferences(input: CallInput<'ticketing.deletedReferences'>): Promise<CallOutput<'ticketing.deletedReferences'>> {
  return api.call('ticketing.deletedReferences', input);
}

export function readOrganizations(input: CallInput<'ticketing.organizations'>): Promise<CallOutput<'ticketing.organizations'>> {
  return api.call('ticketing.organizations', input);
}

export function readLocations(input: CallInput<'ticketing.locations'>): Promise<CallOutput<'ticketing.locations'>> {
  return api.call('ticketing.locations', input);
}

export function readUsers(input: CallInput<'ticketing.users'>): Promise<CallOutput<'ticketing.users'>> {
  return api.call('ticketing.users', input);
}

/** A loaded trigger's image attachment as a data URL. */
export function readAttachmentPreview(input: CallInput<'ticketing.attachmentPreview'>): Promise<CallOutput<'ticketing.attachmentPreview'>> {
  return api.call('ticketing.attachmentPreview', input);
}

// ---------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------

/** Creates, copies or edits an automation, response template or board. */
export function saveTrigger(input: CallInput<'ticketing.saveTrigger'>): Promise<CallOutput<'ticketing.saveTrigger'>> {
  return write('ticketing.saveTrigger', input, TRIGGER_CHANGES);
}

export function deleteTrigger(input: CallInput<'ticketing.deleteTrigger'>): Promise<CallOutput<'ticketing.deleteTrigger'>> {
  return write('ticketing.deleteTrigger', input, TRIGGER_CHANGES);
}

/** Creates, copies or edits a ticket ruleset. */
export function saveRuleset(input: CallInput<'ticketing.saveRuleset'>): Promise<CallOutput<'ticketing.saveRuleset'>> {
  return write('ticketing.saveRuleset', input, RULESET_CHANGES);
}

export function deleteRuleset(input: CallInput<'ticketing.deleteRuleset'>): Promise<CallOutput<'ticketing.deleteRuleset'>> {
  return write('ticketing.deleteRuleset', input, RULESET_CHANGES);
}

/** The changed parts of the configuration; answers it merged. */
export function saveConfiguration(input: CallInput<'ticketing.saveConfiguration'>): Promise<CallOutput<'ticketing.saveConfiguration'>> {
  return write('ticketing.saveConfiguration', input, ['ticketing.configuration']);
}

/** Saves a kept version of a trigger or ruleset as the current one (keeping the one it replaces). */
export function restoreVersion(input: CallInput<'ticketing.restoreVersion'>): Promise<CallOutput<'ticketing.restoreVersion'>> {
  return write('ticketing.restoreVersion', input, input.kind === 'trigger' ? TRIGGER_CHANGES : RULESET_CHANGES);
}

/** A tag the instance does not have yet. */
export function createTag(input: CallInput<'ticketing.createTag'>): Promise<CallOutput<'ticketing.createTag'>> {
  return write('ticketing.createTag', input, ['ticketing.tags']);
}

/** Saves a stored attachment where downloads go and opens it (nothing read lists it). */
export function openAttachment(input: CallInput<'ticketing.openAttachment'>): Promise<CallOutput<'ticketing.openAttachment'>> {
  return write('ticketing.openAttachment', input, []);
}

/** A piece of a file added to an email or comment body (held by the main process until a save: nothing read shows it). */
export function stageTriggerFile(input: CallInput<'ticketing.stageFile'>): Promise<CallOutput<'ticketing.stageFile'>> {
  return write('ticketing.stageFile', input, []);
}

/** A staged file uploaded to the instance, waiting for the automation's save (nothing read shows it). */
export function uploadTriggerFile(input: CallInput<'ticketing.uploadFile'>): Promise<CallOutput<'ticketing.uploadFile'>> {
  return write('ticketing.uploadFile', input, []);
}

/** A new file dropped before a save (nothing read showed it). */
export function discardTriggerFile(input: CallInput<'ticketing.discardFile'>): Promise<CallOutput<'ticketing.discardFile'>> {
  return write('ticketing.discardFile', input, []);
}
