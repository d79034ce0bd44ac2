/**
 * Constants, limits and texts of the rich-text editor, taken to the letter from
 * spec/help-shared-blocks-editor.md (sections 3, 4, 5, 8 and 9).
 */

/** Font sizes offered by the toolbar, in px. */
export const FONT_SIZES = [12, 14, 16, 18, 20, 22] as const;

/** Font families offered by the toolbar. */
export const FONT_FAMILIES = ['Inter', 'Arial'] as const;

/** Block types: paragraph, header 1-4, bulleted list, numbered list, quote, code block. */
export const BLOCK_TYPES = ['paragraph', 'h1', 'h2', 'h3', 'h4', 'bullet', 'number', 'quote', 'code'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const BLOCK_TYPE_LABELS: Record<BlockType, string> = {
  paragraph: 'Normal',
  h1: 'Heading 1',
  h2: 'Heading 2',
  h3: 'Heading 3',
  h4: 'Heading 4',
  bullet: 'Bulleted list',
  number: 'Numbered list',
  quote: 'Quote',
  code: 'Code block',
};

/** Alignment: left, center, right, justify, start, end. */
export const ALIGNMENTS = ['left', 'center', 'right', 'justify', 'start', 'end'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** Maximum list indent depth (and block indent level). */
export const MAX_INDENT_DEPTH = 7;
/** The mentions editor (the ticket reply) nests lists at most 5 deep (§9: "max list depth 7 (the mentions editor in one place uses 5)"). */
export const MENTIONS_EDITOR_MAX_LIST_DEPTH = 5;
/** Width of one indent level in the exported HTML: spec/ticketing-automations-psa.md §9.4, 20 px of left padding per level. */
export const INDENT_STEP_PX = 20;

/** Table insertion: rows 1 to 50, columns 1 to 10, defaults 5 and 5. */
export const TABLE_MIN_ROWS = 1;
export const TABLE_MAX_ROWS = 50;
export const TABLE_MIN_COLUMNS = 1;
export const TABLE_MAX_COLUMNS = 10;
export const TABLE_DEFAULT_ROWS = 5;
export const TABLE_DEFAULT_COLUMNS = 5;
/** Table insert grid in editors 6x6. */
export const TABLE_QUICK_GRID_SIZE = 6;
/** Minimum table cell width and row height, in px. */
export const TABLE_CELL_MIN_WIDTH = 50;
export const TABLE_ROW_MIN_HEIGHT = 33;

/** Images: minimum resize 100; maximum resize is the editor width minus 20; max width default 1000. */
export const IMAGE_MIN_WIDTH = 100;
export const IMAGE_EDITOR_WIDTH_MARGIN = 20;
export const IMAGE_DEFAULT_MAX_WIDTH = 1000;
/** Image types accepted as data URLs: jpeg, jpg, png and gif. */
export const IMAGE_DATA_URL_TYPES = ['jpeg', 'jpg', 'png', 'gif'] as const;
/** Inline drops accept only image types; these are the upload types for inline images. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', '.jpeg', '.jpg', '.png', '.gif'] as const;

/** File uploads: at least 1 byte and at most 20 MiB. */
export const UPLOAD_MIN_BYTES = 1;
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Attachment progress animates toward about 90 percent, then reaches 99, then 100 on completion. */
export const ATTACHMENT_PROGRESS_SOFT_CAP = 90;
export const ATTACHMENT_PROGRESS_SENT = 99;
export const ATTACHMENT_PROGRESS_DONE = 100;
/** How often the simulated progress advances, in ms. */
export const ATTACHMENT_PROGRESS_TICK_MS = 200;
/** Default key of the content id in the attachment upload response. */
export const DEFAULT_ATTACHMENT_CONTENT_ID_KEY = 'contentId';

/** Mentions: trigger '@', 1 to 50 (alias) or 75 (name with spaces) characters, 5 suggestions, 500 ms. */
export const MENTION_TRIGGER = '@';
export const MENTION_MIN_QUERY_LENGTH = 1;
export const MENTION_ALIAS_MAX_LENGTH = 50;
export const MENTION_NAME_MAX_LENGTH = 75;
export const MENTION_MAX_SUGGESTIONS = 5;
export const MENTION_DEBOUNCE_MS = 500;
/** A mention is exported as a span showing '@user:' followed by the id. */
export const MENTION_EXPORT_PREFIX = '@user:';

/** Link URL default (the value a new link starts with). */
export const DEFAULT_LINK_URL = 'https://';
/** Hrefs with protocols outside this list become about:blank. */
export const ALLOWED_LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'sms:', 'tel:'] as const;
export const BLOCKED_LINK_HREF = 'about:blank';

/** Colour palette: 15 swatches. */
export const COLOR_SWATCHES = [
  '#d0021b',
  '#f5a623',
  '#f8e71c',
  '#8b572a',
  '#7ed321',
  '#417505',
  '#bd10e0',
  '#9013fe',
  '#4a90e2',
  '#50e3c2',
  '#b8e986',
  '#000000',
  '#4a4a4a',
  '#9b9b9b',
  '#ffffff',
] as const;

/** Layout limits, in px. */
export const EDITOR_MIN_HEIGHT = 150;
export const INLINE_TEXT_MAX_HEIGHT = 450;

/** Source mode allows only these tags. */
export const ALLOWED_SOURCE_TAGS = [
  'p',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'li',
  'ol',
  'br',
  'blockquote',
  'pre',
  'a',
  'sub',
  'sup',
  'code',
  's',
  'table',
  'col',
  'tbody',
  'tr',
  'td',
  'img',
  'hr',
  'colgroup',
  'div',
  'th',
] as const;

/** Texts shown by the editor. Those from the spec are quoted to the letter. */
export const EDITOR_MESSAGES = {
  minFileSize: 'Minimum file size is 1 byte',
  maxFileSize: 'Maximum file size is 20 MiB',
  unsupportedHtmlTitle: 'Unsupported HTML elements',
  unsupportedHtmlMessage: 'This content contains the following unsupported HTML elements',
  insertTableTitle: 'Insert table',
  secureUrlTitle: 'Enter Secure URL',
  sourceMode: 'Source',
  // The spec gives no texts for these; see README.md.
  unsupportedFileType: 'This file type is not supported.',
  invalidSecureUrl: 'Enter a valid URL or IP address.',
  mentionDeleted: 'This user has been deleted',
  mentionNotPermitted: 'This user does not have permission to view this content',
  mentionUnknown: 'Unknown user',
} as const;
