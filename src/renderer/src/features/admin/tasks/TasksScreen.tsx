/**
 * The scheduled tasks list (ticketing spec §3.5): a
 * DataTable with search, the enabled switch (saved at once with
 * `admin.tasks.setEnabled`, put back when that fails), how it repeats, its next run
 * and its target count; Add and Edit open the editor at
 * /editor/scheduledTask/:id ('new' for Add); Copy saves the task read again
 * without its id as 'Copy of …'; Delete asks first (the shared admin list
 * block). Tasks the main process could not read are counted above the table.
 */
import { Classes } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ScheduledTaskRow } from '../../../../../shared/model/admin';
import { labelOrRaw } from '../../../../../shared/model/platform/open-values';
import { REPEATS_LABELS } from '../../../../../shared/rules/platform/schedule';
import { useQuery } from '../../../core/data/use-query';
import { navigate } from '../../../core/router';
import { presentError, toastSuccess } from '../../../core/toaster';
import { AddMenuButton, ConfirmDelete } from '../../../components/admin-list';
import { ButtonLinkCell, DateCell, NumberCell, SwitchCell, TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { ListNotices } from '../../../components/ListNotices';
import { AdminLayout } from '../AdminLayout';
import { deleteTask, readTask, saveTask, setTaskEnabled } from '../client';
import { copyPayload } from './task-form';

const EDITOR_ROUTE = (id: number | 'new') => `/editor/scheduledTask/${id}`;
const rowId = (row: ScheduledTaskRow) => String(row.id);
const NEW_KIND = ['task'] as const;

export function TasksScreen() {
  const tasks = useQuery('admin.tasks.list', {}, (error) => presentError(error, { key: 'tasks-list' }));
  const reload = tasks.reload;
  const [deleting, setDeleting] = useState<ScheduledTaskRow | null>(null);
  /** The switches turned but not yet read back from the list: saving ones, and saved ones until the next list. */
  const [overrides, setOverrides] = useState<ReadonlyMap<number, boolean>>(new Map());
  const saving = useRef(new Set<number>());
  useEffect(() => {
    // A new list holds the saved values: only the switches still saving keep theirs.
    setOverrides((previous) => new Map([...previous].filter(([id]) => saving.current.has(id))));
  }, [tasks.data]);

  const setEnabled = async (row: ScheduledTaskRow, enabled: boolean) => {
    saving.current.add(row.id);
    setOverrides((previous) => new Map(previous).set(row.id, enabled));
    try {
      const saved = await setTaskEnabled({ id: row.id, enabled });
      setOverrides((previous) => new Map(previous).set(row.id, saved.enabled));
    } catch (error) {
      // Put back: the switch shows what the server holds.
      setOverrides((previous) => {
        const next = new Map(previous);
        next.delete(row.id);
        return next;
      });
      presentError(error, { key: 'tasks-enabled' });
    } finally {
      saving.current.delete(row.id);
      reload();
    }
  };

  const copy = async (row: ScheduledTaskRow) => {
    try {
      const task = await readTask({ id: row.id });
      const saved = await saveTask(copyPayload(task));
      toastSuccess(`'${saved.name}' created`, 'tasks-copy');
    } catch (error) {
      presentError(error, { key: 'tasks-copy' });
    } finally {
      reload();
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteTask({ id: deleting.id });
      toastSuccess(`'${deleting.name}' deleted`, 'tasks-delete');
    } catch (error) {
      presentError(error, { key: 'tasks-delete' });
    } finally {
      setDeleting(null);
      reload();
    }
  };

  const enabledOf = (row: ScheduledTaskRow) => overrides.get(row.id) ?? row.enabled;
  const columns = useMemo<DataTableColumn<ScheduledTaskRow>[]>(
    () => [
      { id: 'name', title: 'Name', width: 220, sortValue: (t) => t.name.toLowerCase(), render: (t) => <ButtonLinkCell text={t.name} label={`Edit ${t.name}`} onClick={() => navigate(EDITOR_ROUTE(t.id))} /> },
      {
        id: 'enabled',
        title: 'Enabled',
        width: 80,
        stretch: false,
        sortValue: (t) => (enabledOf(t) ? 1 : 0),
        render: (t) => <SwitchCell checked={enabledOf(t)} label={`Enabled: ${t.name}`} onChange={(enabled) => void setEnabled(t, enabled)} />,
      },
      { id: 'repeats', title: 'Repeats', width: 110, sortValue: (t) => t.repeats, render: (t) => <TextCell text={labelOrRaw(REPEATS_LABELS, t.repeats)} /> },
      { id: 'nextRun', title: 'Next run', width: 180, sortValue: (t) => t.nextRun ?? Number.MAX_SAFE_INTEGER, render: (t) => <DateCell value={t.nextRun} /> },
      { id: 'targets', title: 'Targets', width: 80, sortValue: (t) => t.targetCount, render: (t) => <NumberCell value={t.targetCount} /> },
      { id: 'description', title: 'Description', width: 200, render: (t) => <TextCell text={t.description} /> },
    ],
    // The cells call the latest handlers and read the latest switches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [overrides],
  );
  const actions: RowAction<ScheduledTaskRow>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: (t) => navigate(EDITOR_ROUTE(t.id)) },
    { id: 'copy', label: 'Copy', icon: 'duplicate', run: (t) => void copy(t) },
    { id: 'delete', label: 'Delete', icon: 'trash', run: (t) => setDeleting(t) },
  ];

  return (
    <AdminLayout active="tasks">
      <div className="admin-page">
        <h1 className={`${Classes.HEADING} admin-page-title`}>Scheduled tasks</h1>
        <ListNotices what="scheduled tasks" list={tasks} />
        <DataTable<ScheduledTaskRow>
          id="admin-scheduled-tasks"
          label="Scheduled tasks"
          className="admin-table"
          columns={columns}
          rowId={rowId}
          rows={tasks.data?.items ?? []}
          rowLabel={(t) => t.name}
          searchText={(t) => `${t.name} ${t.description}`}
          searchPlaceholder="Search scheduled tasks..."
          actions={actions}
          onRowAction={(t) => navigate(EDITOR_ROUTE(t.id))}
          onRefresh={reload}
          loading={tasks.loading && !tasks.data}
          emptyTitle={tasks.loading ? 'Loading...' : 'No scheduled tasks'}
          toolbar={<AddMenuButton label="Add scheduled task" kinds={NEW_KIND} kindLabel={() => 'Scheduled task'} onAdd={() => navigate(EDITOR_ROUTE('new'))} />}
        />
        <ConfirmDelete what="scheduled task" name={deleting?.name ?? null} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
      </div>
    </AdminLayout>
  );
}
