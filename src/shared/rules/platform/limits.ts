/** Business constants, spec/backup-restore.md §9. */
export const BROWSER_PAGE_SIZE = 250;
export const REVISION_PAGE_SIZE = 100;
export const DEVICE_PAGE_SIZE = 50;
export const FILE_TREE_PAGE_LIMIT = 1000;
export const FILE_TREE_DEFAULT_HEIGHT = 500;
export const RESTORE_SEARCH_MIN_LENGTH = 3;
export const DELETION_EFFECT_HOURS = 72;
export const TABLE_ROW_HEIGHT = 45;
export const TABLE_HEADER_HEIGHT = 45;
export const TABLE_CHECKBOX_COLUMN_WIDTH = 37;
/** A table's search waits this long after the last keystroke (help spec §9). */
export const TABLE_SEARCH_DELAY_MS = 400;
