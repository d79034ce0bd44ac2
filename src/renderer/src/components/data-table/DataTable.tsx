/**
 * The shared data table (help spec §4 "Tables", §9) on
 * Blueprint's Table (through StretchTable: columns fill the width, dragged
 * widths are remembered). Its rules are in this folder and unit-tested:
 * selection.ts (neutral/select, select-all with exceptions, a limit, disabled
 * rows, arrows, Shift+arrows, Escape, show-selected-only), keyboard.ts (what
 * each key does), remote-loader.ts (fetch after 300 ms, stale answers
 * dropped, an error message), table-settings.ts (columns, cap and warning,
 * sort, auto-refresh, per table), filters.ts (the three filter types) and
 * table-rules.ts (sizes, delays, inline or menu actions, last refresh,
 * sorting).
 * Beside it: the grid's host in Blueprint's scroller (use-grid-host.ts), the
 * slice of a huge listing drawn and its scrolling (use-row-slice.ts), and the
 * keys and clicks (table-input.ts).
 *
 * Rows come one of three ways: local (`rows`: searched, filtered and sorted
 * here), remote (`remote`: a page at a time from the server, with the query)
 * or windowed (`windowed`: a huge listing whose rows load as they scroll into
 * view, the backup browser's million-item folders). The selection may be
 * held by the caller (`selection` + `onSelectionChange`).
 */
import './DataTable.css';
import { Button, ButtonGroup, Classes, InputGroup, Spinner, Switch } from '@blueprintjs/core';
import { RenderMode } from '@blueprintjs/table';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { countOf } from '../../../../shared/rules/platform/counts';
import { takeFocusIfLost } from '../focus';
import { StateMessage } from '../StateMessage';
import { StretchTable } from '../StretchTable';
import { FilterBar } from './FilterBar';
import { activeFilters, matchesFilters, type FilterDef, type FilterValues } from './filters';
import { gridColumns, type GridModel } from './grid-columns';
import { gridIds } from './grid-ids';
import { GridRows } from './GridRows';
import { useGridSemantics, type AriaSort } from './grid-semantics';
import { RemoteLoader, type RemotePage, type RemoteState } from './remote-loader';
import { EMPTY_SELECTION, isEverySelected, isSelected, moveFocus, selectedCount, toggle, toggleAll, toggleLoaded, type RowIds, type Selection, type SelectionMode } from './selection';
import { actionsColumnWidth, lastRefreshLabel, rowActionsLayout, TABLE, type SortBy } from './table-rules';
import { readSettings, storageKeyOf, type TableSettings } from './table-settings';
import { tableInput } from './table-input';
import { TableSettingsDialog } from './TableSettingsDialog';
import type { DataTableColumn, RowAction } from './types';
import { useGridHost } from './use-grid-host';
import { useRowSlice } from './use-row-slice';

export type { DataTableColumn, RowAction } from './types';

export interface RemoteQuery {
  page: number;
  pageSize: number;
  sortBy: SortBy[];
  search: string;
  filters: FilterValues;
}

/** A listing too big to hold: `rowAt` is undefined for rows not loaded yet, `ensureRows` asks for them. */
interface WindowedRows<T> {
  total: number;
  /** Changes whenever rows arrive. */
  version: number;
  rowAt(index: number): T | undefined;
  ensureRows(start: number, end: number): void;
  loadedRows(): T[];
}

