import { Button, Divider, HTMLSelect } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { redo, undo } from 'prosemirror-history';
import type { Command, EditorState } from 'prosemirror-state';
import { activeAlignment, activeBlockType, setAlignment, setBlockType } from '../commands/blocks';
import { outdent } from '../commands/indent';
import { linkAtSelection } from '../commands/links';
import { fontSizeAtSelection, isMarkActive, markAttrsAtSelection, setFontFamily, setFontSize, setTextColor, type TextFormat, toggleFormat } from '../commands/marks';
import { ALIGNMENTS, type Alignment, BLOCK_TYPE_LABELS, BLOCK_TYPES, type BlockType, EDITOR_MESSAGES, FONT_FAMILIES, FONT_SIZES, IMAGE_UPLOAD_TYPES } from '../constants';
import { ColorPicker } from './ColorPicker';
import { InsertTableButton } from './TableControls';

export const FORMAT_BUTTONS: ReadonlyArray<{ format: TextFormat; label: string; icon: IconName }> = [
  { format: 'bold', label: 'Bold', icon: 'bold' },
  { format: 'italic', label: 'Italic', icon: 'italic' },
  { format: 'underline', label: 'Underline', icon: 'underline' },
  { format: 'strikethrough', label: 'Strikethrough', icon: 'strikethrough' },
  { format: 'code', label: 'Code', icon: 'code' },
];

const ALIGNMENT_LABELS: Record<Alignment, string> = {
  left: 'Left align',
  center: 'Center align',
  right: 'Right align',
  justify: 'Justify align',
  start: 'Start align',
  end: 'End align',
};

export interface ToolbarProps {
  state: EditorState | null;
  /** Editing disabled (read-only, or the source view is shown). */
  formattingDisabled: boolean;
  readOnly: boolean;
  sourceMode: boolean;
  canInsertImage: boolean;
  canAttach: boolean;
  run: (command: Command) => void;
  /** Indent within the editor's list depth. */
  indent: Command;
  onInsertLink: () => void;
  onInsertTable: (rows: number, columns: number) => void;
  onPickImages: (files: File[]) => void;
  onPickAttachments: (files: File[]) => void;
  onToggleSource: () => void;
}

const keepFocus = (e: React.MouseEvent) => e.preventDefault();

function FilePickerButton(props: { label: string; icon: IconName; testId: string; accept?: string; disabled: boolean; onFiles: (files: File[]) => void }) {
  return (
    <span className={`rte-file-picker${props.disabled ? ' rte-file-picker--disabled' : ''}`}>
      <Button variant="minimal" icon={props.icon} aria-label={props.label} data-testid={props.testId} disabled={props.disabled} tabIndex={-1} onMouseDown={keepFocus} onClick={(e) => (e.currentTarget.parentElement?.querySelector('input') as HTMLInputElement | null)?.click()} />
      <input
        type="file"
        multiple
        hidden
        accept={props.accept}
        data-testid={`${props.testId}-input`}
        disabled={props.disabled}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) props.onFiles(files);
        }}
      />
    </span>
  );
}

