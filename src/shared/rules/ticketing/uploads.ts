/**
 * Files added to an automation's email or comment body (spec
 * ticketing-automations-psa.md §3.1 `uploads`, §3.5 attachment tempId): the
 * editor's tray uploads them at once (help spec §4 "Rich-text editor"), they
 * wait on the instance under a tempId, and the trigger's save names them in
 * `uploads` beside the attachments it keeps. The types and sizes are the help
 * ticket description's (the spec names none for triggers). Pure.
 */
import { fillPlaceholders } from '../platform/attachments';

/** How many new files one save may add (the spec gives no number; the save's `uploads` holds at most 50 in all). */
export const TRIGGER_MAX_NEW_FILES = 10;

/** The console's own texts (the spec words none of these). */
export const TRIGGER_UPLOAD_MESSAGES = {
  count: 'Only {{maxFiles}} new files can be added at once. Save, then add more.',
  stillUploading: 'Wait until the files are uploaded, or remove them.',
  gone: 'A new file is no longer uploaded. Remove it and add it again.',
  trayLabel: 'Files to attach',
} as const;

export function triggerFilesCountMessage(maxFiles = TRIGGER_MAX_NEW_FILES): string {
  return fillPlaceholders(TRIGGER_UPLOAD_MESSAGES.count, { maxFiles });
}
