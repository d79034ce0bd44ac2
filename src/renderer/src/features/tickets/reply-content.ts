/**
 * The reply composer's pure rules (spec
 * ticketing-automations-psa.md §3.5 ticket editor data, §5.5, §6): what a
 * draft holds, read from the editor's HTML (the text body, the technicians
 * mentioned, which inline pictures it still shows), how an inline picture is
 * named in the sent HTML (`cid:<contentId>`) and shown in the editor, and
 * when Send is enabled and why not.
 *
 * The HTML read here is the rich-text editor's own output (src/editor's
 * serializer: every attribute value in double quotes, `&`, `<`, `>`, `"`
 * escaped), or a draft stored from it; it is never inserted as HTML here.
 */
import type { UploadStatus } from '../../../../shared/model/platform/attachments';
import type { DescribeMention } from '../../../../editor/mentions';
import { ownValue } from '../../../../shared/rules/platform/own-keys';
import { htmlNamesContentId, isReplyEmpty, mentionTooltip, REPLY_MENTIONS_MAX, type ReplyDraft, type ReplyDraftUpload } from '../../../../shared/rules/tickets/reply';

/** An attribute of the editor's HTML: a name, then `="value"` or nothing. */
const ATTRIBUTE = /\s+([^\s"'<>/=]+)(?:\s*=\s*"([^"]*)")?/g;
const ATTRIBUTES = String.raw`((?:\s+[^\s"'<>/=]+(?:\s*=\s*"[^"]*")?)*)\s*/?`;
const IMG_TAG = new RegExp(`<img${ATTRIBUTES}>`, 'gi');
const SPAN_START = new RegExp(`<span${ATTRIBUTES}>`, 'gi');
/** A mention as the editor writes it: a span with only its export text inside (`@user:<id>`). */
const MENTION_SPAN = new RegExp(`<span${ATTRIBUTES}>([^<]*)</span>`, 'gi');

const MAX_RECORD_ID = 2_147_483_647;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[lower] ?? whole;
  });
}

function safeCodePoint(value: number): string {
  return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '\uFFFD';
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The attributes of a start tag's attribute text, decoded. */
function readAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) attributes.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? ''));
  return attributes;
}

interface MentionInHtml {
  id: string;
  label: string | null;
  deleted: boolean;
}

function mentionOf(attributes: Map<string, string>): MentionInHtml | null {
  const id = attributes.get('data-mention-id');
  if (!id) return null;
  let deleted = false;
  try {
    const metadata = JSON.parse(attributes.get('data-mention-metadata') ?? 'null') as unknown;
    deleted = !!metadata && typeof metadata === 'object' && (metadata as { deleted?: unknown }).deleted === true;
  } catch {
    // Metadata that does not read says nothing.
  }
  return { id, label: attributes.get('data-mention-label') || null, deleted };
}

/**
 * §3.5 techniciansTagged: the ids of the technicians mentioned, once each, in
 * order. A mention without a name (§6 'User not Found': not chosen from the
 * technicians, e.g. pasted) or of a deleted technician is left out: the
 * instance refuses a reply naming one, and neither can be notified.
 */
export function mentionedTechnicians(html: string): number[] {
  const ids: number[] = [];
  for (const match of html.matchAll(SPAN_START)) {
    const mention = mentionOf(readAttributes(match[1] ?? ''));
    if (!mention?.label || mention.deleted || !/^[1-9]\d{0,9}$/.test(mention.id)) continue;
    const id = Number(mention.id);
    if (id <= MAX_RECORD_ID && !ids.includes(id)) ids.push(id);
    if (ids.length === REPLY_MENTIONS_MAX) break;
  }
  return ids;
}

/** Ends of blocks (a list item's paragraph and the item end together: one line break). */
const BLOCK_ENDS = /(?:<\/(?:p|h[1-6]|li|blockquote|pre|tr|ul|ol|table)>|<br\s*\/?>|<hr\s*\/?>)+/gi;

/**
 * §3.5 body: the reply's text with the markup removed (what §5.5 calls the
 * text body): a line per paragraph, a mention as `@name`, table cells apart.
 */
export function replyText(html: string): string {
  const withMentions = html.replace(MENTION_SPAN, (whole, attributeText: string, inner: string) => {
    const mention = mentionOf(readAttributes(attributeText ?? ''));
    if (!mention) return whole;
    return `@${escapeText(mention.label ?? decodeEntities(inner).replace(/^@/, ''))}`;
  });
  const text = withMentions
    .replace(BLOCK_ENDS, '\n')
    .replace(/<\/t[dh]>/gi, '\t')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * §6 tooltips of the editor's mentions (in the body, and flagged technicians
 * in the menu): 'Technician deleted', 'Technician not allowed to view
 * ticket', 'User not Found' after the name; nothing for a technician who is fine.
 */
export const describeMention: DescribeMention = ({ id, label, status }) => {
  if (status === 'ok') return null;
  const mention = status === 'unknown' ? undefined : { id, displayName: label, deleted: status === 'deleted', permitted: status !== 'notPermitted' };
  return mentionTooltip(mention, `@${label ?? id}`);
};

