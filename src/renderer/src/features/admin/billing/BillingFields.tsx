/**
 * The billing product form's fields (help spec §3 Billing product, §5 Billing
 * product form, §9 billing limits), bound to the form kit over the payload
 * schema: what it is (name 50 and description 250, required), its price
 * (money and quantity, required; the quantity a Stepper from 0 to
 * QUANTITY_MAX with its text of 250), how it bills (taxable, billing, term,
 * licensing type, auto-round time entries) and its four multipliers.
 */
import { HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import type { z } from 'zod';
import {
  BILLING_CHOICES,
  BILLING_LABELS,
  BILLING_LIMITS,
  choicesWith,
  LICENSING_CHOICES,
  LICENSING_LABELS,
  QUANTITY_MAX,
  TERM_CHOICES,
  TERM_LABELS,
  type BillingProductPayload,
  type billingProductPayloadSchema,
} from '../../../../../shared/rules/admin/billing-product';
import { Field } from '../../../components/form/Field';
import type { ZodForm } from '../../../components/form/use-zod-form';
import { Stepper } from '../../../components/inputs/Stepper';
import { TextArea } from '../../../components/inputs/TextArea';
import { DecimalInput } from './DecimalInput';

export type BillingForm = ZodForm<typeof billingProductPayloadSchema>;
type Values = z.input<typeof billingProductPayloadSchema>;

export function IdentityFields({ form }: { form: BillingForm }) {
  const description = form.field('description');
  return (
    <>
      <Field label="Name" binding={form.field('name')} required>
        {(b) => (
          <InputGroup
            id={b.id}
            value={String(b.value ?? '')}
            intent={b.intent}
            aria-invalid={b.error ? true : undefined}
            onChange={(event) => b.onChange(event.target.value)}
            onBlur={b.onBlur}
          />
        )}
      </Field>
      {/* The shared text area (§5 Shared inputs: 250 with a count); its label carries the required mark. */}
      <div onBlur={description.onBlur}>
        <TextArea id={description.id} label="Description *" value={String(description.value ?? '')} maxLength={BILLING_LIMITS.description} error={description.error} onChange={description.onChange} />
      </div>
    </>
  );
}

function MoneyField({ form, path, label }: { form: BillingForm; path: 'price' | 'cost'; label: string }) {
  return (
    <Field label={label} binding={form.field(path)} required>
      {(b) => <DecimalInput id={b.id} kind="money" value={b.value} intent={b.intent} onChange={b.onChange} onBlur={b.onBlur} />}
    </Field>
  );
}

export function PriceFields({ form }: { form: BillingForm }) {
  const values = form.values as Values;
  const quantity = form.field('quantity');
  return (
    <div className="billing-grid">
      <MoneyField form={form} path="price" label="Price" />
      <MoneyField form={form} path="cost" label="Cost" />
      <div onBlur={quantity.onBlur}>
        <Stepper id={quantity.id} label="Quantity *" value={typeof values.quantity === 'number' ? values.quantity : 0} min={0} max={QUANTITY_MAX} onChange={quantity.onChange} />
      </div>
      <Field label="Quantity text" binding={form.field('quantityText')}>
        {(b) => (
          <InputGroup
            id={b.id}
            value={String(b.value ?? '')}
            maxLength={BILLING_LIMITS.quantityText}
            placeholder="What the quantity counts (hours, seats...)"
            intent={b.intent}
            onChange={(event) => b.onChange(event.target.value)}
            onBlur={b.onBlur}
          />
        )}
      </Field>
    </div>
  );
}

function ChoiceField<K extends string>({ form, path, label, known, labels }: { form: BillingForm; path: 'billing' | 'term' | 'licensingType'; label: string; known: readonly K[]; labels: Readonly<Record<K, string>> }) {
  return (
    <Field label={label} binding={form.field(path)} required>
      {(b) => <HTMLSelect id={b.id} fill value={String(b.value ?? '')} options={choicesWith(known, labels, String(b.value ?? ''))} onChange={(event) => b.onChange(event.currentTarget.value)} onBlur={b.onBlur} />}
    </Field>
  );
}

function SwitchField({ form, path, label }: { form: BillingForm; path: 'taxable' | 'autoRoundTimeEntries'; label: string }) {
  const values = form.values as Values;
  return <Switch label={label} checked={values[path]} onChange={(event) => form.set(path, event.currentTarget.checked)} />;
}

export function BillingTermFields({ form }: { form: BillingForm }) {
  return (
    <>
      <div className="billing-grid">
        <ChoiceField form={form} path="billing" label="Billing" known={BILLING_CHOICES} labels={BILLING_LABELS} />
        <ChoiceField form={form} path="term" label="Term" known={TERM_CHOICES} labels={TERM_LABELS} />
        <ChoiceField form={form} path="licensingType" label="Licensing type" known={LICENSING_CHOICES} labels={LICENSING_LABELS} />
      </div>
      <div className="billing-switches">
        <SwitchField form={form} path="taxable" label="Taxable" />
        <SwitchField form={form} path="autoRoundTimeEntries" label="Auto-round time entries" />
      </div>
    </>
  );
}

const MULTIPLIERS = [
  ['onSiteMultiplier', 'On-site multiplier'],
  ['remoteMultiplier', 'Remote multiplier'],
  ['normalHoursMultiplier', 'Normal hours multiplier'],
  ['offHoursMultiplier', 'Off hours multiplier'],
] as const satisfies ReadonlyArray<readonly [keyof BillingProductPayload, string]>;

export function MultiplierFields({ form }: { form: BillingForm }) {
  return (
    <div className="billing-grid">
      {MULTIPLIERS.map(([path, label]) => (
        <Field key={path} label={label} binding={form.field(path)} required>
          {(b) => <DecimalInput id={b.id} kind="multiplier" value={b.value} intent={b.intent} onChange={b.onChange} onBlur={b.onBlur} />}
        </Field>
      ))}
    </div>
  );
}
