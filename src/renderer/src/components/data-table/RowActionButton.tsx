/** One inline row action. A disabled one with a reason says why (../ReasonButton.tsx). */
import { Button } from '@blueprintjs/core';
import { ReasonButton } from '../ReasonButton';
import type { RowAction } from './types';

export function RowActionButton<T>({ action, row, rowDisabled }: { action: RowAction<T>; row: T; rowDisabled: boolean }) {
  const disabled = rowDisabled || action.disabled?.(row) === true;
  const reason = disabled ? action.disabledReason?.(row) : undefined;
  if (!reason) {
    return <Button size="small" variant="minimal" icon={action.icon} aria-label={action.label} title={action.label} disabled={disabled} onClick={() => action.run(row)} />;
  }
  return <ReasonButton reason={reason} size="small" variant="minimal" icon={action.icon} aria-label={action.label} />;
}
