/**
 * An upload call's file (the help ticket's attachments, the ticketing
 * editors' files): its name in `filename`, its bytes as the body, checked as
 * the instance checks attachments (help spec §5: jpg, jpeg, png, mov, txt, at
 * most 50 MB, not empty; a file whose first bytes do not match its extension
 * is SUSPICIOUS).
 */
import { ATTACHMENT_MESSAGES, TICKET_ATTACHMENT_MAX_BYTES, extensionOf, isAllowedAttachmentExtension, passesFileCheck } from '../shared/rules/platform/attachments';
import { badRequest, HttpError, type RequestContext } from './http';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mov: 'video/quicktime',
  txt: 'text/plain; charset=utf-8',
};

interface UploadedFile {
  name: string;
  bytes: Buffer;
  contentType: string;
  /** The first bytes do not match the extension: the instance's scan quarantines it. */
  suspicious: boolean;
}

/**
 * The name first (400 for a bad one, 415 `unsupported_type` for another
 * extension), then the body up to the limit (413 `file_too_large`), then
 * `beforeEmptyCheck` (a switch that fails uploads), then 400 for an empty body.
 */
export async function readUploadedFile(ctx: RequestContext, beforeEmptyCheck?: () => void): Promise<UploadedFile> {
  const name = ctx.query.get('filename') ?? '';
  if (!name || name.length > 255 || /[/\\\0]/.test(name)) throw badRequest('Invalid filename');
  const extension = extensionOf(name);
  if (!isAllowedAttachmentExtension(extension)) {
    throw new HttpError(415, ATTACHMENT_MESSAGES.attachmentType, { error: 'unsupported_type', message: ATTACHMENT_MESSAGES.attachmentType });
  }
  const bytes = await readBody(ctx);
  beforeEmptyCheck?.();
  if (bytes.length === 0) throw badRequest(ATTACHMENT_MESSAGES.attachmentEmpty);
  return { name, bytes, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', suspicious: !passesFileCheck(extension, bytes.subarray(0, 4096)) };
}

/** Reads an upload body up to the attachment limit; a larger body is a 413. */
async function readBody(ctx: RequestContext): Promise<Buffer> {
  const declared = Number(ctx.req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > TICKET_ATTACHMENT_MAX_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of ctx.req) {
    total += (chunk as Buffer).length;
    if (total > TICKET_ATTACHMENT_MAX_BYTES) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function tooLarge(): HttpError {
  const message = 'The file is larger than 50 MB.';
  return new HttpError(413, message, { error: 'file_too_large', message });
}
