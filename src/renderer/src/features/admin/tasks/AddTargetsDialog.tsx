/**
 * The add-targets modal (ticketing spec §3.5 targets: targetType, targetId):
 * tabs Devices, Groups and Organizations, each a remote DataTable over
 * `admin.tasks.targets` (50 a page, searched by name on the server), rows ticked
 * across pages and tabs; Add puts the ticked ones in the task. Targets the
 * task already has are shown ticked and cannot be unticked here (the Targets
 * tab removes them).
 */
import { Button, Dialog, DialogBody, DialogFooter, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import type { TargetChoice, TaskTarget } from '../../../../../shared/model/admin';
import { TARGET_TYPES } from '../../../../../shared/model/admin';
import { errorMessage } from '../../../core/api';
import { TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RemoteQuery } from '../../../components/data-table/DataTable';
import { isSelected, type Selection } from '../../../components/data-table/selection';
import { readTaskTargets } from '../client';
import { targetKey } from './task-form';
import { ARROW_KEYS } from '../../../components/tab-keys';

const TAB_TITLES: Readonly<Record<(typeof TARGET_TYPES)[number], { title: string; noun: string; detail: string }>> = {
  NODE: { title: 'Devices', noun: 'device', detail: 'Organization' },
  GROUP: { title: 'Groups', noun: 'group', detail: 'Devices' },
  ORGANIZATION: { title: 'Organizations', noun: 'organization', detail: 'Devices' },
};
const PAGE_SIZE = 50;

function TargetTable({ targetType, chosen, existing, onToggle }: { targetType: (typeof TARGET_TYPES)[number]; chosen: ReadonlyMap<string, TaskTarget>; existing: ReadonlySet<string>; onToggle(rows: TargetChoice[], selection: Selection): void }) {
  const shown = useRef<TargetChoice[]>([]);
  const { title, noun, detail } = TAB_TITLES[targetType];
  const remote = useMemo(
    () => ({
      pageSize: PAGE_SIZE,
      fetch: async (query: RemoteQuery) => {
        const page = await readTaskTargets({ targetType, page: query.page, ...(query.search ? { search: query.search } : {}) });
        shown.current = page.items;
        return { data: page.items, pageCount: Math.max(1, Math.ceil(page.totalCount / PAGE_SIZE)), totalCount: page.totalCount };
      },
      errorMessage,
    }),
    [targetType],
  );
  const columns = useMemo<DataTableColumn<TargetChoice>[]>(
    () => [
      { id: 'name', title: 'Name', width: 300, render: (t) => <TextCell text={t.name} /> },
      { id: 'detail', title: detail, width: 220, render: (t) => <TextCell text={t.detail} /> },
    ],
    [detail],
  );
  // Where the keyboard is: kept between renders (the ticks are the dialog's).
  const [cursor, setCursor] = useState<Pick<Selection, 'anchor' | 'focus'>>({ anchor: null, focus: null });
  const selection: Selection = { kind: 'some', ids: new Set([...chosen.keys(), ...existing]), ...cursor };
  return (
    <DataTable<TargetChoice>
      id={`task-targets-${targetType.toLowerCase()}`}
      label={title}
      className="task-targets-table"
      columns={columns}
      rowId={targetKey}
      remote={remote}
      mode="select"
      isDisabled={(t) => existing.has(targetKey(t))}
      selection={selection}
      onSelectionChange={(next) => {
        setCursor({ anchor: next.anchor, focus: next.focus });
        onToggle(shown.current, next);
      }}
      rowLabel={(t) => t.name}
      searchPlaceholder={`Search ${title.toLowerCase()}...`}
      searchLabel={`Search ${title.toLowerCase()}`}
      noun={noun}
      emptyTitle={`No ${title.toLowerCase()}`}
    />
  );
}

export function AddTargetsDialog({ current, onAdd, onClose }: { current: readonly TaskTarget[]; onAdd(targets: TaskTarget[]): void; onClose(): void }) {
  const [tab, setTab] = useState<(typeof TARGET_TYPES)[number]>('NODE');
  const [chosen, setChosen] = useState<ReadonlyMap<string, TaskTarget>>(new Map());
  const existing = useMemo(() => new Set(current.map(targetKey)), [current]);
  /** The page on screen's rows, ticked or not as the table's selection says. */
  const toggle = (rows: TargetChoice[], selection: Selection) =>
    setChosen((previous) => {
      const next = new Map(previous);
      for (const row of rows) {
        const key = targetKey(row);
        if (existing.has(key)) continue;
        if (isSelected(selection, key)) next.set(key, { targetType: row.targetType, targetId: row.targetId, name: row.name });
        else next.delete(key);
      }
      return next;
    });
  const count = chosen.size;
  return (
    <Dialog isOpen title="Add targets" onClose={onClose} className="task-targets-dialog" canOutsideClickClose={false}>
      <DialogBody>
        <Tabs id="task-targets-tabs" selectedTabId={tab} onChange={(id) => setTab(id as (typeof TARGET_TYPES)[number])} renderActiveTabPanelOnly>
          {TARGET_TYPES.map((type) => (
            <Tab {...ARROW_KEYS} key={type} id={type} title={TAB_TITLES[type].title} panel={<TargetTable targetType={type} chosen={chosen} existing={existing} onToggle={toggle} />} />
          ))}
        </Tabs>
        <p className="task-targets-chosen" aria-live="polite">
          {count === 0 ? 'Tick the devices, groups or organizations the task runs on.' : `${count} chosen: ${[...chosen.values()].map((t) => t.name).join(', ')}`}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={count === 0 ? 'Add' : `Add ${count}`}
              disabled={count === 0}
              onClick={() => {
                onAdd([...chosen.values()]);
                onClose();
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}
