/**
 * The help area's input schemas (zod), shared by its forms and its contract
 * (src/shared/contract/help/index.ts): the help ticket and e-mail addresses;
 * the pieces of files and attachment ids are the platform's
 * (../platform/attachment-schemas.ts).
 */
import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_PRIORITIES } from '../../model/help';
import { HELP_CONSOLE_MESSAGES, HELP_MESSAGES, isValidEmail, TICKET_MAX_ATTACHMENTS } from '.';
import { descriptionCountMessage, TICKET_MAX_DESCRIPTION_FILES } from './description';

export { attachmentId, attachmentPieceSchema, descriptionPieceSchema } from '../platform/attachment-schemas';

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
