/**
 * What administration lists share (ticketing, PSA mappings): the Add
 * button with its menu of kinds, and the confirmation before a delete.
 */
import { Alert, Button, Intent, Menu, MenuItem, Popover } from '@blueprintjs/core';

export function AddMenuButton<K extends string>({ label, kinds, kindLabel, onAdd }: { label: string; kinds: readonly K[]; kindLabel(kind: K): string; onAdd(kind: K): void }) {
  if (kinds.length === 1) return <Button intent={Intent.PRIMARY} icon="add" text="Add" onClick={() => onAdd(kinds[0]!)} />;
  return (
    <Popover
      placement="bottom-start"
      content={
        <Menu aria-label={label}>
          {kinds.map((kind) => (
            <MenuItem key={kind} text={kindLabel(kind)} onClick={() => onAdd(kind)} />
          ))}
        </Menu>
      }
    >
      <Button intent={Intent.PRIMARY} icon="add" rightIcon="caret-down" text="Add" />
    </Popover>
  );
}

/** 'Delete the <what> '<name>'? This cannot be undone.' with Delete and Cancel. */
export function ConfirmDelete({ what, name, onConfirm, onCancel }: { what: string; name: string | null; onConfirm(): void; onCancel(): void }) {
  return (
    <Alert
      isOpen={name !== null}
      intent={Intent.DANGER}
      icon="trash"
      confirmButtonText="Delete"
      cancelButtonText="Cancel"
      onConfirm={onConfirm}
      onCancel={onCancel}
      aria-labelledby="admin-delete-question"
    >
      <p id="admin-delete-question">
        Delete the {what} '{name}'? This cannot be undone.
      </p>
    </Alert>
  );
}
