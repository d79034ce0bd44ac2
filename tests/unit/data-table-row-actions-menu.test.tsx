/** The data table's row actions menu (more than 3 actions): a disabled item says why, to the eye and to assistive technology. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RowActionsMenuItems } from '../../src/renderer/src/components/data-table/RowActionsMenu';
import type { RowAction } from '../../src/renderer/src/components/data-table/types';

interface Board {
  name: string;
  system: boolean;
}

const noop = () => undefined;
const actions: RowAction<Board>[] = [
  { id: 'edit', label: 'Edit', icon: 'edit', run: noop },
  { id: 'copy', label: 'Duplicate', icon: 'duplicate', run: noop },
  { id: 'export', label: 'Export', icon: 'export', run: noop, disabled: (b) => b.system },
  { id: 'delete', label: 'Delete', icon: 'trash', run: noop, disabled: (b) => b.system, disabledReason: (b) => (b.system ? 'System boards cannot be deleted' : undefined) },
];

const menu = (row: Board, rowDisabled = false) => {
  const host = renderToStaticMarkup(<RowActionsMenuItems row={row} actions={actions} rowLabel={row.name} rowDisabled={rowDisabled} />);
  return { host, item: (label: string) => host.match(new RegExp(`<a [^>]*role="menuitem"[^>]*>(?:(?!</a>).)*>${label}<(?:(?!</a>).)*</a>`))?.[0] ?? '' };
};

describe('row actions menu', () => {
  it('is named for its row', () => {
    expect(menu({ name: 'Triage', system: false }).host).toContain('aria-label="Actions for Triage"');
  });

  it('shows a disabled item’s reason beside it and makes it the item’s description, keeping the action as its name', () => {
    const { host, item } = menu({ name: 'Default', system: true });
    const del = item('Delete');
    expect(del).toContain('aria-disabled="true"');
    expect(del).toContain('aria-label="Delete"');
    expect(del).toContain('System boards cannot be deleted');
    const describedBy = /aria-describedby="([^"]+)"/.exec(del)?.[1];
    expect(describedBy).toBeTruthy();
    expect(host).toContain(`id="${describedBy}">System boards cannot be deleted<`);
    // Disabled without a reason: disabled, nothing invented.
    expect(item('Export')).toContain('aria-disabled="true"');
    expect(item('Export')).not.toContain('aria-describedby');
  });

  it('shows no reason on an item that is enabled', () => {
    const { host, item } = menu({ name: 'Triage', system: false });
    expect(item('Delete')).not.toContain('aria-disabled');
    expect(host).not.toContain('System boards cannot be deleted');
  });
});
