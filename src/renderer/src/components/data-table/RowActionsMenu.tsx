/**
 * A row's actions in one menu (help spec §9: inline buttons only for 1 to 3
 * actions; more would crowd the row). The button is named for its row, and
 * each item is disabled as its inline button would be, with its reason.
 */
import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useId } from 'react';
import type { RowAction } from './types';

interface RowActionsProps<T> {
  row: T;
  actions: readonly RowAction<T>[];
  rowLabel: string;
  rowDisabled: boolean;
}

export function RowActionsMenu<T>(props: RowActionsProps<T>) {
  return (
    <Popover placement="bottom-end" content={<RowActionsMenuItems {...props} />}>
      <Button size="small" variant="minimal" icon="more" aria-label={menuName(props.rowLabel)} title="Actions" />
    </Popover>
  );
}

/** The open menu: its own component so it renders (and is tested) without a popover. */
export function RowActionsMenuItems<T>({ row, actions, rowLabel, rowDisabled }: RowActionsProps<T>) {
  const reasonIdPrefix = useId();
  return (
    <Menu aria-label={menuName(rowLabel)}>
      {actions.map((action, index) => {
        const disabled = rowDisabled || action.disabled?.(row) === true;
        const reason = disabled ? action.disabledReason?.(row) : undefined;
        if (!reason) return <MenuItem key={action.id} icon={action.icon} text={action.label} disabled={disabled} onClick={() => action.run(row)} />;
        // A disabled item takes no pointer or focus, so a tooltip would never show: the reason
        // stands beside it, and is its description (the name stays the action's) for assistive technology.
        const reasonId = `${reasonIdPrefix}-${index}`;
        return <MenuItem key={action.id} icon={action.icon} text={action.label} aria-label={action.label} aria-describedby={reasonId} labelElement={<span id={reasonId}>{reason}</span>} disabled />;
      })}
    </Menu>
  );
}

function menuName(rowLabel: string): string {
  return `Actions for ${rowLabel}`;
}
