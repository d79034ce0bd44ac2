/**
 * The help feature's contract calls: the help context, article search, the
 * ticket form's files and its submission, the academy and other links, and
 * the demo request. Reads ask the main process directly; writes go through the
 * shared cache (`write`), naming the reads they make out of date.
 */
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

/** What the help panel sees of an attachment id: a signed URL and the preview made from it. */
const ATTACHMENT_READS = ['help.attachmentPreview', 'help.attachmentUrl'] as const;

// Reads

/** Branding, tooltip status and what the panel may show, for the signed-in user. */
export function readHelpContext(): Promise<CallOutput<'help.context'>> {
  return api.call('help.context', {});
}

export function searchHelpArticles(input: CallInput<'help.searchArticles'>): Promise<CallOutput<'help.searchArticles'>> {
  return api.call('help.searchArticles', input);
}

/** The image of an uploaded attachment, as a data URL. */
export function readAttachmentPreview(input: CallInput<'help.attachmentPreview'>): Promise<CallOutput<'help.attachmentPreview'>> {
  return api.call('help.attachmentPreview', input);
}

// Writes

/** The first-time guide was dismissed: stored on the user, so the help context says so. */
export function dismissHelpTooltip(): Promise<CallOutput<'help.dismissTooltip'>> {
  return write('help.dismissTooltip', {}, ['help.context']);
}

/** Creates the help ticket; nothing the console reads lists help tickets. */
export function submitHelpTicket(input: CallInput<'help.submitTicket'>): Promise<CallOutput<'help.submitTicket'>> {
  return write('help.submitTicket', input, []);
}

/** Stops a submission under way; its attachments already uploaded are removed as it fails. */
export function cancelTicketSubmission(input: CallInput<'help.cancelSubmission'>): Promise<CallOutput<'help.cancelSubmission'>> {
  return write('help.cancelSubmission', input, ATTACHMENT_READS);
}

/** A piece of a file picked in the ticket form, held by the main process until uploaded. */
export function stageTicketAttachment(input: CallInput<'help.stageAttachment'>): Promise<CallOutput<'help.stageAttachment'>> {
  return write('help.stageAttachment', input, []);
}

/** Uploads a picked file: its attachment id is then one the main process answers for. */
export function uploadTicketAttachment(input: CallInput<'help.uploadAttachment'>): Promise<CallOutput<'help.uploadAttachment'>> {
  return write('help.uploadAttachment', input, ATTACHMENT_READS);
}

/** Forgets a picked file, deleting it on the server once uploaded. */
export function discardTicketAttachment(input: CallInput<'help.discardAttachment'>): Promise<CallOutput<'help.discardAttachment'>> {
  return write('help.discardAttachment', input, ATTACHMENT_READS);
}

/** A piece of a file pasted or dropped into the description, held by the main process until uploaded. */
export function stageDescriptionFile(input: CallInput<'help.stageDescriptionFile'>): Promise<CallOutput<'help.stageDescriptionFile'>> {
  return write('help.stageDescriptionFile', input, []);
}

/** Uploads a description file: its attachment id is then one the main process answers for. */
export function uploadDescriptionFile(input: CallInput<'help.uploadDescriptionFile'>): Promise<CallOutput<'help.uploadDescriptionFile'>> {
  return write('help.uploadDescriptionFile', input, ATTACHMENT_READS);
}

/** Forgets a description file, deleting it on the server once uploaded. */
export function discardDescriptionFile(input: CallInput<'help.discardDescriptionFile'>): Promise<CallOutput<'help.discardDescriptionFile'>> {
  return write('help.discardDescriptionFile', input, ATTACHMENT_READS);
}

/** Opens the academy login URL (or answers it, for browser mode to open). */
export function openAcademyLogin(): Promise<CallOutput<'help.openAcademy'>> {
  return write('help.openAcademy', {}, []);
}

/** Opens an allow-listed link in the system browser (or answers it, for browser mode to open). */
export function openExternalUrl(input: CallInput<'shell.openExternal'>): Promise<CallOutput<'shell.openExternal'>> {
  return write('shell.openExternal', input, []);
}

/** Sends the demo request; nothing the console reads changes. */
export function requestDemo(input: CallInput<'help.requestDemo'>): Promise<CallOutput<'help.requestDemo'>> {
  return write('help.requestDemo', input, []);
}
