/**
 * The ticket workspace's reply rules, pure: when a reply counts as
 * non-empty (spec ticketing-automations-psa.md §5.5), which imported images
 * are ignored and what size they take (§5.5), the mention tooltip notes (§6),
 * the recent tabs list (§9.4), the inline image texts (§8.4), and the reply
 * draft (§3.5 ticket editor data and time entry) with the tolerant reader the
 * draft store uses: a draft read back from disk is never trusted to be whole.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------
// The reply draft (§3.5)
// ---------------------------------------------------------------------------

/** One file of a reply: uploaded as the technician added it, named in the reply's `uploads` when it is sent. */
export interface ReplyDraftUpload {
  /** The upload's id on the instance (its tempId, or the attachment id once it is one). */
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  /** §3.5 attachment metadata contentId: how an inline image's `<img>` names it in the html body. */
  contentId: string | null;
  /** §3.5 attachment metadata inline: a picture in the body rather than a file beside it. */
  inline: boolean;
}

/** §3.5 time entry, as the reply form holds it. */
export interface ReplyTimeEntryDraft {
  /** Minutes worked. */
  timeTracked: number;
  remote: boolean;
  /** ISO 8601 date-time. */
  startDate: string | null;
  agreementId: number | null;
  /** Open values: whatever the instance offers is kept as is. */
  billingType: string | null;
  agreementOriginType: string | null;
}

/** §3.5 ticket editor data: body, htmlBody, uploads, isPublic, techniciansTagged; plus the time entry. */
export interface ReplyDraft {
  /** The text of the reply, markup removed (what §5.5 calls the text body). */
  body: string;
  htmlBody: string;
  uploads: ReplyDraftUpload[];
  /** False: an internal reply (§6, shown on a warning background). */
  isPublic: boolean;
  /** Ids of the technicians mentioned. */
  techniciansTagged: number[];
  timeEntry: ReplyTimeEntryDraft | null;
}

/** What a reply starts as. Internal by default: a slip must never show a note to the requester. */
export function emptyReplyDraft(): ReplyDraft {
  return { body: '', htmlBody: '', uploads: [], isPublic: false, techniciansTagged: [], timeEntry: null };
}

/** A time entry of at most 24 hours: longer is a typing slip. */
export const TIME_TRACKED_MAX_MINUTES = 24 * 60;

const idSchema = z.union([z.string().trim().min(1), z.number().int().nonnegative()]).transform(String);

const uploadSchema: z.ZodType<ReplyDraftUpload> = z.object({
  id: idSchema,
  name: z.string().catch(''),
  size: z.number().nonnegative().catch(0),
  contentId: z.string().trim().min(1).nullable().catch(null),
  inline: z.boolean().catch(false),
});

const isoDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)));

const timeEntrySchema: z.ZodType<ReplyTimeEntryDraft> = z.object({
  timeTracked: z.number().int().min(0).max(TIME_TRACKED_MAX_MINUTES).catch(0),
  remote: z.boolean().catch(false),
  startDate: isoDate.nullable().catch(null),
  agreementId: z.number().int().nullable().catch(null),
  billingType: z.string().nullable().catch(null),
  agreementOriginType: z.string().nullable().catch(null),
});

/** Keeps the items that read; one odd item never costs the others (DESIGN "parse tolerantly"). */
function itemsThatRead<T>(schema: z.ZodType<T>) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.flatMap((item) => {
        const parsed = schema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    );
}

const technicianIds = z
  .array(z.unknown())
  .catch([])
  .transform((ids) => [...new Set(ids.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0))]);

/**
 * A stored draft, read tolerantly: the text (body and htmlBody) is what a
 * draft is for, so without it the draft is damaged; every other field that
 * does not read takes its default (isPublic false: internal, the safe side),
 * and an upload that does not read is dropped alone.
 */
const storedReplyDraftSchema: z.ZodType<ReplyDraft> = z.object({
  body: z.string(),
  htmlBody: z.string(),
  uploads: itemsThatRead(uploadSchema),
  isPublic: z.boolean().catch(false),
  techniciansTagged: technicianIds,
  timeEntry: timeEntrySchema.nullable().catch(null),
});

