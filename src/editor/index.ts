/**
 * The ProseMirror rich-text editor module: the RichTextEditor component and
 * the pure helpers (also importable alone from './pure').
 */
export { RichTextEditor, EditorUploadError, DEFAULT_ATTACHMENT_TYPES, type RichTextEditorProps } from './RichTextEditor';
export * from './pure';
