/**
 * The help area's input schemas (zod), shared by its forms and its contract
 * (src/shared/contract/help/index.ts): the help ticket, description files,
 * attachments, e-mail addresses.
 */
import { z } from 'zod';
import { INVALID_PATH_ID_MESSAGE, isPathId } from '../platform/api-paths';
import { TICKET_CATEGORIES, TICKET_PRIORITIES } from '../../model/help';
import { HELP_CONSOLE_MESSAGES, HELP_MESSAGES, isValidEmail, TICKET_ATTACHMENT_MAX_BYTES, TICKET_MAX_ATTACHMENTS } from '.';
import {
  DESCRIPTION_CHUNK_BASE64_MAX,
  DESCRIPTION_FILE_MAX_BYTES,
  descriptionCountMessage,
  TICKET_MAX_DESCRIPTION_FILES,
} from './description';

/** An uploaded attachment's id (§3 "Attachment"). */
export const attachmentId = z
  .string()
  .min(1)
  .max(200)
  .refine((id) => [...id].every((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f), 'Invalid attachment id.')
  // It goes into a path segment: '.', '..', a slash or a backslash would walk the path (./api-paths.ts).
  .refine(isPathId, INVALID_PATH_ID_MESSAGE);

export const email = z.string().trim().max(254).refine(isValidEmail, HELP_CONSOLE_MESSAGES.invalidEmail);

export const submitTicketSchema = z.strictObject({
  submissionId: z.string().uuid(),
  ticketSubject: z.string().trim().min(1, HELP_CONSOLE_MESSAGES.required).max(255),
  ticketBody: z.string().min(1, HELP_CONSOLE_MESSAGES.required).max(200_000),
  ticketPriority: z.enum(TICKET_PRIORITIES),
  // E.164 or nothing; the main process checks it with libphonenumber-js (kept out of the preload's bundle).
  ticketPhoneNumber: z.string().trim().max(40).regex(/^(\+\d{4,20})?$/, HELP_MESSAGES.invalidPhone),
  ticketCategory: z.enum(TICKET_CATEGORIES),
  ticketCallback: z.boolean(),
  ticketCc: z.array(email).max(100),
  /** Files attached through the form's file picker, handed over and uploaded already: the ids the renderer gave them. */
  attachmentFiles: z.array(z.string().uuid()).max(TICKET_MAX_ATTACHMENTS, `Only ${TICKET_MAX_ATTACHMENTS} attachments are allowed.`).optional(),
  /** Files pasted or dropped into the description, uploaded already: the ids the renderer gave them. */
  descriptionFiles: z.array(z.string().uuid()).max(TICKET_MAX_DESCRIPTION_FILES, descriptionCountMessage()).optional(),
});

/** One piece of a description file: base64 of at most 1 MiB, in order (the browser transport reads bodies of at most 2 MiB). */
export const descriptionPieceSchema = z.strictObject({
  uploadId: z.string().uuid(),
  name: z
    .string()
    .min(1)
    .max(255)
    .refine((name) => !/[/\\\0]/.test(name), 'Invalid file name.'),
  size: z.number().int().min(1).max(DESCRIPTION_FILE_MAX_BYTES),
  offset: z.number().int().min(0).max(DESCRIPTION_FILE_MAX_BYTES),
  data: z.string().min(4).max(DESCRIPTION_CHUNK_BASE64_MAX).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Invalid data.'),
});

/** One piece of a ticket attachment picked in the form: as a description file's piece, up to the attachment's 50 MB. */
export const attachmentPieceSchema = descriptionPieceSchema.extend({
  size: z.number().int().min(1).max(TICKET_ATTACHMENT_MAX_BYTES),
  offset: z.number().int().min(0).max(TICKET_ATTACHMENT_MAX_BYTES),
});
