/**
 * The billing products list (help spec §3 Billing product):
 * the shared DataTable over admin.billing.products with name, type (Product or
 * Group), price, cost, billing, term and whether it is active (as
 * admin.billing.members reports it); Add product, Add group, Edit, Copy and Delete
 * (confirmed). A name or Enter opens its form. Values this console does not
 * know are shown raw.
 */
import { Classes } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { BillingProduct } from '../../../../../shared/model/admin';
import { BILLING_LABELS, choiceLabel, formatMoney, isActiveProduct, isEditableType, PRODUCT_TYPE_LABELS, PRODUCT_TYPES, TERM_LABELS } from '../../../../../shared/rules/admin/billing-product';
import { AddMenuButton, ConfirmDelete } from '../../../components/admin-list';
import { ButtonLinkCell, TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { ListNotices } from '../../../components/ListNotices';
import { useQuery } from '../../../core/data/use-query';
import { navigate } from '../../../core/router';
import { presentError, toastSuccess } from '../../../core/toaster';
import { deleteBillingProduct } from '../client';
import { BILLING_LIST_ROUTE } from './billing-route';

const productRowId = (product: BillingProduct) => String(product.id);
const edit = (product: BillingProduct) => navigate(`${BILLING_LIST_ROUTE}/${product.id}`);
const copy = (product: BillingProduct) => navigate(`${BILLING_LIST_ROUTE}/new?copy=${product.id}`);
const add = (type: (typeof PRODUCT_TYPES)[number]) => navigate(`${BILLING_LIST_ROUTE}/new${type === 'GROUP' ? '?type=GROUP' : ''}`);

function Money({ amount }: { amount: number }) {
  const text = formatMoney(amount);
  return text ? <span className="number-cell">{text}</span> : <span className={Classes.TEXT_MUTED}>—</span>;
}

export function BillingList() {
  const products = useQuery('admin.billing.products', {}, (error) => presentError(error, { key: 'billing-list' }));
  // Only for the Active column: a failure leaves it blank rather than failing the list.
  const members = useQuery('admin.billing.members', {});
  const [deleting, setDeleting] = useState<BillingProduct | null>(null);
  const memberList = members.data;

  const columns = useMemo<DataTableColumn<BillingProduct>[]>(
    () => [
      { id: 'name', title: 'Name', width: 260, sortValue: (p) => p.name.toLowerCase(), render: (p) => <ButtonLinkCell text={p.name} onClick={() => edit(p)} /> },
      { id: 'type', title: 'Type', width: 100, sortValue: (p) => p.type, render: (p) => <TextCell text={choiceLabel(PRODUCT_TYPE_LABELS, p.type)} /> },
      { id: 'price', title: 'Price', width: 110, sortValue: (p) => p.price, render: (p) => <Money amount={p.price} /> },
      { id: 'cost', title: 'Cost', width: 110, sortValue: (p) => p.cost, render: (p) => <Money amount={p.cost} /> },
      { id: 'billing', title: 'Billing', width: 120, sortValue: (p) => p.billing, render: (p) => <TextCell text={choiceLabel(BILLING_LABELS, p.billing)} /> },
      { id: 'term', title: 'Term', width: 110, sortValue: (p) => p.term, render: (p) => <TextCell text={choiceLabel(TERM_LABELS, p.term)} /> },
      {
        id: 'active',
        title: 'Active',
        width: 90,
        stretch: false,
        sortValue: (p) => Number(isActiveProduct(p, memberList) ?? -1),
        render: (p) => {
          const active = isActiveProduct(p, memberList);
          return <TextCell text={active === null ? null : active ? 'Yes' : 'No'} />;
        },
      },
    ],
    [memberList],
  );
  const actions: RowAction<BillingProduct>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: edit, disabled: (p) => !isEditableType(p.type) },
    { id: 'copy', label: 'Copy', icon: 'duplicate', run: copy, disabled: (p) => !isEditableType(p.type) },
    { id: 'delete', label: 'Delete', icon: 'trash', run: setDeleting },
  ];
  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteBillingProduct({ id: deleting.id });
      toastSuccess(`'${deleting.name}' deleted`, 'billing-delete');
    } catch (error) {
      presentError(error, { key: 'billing-delete' });
    } finally {
      setDeleting(null);
      products.reload();
      members.reload();
    }
  };

  return (
    <div className="admin-page billing-list">
      <h1 className={`${Classes.HEADING} page-title admin-page-title`}>Billing products</h1>
      <ListNotices what="billing products" list={products} />
      <DataTable<BillingProduct>
        id="billing-products"
        label="Billing products"
        className="admin-table"
        columns={columns}
        rowId={productRowId}
        rows={products.data?.items ?? []}
        rowLabel={(p) => p.name}
        searchText={(p) => `${p.name} ${p.description}`}
        searchPlaceholder="Search billing products..."
        actions={actions}
        onRowAction={edit}
        onRefresh={() => {
          products.reload();
          members.reload();
        }}
        loading={products.loading && !products.data}
        emptyTitle={products.loading ? 'Loading...' : 'No billing products'}
        toolbar={<AddMenuButton label="Add a billing product" kinds={PRODUCT_TYPES} kindLabel={(type) => (type === 'GROUP' ? 'Add group' : 'Add product')} onAdd={add} />}
      />
      <ConfirmDelete what={'billing product'} name={deleting?.name ?? null} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </div>
  );
}