/** The draft in `value`, or null when it is damaged. Never throws. */
export function parseReplyDraft(value: unknown): ReplyDraft | null {
  const parsed = storedReplyDraftSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The draft in a stored JSON text, or null when the text or the draft is damaged. Never throws. */
export function readReplyDraftJson(text: string): ReplyDraft | null {
  try {
    return parseReplyDraft(JSON.parse(text));
  } catch {
    return null;
  }
}

/** A draft is kept per ticket (its id) or per new ticket (`new:<uuid>`, one per New ticket form). */
const TICKET_KEY = /^[1-9]\d{0,15}$/;
const NEW_TICKET_KEY = /^new:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The html body a draft or reply may carry (the store caps the whole draft at 2 MB). */
export const REPLY_HTML_MAX = 1_000_000;
/** Files one reply may carry. */
export const REPLY_UPLOADS_MAX = 20;
/** Technicians one reply may mention. */
export const REPLY_MENTIONS_MAX = 100;

const uploadIdInput = z
  .string()
  .min(1)
  .max(200)
  .refine((id) => [...id].every((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f) && id !== '.' && id !== '..', 'Invalid attachment id.');

/** A draft or reply as the renderer sends it: checked strictly (the renderer is untrusted). */
export const replyDraftInputSchema = z.strictObject({
  body: z.string().max(REPLY_HTML_MAX),
  htmlBody: z.string().max(REPLY_HTML_MAX),
  uploads: z
    .array(
      z.strictObject({
        id: uploadIdInput,
        name: z.string().max(255),
        size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        contentId: z.string().min(1).max(200).nullable(),
        inline: z.boolean(),
      }),
    )
    .max(REPLY_UPLOADS_MAX),
  isPublic: z.boolean(),
  techniciansTagged: z.array(z.number().int().positive().max(2_147_483_647)).max(REPLY_MENTIONS_MAX),
  timeEntry: z
    .strictObject({
      timeTracked: z.number().int().min(0).max(TIME_TRACKED_MAX_MINUTES),
      remote: z.boolean(),
      startDate: isoDate.nullable(),
      agreementId: z.number().int().positive().max(2_147_483_647).nullable(),
      billingType: z.string().min(1).max(100).nullable(),
      agreementOriginType: z.string().min(1).max(100).nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<ReplyDraft>;

export const draftKeySchema = z.string().refine(isDraftKey, { message: 'Not a ticket id or a new ticket key.' });

export function isDraftKey(key: string): boolean {
  return TICKET_KEY.test(key) || NEW_TICKET_KEY.test(key);
}

export function ticketDraftKey(ticketId: number): string {
  return String(ticketId);
}

/** `uuid` from crypto.randomUUID() (lower case). */
export function newTicketDraftKey(uuid: string): string {
  return `new:${uuid.toLowerCase()}`;
}

// ---------------------------------------------------------------------------
// §5.5 a reply counts as non-empty
// ---------------------------------------------------------------------------

/** Spaces a browser does not show and String.prototype.trim keeps. */
const INVISIBLE = /[\u200B-\u200D\u2060]/g;
/** Characters a contentId is made of: an occurrence next to one of them is part of a longer id, not this one. */
const CONTENT_ID_CHAR = /[\w.@%+~-]/;

function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '').trim() !== '';
}

/**
 * Whether `contentId` appears in `html` as itself (`cid:abc`, `data-cid="abc"`),
 * not as part of a longer id (`abc-2`, `xabc`).
 */
export function htmlNamesContentId(html: string, contentId: string | null | undefined): boolean {
  const id = contentId?.trim() ?? '';
  if (!id) return false;
  for (let at = html.indexOf(id); at !== -1; at = html.indexOf(id, at + 1)) {
    const before = html.charAt(at - 1);
    const after = html.charAt(at + id.length);
    if (!CONTENT_ID_CHAR.test(before) && !CONTENT_ID_CHAR.test(after)) return true;
  }
  return false;
}

export type ReplyContent = Pick<ReplyDraft, 'body' | 'htmlBody'> & { uploads: ReadonlyArray<Pick<ReplyDraftUpload, 'contentId' | 'inline'>> };

/**
 * §5.5: non-empty when the text body has non-blank content, or any upload is
 * not inline, or an inline upload's contentId appears in the html body (an
 * inline picture deleted from the body no longer counts).
 */
export function isReplyEmpty(reply: ReplyContent): boolean {
  if (hasVisibleText(reply.body)) return false;
  return !reply.uploads.some((upload) => !upload.inline || htmlNamesContentId(reply.htmlBody, upload.contentId));
}

// ---------------------------------------------------------------------------
// §5.5 image import
// ---------------------------------------------------------------------------

/** §5.5: the size an imported image takes when its own is not numeric. */
export const DEFAULT_IMAGE_WIDTH = 200;
export const DEFAULT_IMAGE_HEIGHT = 100;

/** Schemes whose URLs name a file on this computer. */
const LOCAL_FILE_SCHEME = /^(?:file|filesystem):/;
/** A Windows path (`C:\`, `C:/`) or share (`\\server`): a browser reads `C:` as a scheme, and a share is a file too. */
const LOCAL_PATH = /^(?:[a-z]:[\\/]|\\[\\/]|\/\\)/;

/** A numeric character reference as a browser reads it: out of range is U+FFFD, never a thrown RangeError. */
function codePoint(value: number): string {
  return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '\uFFFD';
}

/**
 * The src as a browser would resolve its start: character references decoded
 * (`&#102;ile:`, `file&colon;`), tabs and newlines dropped anywhere and
 * controls and spaces at the start (the URL parser does both), percent escapes
 * decoded (an escaped scheme is no use to anyone but a disguise), lower case.
 */
function normalizedSrc(src: string): string {
  const decoded = src
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => codePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => codePoint(Number.parseInt(dec, 10)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/[\t\n\r]/g, '')
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  let start = 0;
  while (start < decoded.length && (decoded.charCodeAt(start) <= 0x20 || decoded.charCodeAt(start) === 0x7f)) start++;
  return decoded.slice(start).toLowerCase();
}

/** §5.5: an image whose src starts with a local file scheme is ignored on import. */
export function isLocalFileImageSrc(src: string | null | undefined): boolean {
  if (typeof src !== 'string') return false;
  const start = normalizedSrc(src);
  return LOCAL_FILE_SCHEME.test(start) || LOCAL_PATH.test(start);
}

/** A positive number, or a string of one in pixels (`120`, `120px`, `120.5`); anything else (`50%`, `auto`, '') is not numeric. */
function numericDimension(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(value);
  const number = match ? Number(match[1]) : Number.NaN;
  return number > 0 ? number : null;
}

/** §5.5: each size of an imported image that is not numeric defaults, the width to 200 px and the height to 100 px. */
export function importedImageSize(size: { width?: unknown; height?: unknown }): { width: number; height: number } {
  return { width: numericDimension(size.width) ?? DEFAULT_IMAGE_WIDTH, height: numericDimension(size.height) ?? DEFAULT_IMAGE_HEIGHT };
}

// ---------------------------------------------------------------------------
// §8.4 inline images
// ---------------------------------------------------------------------------

export const INLINE_IMAGE_MESSAGES = {
  /** Reported and shown when the signed URL fetch fails. */
  loadFailed: 'Failed to load inline image',
  /** The viewer's Download failed. */
  downloadFailed: 'Error while downloading image.',
} as const;

// ---------------------------------------------------------------------------
// §6 mentions
// ---------------------------------------------------------------------------

/** §3.5 mention. The flags are optional: a real instance may leave them out, and absent means fine. */
export interface Mention {
  id: number | string;
  displayName?: string | null;
  label?: string | null;
  email?: string | null;
  deleted?: boolean | null;
  permitted?: boolean | null;
}

export const MENTION_NOTES = {
  deleted: 'Technician deleted',
  notPermitted: 'Technician not allowed to view ticket',
  unknown: 'User not Found',
} as const;

/**
 * §6 tooltip suffix of a mention: `undefined` is a mention the console cannot
 * find among the technicians. Deleted wins over not permitted (a deleted
 * technician sees nothing either way). Null: nothing to add.
 */
export function mentionNote(mention: Mention | undefined): string | null {
  if (!mention) return MENTION_NOTES.unknown;
  if (mention.deleted === true) return MENTION_NOTES.deleted;
  if (mention.permitted === false) return MENTION_NOTES.notPermitted;
  return null;
}

/** The name a mention shows: displayName or label (§3.5), else its email. */
export function mentionName(mention: Mention): string {
  return [mention.displayName, mention.label, mention.email].find((name): name is string => typeof name === 'string' && name.trim() !== '')?.trim() ?? '';
}

/** The whole tooltip: the name (or `shown`, the text in the body, for an unknown mention) and the §6 suffix. The joining is the console's own. */
export function mentionTooltip(mention: Mention | undefined, shown: string): string {
  const note = mentionNote(mention);
  // An instance may already mark a deleted user in the name: the §6 note says it once.
  const named = (mention && mentionName(mention)) || shown;
  const name = note === MENTION_NOTES.deleted ? named.replace(/\s*\(deleted\)\s*$/i, '') || named : named;
  return note ? `${name} (${note})` : name;
}

// ---------------------------------------------------------------------------
// §9.4 recent tabs
// ---------------------------------------------------------------------------

/** §9.4: the recent tabs list is limited to 10. */
export const RECENT_TABS_LIMIT = 10;

/** `id` opened: first in the list, once, the list cut to the 10 most recent. */
export function pushRecent<T extends string | number>(list: readonly T[], id: T): T[] {
  return [id, ...list.filter((other) => other !== id)].slice(0, RECENT_TABS_LIMIT);
}
