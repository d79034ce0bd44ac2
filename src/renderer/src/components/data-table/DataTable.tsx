/**
 * The shared data table (help spec §4 "Tables", §9; issue 13 point 4) on
 * Blueprint's Table (through StretchTable: columns fill the width, dragged
 * widths are remembered). Its rules are in this folder and unit-tested:
 * selection.ts (neutral/select, select-all with exceptions, a limit, disabled
 * rows, arrows, Shift+arrows, Escape, show-selected-only), remote-loader.ts
 * (fetch after 300 ms, stale answers dropped, an error message),
 * table-settings.ts (columns, cap and warning, sort, auto-refresh, per table)
 * and table-rules.ts (sizes, delays, inline actions, last refresh, sorting).
 * Rows are local (`rows`) or remote (`remote`, paged); Enter runs the row
 * action; a search box filters with a 400 ms delay.
 */
import { Button, Checkbox, Classes, InputGroup, Spinner, Switch, Tooltip, type IconName } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, RenderMode } from '@blueprintjs/table';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { StateMessage } from '../StateMessage';
import { StretchTable } from '../StretchTable';
import { RemoteLoader, type RemotePage, type RemoteState } from './remote-loader';
import { clear, EMPTY_SELECTION, isSelected, moveWithKeyboard, selectedCount, toggle, toggleAll, visibleRows, type Selection, type SelectionMode } from './selection';
import { DISABLED_ROW_TOOLTIP, lastRefreshLabel, nextSort, showsInlineActions, TABLE, type SortBy } from './table-rules';
import { readSettings, storageKeyOf, type TableSettings } from './table-settings';
import { TableSettingsDialog } from './TableSettingsDialog';

export interface DataTableColumn<T> {
  id: string;
  title: string;
  width?: number;
  render(row: T): ReactNode;
  /** Sortable by this value (local rows), or by the server (remote). */
  sortValue?(row: T): string | number;
  sortable?: boolean;
}

export interface RowAction<T> {
  id: string;
  label: string;
  icon: IconName;
  run(row: T): void;
}

export interface RemoteQuery {
  page: number;
  pageSize: number;
  sortBy: SortBy[];
  search: string;
}