export interface DataTableProps<T> {
  /** The table's id: its settings and column widths are kept under it. */
  id: string;
  /** The element's id, when the screen names it. */
  domId?: string;
  /** What assistive technology calls the table. */
  label: string;
  className?: string;
  columns: readonly DataTableColumn<T>[];
  rowId(row: T): string;
  rows?: readonly T[];
  remote?: { fetch(query: RemoteQuery): Promise<RemotePage<T>>; pageSize: number; errorMessage(error: unknown): string };
  windowed?: WindowedRows<T>;
  mode?: SelectionMode;
  selectionLimit?: number;
  isDisabled?(row: T): boolean;
  /** Held by the caller when given. */
  selection?: Selection;
  onSelectionChange?(selection: Selection): void;
  /** Enter on a row, and a double click. */
  onRowAction?(row: T): void;
  /** Keys of the screen's own (the browser's Backspace): true when handled. */
  onKey?(event: KeyboardEvent<HTMLDivElement>, focused: T | undefined): boolean;
  actions?: readonly RowAction<T>[];
  /** Local search: the text a row is searched by. */
  searchText?(row: T): string;
  searchPlaceholder?: string;
  /** The search box's name (default 'Search ' + label). */
  searchLabel?: string;
  /** What a remote table's footer counts ('device': '120 devices · page 1 of 3'). */
  noun?: string;
  /** Above a failed remote fetch's message. */
  errorTitle?: string;
  filters?: readonly FilterDef<T>[];
  maxColumnCount?: number;
  /** When the data was fetched (the last-refresh label); remote tables know it themselves. */
  fetchedAt?: number;
  /** Auto-refresh of a local or windowed table (a remote one asks its server again). */
  onRefresh?(): void;
  /** The checkbox's name: 'Select ' + this. */
  rowLabel?(row: T): string;
  emptyTitle?: string;
  /** The caller is still reading the rows of a local table: its status says so rather than counting none. */
  loading?: boolean;
  /** Before the table's own buttons. */
  toolbar?: ReactNode;
  /** One row at a time is chosen (a target picker): the grid is not multi-selectable. */
  singleChoice?: boolean;
  /** The sort before the technician chooses one (a changed sort is kept with the table's settings). */
  defaultSort?: SortBy;
  /** false: the screen says the count itself (the backup browser's footer); the table's status says only loading and failures. */
  announcesCount?: boolean;
}

