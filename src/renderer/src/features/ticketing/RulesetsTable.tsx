/**
 * The ticket rulesets list: a DataTable with search, a
 * Type filter, the enabled switch (saved at once), Add (script, condition or
 * activity rule), Edit, Copy and Delete (confirmed); a name or Enter opens
 * the modal. The list reads again after every save.
 */
import './ticketing.css';
import { useMemo, useState } from 'react';
import { RULESET_TYPES, type RulesetType, type TicketingLists, type TicketRuleset } from '../../../../shared/model/ticketing';
import { formOfRuleset, RULESET_TYPE_LABELS, rulesetPayload } from '../../../../shared/rules/ticketing/ruleset';
import { useQuery } from '../../core/data/use-query';
import { presentError, toastSuccess } from '../../core/toaster';
import { ButtonLinkCell, SwitchCell, TagsCell, TextCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/DataTable';
import type { FilterDef } from '../../components/data-table/filters';
import { ListNotices } from '../../components/ListNotices';
import { AddMenuButton, ConfirmDelete } from '../../components/admin-list';
import { deleteRuleset, readRuleset, saveRuleset } from './client';
import { RulesetDialog, type RulesetDialogTarget } from './RulesetDialog';

const known = (type: string): type is RulesetType => (RULESET_TYPES as readonly string[]).includes(type);
const typeLabel = (type: string) => (known(type) ? RULESET_TYPE_LABELS[type] : type);
const rulesetId = (ruleset: TicketRuleset) => String(ruleset.id);

const FILTERS: FilterDef<TicketRuleset>[] = [
  { id: 'type', label: 'Type', type: 'SingleSelect', options: RULESET_TYPES.map((t) => ({ label: RULESET_TYPE_LABELS[t], value: t })), rowValue: (r) => r.type },
];

export function RulesetsTable({ lists }: { lists: TicketingLists }) {
  const rulesets = useQuery('ticketing.rulesets', {}, (error) => presentError(error, { key: 'rulesets' }));
  const [dialog, setDialog] = useState<RulesetDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<TicketRuleset | null>(null);
  const reload = rulesets.reload;
  const statusName = (value: string | null) => lists.statuses.find((s) => s.value === value)?.name ?? value;

  const open = (ruleset: TicketRuleset, copy = false) => setDialog(known(ruleset.type) ? { type: ruleset.type, id: ruleset.id, copy, readOnly: false } : null);
  const setEnabled = async (ruleset: TicketRuleset, enabled: boolean) => {
    if (!known(ruleset.type)) return;
    try {
      // Read again first: the list may be older than another technician's edit, which a save of it would undo.
      const current = await readRuleset({ id: ruleset.id });
      await saveRuleset(rulesetPayload({ ...formOfRuleset(current), enabled }, ruleset.type, ruleset.id));
      reload();
    } catch (error) {
      presentError(error, { key: 'ruleset-save' });
    }
  };

  const columns = useMemo<DataTableColumn<TicketRuleset>[]>(
    () => [
      { id: 'name', title: 'Name', width: 260, sortValue: (r) => r.name.toLowerCase(), render: (r) => <ButtonLinkCell text={r.name} onClick={() => open(r)} /> },
      { id: 'type', title: 'Type', width: 150, sortValue: (r) => typeLabel(r.type), render: (r) => <TextCell text={typeLabel(r.type)} /> },
      { id: 'status', title: 'Ticket status', width: 140, render: (r) => <TextCell text={statusName(r.conditionTriggerSettings.status)} /> },
      { id: 'tags', title: 'Tags', width: 200, render: (r) => <TagsCell tags={r.conditionTriggerSettings.tags} /> },
      {
        id: 'enabled',
        title: 'Enabled',
        width: 90,
        stretch: false,
        sortValue: (r) => (r.enabled ? 1 : 0),
        render: (r) => <SwitchCell checked={r.enabled} label={`Enabled: ${r.name}`} disabled={!known(r.type)} onChange={(enabled) => void setEnabled(r, enabled)} />,
      },
    ],
    // The cells call the latest handlers; the columns change with the lists they name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lists],
  );
  const actions: RowAction<TicketRuleset>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: (r) => open(r) },
    { id: 'copy', label: 'Copy', icon: 'duplicate', run: (r) => open(r, true) },
    { id: 'delete', label: 'Delete', icon: 'trash', run: (r) => setDeleting(r) },
  ];
  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteRuleset({ id: deleting.id });
      toastSuccess(`'${deleting.name}' deleted`, 'ruleset-delete');
    } catch (error) {
      presentError(error, { key: 'ruleset-delete' });
    } finally {
      setDeleting(null);
      reload();
    }
  };

  return (
    <div className="ticketing-list">
      <ListNotices what="ticket rulesets" list={rulesets} />
      <DataTable<TicketRuleset>
        id="ticket-rulesets"
        label="Ticket rulesets"
        className="ticketing-table"
        columns={columns}
        rowId={rulesetId}
        rows={rulesets.data?.items ?? []}
        rowLabel={(r) => r.name}
        searchText={(r) => r.name}
        searchPlaceholder="Search rulesets..."
        filters={FILTERS}
        actions={actions}
        onRowAction={(r) => open(r)}
        onRefresh={reload}
        loading={rulesets.loading && !rulesets.data}
        emptyTitle={rulesets.loading ? 'Loading...' : 'No ticket rulesets'}
        toolbar={<AddMenuButton label="Add a ticket ruleset" kinds={RULESET_TYPES} kindLabel={(type) => RULESET_TYPE_LABELS[type]} onAdd={(type) => setDialog({ type })} />}
      />
      {dialog && <RulesetDialog key={`${dialog.type}-${dialog.id ?? 'new'}-${dialog.copy ? 'copy' : ''}`} target={dialog} lists={lists} onClose={() => setDialog(null)} onSaved={reload} />}
      <ConfirmDelete what="ticket ruleset" name={deleting?.name ?? null} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </div>
  );
}
