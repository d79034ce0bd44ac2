/**
 * A row's actions in one menu (help spec §9: inline buttons only for 1 to 3
 * actions; more would crowd the row). The button is named for its row, and
 * each item is disabled as its inline button would be, with its reason.
 */
import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import type { RowAction } from './types';

export function RowActionsMenu<T>({ row, actions, rowLabel, rowDisabled }: { row: T; actions: readonly RowAction<T>[]; rowLabel: string; rowDisabled: boolean }) {
  const name = `Actions for ${rowLabel}`;
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu aria-label={name}>
          {actions.map((action) => {
            const disabled = rowDisabled || action.disabled?.(row) === true;
            // A disabled item takes no pointer: its reason is shown beside it rather than in a tooltip.
            return <MenuItem key={action.id} icon={action.icon} text={action.label} label={disabled ? action.disabledReason?.(row) : undefined} disabled={disabled} onClick={() => action.run(row)} />;
          })}
        </Menu>
      }
    >
      <Button size="small" variant="minimal" icon="more" aria-label={name} title="Actions" />
    </Popover>
  );
}
