import { Button, InputGroup } from '@blueprintjs/core';
import { isAcceptableLinkInput } from '../links';

export interface LinkEditorProps {
  top: number;
  left: number;
  href: string;
  /** Edit mode's input value, or null in view mode. */
  editValue: string | null;
  onEditValue: (value: string) => void;
  onStartEdit: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onRemove: () => void;
}

/** The link editor popup: view mode (the URL, Edit, Remove) and edit mode (input, Cancel, Confirm). */
export function LinkEditor(props: LinkEditorProps) {
  const editing = props.editValue !== null;
  return (
    <div
      className="rte-link-editor"
      role="dialog"
      aria-label="Link editor"
      data-testid="rte-link-editor"
      data-mode={editing ? 'edit' : 'view'}
      style={{ top: props.top, left: props.left }}
      onMouseDown={(e) => {
        if (!editing) e.preventDefault();
      }}
    >
      {editing ? (
        <form
          className="rte-link-editor-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (isAcceptableLinkInput(props.editValue ?? '')) props.onConfirm();
          }}
        >
          <InputGroup
            size="small"
            aria-label="Link URL"
            data-testid="rte-link-input"
            autoFocus
            value={props.editValue ?? ''}
            intent={isAcceptableLinkInput(props.editValue ?? '') ? 'none' : 'danger'}
            onChange={(e) => props.onEditValue(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                props.onCancel();
              }
            }}
          />
          <Button size="small" variant="minimal" icon="cross" aria-label="Cancel link edit" data-testid="rte-link-cancel" onClick={props.onCancel} />
          <Button
            size="small"
            variant="minimal"
            icon="tick"
            type="submit"
            aria-label="Confirm link"
            data-testid="rte-link-confirm"
            disabled={!isAcceptableLinkInput(props.editValue ?? '')}
          />
        </form>
      ) : (
        <>
          <span className="rte-link-editor-url" data-testid="rte-link-url" title={props.href}>
            {props.href}
          </span>
          <Button size="small" variant="minimal" icon="edit" aria-label="Edit link" data-testid="rte-link-edit" onClick={props.onStartEdit} />
          <Button size="small" variant="minimal" icon="trash" aria-label="Remove link" data-testid="rte-link-remove" onClick={props.onRemove} />
        </>
      )}
    </div>
  );
}
