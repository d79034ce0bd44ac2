/**
 * The rich-text editor: ProseMirror inside Blueprint chrome. The host owns the
 * HTML value and the network: image and attachment uploads and the mention
 * search come in as callbacks (the editor makes no calls of its own).
 */
import 'prosemirror-view/style/prosemirror.css';
import 'prosemirror-gapcursor/style/gapcursor.css';
import 'prosemirror-tables/style/tables.css';
import './editor.css';
import { Button, Callout, Classes, TextArea } from '@blueprintjs/core';
import { type Node as PMNode } from 'prosemirror-model';
import { type Command, NodeSelection, type Transaction } from 'prosemirror-state';
import { CellSelection, isInTable } from 'prosemirror-tables';
import { EditorView } from 'prosemirror-view';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { indentWithin } from './commands/indent';
import { linkAtSelection, removeLink } from './commands/links';
import { insertTable, selectedCellPos } from './commands/tables';
import { EDITOR_MIN_HEIGHT, INLINE_TEXT_MAX_HEIGHT, MAX_INDENT_DEPTH } from './constants';
import { parseHtml, serializeHtml } from './html';
import type { DescribeMention, MentionCandidate, MentionKeys } from './mentions';
import { SET_CONTENT_META, SOURCE_APPLY_META } from './plugins/max-length';
import { ImageView, MentionView } from './plugins/node-views';
import { editorSchema, emptyDoc, textLength } from './schema';
import { createEditorPlugins, createEditorState } from './setup';
import { checkSourceHtml, formatHtml, type SourceCheck } from './source-mode';
import { AttachmentTray } from './ui/AttachmentTray';
import { FloatingToolbar } from './ui/FloatingToolbar';
import { LinkEditor } from './ui/LinkEditor';
import { MentionMenu } from './ui/MentionMenu';
import { SecureUrlDialog } from './ui/SecureUrlDialog';
import { SourceWarningDialog } from './ui/SourceWarningDialog';
import { EditorStore, elementBoxInBody, positionInBody } from './ui/store';
import { TableCellMenu } from './ui/TableControls';
import { Toolbar } from './ui/Toolbar';
import type { EditorAttachment } from './uploads';
import { useLinkEdit } from './use-link-edit';
import { useMentions } from './use-mentions';
import { type EditorUploadError, useEditorUploads } from './use-uploads';
import { contentHandlers } from './view-handlers';

export { DEFAULT_ATTACHMENT_TYPES, EditorUploadError } from './use-uploads';

