/**
 * A download's receipt: what was downloaded, from where, by whom, and the
 * sha256 of the file as it was written, as a versioned JSON object, a
 * self-contained HTML page (no script, no external resource, every value
 * escaped) and a short plain text for the clipboard.
 *
 * A receipt never carries a credential: the instance is named by its origin
 * only (no path, no query, no user info), and every text that goes into it
 * passes through `withoutCredentials`, which cuts query strings and anything
 * that looks like a token, so even a fact that arrived carrying one (a signed
 * URL, an Authorization value) leaves it behind.
 */
import type { DownloadRequest } from '../../model/downloads';
import { originOf } from '../platform/origins';
import { cleanText } from '../platform/server-text';

export const RECEIPT_VERSION = 1;

/** One entry of a downloaded zip, as its central directory lists it. */
export interface ReceiptZipEntry {
  name: string;
  sizeBytes: number;
  compressedBytes: number;
  /** CRC-32 as 8 lowercase hex digits. */
  crc32: string;
}

/** A zip's entries as read from its central directory, or why they could not be read. */
export type ReceiptZipListing =
  | { readable: true; entryCount: number; entries: ReceiptZipEntry[]; moreEntries: number }
  | { readable: false; reason: string };

/** What the main process knows of a completed download (its own records, never the renderer's word for a name). */
export interface ReceiptFacts {
  /** The instance's URL or origin the bytes came from (only its origin goes into the receipt). */
  instance: string | null;
  request: DownloadRequest;
  deviceName: string | null;
  planName: string | null;
  /** The item's path in the backup, when the main process listed it. */
  itemPath: string | null;
  /** The revision's or backup job's date (ISO), when the main process listed it. */
  backupDate: string | null;
  fileName: string;
  localPath: string;
  sizeBytes: number;
  /** sha256 (hex) of the file as written. */
  sha256: string;
  verified: 'checksum' | 'size' | null;
  /** The sha256 the server announced (what 'checksum' was verified against). */
  announcedSha256: string | null;
  startedAt: number | null;
  finishedAt: number;
  technician: { name: string; email: string } | null;
  consoleVersion: string;
  /** Zipped downloads only. */
  zip?: ReceiptZipListing;
}

export interface DownloadReceipt {
  receiptVersion: typeof RECEIPT_VERSION;
  source: { instance: string | null };
  device: { id: number; name: string | null };
  plan: { uid: string; name: string | null };
  item: {
    kind: DownloadRequest['kind'];
    /** The path in the backup (a mounted image's path; a listed item's path), when known. */
    path: string | null;
    /** The name the listing showed when the download was started (told by the console's window; for information only). */
    nameShownInListing: string;
    revisionId: string | null;
    folderId: string | null;
    jobId: string | null;
    /** The revision's or backup job's date, when known. */
    backupDate: string | null;
    restoreDeleted?: boolean;
  };
  file: { name: string; path: string; sizeBytes: number; sha256: string };
  verification: {
    method: 'checksum' | 'size' | 'none';
    /** In words: what the file was checked against. */
    description: string;
    announcedSha256: string | null;
  };
  startedAt: string | null;
  finishedAt: string;
  technician: { name: string; email: string } | null;
  console: { version: string };
  zip?: ReceiptZipListing;
}

/** Names that announce a secret in `name=value` or `name: value` form. */
const SECRET_NAMES = '(?:access[_-]?token|refresh[_-]?token|id[_-]?token|token|client[_-]?secret|secret|password|passwd|pwd|api[_-]?key|apikey|signature|sig|x-amz-[a-z-]+|authorization|auth|code|session|key)';

/**
 * Removes what could be a credential from a text: URL query strings and
 * fragments, user info in URLs, `Bearer`/`Basic` values and `name=value`
 * pairs whose name announces a secret.
 */