export interface DataTableProps<T> {
  /** The table's id: its settings and column widths are kept under it. */
  id: string;
  columns: readonly DataTableColumn<T>[];
  rowId(row: T): string;
  rows?: readonly T[];
  remote?: { fetch(query: RemoteQuery): Promise<RemotePage<T>>; pageSize: number; errorMessage(error: unknown): string };
  mode?: SelectionMode;
  selectionLimit?: number;
  isDisabled?(row: T): boolean;
  /** Enter on a row (and a double click). */
  onRowAction?(row: T): void;
  actions?: readonly RowAction<T>[];
  /** Local search: the text a row is searched by. */
  searchText?(row: T): string;
  searchPlaceholder?: string;
  maxColumnCount?: number;
  onSelectionChange?(selection: Selection): void;
  /** When the data was fetched (the last-refresh label). */
  fetchedAt?: number;
  emptyTitle?: string;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { id, columns, rowId, mode = 'neutral', remote } = props;
  const available = useMemo(() => columns.map((column) => column.id), [columns]);
  const defaults: TableSettings = useMemo(() => ({ columns: available.slice(0, props.maxColumnCount ?? available.length), sortBy: [], autoRefreshEnabled: false }), [available, props.maxColumnCount]);
  const [settings, setSettings] = useState<TableSettings>(() => readSettings(localStorage.getItem(storageKeyOf(id)), defaults, available, props.maxColumnCount));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [selectedOnly, setSelectedOnly] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [remoteState, setRemoteState] = useState<RemoteState<T> | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), TABLE.searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TABLE.lastRefreshTickMs);
    return () => clearInterval(timer);
  }, []);

  const loader = useRef<RemoteLoader<RemoteQuery, T> | null>(null);
  const remoteRef = useRef(remote);
  useEffect(() => {
    remoteRef.current = remote;
  });
  const isRemote = remote !== undefined;
  useEffect(() => {
    if (!isRemote) return;
    const made = new RemoteLoader<RemoteQuery, T>((query) => remoteRef.current!.fetch(query), setRemoteState, (error) => remoteRef.current!.errorMessage(error));
    loader.current = made;
    return () => made.dispose();
  }, [isRemote]);
  const pageSize = remote?.pageSize ?? 0;
  useEffect(() => {
    loader.current?.request({ page, pageSize, sortBy: settings.sortBy, search });
  }, [page, pageSize, settings.sortBy, search, isRemote]);

  const change = useCallback(
    (next: Selection) => {
      setSelection(next);
      props.onSelectionChange?.(next);
    },
    [props],
  );

  // Local rows: searched and sorted here; remote rows come as the server sent them.
  const shownColumns = columns.filter((column) => settings.columns.includes(column.id));
  const baseRows = useMemo(() => {
    if (isRemote) return remoteState?.data ?? [];
    let rows = [...(props.rows ?? [])];
    if (search && props.searchText) rows = rows.filter((row) => props.searchText!(row).toLowerCase().includes(search.toLowerCase()));
    const sort = settings.sortBy[0];
    const column = sort && columns.find((c) => c.id === sort.id);
    if (column?.sortValue) {
      const value = column.sortValue;
      rows.sort((a, b) => {
        const x = value(a);
        const y = value(b);
        const order = x < y ? -1 : x > y ? 1 : 0;
        return sort!.desc ? -order : order;
      });
    }
    return rows;
  }, [isRemote, remoteState, props.rows, props.searchText, search, settings.sortBy, columns]);
  const rows = visibleRows(baseRows, rowId, selection, selectedOnly);
  const total = isRemote ? (remoteState?.totalCount ?? 0) : baseRows.length;
  const ids = rows.map(rowId);
  const isRowDisabled = props.isDisabled;
  const disabled = (key: string) => {
    const row = rows.find((r) => rowId(r) === key);
    return row !== undefined && isRowDisabled?.(row) === true;
  };
  const rules = { limit: props.selectionLimit, isDisabled: disabled };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('input, button, textarea')) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      change(moveWithKeyboard(selection, event.key === 'ArrowDown' ? 1 : -1, ids, event.shiftKey, rules));
    } else if (event.key === 'Enter' && selection.focus !== null && rows[selection.focus]) {
      event.preventDefault();
      props.onRowAction?.(rows[selection.focus]!);
    } else if (event.key === 'Escape') {
      change(clear(selection));
    }
  };

  const inlineActions = props.actions && showsInlineActions(props.actions.length) ? props.actions : [];
  const columnSpecs = [
    ...(mode === 'select' ? [{ id: 'select', width: TABLE.checkboxColumnWidth, fixed: true }] : []),
    ...shownColumns.map((column) => ({ id: column.id, width: column.width ?? 160 })),
    ...(inlineActions.length > 0 ? [{ id: 'actions', width: 40 * inlineActions.length + 16, stretch: false }] : []),
  ];
  const sort = settings.sortBy[0] ?? null;
  const sortBy = (column: string) => {
    const next = { ...settings, sortBy: [nextSort(sort, column)] };
    setSettings(next);
    localStorage.setItem(storageKeyOf(id), JSON.stringify(next));
  };
  const rowClass = (row: T) => `${isSelected(selection, rowId(row)) ? 'data-table-row--selected' : ''}${props.isDisabled?.(row) ? ' data-table-row--disabled' : ''}`;
  const allChecked = selection.kind === 'all' && selection.ids.size === 0;
  const refreshed = props.fetchedAt !== undefined ? lastRefreshLabel(props.fetchedAt, now) : null;

  const body = remoteState?.error ? (
    <StateMessage icon="error" title={remoteState.errorMessage ?? 'The data could not be loaded.'} />
  ) : rows.length === 0 && !remoteState?.loading ? (
    <StateMessage icon="search" title={props.emptyTitle ?? 'Nothing to show'} />
  ) : (
    <StretchTable
      tableId={id}
      columns={columnSpecs}
      headerHeight={TABLE.headerHeight}
      numRows={rows.length}
      defaultRowHeight={TABLE.rowHeight}
      enableRowHeader={false}
      selectionModes={[]}
      renderMode={RenderMode.NONE}
      cellRendererDependencies={[rows, selection, shownColumns]}
    >
      {[
        ...(mode === 'select'
          ? [
              <Column
                key="select"
                id="select"
                columnHeaderCellRenderer={() => (
                  <ColumnHeaderCell style={{ height: TABLE.headerHeight }}>
                    <Checkbox className="no-margin" checked={allChecked} aria-label="Select all" onChange={() => change(toggleAll(selection, total, ids, rules))} />
                  </ColumnHeaderCell>
                )}
                cellRenderer={(index) => {
                  const row = rows[index]!;
                  const off = props.isDisabled?.(row) === true;
                  const box = (
                    <Checkbox className="no-margin" disabled={off} checked={isSelected(selection, rowId(row))} aria-label={`Select row ${index + 1}`} onChange={() => change(toggle(selection, rowId(row), total, rules))} />
                  );
                  return <Cell className={rowClass(row)}>{off ? <Tooltip content={DISABLED_ROW_TOOLTIP}>{box}</Tooltip> : box}</Cell>;
                }}
              />,
            ]
          : []),
        ...shownColumns.map((column) => (
          <Column
            key={column.id}
            id={column.id}
            columnHeaderCellRenderer={() => (
              <ColumnHeaderCell style={{ height: TABLE.headerHeight }}>
                {column.sortValue || (isRemote && column.sortable) ? (
                  <button type="button" className="data-table-sort" onClick={() => sortBy(column.id)} aria-sort={sort?.id === column.id ? (sort.desc ? 'descending' : 'ascending') : undefined}>
                    {column.title} {sort?.id === column.id ? (sort.desc ? '▼' : '▲') : ''}
                  </button>
                ) : (
                  column.title
                )}
              </ColumnHeaderCell>
            )}
            cellRenderer={(index) => (
              <Cell className={rowClass(rows[index]!)} interactive>
                <div onDoubleClick={() => props.onRowAction?.(rows[index]!)}>{column.render(rows[index]!)}</div>
              </Cell>
            )}
          />
        )),
        ...(inlineActions.length > 0
          ? [
              <Column
                key="actions"
                id="actions"
                columnHeaderCellRenderer={() => <ColumnHeaderCell style={{ height: TABLE.headerHeight }} name="Actions" />}
                cellRenderer={(index) => (
                  <Cell className={rowClass(rows[index]!)} interactive>
                    {inlineActions.map((action) => (
                      <Button key={action.id} size="small" variant="minimal" icon={action.icon} aria-label={action.label} title={action.label} disabled={props.isDisabled?.(rows[index]!)} onClick={() => action.run(rows[index]!)} />
                    ))}
                  </Cell>
                )}
              />,
            ]
          : []),
      ]}
    </StretchTable>
  );

  return (
    <div className="data-table" data-table-id={id} tabIndex={0} onKeyDown={onKeyDown} aria-label={id}>
      <div className="data-table-toolbar">
        {(props.searchText || isRemote) && (
          <InputGroup leftIcon="search" placeholder={props.searchPlaceholder ?? 'Search'} value={typed} onValueChange={setTyped} aria-label="Search the table" rightElement={remoteState?.loading ? <Spinner size={16} /> : undefined} />
        )}
        {mode === 'select' && <Switch className="no-margin" label="Show selected only" checked={selectedOnly} onChange={() => setSelectedOnly((v) => !v)} />}
        <span className={`${Classes.TEXT_MUTED} data-table-count`}>{mode === 'select' ? `${selectedCount(selection, total)} selected` : ''}</span>
        {refreshed && <span className={`${Classes.TEXT_MUTED} data-table-refreshed`}>{refreshed}</span>}
        <Button variant="minimal" icon="cog" aria-label="Table settings" onClick={() => setSettingsOpen(true)} />
      </div>
      {body}
      {isRemote && remoteState && remoteState.pageCount > 1 && (
        <div className="data-table-pages">
          <Button size="small" icon="chevron-left" disabled={page === 0} onClick={() => setPage((p) => p - 1)} aria-label="Previous page" />
          <span>
            Page {page + 1} of {remoteState.pageCount}
          </span>
          <Button size="small" icon="chevron-right" disabled={page + 1 >= remoteState.pageCount} onClick={() => setPage((p) => p + 1)} aria-label="Next page" />
        </div>
      )}
      <TableSettingsDialog
        isOpen={settingsOpen}
        columns={columns.map((column) => ({ id: column.id, title: column.title }))}
        settings={settings}
        maxColumnCount={props.maxColumnCount}
        onClose={() => setSettingsOpen(false)}
        onSave={(next) => {
          setSettings(next);
          localStorage.setItem(storageKeyOf(id), JSON.stringify(next));
          setSettingsOpen(false);
        }}
      />
    </div>
  );
}
