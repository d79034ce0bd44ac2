/**
 * A product group's member products (§3 productIds: each with its type, name
 * and isActive; §5 'A product group needs products'): the shared DataTable in
 * select mode over what admin.billing.members offers, inactive ones marked. A
 * member the list no longer offers stays chosen and is shown by its id, so a
 * save never drops it silently.
 */
import { Callout, Classes, Intent, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { ProductMember } from '../../../../../shared/model/admin';
import { choiceLabel, memberChoices, PRODUCT_TYPE_LABELS } from '../../../../../shared/rules/admin/billing-product';
import { TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { EMPTY_SELECTION, type Selection } from '../../../components/data-table/selection';

interface GroupMembersProps {
  /** The group's own id (it cannot hold itself). */
  selfId: number | undefined;
  members: readonly ProductMember[] | undefined;
  loading: boolean;
  failed: boolean;
  chosen: readonly number[];
  error: string | null;
  onChange(productIds: number[]): void;
}

const memberId = (member: ProductMember) => String(member.id);

const COLUMNS: DataTableColumn<ProductMember>[] = [
  { id: 'name', title: 'Name', width: 260, sortValue: (m) => m.name.toLowerCase(), render: (m) => <TextCell text={m.name} /> },
  { id: 'type', title: 'Type', width: 110, sortValue: (m) => m.type, render: (m) => <TextCell text={choiceLabel(PRODUCT_TYPE_LABELS, m.type)} /> },
  {
    id: 'status',
    title: 'Status',
    width: 110,
    sortValue: (m) => (m.isActive ? 0 : 1),
    render: (m) => (m.isActive ? <span className={Classes.TEXT_MUTED}>Active</span> : <Tag minimal intent={Intent.WARNING}>Inactive</Tag>),
  },
];

export function GroupMembers({ selfId, members, loading, failed, chosen, error, onChange }: GroupMembersProps) {
  const offered = useMemo(() => memberChoices(members ?? [], selfId), [members, selfId]);
  // Members chosen that the list does not offer (gone, or not readable): kept, shown by id.
  const rows = useMemo(() => {
    const known = new Set(offered.map((m) => m.id));
    const missing = chosen.filter((id) => !known.has(id)).map((id) => ({ id, type: '', name: `Product ${id}`, isActive: false }));
    return [...missing, ...offered];
  }, [offered, chosen]);
  // The keyboard's place is the table's; which rows are chosen is the form's.
  const [held, setHeld] = useState<Selection>(EMPTY_SELECTION);
  const selection: Selection = { ...held, kind: 'some', ids: new Set(chosen.map(String)) };
  const change = (next: Selection) => {
    setHeld(next);
    const ids = rows.map((m) => m.id).filter((id) => (next.kind === 'all' ? !next.ids.has(String(id)) : next.ids.has(String(id))));
    onChange(ids);
  };

  return (
    <div className="billing-members">
      <h3 id="billing-members-title" className={Classes.HEADING}>
        Products in this group <span className={Classes.TEXT_MUTED}>*</span>
      </h3>
      {failed && (
        <Callout intent={Intent.DANGER} compact className="gap">
          The products could not be loaded.
        </Callout>
      )}
      {error && (
        <Callout intent={Intent.DANGER} compact className="gap" role="alert">
          {error}
        </Callout>
      )}
      <DataTable<ProductMember>
        id="billing-group-members"
        label="Products in this group"
        className="billing-members-table"
        columns={COLUMNS}
        rows={rows}
        rowId={memberId}
        rowLabel={(m) => m.name}
        mode="select"
        selection={selection}
        onSelectionChange={change}
        searchText={(m) => m.name}
        searchPlaceholder="Search products..."
        emptyTitle={loading ? 'Loading...' : 'No products to add'}
      />
    </div>
  );
}
