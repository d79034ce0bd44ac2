/**
 * One inline row action. A disabled one with a reason says why: in a tooltip
 * on hover and on focus, and as its description for assistive technology. A
 * natively disabled button takes no pointer or focus events, so that one is
 * marked disabled with aria-disabled and Blueprint's disabled look instead,
 * stays in the tab order, and does nothing when pressed.
 */
import { Button, Classes, Tooltip } from '@blueprintjs/core';
import { useId } from 'react';
import type { RowAction } from './types';

export function RowActionButton<T>({ action, row, rowDisabled }: { action: RowAction<T>; row: T; rowDisabled: boolean }) {
  const reasonId = useId();
  const disabled = rowDisabled || action.disabled?.(row) === true;
  const reason = disabled ? action.disabledReason?.(row) : undefined;
  if (!reason) {
    return <Button size="small" variant="minimal" icon={action.icon} aria-label={action.label} title={action.label} disabled={disabled} onClick={() => action.run(row)} />;
  }
  return (
    <>
      <Tooltip content={reason} placement="top">
        <Button size="small" variant="minimal" icon={action.icon} aria-label={action.label} aria-disabled aria-describedby={reasonId} className={Classes.DISABLED} data-disabled-reason={reason} />
      </Tooltip>
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}