/** Each `<img>` with a content id (`data-cid`) gets the src `source(cid, src)` answers (its own when null). */
function rewriteImageSources(html: string, source: (cid: string, src: string) => string | null): string {
  return html.replace(IMG_TAG, (tag, attributeText: string) => {
    const attributes = readAttributes(attributeText ?? '');
    const cid = attributes.get('data-cid');
    if (!cid) return tag;
    const next = source(cid, attributes.get('src') ?? '');
    if (next === null) return tag;
    return tag.replace(/(\ssrc\s*=\s*")[^"]*(")/i, (_, before: string, after: string) => `${before}${escapeAttribute(next)}${after}`);
  });
}

/** The prefix an inline picture's src has in a sent reply: the conversation names it by content id. */
export const CID_SCHEME = 'cid:';

/**
 * The HTML a draft keeps and a reply sends: every inline picture named by its
 * content id (`src="cid:<contentId>"`), never by the picture shown in the
 * editor (a data URL of the file, which would carry its bytes a second time).
 */
export function htmlWithContentIds(html: string): string {
  return rewriteImageSources(html, (cid) => `${CID_SCHEME}${cid}`);
}

/**
 * The HTML the editor shows for a draft's: each `cid:` picture gets what
 * `pictureOf(contentId)` answers (a data URL), or `fallback` (the editor
 * cannot load `cid:`).
 */
export function htmlForEditor(html: string, pictureOf: (contentId: string) => string | null, fallback: string): string {
  return rewriteImageSources(html, (cid, src) => (src.toLowerCase().startsWith(CID_SCHEME) ? (pictureOf(cid) ?? fallback) : null));
}

/**
 * §3.5 uploads: the files beside the reply, then the inline pictures the body
 * still shows (§5.5: one deleted from the body no longer counts, and is not
 * sent; it comes back if an undo brings the picture back).
 */
export function draftUploads(files: readonly ReplyDraftUpload[], inline: readonly ReplyDraftUpload[], html: string): ReplyDraftUpload[] {
  return [...files, ...inline.filter((upload) => htmlNamesContentId(html, upload.contentId))];
}

/** Nothing worth keeping: no text, no files, no time entry (a switch alone is not a draft). */
export function isBlankDraft(draft: ReplyDraft): boolean {
  return draft.htmlBody === '' && draft.body.trim() === '' && draft.uploads.length === 0 && draft.timeEntry === null;
}

export const SEND_REASONS = {
  offline: 'Offline: the reply can be sent once the instance can be reached again. Your draft is kept on this computer.',
  uploading: 'Wait until the files have finished uploading.',
  empty: 'Write a reply or attach a file to send it.',
  sending: 'Sending…',
  loading: 'Reading the saved draft…',
  timeEntry: 'Enter the time worked (1 to 1440 minutes) or remove the time entry.',
  failedFiles: 'Remove the files that could not be uploaded.',
} as const;

export interface SendInput {
  draft: ReplyDraft;
  /** A file or picture is still on its way to the instance. */
  uploading: boolean;
  /** A file in the reply is unknown to the instance (or failed its check): the instance would refuse the reply. */
  failedFiles: boolean;
  offline: boolean;
  sending: boolean;
  loading: boolean;
}

/**
 * Whether Send is enabled, and the reason shown when it is not (the first
 * that applies): §5.5 a reply must not be empty, no upload may still be on
 * its way, and the instance must be reachable.
 */
export function sendState(input: SendInput): { enabled: boolean; reason: string | null } {
  const checks: Array<[boolean, string]> = [
    [input.loading, SEND_REASONS.loading],
    [input.sending, SEND_REASONS.sending],
    [input.offline, SEND_REASONS.offline],
    [input.uploading, SEND_REASONS.uploading],
    [input.failedFiles, SEND_REASONS.failedFiles],
    [isReplyEmpty(input.draft), SEND_REASONS.empty],
    [!!input.draft.timeEntry && input.draft.timeEntry.timeTracked < 1, SEND_REASONS.timeEntry],
  ];
  const reason = checks.find(([applies]) => applies)?.[1] ?? null;
  return { enabled: reason === null, reason };
}

// ---------------------------------------------------------------------------
// §4.4 upload statuses of the files beside a reply
// ---------------------------------------------------------------------------

/** A file beside the reply, as the grid shows it. */
export interface ReplyFile {
  key: string;
  name: string;
  size: number;
  /** The file's type when picked here (the name's extension otherwise). */
  type: string | null;
  /** Percent while it is on its way; null once uploaded. */
  progress: number | null;
  /** The upload, once the instance has it. */
  upload: ReplyDraftUpload | null;
  /** The instance's upload status (§3.5 uploadStatus); null while not known. */
  status: string | null;
}

/** Status of a restored upload the instance no longer knows: shown as 'Resource Not Found' (§3 FAILURE). */
const GONE: UploadStatus = 'FAILURE';

/** The statuses still worth asking for: unknown (restored) or PROCESSING. */
export function idsToAsk(files: readonly ReplyFile[]): string[] {
  return files.flatMap((file) => (file.upload && (file.status === null || file.status === 'PROCESSING') ? [file.upload.id] : []));
}

export function withStatuses(files: readonly ReplyFile[], asked: readonly string[], statuses: Readonly<Record<string, string>>): ReplyFile[] {
  return files.map((file) => {
    const id = file.upload?.id;
    if (!id || !asked.includes(id)) return file;
    const status = ownValue(statuses, id) ?? GONE;
    return status === file.status ? file : { ...file, status };
  });
}

