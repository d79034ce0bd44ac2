/**
 * Which downloaded files "Open" launches without asking first (DESIGN.md
 * "Security rules": confirm in a native dialog what could hurt). An
 * allow-list, not a list of dangerous types: every operating system keeps
 * adding types that run code when opened (installers, launchers, packages,
 * browser pages, search connectors, themes), so anything not known to be
 * passive is asked about. The renderer is untrusted, so this is decided in
 * the main process from the name of the file on disk, never from a name the
 * renderer sends.
 */

/**
 * Extensions (lower case, without the dot) whose default apps show content
 * and run nothing: documents, pictures, plain text and the zip archive.
 * Deliberately left out, so they ask:
 * - documents that can carry macros or embedded programs: .doc .xls .ppt,
 *   the macro-enabled .docm .xlsm .pptm, .rtf, and OpenDocument (.odt .ods
 *   .odp, whose macros hide behind the same extensions);
 * - anything a browser or a script host renders: .html .htm .mht .svg .xml;
 * - other archives and disk images: their usual tools may drop the
 *   download's "from the internet" mark from the files inside (.7z .rar .iso).
 */
export const PASSIVE_EXTENSIONS: ReadonlySet<string> = new Set([
  // Documents (Office Open XML without macros: macro-enabled files have their own extensions)
  'pdf', 'docx', 'xlsx', 'pptx',
  // Plain text
  'txt', 'log', 'csv',
  // Pictures
  'png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp',
  // The zip archive: opened as a folder, nothing inside runs on its own
  'zip',
]);

/**
 * The extension the operating system goes by: the last one, in lower case,
 * after dropping what Windows ignores at the end of a name (dots and spaces,
 * so `x.exe.` and `x.exe  ` run as `x.exe`) and an alternate data stream
 * suffix (`x.exe::$DATA`).
 */
export function effectiveExtension(fileName: string): string {
  const base = baseName(fileName);
  const withoutStream = base.replace(/:.*$/s, '');
  const trimmed = withoutStream.replace(/[.\s]+$/u, '');
  const dot = trimmed.lastIndexOf('.');
  if (dot < 0) return '';
  return trimmed.slice(dot + 1).toLowerCase();
}

/**
 * True when "Open" may launch `fileName` with its default app without asking:
 * its extension is one of PASSIVE_EXTENSIONS. A name with a colon names a
 * stream of another file on Windows: it is asked about, whatever it ends in.
 */
export function opensWithoutAsking(fileName: string): boolean {
  if (baseName(fileName).includes(':')) return false;
  return PASSIVE_EXTENSIONS.has(effectiveExtension(fileName));
}

function baseName(fileName: string): string {
  return fileName.split(/[/\\]/).pop() ?? '';
}
