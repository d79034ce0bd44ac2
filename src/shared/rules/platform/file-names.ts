/**
 * Names from the server are untrusted (DESIGN.md "Data rules"): before one
 * touches disk it becomes a single, safe path segment on Windows and macOS
 * (and Linux): no separators or `..`, no characters Windows refuses, no
 * reserved device names, no trailing dots or spaces, at most 255 UTF-8 bytes.
 */

/** Windows refuses these in names (control characters included); `/` and `\` would also make a path. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;

/** Windows device names, reserved with any extension and in any case (CON, con.txt, LPT1.log...). */
const RESERVED_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;

/** Bytes most file systems allow in one name (NTFS: 255 UTF-16 units; APFS and ext4: 255 UTF-8 bytes). */
export const MAX_NAME_BYTES = 255;

/** Room kept for a " (12)" collision suffix and the ".part" of a download in progress. */
const RESERVED_SUFFIX_BYTES = 16;

const FALLBACK_FILE_NAME = 'download';

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Cuts `text` to at most `maxBytes` UTF-8 bytes without splitting a character. */
function truncateUtf8(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  let result = '';
  let used = 0;
  for (const ch of text) {
    const size = utf8Length(ch);
    if (used + size > maxBytes) break;
    result += ch;
    used += size;
  }
  return result;
}

/** Splits "name.ext" into base and extension (".ext"); a leading dot is part of the base. */
export function splitExtension(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { base: name, extension: '' };
  const extension = name.slice(dot);
  // A long "extension" is really part of the name (e.g. "notes.from the meeting on monday").
  if (extension.length > 16 || /\s/.test(extension)) return { base: name, extension: '' };
  return { base: name.slice(0, dot), extension };
}

/**
 * One safe file name from an untrusted one. Only the last segment of a path
 * counts (`../../x` → `x`, `C:\a\b.txt` → `b.txt`); forbidden characters become
 * `_`; reserved device names get a `_` prefix; the result is never empty,
 * `.` or `..`, and leaves room for a collision suffix and ".part".
 */
export function sanitizeFileName(untrusted: string, fallback = FALLBACK_FILE_NAME): string {
  const normalized = untrusted.normalize('NFC');
  const segments = normalized.split(/[/\\]+/).filter((s) => s.length > 0 && s !== '.' && s !== '..');
  let name = segments.length ? segments[segments.length - 1]! : '';
  name = name.replace(FORBIDDEN_CHARACTERS, '_');
  // Windows drops trailing dots and spaces (so "a. " would become "a"); leading spaces confuse everyone.
  name = name.replace(/[. ]+$/u, '').replace(/^\s+/u, '');
  if (name === '' || /^\.+$/.test(name)) name = fallback;
  if (RESERVED_NAMES.test(name)) name = `_${name}`;

  const limit = MAX_NAME_BYTES - RESERVED_SUFFIX_BYTES;
  if (utf8Length(name) > limit) {
    const { base, extension } = splitExtension(name);
    const keptExtension = utf8Length(extension) < 32 ? extension : '';
    name = truncateUtf8(keptExtension ? base : name, limit - utf8Length(keptExtension)).replace(/[. ]+$/u, '') + keptExtension;
    if (name === '' || name === keptExtension) name = fallback + keptExtension;
  }
  return name;
}

/** "report.txt" → "report (1).txt": the name for the n-th copy when keeping both. */
export function numberedName(name: string, n: number): string {
  const { base, extension } = splitExtension(name);
  return `${base} (${n})${extension}`;
}

/**
 * Windows and macOS file systems ignore case: "Report.TXT" and "report.txt"
 * are the same file there, so collisions are checked on this key everywhere.
 */
export function collisionKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
