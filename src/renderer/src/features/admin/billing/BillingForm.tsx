/**
 * The billing product form (help spec §3 Billing product,
 * §5 Billing product form, §8, §9), a page at /administration/billing/:id
 * ('new' with ?type=GROUP for a group, ?copy=<id> for a copy). The form kit
 * checks it with the payload schema the contract validates with; Save sends
 * it, then goes back to the list. Leaving with changes asks first.
 */
import { Button, Callout, Card, Classes, H1, Intent, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { billingProductPayloadSchema, formOfProduct, isEditableType, newBillingProduct, PRODUCT_TYPE_LABELS, type BillingProductPayload } from '../../../../../shared/rules/admin/billing-product';
import { StateMessage } from '../../../components/StateMessage';
import { UnsavedChangesAlert } from '../../../components/form/UnsavedChangesAlert';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useQuery } from '../../../core/data/use-query';
import { navigate } from '../../../core/router';
import { presentError, toastSuccess } from '../../../core/toaster';
import { saveBillingProduct } from '../client';
import { NodeRoleFields, UserRolesField } from './AppliesToFields';
import { BillingTermFields, IdentityFields, MultiplierFields, PriceFields } from './BillingFields';
import { BILLING_LIST_ROUTE, type BillingTarget } from './billing-route';
import { GroupMembers } from './GroupMembers';
import { useLeaveGuard } from '../../../components/form/use-leave-guard';


/** Reads the product (to edit or copy) and then shows the form with it. */
export function BillingFormPage({ target }: { target: BillingTarget }) {
  const readId = target.kind === 'new' ? null : target.id;
  const product = useQuery('admin.billing.product', readId === null ? null : { id: readId });
  if (target.kind === 'new') return <BillingForm key={`new-${target.type}`} initial={newBillingProduct(target.type)} copying={false} />;
  if (product.error && !product.data) {
    const gone = product.error.code === 'NOT_FOUND';
    return (
      <StateMessage
        icon={gone ? 'search' : 'error'}
        title={gone ? 'This billing product no longer exists' : 'The billing product could not be loaded'}
        description={gone ? undefined : product.error.message}
        action={
          <>
            {!gone && <Button icon="refresh" text="Retry" onClick={product.reload} />}
            <Button text="Back to billing products" onClick={() => navigate(BILLING_LIST_ROUTE)} />
          </>
        }
      />
    );
  }
  if (!product.data) return <StateMessage title="Loading..." />;
  // A save would send it back as another type: a type this console does not know is not edited here.
  if (!isEditableType(product.data.type))
    return <StateMessage icon="lock" title={`'${product.data.name}' is of type ${product.data.type || '-'}, which this console cannot edit`} action={<Button text="Back to billing products" onClick={() => navigate(BILLING_LIST_ROUTE)} />} />;
  return <BillingForm key={`${target.kind}-${target.id}`} initial={formOfProduct(product.data, target.kind === 'copy')} copying={target.kind === 'copy'} />;
}

function titleOf(values: BillingProductPayload, copying: boolean): string {
  const noun = values.type === 'GROUP' ? 'product group' : 'product';
  if (copying) return `Copy ${noun}`;
  return values.id === undefined ? `New ${noun}` : `Edit ${noun}`;
}

function BillingForm({ initial, copying }: { initial: BillingProductPayload; copying: boolean }) {
  const form = useZodForm(billingProductPayloadSchema, initial, 'billing');
  const values = form.values;
  const group = values.type === 'GROUP';
  const guard = useLeaveGuard(form.dirty);
  const userRoles = useQuery('admin.billing.userRoles', {});
  const initialData = useQuery('admin.billing.initialData', {});
  const members = useQuery('admin.billing.members', group ? {} : null, (error) => presentError(error, { key: 'billing-members' }));
  const rolesList = useMemo(() => ({ items: userRoles.data, failed: !!userRoles.error && !userRoles.data, loading: userRoles.loading, retry: userRoles.reload }), [userRoles.data, userRoles.error, userRoles.loading, userRoles.reload]);
  const title = titleOf(values, copying);

  const save = () =>
    void form.submit(async (payload) => {
      try {
        const saved = await saveBillingProduct(payload);
        toastSuccess(`'${saved.name}' saved`, 'billing-save');
        guard.leave(BILLING_LIST_ROUTE);
      } catch (error) {
        presentError(error, { key: 'billing-save' });
        throw error;
      }
    }).catch(() => undefined);

  return (
    <form
      className="billing-form"
      aria-labelledby="billing-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      // Enter picks an item in a multi-select and acts on a table row there: it must not also submit the form.
      onKeyDownCapture={(event) => {
        if (event.key === 'Enter' && event.target instanceof Element && event.target.closest('.bp6-tag-input, .data-table')) event.preventDefault();
      }}
    >
      <header className="billing-form-header">
        <Button variant="minimal" icon="arrow-left" aria-label="Back to billing products" title="Back to billing products" onClick={() => guard.request(BILLING_LIST_ROUTE)} />
        <H1 id="billing-form-title" className="page-title billing-form-title">
          {title}
        </H1>
        <Tag minimal>{PRODUCT_TYPE_LABELS[values.type]}</Tag>
      </header>
      {form.submitted && Object.keys(form.allErrors).length > 0 && (
        <Callout intent={Intent.DANGER} compact className="gap" role="alert">
          Check the marked fields before saving.
        </Callout>
      )}
      <div className="billing-form-body">
        <Card className="billing-card" aria-labelledby="billing-section-product" role="group">
          <h2 id="billing-section-product" className={Classes.HEADING}>
            {group ? 'Group' : 'Product'}
          </h2>
          <IdentityFields form={form} />
          <PriceFields form={form} />
        </Card>
        {group && (
          <Card className="billing-card" role="group" aria-labelledby="billing-members-title">
            <GroupMembers
              selfId={values.id}
              members={members.data}
              loading={members.loading}
              failed={!!members.error && !members.data}
              chosen={values.productIds}
              error={form.errors.productIds ?? null}
              onChange={(ids) => {
                form.set('productIds', ids);
                form.touch('productIds');
              }}
            />
          </Card>
        )}
        <Card className="billing-card" role="group" aria-labelledby="billing-section-billing">
          <h2 id="billing-section-billing" className={Classes.HEADING}>
            Billing
          </h2>
          <BillingTermFields form={form} />
          <MultiplierFields form={form} />
        </Card>
        <Card className="billing-card" role="group" aria-labelledby="billing-section-applies">
          <h2 id="billing-section-applies" className={Classes.HEADING}>
            Applies to
          </h2>
          <UserRolesField form={form} roles={rolesList} />
          <NodeRoleFields
            form={form}
            nodeRoles={initialData.data?.nodeRoles}
            savedSearches={initialData.data?.savedSearches}
            initialFailed={!!initialData.error && !initialData.data}
            retry={initialData.reload}
          />
        </Card>
      </div>
      <footer className="billing-form-footer">
        <Button text="Cancel" onClick={() => guard.request(BILLING_LIST_ROUTE)} />
        <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" text="Save" loading={form.saving} />
      </footer>
      <UnsavedChangesAlert isOpen={guard.pending !== null} titleId="billing-unsaved-title" onContinue={guard.confirm} onCancel={guard.cancel} />
    </form>
  );
}
