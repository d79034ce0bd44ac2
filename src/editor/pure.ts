/**
 * The editor's pure helpers: schema, HTML rules, validators, commands and
 * plugins. Nothing here needs a DOM or React, so tests and other layers can
 * import it without the component.
 */
export * from './constants';
export { editorSchema, emptyDoc, textLength, nodes as editorNodes, marks as editorMarks, BUTTON_ATTR } from './schema';
export { parseHtml, serializeHtml, isEmptyDoc, type HtmlDocumentLike } from './html';
export { createEditorState, createEditorPlugins, type EditorPluginOptions } from './setup';

export {
  isValidLinkUrl,
  sanitizeLinkUrl,
  normalizeLinkHref,
  hasProtocol,
  isAcceptableLinkInput,
  secureUrlHref,
  isValidSecureUrl,
  findAutolinks,
  type AutolinkMatch,
} from './links';
export { isValidHexColor } from './colors';
export {
  isAcceptedImageDataUrl,
  isLocalFileSrc,
  acceptImportedImageSrc,
  needsImageUpload,
  clampImageWidth,
  scaledHeight,
  isInlineImageFile,
  dataUrlToFile,
} from './images';
export {
  validateUploadFile,
  isAllowedFileType,
  attachmentsReducer,
  nextSimulatedProgress,
  progressFromHostReport,
  hasPendingUploads,
  formatFileSize,
  type EditorAttachment,
  type AttachmentAction,
  type FileLike,
} from './uploads';
export {
  matchMentionQuery,
  toSuggestions,
  createMentionSearch,
  mentionStatus,
  mentionTooltip,
  DEFAULT_MENTION_KEYS,
  type MentionCandidate,
  type MentionKeys,
  type MentionSuggestion,
  type MentionSearch,
  type MentionStatus,
  type DescribeMention,
} from './mentions';
export { findUnsupportedTags, checkSourceHtml, formatHtml, type SourceCheck } from './source-mode';
export { cleanPastedHtml, isWordProcessorHtml } from './paste-cleanup';

export { toggleFormat, isMarkActive, markAttrsAtSelection, setFontSize, setFontFamily, setTextColor, fontSizeAtSelection, TEXT_FORMATS, type TextFormat } from './commands/marks';
export { setBlockType, activeBlockType, setAlignment, activeAlignment } from './commands/blocks';
export { indent, indentWithin, outdent, listDepth } from './commands/indent';
export { setLink, setSecureLink, removeLink, toggleLink, linkAtSelection, linkSelectionToPastedText, linkPastedSecureUrl, type LinkAtSelection } from './commands/links';
export {
  isValidTableSize,
  parseTableSizeInput,
  createTable,
  insertTable,
  cellMenuActions,
  mergeSelectedCells,
  unmergeCell,
  setRowHeight,
  clampRowHeight,
  clampColumnWidth,
  type CellMenuActions,
} from './commands/tables';
export { mentionQueryAt, insertMention, type MentionQueryInState } from './commands/mentions';
export { insertImage, imagesNeedingUpload, markImageUploading, completeImageUpload, removePendingImage, setImageSize, type NewImage } from './commands/images';
export { autolinkPlugin, autolinkTextblock } from './plugins/autolink';
export { maxLengthPlugin, SET_CONTENT_META, SOURCE_APPLY_META } from './plugins/max-length';
export { listDepthPlugin, maxListDepthOf, capListDepth } from './plugins/list-depth';