/** The formatting toolbar. */
export function Toolbar(props: ToolbarProps) {
  const { state, formattingDisabled: off, run } = props;
  const blockType = state ? activeBlockType(state) : 'paragraph';
  const align = state ? activeAlignment(state) : null;
  const fontSize = state ? fontSizeAtSelection(state) : null;
  const fontFamily = state ? ((markAttrsAtSelection(state, 'font_family')?.family as string | undefined) ?? null) : null;
  const color = state ? ((markAttrsAtSelection(state, 'text_color')?.color as string | undefined) ?? null) : null;
  const can = (command: Command) => !off && !!state && command(state);
  const inLink = state ? !!linkAtSelection(state) : false;

  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting" data-testid="rte-toolbar">
      <Button variant="minimal" icon="undo" aria-label="Undo" disabled={!can(undo)} onMouseDown={keepFocus} onClick={() => run(undo)} />
      <Button variant="minimal" icon="redo" aria-label="Redo" disabled={!can(redo)} onMouseDown={keepFocus} onClick={() => run(redo)} />
      <Divider />
      <HTMLSelect
        minimal
        aria-label="Block type"
        data-testid="rte-block-type"
        disabled={off}
        value={blockType}
        onChange={(e) => run(setBlockType(e.target.value as BlockType))}
        options={BLOCK_TYPES.map((type) => ({ value: type, label: BLOCK_TYPE_LABELS[type] }))}
      />
      <HTMLSelect
        minimal
        aria-label="Font size"
        data-testid="rte-font-size"
        disabled={off}
        value={fontSize == null ? '' : String(fontSize)}
        onChange={(e) => run(setFontSize(e.target.value === '' ? null : Number(e.target.value)))}
        options={[{ value: '', label: 'Size' }, ...FONT_SIZES.map((size) => ({ value: String(size), label: `${size}px` }))]}
      />
      <HTMLSelect
        minimal
        aria-label="Font family"
        data-testid="rte-font-family"
        disabled={off}
        value={fontFamily && (FONT_FAMILIES as readonly string[]).includes(fontFamily) ? fontFamily : ''}
        onChange={(e) => run(setFontFamily(e.target.value === '' ? null : e.target.value))}
        options={[{ value: '', label: 'Font' }, ...FONT_FAMILIES.map((family) => ({ value: family, label: family }))]}
      />
      <Divider />
      {FORMAT_BUTTONS.map(({ format, label, icon }) => {
        const active = !!state && isMarkActive(state, format);
        return (
          <Button
            key={format}
            variant="minimal"
            icon={icon}
            aria-label={label}
            aria-pressed={active}
            active={active}
            data-testid={`rte-${format}`}
            disabled={off}
            onMouseDown={keepFocus}
            onClick={() => run(toggleFormat(format))}
          />
        );
      })}
      <ColorPicker color={color} disabled={off} onPick={(c) => run(setTextColor(c))} />
      <Divider />
      <HTMLSelect
        minimal
        aria-label="Alignment"
        data-testid="rte-alignment"
        disabled={off}
        value={align ?? ''}
        onChange={(e) => run(setAlignment(e.target.value === '' ? null : (e.target.value as Alignment)))}
        options={[{ value: '', label: 'Align' }, ...ALIGNMENTS.map((a) => ({ value: a, label: ALIGNMENT_LABELS[a] }))]}
      />
      <Button variant="minimal" icon="double-chevron-left" aria-label="Outdent" data-testid="rte-outdent" disabled={!can(outdent)} onMouseDown={keepFocus} onClick={() => run(outdent)} />
      <Button variant="minimal" icon="double-chevron-right" aria-label="Indent" data-testid="rte-indent" disabled={!can(props.indent)} onMouseDown={keepFocus} onClick={() => run(props.indent)} />
      <Button
        variant="minimal"
        icon="properties"
        aria-label="Bulleted list"
        aria-pressed={blockType === 'bullet'}
        active={blockType === 'bullet'}
        data-testid="rte-bullet-list"
        disabled={off}
        onMouseDown={keepFocus}
        onClick={() => run(setBlockType('bullet'))}
      />
      <Button
        variant="minimal"
        icon="numbered-list"
        aria-label="Numbered list"
        aria-pressed={blockType === 'number'}
        active={blockType === 'number'}
        data-testid="rte-numbered-list"
        disabled={off}
        onMouseDown={keepFocus}
        onClick={() => run(setBlockType('number'))}
      />
      <Divider />
      <Button
        variant="minimal"
        icon="link"
        aria-label="Insert link"
        aria-pressed={inLink}
        active={inLink}
        data-testid="rte-link"
        disabled={off}
        onMouseDown={keepFocus}
        onClick={props.onInsertLink}
      />
      <InsertTableButton disabled={off} onInsert={props.onInsertTable} />
      {props.canInsertImage && (
        <FilePickerButton label="Insert image" icon="media" testId="rte-insert-image" accept={IMAGE_UPLOAD_TYPES.join(',')} disabled={off} onFiles={props.onPickImages} />
      )}
      {props.canAttach && <FilePickerButton label="Attach file" icon="paperclip" testId="rte-attach" disabled={off} onFiles={props.onPickAttachments} />}
      <Divider />
      <Button
        variant="minimal"
        icon="code-block"
        text={EDITOR_MESSAGES.sourceMode}
        aria-label={EDITOR_MESSAGES.sourceMode}
        aria-pressed={props.sourceMode}
        active={props.sourceMode}
        data-testid="rte-source-toggle"
        disabled={props.readOnly}
        onMouseDown={keepFocus}
        onClick={props.onToggleSource}
      />
    </div>
  );
}