export function withoutCredentials(text: string): string {
  return (
    text
      // URLs: user info, query and fragment go.
      .replace(/\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/@?#]*@)?([^\s?#]*)(?:\?[^\s#]*)?(?:#\S*)?/gi, '$1$2')
      .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [removed]')
      .replace(new RegExp(`\\b(${SECRET_NAMES})(\\s*[=:]\\s*)("[^"]*"|[^\\s&;,]+)`, 'gi'), '$1$2[removed]')
  );
}

/** scheme://host[:port] of an http(s) URL; null when it is not one. */
export function instanceOrigin(url: string | null): string | null {
  const origin = url ? originOf(url) : null;
  return origin && /^https?:\/\//.test(origin) ? origin : null;
}

/** A text of the server's or the window's: one line, no control or direction characters, bounded. */
const serverText = (text: string | null, max = 8192): string | null => (text === null ? null : cleanText(text, max));

function isoOrNull(ms: number | null): string | null {
  return ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString();
}

/** A text that could hold an address with a credential in it (a path or name the server or the window gave). */
const withoutSecrets = (text: string | null): string | null => (text === null ? null : withoutCredentials(text));

/** A zip's entry names on one line each (a name with a line break cannot fake a line of the receipt). */
function zipListing(zip: ReceiptZipListing): ReceiptZipListing {
  return zip.readable ? { ...zip, entries: zip.entries.map((entry) => ({ ...entry, name: serverText(entry.name, 65_535) ?? '' })) } : zip;
}

function verificationOf(facts: ReceiptFacts): DownloadReceipt['verification'] {
  switch (facts.verified) {
    case 'checksum':
      return { method: 'checksum', description: 'Verified: the sha256 of the file matches the sha256 the server announced.', announcedSha256: facts.announcedSha256 };
    case 'size':
      return { method: 'size', description: 'Verified by size only: the file has as many bytes as the server announced (Content-Length); the server announced no checksum.', announcedSha256: null };
    default:
      return { method: 'none', description: 'Not verified: the server announced neither a checksum nor a size.', announcedSha256: null };
  }
}

/** The receipt of a completed download. */
export function buildReceipt(facts: ReceiptFacts): DownloadReceipt {
  const request = facts.request;
  const receipt: DownloadReceipt = {
    receiptVersion: RECEIPT_VERSION,
    source: { instance: instanceOrigin(facts.instance) },
    device: { id: request.nodeId, name: withoutSecrets(serverText(facts.deviceName, 1024)) },
    plan: { uid: request.planUid, name: withoutSecrets(serverText(facts.planName, 1024)) },
    item: {
      kind: request.kind,
      path: withoutSecrets(serverText(request.kind === 'image' ? request.path : facts.itemPath)),
      nameShownInListing: withoutSecrets(serverText(request.name, 1024)) ?? '',
      revisionId: request.kind === 'folder' ? null : request.revisionId,
      folderId: request.kind === 'folder' ? request.folderId : null,
      jobId: request.kind === 'folder' ? request.jobId : null,
      backupDate: facts.backupDate,
      ...(request.kind === 'folder' ? { restoreDeleted: request.restoreDeleted } : {}),
    },
    file: { name: facts.fileName, path: facts.localPath, sizeBytes: facts.sizeBytes, sha256: facts.sha256.toLowerCase() },
    verification: verificationOf(facts),
    startedAt: isoOrNull(facts.startedAt),
    finishedAt: new Date(facts.finishedAt).toISOString(),
    technician: facts.technician ? { name: serverText(facts.technician.name, 512) ?? '', email: serverText(facts.technician.email, 512) ?? '' } : null,
    console: { version: facts.consoleVersion },
    ...(facts.zip ? { zip: zipListing(facts.zip) } : {}),
  };
  // The file's own facts (its name, local path, sha256) and the zip's entries are written as they are: a receipt
  // that changed them would no longer describe the file. No credential can be in them: the console never puts one there.
  return receipt;
}

/** The receipt as the JSON file holds it (pretty-printed). */
export function receiptJson(receipt: DownloadReceipt): string {
  return `${JSON.stringify(receipt, null, 2)}\n`;
}

/** A name, or the id when the name is not known. */
const named = (name: string | null, id: string | number) => (name ? `${name} (${id})` : String(id));

/** The receipt's lines as label and value, shared by the HTML table and the plain text. */
function receiptLines(receipt: DownloadReceipt): Array<[string, string]> {
  const { item } = receipt;
  const lines: Array<[string, string]> = [
    ['File', receipt.file.name],
    ['Saved at', receipt.file.path],
    ['Size', `${receipt.file.sizeBytes} bytes`],
    ['SHA-256', receipt.file.sha256],
    ['Verification', receipt.verification.description],
  ];
  if (receipt.verification.announcedSha256) lines.push(['Announced SHA-256', receipt.verification.announcedSha256]);
  lines.push(['Instance', receipt.source.instance ?? 'Not known'], ['Device', named(receipt.device.name, receipt.device.id)], ['Plan', named(receipt.plan.name, receipt.plan.uid)]);
  lines.push(['Path in the backup', item.path ?? `Not known (shown in the listing as ${item.nameShownInListing})`]);
  if (item.path !== null && item.nameShownInListing !== receipt.file.name) lines.push(['Name shown in the listing', item.nameShownInListing]);
  if (item.revisionId) lines.push(['Revision', item.revisionId]);
  if (item.folderId) lines.push(['Folder', item.folderId]);
  if (item.jobId) lines.push(['Backup job', item.jobId]);
  lines.push(['Backup date', item.backupDate ?? 'Not known']);
  if (item.restoreDeleted !== undefined) lines.push(['Deleted items included', item.restoreDeleted ? 'Yes' : 'No']);
  lines.push(
    ['Started', receipt.startedAt ?? 'Not known'],
    ['Finished', receipt.finishedAt],
    ['Technician', receipt.technician ? `${receipt.technician.name} <${receipt.technician.email}>` : 'Not known'],
    ['Console version', receipt.console.version],
  );
  const zip = receipt.zip;
  if (zip) lines.push(['Zip entries', zip.readable ? `${zip.entryCount}` : `Could not be read: ${zip.reason}`]);
  return lines;
}

/** The short plain text copied to the clipboard (a zip's entries are counted, not listed). */
export function receiptText(receipt: DownloadReceipt): string {
  return ['Download receipt', ...receiptLines(receipt).map(([label, value]) => `${label}: ${value}`)].join('\n') + '\n';
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1c2127; --bg: #ffffff; --muted: #5f6b7c; --line: #d3d8de; --head: #f6f7f9; }
@media (prefers-color-scheme: dark) { :root { --fg: #f6f7f9; --bg: #1c2127; --muted: #abb3bf; --line: #404854; --head: #252a31; } }
body { font: 14px/1.45 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); margin: 2rem; }
h1 { font-size: 1.4rem; margin: 0 0 1rem; } h2 { font-size: 1.1rem; margin: 2rem 0 .5rem; }
table { border-collapse: collapse; width: 100%; max-width: 64rem; }
th, td { text-align: left; vertical-align: top; padding: .35rem .6rem; border-bottom: 1px solid var(--line); }
thead th { background: var(--head); } tbody th { width: 14rem; color: var(--muted); font-weight: 600; }
td { word-break: break-all; } .num { text-align: right; font-variant-numeric: tabular-nums; } .hash { font-family: ui-monospace, Menlo, Consolas, monospace; }
p.note { color: var(--muted); }`;

/** The readable receipt: one self-contained page (inline style only; no script, no link, no image). */
export function receiptHtml(receipt: DownloadReceipt): string {
  const rows = receiptLines(receipt)
    .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td${/SHA-256/.test(label) ? ' class="hash"' : ''}>${escapeHtml(value)}</td></tr>`)
    .join('\n');
  let entries = '';
  const zip = receipt.zip;
  if (zip?.readable) {
    const body = zip.entries
      .map((e) => `<tr><td>${escapeHtml(e.name)}</td><td class="num">${e.sizeBytes}</td><td class="num">${e.compressedBytes}</td><td class="hash">${escapeHtml(e.crc32)}</td></tr>`)
      .join('\n');
    const more = zip.moreEntries > 0 ? `<p class="note">And ${zip.moreEntries} more entries (not listed).</p>` : '';
    entries = `<h2>Entries of the zip (${zip.entryCount})</h2>
<table><thead><tr><th scope="col">Name</th><th scope="col" class="num">Size (bytes)</th><th scope="col" class="num">Compressed (bytes)</th><th scope="col">CRC-32</th></tr></thead>
<tbody>
${body}
</tbody></table>${more}`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`Download receipt: ${receipt.file.name}`)}</title>
<style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(`Download receipt: ${receipt.file.name}`)}</h1>
<table><tbody>
${rows}
</tbody></table>
${entries}
<p class="note">Receipt version ${receipt.receiptVersion}. The SHA-256 is of the file as the console wrote it.</p>
</body></html>
`;
}
