/**
 * A column's resize handle for the keyboard: a separator
 * in the column's header that the arrow keys move by 10 px. Blueprint's own
 * header edge takes the pointer; this one shows only while it has the focus.
 */
import './DataTable.css';
import type { KeyboardEvent } from 'react';
import { MIN_COLUMN_WIDTH } from '../column-widths';

const KEY_STEP = 10;

export function ColumnResizeHandle({ label, width, onResize }: { label: string; width: number; onResize(width: number): void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    onResize(Math.max(MIN_COLUMN_WIDTH, width + (event.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP)));
  };
  return (
    <span
      className="column-resize-handle"
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${label}`}
      aria-valuenow={width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      tabIndex={0}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={onKeyDown}
    />
  );
}
