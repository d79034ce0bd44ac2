/**
 * Billing products: the list at /administration/billing,
 * the form at /administration/billing/:id — 'new' for a new product,
 * 'new?type=GROUP' for a new group, 'new?copy=<id>' for a copy of one.
 */
import { Button } from '@blueprintjs/core';
import { StateMessage } from '../../../components/StateMessage';
import { navigate, useRoute } from '../../../core/router';
import { AdminLayout } from '../AdminLayout';
import { BillingFormPage } from './BillingForm';
import { BILLING_LIST_ROUTE, billingTargetOf } from './billing-route';
import { BillingList } from './BillingList';
import './billing.css';

export function BillingScreen({ productId }: { productId: string | null }) {
  const route = useRoute();
  const query = route.includes('?') ? route.slice(route.indexOf('?') + 1) : '';
  const target = productId === null ? null : billingTargetOf(productId, query);
  return (
    <AdminLayout active="billing">
      {productId === null ? (
        <BillingList />
      ) : target === null ? (
        <StateMessage icon="search" title="No such billing product" action={<Button text="Back to billing products" onClick={() => navigate(BILLING_LIST_ROUTE)} />} />
      ) : (
        <BillingFormPage key={`${target.kind}-${'id' in target ? target.id : target.type}`} target={target} />
      )}
    </AdminLayout>
  );
}
