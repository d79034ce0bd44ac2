/** A data table's column and row action. */
import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface DataTableColumn<T> {
  id: string;
  title: string;
  width?: number;
  /** false: the column keeps its width while the others share the room (row buttons). */
  stretch?: boolean;
  /** The cell: usually one of cells.tsx's renderers (§9 cell types). */
  render(row: T): ReactNode;
  /** Sortable by this value (local rows). */
  sortValue?(row: T): string | number;
  /** Sortable by the server (remote rows). */
  sortable?: boolean;
}

export interface RowAction<T> {
  id: string;
  label: string;
  icon: IconName;
  run(row: T): void;
  /** This action does not apply to the row (a system board cannot be deleted). */
  disabled?(row: T): boolean;
  /**
   * Why `disabled` holds for the row, in the technician's words ('System
   * boards cannot be deleted'): the disabled action's tooltip, and its
   * description for assistive technology.
   */
  disabledReason?(row: T): string | undefined;
}
