/**
 * What the help ticket's two upload stores are told (spec/help-shared-blocks-editor.md
 * §4 "Rich-text editor", §5, §7): how many files one ticket may name, the
 * texts of their refusals, and what the log calls them. The stores
 * themselves are platform's (`StagedUploads`).
 */
import { fillPlaceholders, HELP_CONSOLE_MESSAGES, HELP_MESSAGES, TICKET_ATTACHMENT_MAX_BYTES, TICKET_MAX_ATTACHMENTS, tooLargeMessage } from '../../../shared/rules/help';
import { DESCRIPTION_MESSAGES, descriptionCountMessage, TICKET_MAX_DESCRIPTION_FILES } from '../../../shared/rules/help/description';
import type { StagedUploadsOptions } from '../platform/staged-uploads';

/** The help ticket description's files. */
export const DESCRIPTION_UPLOADS = {
  maxPerUse: TICKET_MAX_DESCRIPTION_FILES,
  messages: { gone: DESCRIPTION_MESSAGES.gone, stillUploading: DESCRIPTION_MESSAGES.stillUploading, count: descriptionCountMessage() },
  what: 'help: removing a description file',
} as const satisfies Pick<StagedUploadsOptions, 'maxPerUse' | 'messages' | 'what'>;

/** The help ticket's attachments (help spec §5: 5 files of at most 50 MB), handed over one at a time as the ticket is submitted. */
export const TICKET_ATTACHMENT_UPLOADS = {
  maxPerUse: TICKET_MAX_ATTACHMENTS,
  messages: { gone: HELP_CONSOLE_MESSAGES.attachmentGone, stillUploading: DESCRIPTION_MESSAGES.stillUploading, count: fillPlaceholders(HELP_MESSAGES.attachmentCount, { maxFiles: TICKET_MAX_ATTACHMENTS }) },
  what: 'help: removing a ticket attachment',
  maxFile: { bytes: TICKET_ATTACHMENT_MAX_BYTES, message: (name: string) => tooLargeMessage([name]) },
} as const satisfies Pick<StagedUploadsOptions, 'maxPerUse' | 'messages' | 'what' | 'maxFile'>;
