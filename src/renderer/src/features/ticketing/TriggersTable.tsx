/**
 * The automations, response templates and boards lists:
 * a DataTable with search, the enabled switch (saved at once), Add, Edit,
 * Copy and Delete (confirmed); a name or Enter opens the editor. The list
 * reads again after every save (§7.1: after a board save the boards list is
 * refreshed). A trigger of a type this console does not know is listed raw
 * and cannot be opened or switched. A board's name opens its tickets; Edit
 * its editor.
 */
import './ticketing.css';
import { useMemo, useState } from 'react';
import { TRIGGER_TYPES, type Trigger, type TicketingLists, type TriggerType } from '../../../../shared/model/ticketing';
import { formOfTrigger, TRIGGER_MESSAGES, TRIGGER_TYPE_LABELS, triggerPayload } from '../../../../shared/rules/ticketing/trigger';
import { useQuery } from '../../core/data/use-query';
import { presentError, toastSuccess } from '../../core/toaster';
import { ButtonLinkCell, SwitchCell, TextCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/DataTable';
import { ListNotices } from '../../components/ListNotices';
import { AddMenuButton, ConfirmDelete } from '../../components/admin-list';
import { BoardView } from './BoardView';
import { deleteTrigger, readTrigger, saveTrigger } from './client';
import { TriggerDialog, type TriggerDialogTarget } from './TriggerDialog';

const known = (type: string): type is TriggerType => (TRIGGER_TYPES as readonly string[]).includes(type);
const typeLabel = (type: string) => (known(type) ? TRIGGER_TYPE_LABELS[type].replace(/^./, (c) => c.toUpperCase()) : type);
const triggerId = (trigger: Trigger) => String(trigger.id);

interface TriggersTableProps {
  /** The list's id and name ('automations', 'Automations'). */
  id: string;
  label: string;
  /** What it lists (and what Add offers). */
  types: readonly TriggerType[];
  /** 'automation', 'response template', 'ticket board': the delete question and the empty list say it. */
  noun: string;
  lists: TicketingLists;
}

export function TriggersTable({ id, label, types, noun, lists }: TriggersTableProps) {
  const input = useMemo(() => ({ types: [...types] }), [types]);
  const triggers = useQuery('ticketing.triggers', input, (error) => presentError(error, { key: `${id}-list` }));
  const [dialog, setDialog] = useState<TriggerDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Trigger | null>(null);
  /** A board whose tickets are shown. */
  const [viewing, setViewing] = useState<Trigger | null>(null);
  const attributes = useQuery('ticketing.attributes', viewing ? {} : null, (error) => presentError(error, { key: 'board-attributes' }));
  const reload = triggers.reload;
  const boards = types.includes('BOARD');
  /** A name or Enter: a board shows its tickets, anything else opens its editor. */
  const primary = (trigger: Trigger) => (boards && trigger.type === 'BOARD' ? setViewing(trigger) : open(trigger));

  const open = (trigger: Trigger, copy = false) => {
    if (known(trigger.type)) setDialog({ type: trigger.type, id: trigger.id, copy });
  };
  const setEnabled = async (trigger: Trigger, enabled: boolean) => {
    if (!known(trigger.type)) return;
    try {
      // Read again first: the list may be older than another technician's edit, which a save of it would undo.
      const current = await readTrigger({ id: trigger.id });
      await saveTrigger(triggerPayload({ ...formOfTrigger(current), enabled }, trigger.type, trigger.id, current.attachments.map((a) => a.id)));
    } catch (error) {
      presentError(error, { key: `${id}-save` });
    } finally {
      reload();
    }
  };

  const columns = useMemo<DataTableColumn<Trigger>[]>(
    () => [
      { id: 'name', title: 'Name', width: 260, sortValue: (t) => t.name.toLowerCase(), render: (t) => <ButtonLinkCell text={t.name} onClick={() => primary(t)} /> },
      ...(types.length > 1 ? [{ id: 'type', title: 'Type', width: 190, sortValue: (t: Trigger) => typeLabel(t.type), render: (t: Trigger) => <TextCell text={typeLabel(t.type)} /> }] : []),
      { id: 'description', title: 'Description', width: 320, render: (t) => <TextCell text={t.description} /> },
      ...(types.includes('BOARD') ? [{ id: 'system', title: 'Kind', width: 110, sortValue: (t: Trigger) => (t.system ? 0 : 1), render: (t: Trigger) => <TextCell text={t.system ? 'System' : 'Custom'} /> }] : []),
      {
        id: 'enabled',
        title: 'Enabled',
        width: 90,
        stretch: false,
        sortValue: (t) => (t.enabled ? 1 : 0),
        render: (t) => <SwitchCell checked={t.enabled} label={`Enabled: ${t.name}`} disabled={!known(t.type) || t.system} onChange={(enabled) => void setEnabled(t, enabled)} />,
      },
    ],
    // The cells call the latest handlers; the columns change with what is listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [types],
  );
  const actions: RowAction<Trigger>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: (t) => open(t), disabled: (t) => !known(t.type) },
    { id: 'copy', label: 'Copy', icon: 'duplicate', run: (t) => open(t, true), disabled: (t) => !known(t.type) },
    // §4.1: a system board is the product's; it can be copied, not deleted.
    { id: 'delete', label: 'Delete', icon: 'trash', run: (t) => setDeleting(t), disabled: (t) => t.system, disabledReason: (t) => (t.system ? TRIGGER_MESSAGES.systemBoardDelete : undefined) },
  ];
  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteTrigger({ id: deleting.id });
      toastSuccess(`'${deleting.name}' deleted`, `${id}-delete`);
    } catch (error) {
      presentError(error, { key: `${id}-delete` });
    } finally {
      setDeleting(null);
      reload();
    }
  };

  if (viewing) return <BoardView board={viewing} lists={lists} attributes={attributes.data ?? []} onBack={() => setViewing(null)} />;
  return (
    <div className="ticketing-list">
      <ListNotices what={label.toLowerCase()} list={triggers} />
      <DataTable<Trigger>
        id={`ticketing-${id}`}
        label={label}
        className="ticketing-table"
        columns={columns}
        rowId={triggerId}
        rows={triggers.data?.items ?? []}
        rowLabel={(t) => t.name}
        searchText={(t) => `${t.name} ${t.description}`}
        searchPlaceholder={`Search ${label.toLowerCase()}...`}
        actions={actions}
        onRowAction={primary}
        onRefresh={reload}
        loading={triggers.loading && !triggers.data}
        emptyTitle={triggers.loading ? 'Loading...' : `No ${label.toLowerCase()}`}
        toolbar={<AddMenuButton<TriggerType> label={`Add ${noun}`} kinds={types} kindLabel={typeLabel} onAdd={(type) => setDialog({ type })} />}
      />
      {dialog && <TriggerDialog key={`${dialog.type}-${dialog.id ?? 'new'}-${dialog.copy ? 'copy' : ''}`} target={dialog} lists={lists} onClose={() => setDialog(null)} onSaved={reload} />}
      <ConfirmDelete what={noun} name={deleting?.name ?? null} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </div>
  );
}