export interface RichTextEditorProps {
  /** The content as HTML. A new value replaces the document unless it is the HTML the editor just reported. */
  value: string;
  /** Called on every document change with the HTML ('' when empty) and the text length. */
  onChange?: (html: string, textLength: number) => void;
  /** Disables editing, the toolbar and the source toggle. */
  readOnly?: boolean;
  /** Shows a character counter; with enforceMaxLength (default true) edits past it are refused. */
  maxLength?: number;
  enforceMaxLength?: boolean;
  placeholder?: string;
  /** Uploads an inline image (pasted, dropped or picked); the answer's cid is set on the image. */
  uploadImage?: (file: File) => Promise<{ cid: string; url: string }>;
  /** Uploads an attachment; report progress in percent; the content id is read under attachmentContentIdKey. */
  uploadAttachment?: (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<Record<string, unknown>>;
  attachmentContentIdKey?: string;
  /** Allowed attachment mime types or extensions ('image/png', 'image/*', '.pdf'). */
  allowedAttachmentTypes?: readonly string[];
  /** Whether the toolbar offers 'Attach file' (default true with uploadAttachment); pasted and dropped files reach the tray either way. */
  attachButton?: boolean;
  /** Accessible name of the attachment tray (default 'Attachments'). */
  attachmentTrayLabel?: string;
  /** Whether the editor lists its files in its own tray (default true); false when the host shows them (from uploadAttachment's calls). */
  showAttachmentTray?: boolean;
  onAttachmentsChange?: (attachments: EditorAttachment[]) => void;
  /** Mention search: debounced 500 ms and cached per query; at most 5 suggestions are shown. */
  searchMentions?: (query: string) => Promise<ReadonlyArray<MentionCandidate | Record<string, unknown>>>;
  mentionKeys?: MentionKeys;
  /** The host's mention tooltips (in the content and the menu), replacing the editor's default texts; read when a mention is drawn. */
  describeMention?: DescribeMention;
  /** Refused files and failed uploads. */
  onUploadError?: (error: EditorUploadError) => void;
  /** How deep lists may nest: 7 (§9), 5 in the mentions editor (MENTIONS_EDITOR_MAX_LIST_DEPTH). */
  maxListDepth?: number;
  /** Link clicks in read-only mode (the editor never navigates by itself). */
  onLinkClick?: (href: string) => void;
  minHeight?: number;
  maxHeight?: number;
  /** Accessible name of the editable area. */
  ariaLabel?: string;
  ariaLabelledBy?: string;
  id?: string;
  className?: string;
  'data-testid'?: string;
}

/** Height of the floating toolbar plus a gap: it sits above the selection when there is room. */
const FLOATING_TOOLBAR_OFFSET = 38;

function safeParse(html: string): PMNode {
  try {
    return parseHtml(html, editorSchema);
  } catch {
    return emptyDoc(editorSchema);
  }
}

export function RichTextEditor(props: RichTextEditorProps) {
  const { value, readOnly = false, maxLength, enforceMaxLength = true, placeholder, maxListDepth = MAX_INDENT_DEPTH } = props;
  const mountRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const propsRef = useRef(props);
  const lastHtmlRef = useRef<string | null>(null);
  // The view calls the current link editing start (Mod-K), as the toolbar does.
  const startLinkRef = useRef<() => void>(() => undefined);
  const [store] = useState(() => new EditorStore());
  const snapshot = useSyncExternalStore(store.subscribe, store.get);
  const { view, state } = snapshot;

  const [hasFocus, setHasFocus] = useState(false);
  const [source, setSource] = useState<string | null>(null);
  const [sourceWarning, setSourceWarning] = useState<Extract<SourceCheck, { ok: false }> | null>(null);

  useEffect(() => {
    propsRef.current = props;
  });

  // --- mentions (use-mentions.ts) -----------------------------------------------------------

  const editable = !!view && !readOnly && source === null;
  const mentions = useMentions(propsRef, props.mentionKeys, editable && hasFocus && !!props.searchMentions, view, state);
  const mentionPlugin = mentions.plugin;

  // --- uploads (use-uploads.ts) ------------------------------------------------------------

  const uploads = useEditorUploads(propsRef, viewRef);
  const { handleFiles, handleFilesRef, uploadPendingImagesRef, attachments, uploadError, setUploadError } = uploads;

  // --- the ProseMirror view ------------------------------------------------------------------

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    const initialHtml = lastHtmlRef.current ?? propsRef.current.value;
    lastHtmlRef.current = initialHtml;
    const p = propsRef.current;
    const state = viewRef.current?.state;
    const view: EditorView = new EditorView(mount, {
      state:
        state ??
        createEditorState(safeParse(initialHtml), {
          placeholder: p.placeholder,
          maxLength: p.enforceMaxLength === false ? undefined : p.maxLength,
          maxListDepth: p.maxListDepth,
          plugins: [mentionPlugin],
        }),
      editable: () => !propsRef.current.readOnly,
      attributes: () => {
        const q = propsRef.current;
        const attrs: Record<string, string> = {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': q.ariaLabel ?? 'Rich text editor',
          'data-testid': 'rte-content',
          class: 'rte-content',
        };
        if (q.ariaLabelledBy) attrs['aria-labelledby'] = q.ariaLabelledBy;
        if (q.id) attrs.id = q.id;
        if (q.readOnly) attrs['aria-readonly'] = 'true';
        return attrs;
      },
      nodeViews: {
        image: (node, v, getPos) => new ImageView(node, v, getPos),
        mention: (node) => new MentionView(node, propsRef.current.describeMention),
      },
      ...contentHandlers({
        handleFiles: handleFilesRef,
        onLinkClick: (href) => propsRef.current.onLinkClick?.(href),
        startLink: () => startLinkRef.current(),
      }),
      dispatchTransaction(tr: Transaction) {
        const before = view.state;
        const next = before.apply(tr);
        view.updateState(next);
        store.publish(view, next);
        if (next.doc !== before.doc && !tr.getMeta(SET_CONTENT_META)) {
          const html = serializeHtml(next.doc);
          lastHtmlRef.current = html;
          propsRef.current.onChange?.(html, textLength(next.doc));
        }
        const origin = tr.getMeta('uiEvent') as string | undefined;
        if (next.doc !== before.doc && (origin === 'paste' || origin === 'drop' || tr.getMeta(SOURCE_APPLY_META))) {
          queueMicrotask(() => uploadPendingImagesRef.current(view));
        }
      },
    });
    viewRef.current = view;
    store.publish(view, view.state);
    return () => {
      view.destroy();
      store.publish(null, null);
    };
  }, [store, handleFilesRef, uploadPendingImagesRef, mentionPlugin]);

  // Plugins that depend on props are rebuilt when those props change.
  useEffect(() => {
    const v = viewRef.current;
    if (!v) return;
    const plugins = createEditorPlugins(editorSchema, {
      placeholder,
      maxLength: enforceMaxLength ? maxLength : undefined,
      maxListDepth,
      plugins: [mentionPlugin],
    });
    v.updateState(v.state.reconfigure({ plugins }));
    store.publish(v, v.state);
  }, [placeholder, maxLength, enforceMaxLength, maxListDepth, store, mentionPlugin]);

  // A value from the host that is not what the editor reported replaces the document.
  useEffect(() => {
    const v = viewRef.current;
    if (!v || value === lastHtmlRef.current) return;
    lastHtmlRef.current = value;
    const doc = safeParse(value);
    v.dispatch(v.state.tr.replaceWith(0, v.state.doc.content.size, doc.content).setMeta(SET_CONTENT_META, true).setMeta('addToHistory', false));
  }, [value]);

  useEffect(() => {
    const v = viewRef.current;
    if (!v) return;
    v.setProps({ editable: () => !readOnly });
    store.publish(v, v.state);
  }, [readOnly, store]);

  // --- commands ------------------------------------------------------------------------------

  const run = (command: Command) => {
    if (!view || !view.editable) return;
    command(view.state, view.dispatch, view);
    view.focus();
  };

  const linkEditing = useLinkEdit(view);
  const linkEdit = linkEditing.editing;
  useEffect(() => {
    startLinkRef.current = linkEditing.start;
  });
  const indentCommand = useMemo(() => indentWithin(maxListDepth), [maxListDepth]);

  const toggleSource = () => {
    if (!view || readOnly) return;
    if (source === null) {
      linkEditing.cancel();
      setSource(formatHtml(serializeHtml(view.state.doc)));
      return;
    }
    const check = checkSourceHtml(source);
    if (!check.ok) {
      setSourceWarning(check);
      return;
    }
    const doc = safeParse(source);
    view.dispatch(view.state.tr.replaceWith(0, view.state.doc.content.size, doc.content).setMeta(SOURCE_APPLY_META, true));
    setSource(null);
    view.focus();
  };

  // --- derived UI state ----------------------------------------------------------------------

  const selection = state?.selection;
  const link = state && editable ? linkAtSelection(state) : null;
  const showFloating =
    editable && hasFocus && !linkEdit && !!selection && !selection.empty && !(selection instanceof CellSelection) && !(selection instanceof NodeSelection);
  const floatingPos = showFloating && view && selection ? positionInBody(view, selection.from) : null;

  const linkPos = view && (linkEdit || (link && hasFocus)) ? positionInBody(view, linkEdit ? Math.min(linkEdit.from, view.state.doc.content.size) : link!.from) : null;

  const cellPos = state && editable && hasFocus && isInTable(state) ? selectedCellPos(state) : null;
  const cellDom = view && cellPos != null ? view.nodeDOM(cellPos) : null;
  const cellBox = view && cellDom instanceof Element ? elementBoxInBody(view, cellDom) : null;

  const count = state ? textLength(state.doc) : 0;
  const insertAt = (command: Command) => run(command);

  return (
    <div
      className={`rte${readOnly ? ' rte--readonly' : ''}${props.className ? ` ${props.className}` : ''}`}
      data-testid={props['data-testid'] ?? 'rich-text-editor'}
      data-mode={source === null ? 'rich' : 'source'}
      onFocus={() => setHasFocus(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHasFocus(false);
      }}
    >
      <Toolbar
        state={state}
        formattingDisabled={!editable}
        readOnly={readOnly}
        sourceMode={source !== null}
        canInsertImage={!!props.uploadImage}
        canAttach={!!props.uploadAttachment && props.attachButton !== false}
        run={run}
        indent={indentCommand}
        onInsertLink={linkEditing.start}
        onInsertTable={(rows, columns) => insertAt(insertTable(rows, columns))}
        onPickImages={(files) => handleFiles(files, 'image')}
        onPickAttachments={(files) => handleFiles(files, 'attachment')}
        onToggleSource={toggleSource}
      />
      <div className="rte-body">
        <div
          ref={mountRef}
          className="rte-scroll"
          hidden={source !== null}
          style={{ minHeight: props.minHeight ?? EDITOR_MIN_HEIGHT, maxHeight: props.maxHeight ?? INLINE_TEXT_MAX_HEIGHT }}
          onScroll={store.relayout}
        />
        {source !== null && (
          <TextArea
            className={`rte-source ${Classes.MONOSPACE_TEXT}`}
            aria-label="HTML source"
            data-testid="rte-source"
            fill
            spellCheck={false}
            readOnly={readOnly}
            value={source}
            style={{ minHeight: props.minHeight ?? EDITOR_MIN_HEIGHT, maxHeight: props.maxHeight ?? INLINE_TEXT_MAX_HEIGHT }}
            onChange={(e) => setSource(e.target.value)}
          />
        )}
        {showFloating && floatingPos && state && (
          <FloatingToolbar
            state={state}
            top={floatingPos.top >= FLOATING_TOOLBAR_OFFSET ? floatingPos.top - FLOATING_TOOLBAR_OFFSET : floatingPos.bottom + 6}
            left={floatingPos.left}
            run={run}
            onInsertLink={linkEditing.start}
          />
        )}
        {linkPos && (link || linkEdit) && (
          <LinkEditor
            top={linkPos.bottom + 4}
            left={linkPos.left}
            href={link?.href ?? linkEdit?.value ?? ''}
            editValue={linkEdit?.value ?? null}
            onEditValue={linkEditing.type}
            onStartEdit={() => link && linkEditing.edit(link)}
            onConfirm={linkEditing.confirm}
            onCancel={linkEditing.cancel}
            onRemove={() => run(removeLink)}
          />
        )}
        {mentions.open && mentions.position && (
          <MentionMenu
            top={mentions.position.bottom + 4}
            left={mentions.position.left}
            suggestions={mentions.suggestions}
            activeIndex={mentions.activeIndex}
            onHover={mentions.hover}
            onChoose={mentions.choose}
            describe={props.describeMention}
          />
        )}
        {cellBox && state && <TableCellMenu state={state} top={cellBox.top + 2} left={cellBox.right - 26} run={run} />}
      </div>
      {props.showAttachmentTray !== false && (
        <AttachmentTray
          label={props.attachmentTrayLabel}
          items={attachments}
          readOnly={readOnly}
          onCancel={uploads.cancelAttachment}
          onRemove={uploads.removeAttachment}
        />
      )}
      {(uploadError || maxLength != null) && (
        <div className="rte-footer">
          {uploadError && (
            <Callout intent="danger" compact className="rte-upload-error" data-testid="rte-upload-error" role="alert">
              {uploadError}
              <Button size="small" variant="minimal" icon="cross" aria-label="Dismiss upload error" onClick={() => setUploadError(null)} />
            </Callout>
          )}
          {maxLength != null && (
            <span className={`rte-char-count${count > maxLength ? ' rte-char-count--over' : ''}`} data-testid="rte-char-count">
              {count} / {maxLength}
            </span>
          )}
        </div>
      )}
      <SourceWarningDialog unsupported={sourceWarning?.unsupported ?? null} onClose={() => setSourceWarning(null)} />
      <SecureUrlDialog isOpen={linkEditing.secure !== null} initialValue={linkEditing.secure?.value ?? ''} onInsert={linkEditing.insertSecure} onCancel={linkEditing.cancelSecure} />
    </div>
  );
}