function rowsOfArray<T>(rows: readonly T[]) {
  return { count: rows.length, at: (index: number) => rows[index], loaded: () => rows };
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { id, columns, rowId, mode = 'neutral', remote, windowed } = props;
  const available = useMemo(() => columns.map((column) => column.id), [columns]);
  const defaults: TableSettings = useMemo(
    () => ({ columns: available.slice(0, props.maxColumnCount ?? available.length), sortBy: props.defaultSort && available.includes(props.defaultSort.id) ? [{ ...props.defaultSort }] : [], autoRefreshEnabled: false }),
    [available, props.maxColumnCount, props.defaultSort],
  );
  const [settings, setSettings] = useState<TableSettings>(() => readSettings(localStorage.getItem(storageKeyOf(id)), defaults, available, props.maxColumnCount));
  const saveSettings = (next: TableSettings) => {
    setSettings(next);
    localStorage.setItem(storageKeyOf(id), JSON.stringify(next));
  };
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [ownSelection, setOwnSelection] = useState<Selection>(EMPTY_SELECTION);
  /** The selection as held (its focus and anchor are positions; `selection` below follows their rows). */
  const held = props.selection ?? ownSelection;
  const [selectedOnly, setSelectedOnly] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [filterValues, setFilterValues] = useState<FilterValues>({});
  const [page, setPage] = useState(0);
  const [remoteState, setRemoteState] = useState<RemoteState<T> | null>(null);
  const [remoteFetchedAt, setRemoteFetchedAt] = useState<number | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  // The table's element and its grid (state, not refs: handlers given to the cells read them).
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [grid, setGrid] = useState<HTMLDivElement | null>(null);
  const [tableBody, setBody] = useState<HTMLDivElement | null>(null);
  // The grid element lives in Blueprint's scroller of the rows, first (see gridElement below): in a place of its own
  // there, which Blueprint does not draw.
  const { gridHost, hosted } = useGridHost(tableBody);
  const reactId = useId();
  const ids = useMemo(() => gridIds(`grid${reactId}`), [reactId]);
  // The rows Blueprint draws (as it numbers them): each gets a row element owning its cells.
  const [drawn, setDrawn] = useState({ start: 0, end: -1 });
  // The header row has the keyboard (ArrowUp from the first row): Tab reaches its sort buttons and resize handles.
  const [onHeader, setOnHeader] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(0);
    }, TABLE.searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TABLE.lastRefreshTickMs);
    return () => clearInterval(timer);
  }, []);

  // A table that replaces one that had the keyboard (the browser opening a folder) takes it: the focus was left on nothing.
  useEffect(() => takeFocusIfLost(grid), [grid]);

  const loader = useRef<RemoteLoader<RemoteQuery, T> | null>(null);
  const remoteRef = useRef(remote);
  const refreshRef = useRef(props.onRefresh);
  useEffect(() => {
    remoteRef.current = remote;
    refreshRef.current = props.onRefresh;
  });
  const isRemote = remote !== undefined;
  useEffect(() => {
    if (!isRemote) return;
    const onState = (state: RemoteState<T>) => {
      setRemoteState(state);
      if (!state.loading && !state.error) setRemoteFetchedAt(Date.now());
    };
    const made = new RemoteLoader<RemoteQuery, T>((query) => remoteRef.current!.fetch(query), onState, (error) => remoteRef.current!.errorMessage(error));
    loader.current = made;
    return () => made.dispose();
  }, [isRemote]);
  const pageSize = remote?.pageSize ?? 0;
  const query = useMemo<RemoteQuery>(() => ({ page, pageSize, sortBy: settings.sortBy, search, filters: activeFilters(filterValues) }), [page, pageSize, settings.sortBy, search, filterValues]);
  useEffect(() => {
    loader.current?.request(query);
  }, [query, isRemote]);
  // Auto-refresh (§3 table settings): a remote table asks again; a local or windowed one asks its screen.
  const canRefresh = isRemote || props.onRefresh !== undefined;
  useEffect(() => {
    if (!settings.autoRefreshEnabled || !canRefresh) return;
    const timer = setInterval(() => (loader.current ? loader.current.request(query) : refreshRef.current?.()), TABLE.autoRefreshMs);
    return () => clearInterval(timer);
  }, [settings.autoRefreshEnabled, canRefresh, query]);

  // The rows shown, as a count and an accessor (a window of a huge listing has no array).
  const shownColumns = columns.filter((column) => settings.columns.includes(column.id));
  const localRows = useMemo(() => {
    if (isRemote || windowed) return null;
    let rows = (props.rows ?? []).filter((row) => matchesFilters(row, props.filters ?? [], filterValues));
    if (search && props.searchText) rows = rows.filter((row) => props.searchText!(row).toLowerCase().includes(search.toLowerCase()));
    const sort = settings.sortBy[0];
    const value = sort && columns.find((c) => c.id === sort.id)?.sortValue;
    if (value) {
      rows = [...rows].sort((a, b) => {
        const x = value(a);
        const y = value(b);
        const order = x < y ? -1 : x > y ? 1 : 0;
        return sort!.desc ? -order : order;
      });
    }
    return rows;
  }, [isRemote, windowed, props.rows, props.searchText, props.filters, filterValues, search, settings.sortBy, columns]);
  const base = windowed ? { count: windowed.total, at: windowed.rowAt, loaded: windowed.loadedRows } : rowsOfArray(localRows ?? remoteState?.data ?? []);
  const version = windowed?.version;
  const shown = useMemo(
    () => (selectedOnly ? rowsOfArray(base.loaded().filter((row) => isSelected(held, rowId(row)))) : base),
    // `base` is remade each render; what it shows changes with these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selectedOnly, selectedOnly && held, localRows, remoteState, windowed, version, rowId],
  );
  // The keyboard's row and the Shift anchor are positions, kept with the ids of their rows: when the rows shown change
  // order or set (a sort, a search, filters, a page, show-selected-only, a poll), they follow their rows, or go when
  // their row is not shown. A windowed listing's positions are the listing's own (they only go when another row is there).
  const [keys, setKeys] = useState<{ focus: string | null; anchor: string | null }>({ focus: null, anchor: null });
  const idAt = (index: number | null): string | null => {
    const row = index === null ? undefined : shown.at(index);
    return row === undefined ? null : rowId(row);
  };
  const locate = (index: number | null, key: string | null): number | null => {
    if (index === null || key === null || idAt(index) === key) return index;
    // A windowed listing cannot be searched for the row: a row not loaded yet keeps the position, another row drops it.
    if (windowed && !selectedOnly) return idAt(index) === null ? index : null;
    for (let i = 0; i < shown.count; i++) if (idAt(i) === key) return i;
    return null;
  };
  const selection: Selection = useMemo(
    () => ({ ...held, focus: locate(held.focus, keys.focus), anchor: locate(held.anchor, keys.anchor) }),
    // One object while nothing it reads changes: the cells re-render when it does (cellRendererDependencies).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [held, keys, shown, windowed, selectedOnly],
  );
  const setSelection = (next: Selection) => {
    setKeys({ focus: idAt(next.focus), anchor: idAt(next.anchor) });
    if (!props.selection) setOwnSelection(next);
    props.onSelectionChange?.(next);
  };
  const total = isRemote ? (remoteState?.totalCount ?? 0) : base.count;
  const { start, numRows, atInSlice, scrollToRow, pageRows } = useRowSlice(element, shown, windowed !== undefined && !selectedOnly);
  const rowIds: RowIds = { count: shown.count, idAt: (index) => (shown.at(index) === undefined ? undefined : rowId(shown.at(index)!)) };
  const isRowDisabled = props.isDisabled;
  const byId = useMemo(() => (isRowDisabled ? new Map(shown.loaded().map((row) => [rowId(row), row])) : null), [isRowDisabled, shown, rowId]);
  const rules = { limit: props.selectionLimit, isDisabled: (key: string) => (byId?.has(key) ? isRowDisabled!(byId.get(key)!) : false) };
  const loadedIds = () => shown.loaded().map(rowId);
  const toggleEvery = () => setSelection(windowed ? toggleLoaded(selection, loadedIds(), rules) : toggleAll(selection, total, loadedIds(), rules));

  const { onKeyDown, onClick, onDoubleClick } = tableInput(props, {
    grid, tableBody, mode, shown, start, total, rowId, rowIds, rules, selection, setSelection, onHeader, setOnHeader, pageRows, scrollToRow, toggleEvery,
  });

  const rowActions = props.actions ?? [];
  const actionsLayout = rowActionsLayout(rowActions.length);
  const sort = settings.sortBy[0] ?? null;
  const loaded = windowed ? shown.loaded() : [];
  const model: GridModel<T> = {
    mode,
    columns: shownColumns,
    actions: rowActions,
    actionsInMenu: actionsLayout === 'menu',
    at: atInSlice,
    rowId,
    rowLabel: props.rowLabel ?? ((row) => rowId(row)),
    selection,
    focus: selection.focus === null || onHeader ? null : selection.focus - start,
    isDisabled: props.isDisabled,
    sort,
    sortable: (column) => column.sortValue !== undefined || (isRemote && column.sortable === true),
    onSort: (column) => {
      saveSettings({ ...settings, sortBy: [sort?.id === column ? { id: column, desc: !sort.desc } : { id: column, desc: false }] });
    },
    // Ticked once every row that can be selected is (disabled rows never are).
    header: {
      checked: isEverySelected(selection, loadedIds(), rules),
      indeterminate: windowed ? loaded.some((row) => isSelected(selection, rowId(row))) : selectedCount(selection, total) > 0,
    },
    onToggleAll: toggleEvery,
    onToggle: (row) => setSelection(toggle(selection, rowId(row), total, rules)),
    ids,
  };
  const columnSpecs = [
    ...(mode === 'select' ? [{ id: 'select', width: TABLE.checkboxColumnWidth, fixed: true }] : []),
    ...shownColumns.map((column) => ({ id: column.id, width: column.width ?? 160, stretch: column.stretch })),
    ...(actionsLayout !== 'none' ? [{ id: 'actions', width: actionsColumnWidth(rowActions.length), stretch: false }] : []),
  ];
  const fetchedAt = props.fetchedAt ?? remoteFetchedAt;
  const refreshed = fetchedAt !== undefined ? lastRefreshLabel(fetchedAt, now) : null;
  const count = mode === 'select' ? (windowed ? selection.ids.size : selectedCount(selection, total)) : 0;
  // What the table holds, said politely as it changes: loading, a failure, or how many rows there are.
  const status = remoteState?.loading || props.loading
    ? 'Loading…'
    : remoteState?.error
      ? (remoteState.errorMessage ?? 'The data could not be loaded.')
      : props.announcesCount === false
        ? ''
        : countOf(isRemote ? total : shown.count, props.noun ?? 'row');
  // The grid (WAI-ARIA grid pattern): a row element per drawn row owns its cells; the header row is the first row.
  const sorts: (AriaSort | undefined)[] = columnSpecs.map((spec) => {
    const column = shownColumns.find((c) => c.id === spec.id);
    if (!column || !model.sortable(column)) return undefined;
    return sort?.id === column.id ? (sort.desc ? 'descending' : 'ascending') : 'none';
  });
  const focusInSlice = selection.focus === null ? null : selection.focus - start;
  const activeRow = onHeader ? ids.headerRow : focusInSlice !== null && focusInSlice >= drawn.start && focusInSlice <= drawn.end ? ids.row(focusInSlice) : undefined;
  useGridSemantics(tableBody, { ids, sorts, tabRow: onHeader ? 'header' : focusInSlice });
  // Tabbing into the grid puts the keyboard on a row (the first, when none had it), without selecting it.
  const onGridFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target !== grid || onHeader || selection.focus !== null || shown.count === 0) return;
    setSelection(moveFocus(selection, 1, shown.count));
  };
  // A grid that took the keyboard while it had no rows (still loading) puts it on the first row once they arrive. Where
  // the keyboard is lives in the DOM, outside React: an effect reads it, before the next key can come (layout effect), so
  // a key pressed as the rows appear moves from the first row and never from none.
  useLayoutEffect(() => {
    // Not in a single-choice picker: there, moving the keyboard chooses the row, which only a technician may do.
    if (props.singleChoice || !grid || document.activeElement !== grid || onHeader || selection.focus !== null || shown.count === 0) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSelection(moveFocus(selection, 1, shown.count));
    // Only the arrival of rows asks this; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown.count > 0, grid]);

  // The grid holds only its rows; the rows own the cells Blueprint draws beside them (a cell is no child of the grid but
  // of its row). It sits in Blueprint's scroller of the rows (pinned in view, taking no room): that scroller then holds
  // the tab stop that moves it, so it is no second one, and the keys and clicks reach the wrapper through React.
  const gridElement = (
    <div
      role="grid"
      className="data-table-grid"
      ref={setGrid}
      tabIndex={0}
      aria-label={props.label}
      aria-rowcount={(isRemote ? total : shown.count) + 1}
      aria-colcount={columnSpecs.length}
      aria-multiselectable={props.selectionLimit === 1 || props.singleChoice ? undefined : true}
      aria-activedescendant={activeRow}
      onFocus={onGridFocus}
    >
      <GridRows
        ids={ids}
        drawn={drawn}
        numRows={numRows}
        start={start}
        columns={columnSpecs.length}
        primary={columnSpecs.findIndex((spec) => spec.id !== 'select')}
        at={atInSlice}
        rowId={rowId}
        rowLabel={props.rowLabel}
        isDisabled={props.isDisabled}
        selection={selection}
      />
    </div>
  );

  const isTable = !remoteState?.error && !(shown.count === 0 && !remoteState?.loading);
  const body = remoteState?.error ? (
    props.errorTitle ? (
      <StateMessage icon="error" title={props.errorTitle} description={remoteState.errorMessage ?? undefined} />
    ) : (
      <StateMessage icon="error" title={remoteState.errorMessage ?? 'The data could not be loaded.'} />
    )
  ) : shown.count === 0 && !remoteState?.loading ? (
    <StateMessage icon="search" title={props.emptyTitle ?? 'Nothing to show'} />
  ) : (
    <StretchTable
      tableId={id}
      columns={columnSpecs}
      headerHeight={TABLE.headerHeight}
      numRows={numRows}
      defaultRowHeight={TABLE.rowHeight}
      enableRowHeader={false}
      selectionModes={[]}
      renderMode={RenderMode.NONE}
      cellRendererDependencies={[shown, version, selection, shownColumns, props.isDisabled, start]}
      onVisibleCellsChange={(visible) => {
        // Blueprint tells this while it renders: the rows are noted after, not in another component's render.
        queueMicrotask(() => setDrawn((was) => (was.start === visible.rowIndexStart && was.end === visible.rowIndexEnd ? was : { start: visible.rowIndexStart, end: visible.rowIndexEnd })));
        if (windowed && !selectedOnly) windowed.ensureRows(start + visible.rowIndexStart, start + visible.rowIndexEnd);
      }}
    >
      {(resize) => gridColumns(model, resize)}
    </StretchTable>
  );

  return (
    <div role="region" className={`data-table ${props.className ?? ''}`} id={props.domId} data-table-id={id} data-rows={shown.count} aria-label={props.label} ref={setElement}>
      <div className="data-table-toolbar">
        {props.toolbar}
        {(props.searchText || isRemote) && (
          <InputGroup leftIcon="search" placeholder={props.searchPlaceholder ?? 'Search'} value={typed}
            onValueChange={setTyped} aria-label={props.searchLabel ?? `Search ${props.label}`} rightElement={remoteState?.loading ? <Spinner size={16} /> : undefined} />
        )}
        {props.filters && props.filters.length > 0 && (
          <FilterBar
            filters={props.filters}
            values={filterValues}
            onChange={(next) => {
              setFilterValues(next);
              setPage(0);
            }}
          />
        )}
        {mode === 'select' && (
          <Switch
            className="no-margin"
            label="Show selected only"
            checked={selectedOnly}
            onChange={() => setSelectedOnly((v) => !v)}
          />
        )}
        <span className={`${Classes.TEXT_MUTED} data-table-count`} data-testid="selected-count">
          {count > 0 ? `${count} selected` : ''}
        </span>
        {refreshed && <span className={`${Classes.TEXT_MUTED} data-table-refreshed`}>{refreshed}</span>}
        <Button variant="minimal" icon="cog" aria-label="Table settings" onClick={() => setSettingsOpen(true)} />
      </div>
      <span className="visually-hidden" role="status" data-testid="table-status">
        {status}
      </span>
      {isTable ? (
        // Keys and clicks from the grid and from the cells' controls meet on the wrapper.
        <div className={`data-table-body${onHeader ? ' data-table-body--header' : ''}`} ref={setBody} onKeyDown={onKeyDown} onClick={onClick} onDoubleClick={onDoubleClick}>
          {hosted && createPortal(gridElement, gridHost)}
          {body}
        </div>
      ) : (
        body
      )}
      {isRemote && (
        <div className="data-table-pages">
          <span data-testid={`${id}-count`}>{remoteFetchedAt !== undefined && !remoteState?.error ? `${countOf(total, props.noun ?? 'row')} · page ${remoteState!.pageCount === 0 ? 0 : page + 1} of ${remoteState!.pageCount}` : ''}</span>
          <ButtonGroup>
            <Button icon="chevron-left" disabled={page === 0 || remoteState?.loading} onClick={() => setPage((p) => p - 1)}
              aria-label="Previous page"
            />
            <Button icon="chevron-right" disabled={page + 1 >= (remoteState?.pageCount ?? 0) || remoteState?.loading} onClick={() => setPage((p) => p + 1)}
              aria-label="Next page"
            />
          </ButtonGroup>
        </div>
      )}
      <TableSettingsDialog
        isOpen={settingsOpen}
        columns={columns.map((column) => ({ id: column.id, title: column.title, sortable: model.sortable(column) }))}
        settings={settings}
        maxColumnCount={props.maxColumnCount}
        canAutoRefresh={canRefresh}
        onClose={() => setSettingsOpen(false)}
        onSave={(next) => {
          saveSettings(next);
          setSettingsOpen(false);
        }}
      />
    </div>
  );
}
