/**
 * The input schemas (zod) of attachments and staged files, shared by every
 * area that uploads (the help ticket, the ticketing editors, the ticket
 * workspace's replies): an uploaded attachment's id, and the pieces in which
 * the renderer hands over a file's bytes.
 */
import { z } from 'zod';
import { INVALID_PATH_ID_MESSAGE, isPathId } from './api-paths';
import { DESCRIPTION_FILE_MAX_BYTES, TICKET_ATTACHMENT_MAX_BYTES } from './attachments';

/**
 * One piece of a description file, before base64: browser mode reads call
 * bodies of at most 2 MiB (src/main/ipc/http-transport.ts), and 1 MiB is
 * about 1.4 MB as base64.
 */
export const DESCRIPTION_CHUNK_BYTES = 1024 * 1024;
/** Base64 length of one full piece. */
export const DESCRIPTION_CHUNK_BASE64_MAX = Math.ceil(DESCRIPTION_CHUNK_BYTES / 3) * 4;

/** An uploaded attachment's id (§3 "Attachment"). */
export const attachmentId = z
  .string()
  .min(1)
  .max(200)
  .refine((id) => [...id].every((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f), 'Invalid attachment id.')
  // It goes into a path segment: '.', '..', a slash or a backslash would walk the path (./api-paths.ts).
  .refine(isPathId, INVALID_PATH_ID_MESSAGE);

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
