/**
 * The product role mapping modal (spec §2.4: Product*, Agreement Type*,
 * Role*, Group(s) multi-select and a group operator, Any or All Groups;
 * §5.4 'Required' and 'Already exists a mapping with the same role and
 * groups'; §9.3 OR and AND; §9.4 AND by default). Add ranks a new row last.
 */
import { FormGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useMemo } from 'react';
import { GROUPS_LOGIC_OPERATOR_LABELS, GROUPS_LOGIC_OPERATORS, type ConnectWiseProductRoleMapping, type PsaRecord } from '../../../../../shared/model/psa';
import { isKnownValue } from '../../../../../shared/model/platform/open-values';
import { asFormSchema, validateProductRoleMapping } from '../../../../../shared/rules/psa/validation';
import { useZodForm } from '../../../components/form/use-zod-form';
import { EntityMultiSelect } from '../../../components/inputs/EntityMultiSelect';
import { localPages, nameIn, recordId, recordName } from './cw-data';
import { recordOf, SearchSelect } from './cw-kit';
import type { RoleDialogProps } from './MappingDialog';
import { SAVED_UNKNOWN_OPERATOR } from './role-rows';
import { RecordField, RoleField, RowDialog } from './RowDialog';

type Row = ConnectWiseProductRoleMapping;

/** `rows`: the same role with the same groups twice is refused. */
export function ProductRoleDialog({ row, rows, adding, data, onApply, onClose }: RoleDialogProps<Row>) {
  const schema = useMemo(() => asFormSchema<Row>((values) => validateProductRoleMapping(values, rows)), [rows]);
  const form = useZodForm(schema, row, 'cw-product-role');
  const values = form.values as Row;
  const { products, agreementTypes } = data.settings;
  const roles = useMemo(() => data.roles.map(({ id, name }) => ({ id, name })), [data.roles]);
  const groupPages = useMemo(() => localPages(data.groups, recordName), [data.groups]);
  const chosenGroups: PsaRecord[] = values.groups.map((id) => ({ id, name: nameIn(data.groups, id) }));
  const productError = form.errors.productId ?? null;
  const operator = values.groupsLogicOperator;

  return (
    <RowDialog adding={adding} form={form} onApply={onApply} onClose={onClose} className="cw-product-role-dialog">
      <FormGroup label="Product" labelFor="cw-product-role-product" labelInfo="*" intent={productError ? Intent.DANGER : Intent.NONE} helperText={productError ?? undefined}>
        <SearchSelect
          id="cw-product-role-product"
          value={recordOf(values.productId, values.productName)}
          records={products}
          noun="products"
          placeholder="Select a product..."
          intent={productError ? Intent.DANGER : Intent.NONE}
          onChange={(product) => {
            form.set('productId', product.id);
            form.set('productName', product.name);
          }}
          onClose={() => form.touch('productId')}
        />
      </FormGroup>
      <RecordField label="Agreement Type" form={form} idField="agreementTypeId" nameField="agreementTypeName" records={agreementTypes} />
      <RoleField label="Role" form={form} offered={roles} roles={data.roles} />
      <EntityMultiSelect<PsaRecord, null>
        id="cw-product-role-groups"
        label="Group(s)"
        noun="groups"
        selected={chosenGroups}
        itemId={recordId}
        itemLabel={recordName}
        pages={groupPages}
        error={form.errors.groups}
        onChange={(groups) => {
          form.set('groups', groups.map((g) => g.id));
          form.touch('nodeRoleId');
        }}
      />
      <RadioGroup
        label="Group operator"
        name="cw-product-role-operator"
        inline
        selectedValue={operator}
        onChange={(event) => form.set('groupsLogicOperator', event.currentTarget.value)}
      >
        {GROUPS_LOGIC_OPERATORS.map((value) => (
          <Radio key={value} value={value} label={GROUPS_LOGIC_OPERATOR_LABELS[value]} />
        ))}
        {/* An operator this console does not know cannot be sent back (§9.3 lists two): it is saved as §9.4's default. */}
        {!isKnownValue(GROUPS_LOGIC_OPERATORS, operator) && <Radio value={operator} label={`${operator || '-'} (unknown, saved as ${GROUPS_LOGIC_OPERATOR_LABELS[SAVED_UNKNOWN_OPERATOR]})`} />}
      </RadioGroup>
    </RowDialog>
  );
}
