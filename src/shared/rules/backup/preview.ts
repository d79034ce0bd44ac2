/**
 * Which backed-up files the console previews (a bounded read of a revision):
 * text by extension, and images with their MIME type. The main process reads
 * them; the browser offers Preview only for these. One list for both.
 */
export const PREVIEW_TEXT_EXTENSIONS: ReadonlySet<string> = new Set([
  'txt',
  'log',
  'csv',
  'json',
  'xml',
  'md',
  'ini',
  'cfg',
  'conf',
  'ps1',
  'bat',
  'cmd',
  'sh',
  'yml',
  'yaml',
  'ics',
  'sql',
  'html',
  'htm',
  'css',
  'js',
  'ts',
]);

export const PREVIEW_IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

/** What kind of preview a file name gets, or null for none. */
export function previewKindOf(name: string): 'text' | 'image' | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  if (PREVIEW_TEXT_EXTENSIONS.has(extension)) return 'text';
  if (Object.hasOwn(PREVIEW_IMAGE_TYPES, extension)) return 'image';
  return null;
}
