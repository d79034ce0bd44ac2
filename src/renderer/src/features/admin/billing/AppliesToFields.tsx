/**
 * Who and what a billing product applies to (help spec §3: userRoles,
 * nodeRoleId, anyRole, groupIds, allGroups; §5 'Node role is mandatory unless
 * all roles are chosen'; §8 'Error fetching user roles' and 'Error fetching
 * initial data' for the node roles and saved searches). A chosen id the lists
 * no longer hold stays chosen, shown by its id.
 */
import { Button, Callout, Checkbox, HTMLSelect, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { NamedChoice } from '../../../../../shared/model/admin';
import { BILLING_MESSAGES, type billingProductPayloadSchema } from '../../../../../shared/rules/admin/billing-product';
import { Field } from '../../../components/form/Field';
import { EntityMultiSelect } from '../../../components/inputs/EntityMultiSelect';
import type { PageFetch } from '../../../core/data/paged-loader';
import type { BillingForm } from './BillingFields';

type Values = z.input<typeof billingProductPayloadSchema>;

interface ChoiceList {
  items: readonly NamedChoice[] | undefined;
  failed: boolean;
  loading: boolean;
  retry(): void;
}

const choiceId = (choice: NamedChoice) => String(choice.id);
const choiceName = (choice: NamedChoice) => choice.name;

/** The chosen ids as choices, by their names where the list has them. */
function chosenOf(ids: readonly number[], list: readonly NamedChoice[] | undefined, noun: string): NamedChoice[] {
  return ids.map((id) => list?.find((choice) => choice.id === id) ?? { id, name: `${noun} ${id}` });
}

/** A list already read, searched here (the multi-select asks page by page). */
function localPages(items: readonly NamedChoice[] | undefined) {
  return (search: string): { fetch: PageFetch<NamedChoice, null>; first: null } => ({
    first: null,
    fetch: async () => ({ items: (items ?? []).filter((item) => item.name.toLowerCase().includes(search.toLowerCase())), next: null }),
  });
}

function LoadFailure({ message, retry }: { message: string; retry(): void }) {
  return (
    <Callout intent={Intent.DANGER} icon="error" compact className="gap billing-load-failure" role="alert">
      {message} <Button variant="minimal" size="small" icon="refresh" text="Retry" onClick={retry} />
    </Callout>
  );
}

export function UserRolesField({ form, roles }: { form: BillingForm; roles: ChoiceList }) {
  const values = form.values as Values;
  const pages = useMemo(() => localPages(roles.items), [roles.items]);
  return (
    <>
      {roles.failed && <LoadFailure message={BILLING_MESSAGES.userRolesFailed} retry={roles.retry} />}
      <EntityMultiSelect<NamedChoice, null>
        id="billing-userRoles"
        label="User roles"
        noun="user roles"
        selected={chosenOf(values.userRoles, roles.items, 'Role')}
        itemId={choiceId}
        itemLabel={choiceName}
        pages={pages}
        disabled={roles.failed}
        emptyText={roles.loading ? 'Loading...' : 'No user roles'}
        error={form.errors.userRoles}
        onChange={(chosen) => form.set('userRoles', chosen.map((choice) => choice.id))}
      />
    </>
  );
}

export function NodeRoleFields({ form, nodeRoles, savedSearches, initialFailed, retry }: { form: BillingForm; nodeRoles: readonly NamedChoice[] | undefined; savedSearches: readonly NamedChoice[] | undefined; initialFailed: boolean; retry(): void }) {
  const values = form.values as Values;
  const searchPages = useMemo(() => localPages(savedSearches), [savedSearches]);
  const nodeRoleOptions = useMemo(() => {
    const offered = (nodeRoles ?? []).map((role) => ({ value: String(role.id), label: role.name }));
    const current = values.nodeRoleId;
    if (current !== null && !offered.some((option) => option.value === String(current))) offered.push({ value: String(current), label: `Node role ${current}` });
    return [{ value: '', label: values.anyRole ? 'All roles' : 'Select a node role...' }, ...offered];
  }, [nodeRoles, values.nodeRoleId, values.anyRole]);
  return (
    <>
      {initialFailed && <LoadFailure message={BILLING_MESSAGES.initialDataFailed} retry={retry} />}
      <div className="billing-grid">
        <div>
          <Field label="Node role" binding={form.field('nodeRoleId')} required={!values.anyRole}>
            {(b) => (
              <HTMLSelect
                id={b.id}
                fill
                value={b.value === null || b.value === undefined ? '' : String(b.value)}
                options={nodeRoleOptions}
                disabled={values.anyRole}
                onChange={(event) => b.onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
                onBlur={b.onBlur}
              />
            )}
          </Field>
          <Checkbox
            label="All roles"
            checked={values.anyRole}
            onChange={(event) => {
              const anyRole = event.currentTarget.checked;
              form.set('anyRole', anyRole);
              // All roles: no node role is sent (§3 anyRole); unchecked, one must be chosen.
              if (anyRole) form.set('nodeRoleId', null);
              form.touch('nodeRoleId');
            }}
          />
        </div>
        <div>
          <EntityMultiSelect<NamedChoice, null>
            id="billing-groupIds"
            label="Saved searches"
            noun="saved searches"
            selected={chosenOf(values.groupIds, savedSearches, 'Saved search')}
            itemId={choiceId}
            itemLabel={choiceName}
            pages={searchPages}
            disabled={initialFailed}
            error={form.errors.groupIds}
            onChange={(chosen) => form.set('groupIds', chosen.map((choice) => choice.id))}
          />
          <RadioGroup
            label="Devices must match"
            name="billing-allGroups"
            inline
            selectedValue={values.allGroups ? 'all' : 'any'}
            onChange={(event) => form.set('allGroups', event.currentTarget.value === 'all')}
          >
            <Radio value="any" label="Any saved search" />
            <Radio value="all" label="All saved searches" />
          </RadioGroup>
        </div>
      </div>
    </>
  );
}
