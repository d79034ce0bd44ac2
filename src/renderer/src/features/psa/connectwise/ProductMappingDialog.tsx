/**
 * The product mapping modal (spec §2.4: Name, Mapping Type, and a ranked role
 * mappings table with Up and Down, Edit, Delete; §3.4; §4.3 ranks: Up and
 * Down swap the selected row with its neighbour, never above 1 nor below the
 * count, removal shifts the later ranks; §5.4; §9.3 MULTIPLE_HIT 'Map device
 * to all matching mappings', SINGLE_HIT 'Map device to first mapping only';
 * §9.4 SINGLE_HIT by default) on the shared VerticalTabsDialog. Alt+Up and
 * Alt+Down move the selected row from the keyboard.
 */
import { Button, ButtonGroup, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import {
  GROUPS_LOGIC_OPERATOR_LABELS,
  GROUPS_LOGIC_OPERATORS,
  PRODUCT_MAPPING_TYPE_LABELS,
  PRODUCT_MAPPING_TYPES,
  PSA_NAME_MAX,
  type ConnectWiseProductMapping,
  type ConnectWiseProductRoleMapping,
} from '../../../../../shared/model/psa';
import { isKnownValue, labelOrRaw } from '../../../../../shared/model/open-values';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { byRank, canMoveRank, moveRank, newProductRoleMapping, normalizeRanks, removeRanked, upsertRanked, type RankDirection } from '../../../../../shared/rules/psa/transitions';
import { asFormSchema, validateProductMapping } from '../../../../../shared/rules/psa/validation';
import { api } from '../../../core/api';
import { presentError, toastSuccess } from '../../../core/toaster';
import { NumberCell, TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { EMPTY_SELECTION, type Selection } from '../../../components/data-table/selection';
import { Field } from '../../../components/form/Field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { VerticalTabsDialog } from '../../../components/form/VerticalTabsDialog';
import { nameIn, roleName, type CwData } from './cw-data';
import type { MappingTarget } from './MappingsList';
import { ProductRoleDialog } from './ProductRoleDialog';

type Row = ConnectWiseProductRoleMapping;
const TITLES = { add: 'Add product mapping', edit: 'Edit product mapping', copy: 'Copy product mapping' } as const;

/** A row's groups in words: 'All Groups: A, B', or 'Any group' when it names none. */
function groupsText(row: Row, data: CwData): string {
  if (row.groups.length === 0) return 'Any group';
  const names = row.groups.map((id) => nameIn(data.groups, id)).join(', ');
  return row.groups.length === 1 ? names : `${labelOrRaw(GROUPS_LOGIC_OPERATOR_LABELS, row.groupsLogicOperator)}: ${names}`;
}

/** The save call's rows: ranked 1..count in their order, group ids as numbers, an operator the console does not know read as the default. */
function rowsToSave(rows: readonly Row[]) {
  return normalizeRanks(rows).flatMap((r) =>
    r.nodeRoleId === null || r.productId === null || r.agreementTypeId === null
      ? []
      : [
          {
            id: r.id,
            nodeRoleId: r.nodeRoleId,
            productId: r.productId,
            agreementTypeId: r.agreementTypeId,
            groups: r.groups.map(Number).filter((id) => Number.isInteger(id) && id >= 0),
            groupsLogicOperator: isKnownValue(GROUPS_LOGIC_OPERATORS, r.groupsLogicOperator) ? r.groupsLogicOperator : ('AND' as const),
            ranking: r.ranking,
          },
        ],
  );
}

export function ProductMappingDialog({ target, data, onClose }: { target: MappingTarget<ConnectWiseProductMapping>; data: CwData; onClose(): void }) {
  const all = data.settings.productMappings;
  const schema = useMemo(
    () =>
      asFormSchema<ConnectWiseProductMapping>((values) => ({
        ...validateProductMapping(values, all),
        ...(isKnownValue(PRODUCT_MAPPING_TYPES, values.productMappingType) ? {} : { productMappingType: PSA_MESSAGES.required }),
      })),
    [all],
  );
  const initial = useMemo(() => ({ ...target.mapping, nodeRoleProductMappings: normalizeRanks(target.mapping.nodeRoleProductMappings) }), [target.mapping]);
  const form = useZodForm(schema, initial, 'cw-product-mapping');
  const values = form.values as ConnectWiseProductMapping;
  const rows = useMemo(() => byRank(values.nodeRoleProductMappings), [values.nodeRoleProductMappings]);
  const setRows = (next: Row[]) => form.set('nodeRoleProductMappings', next);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [editing, setEditing] = useState<{ row: Row; adding: boolean } | null>(null);
  const selectedId = [...selection.ids][0];
  const { products, agreementTypes } = data.settings;

  const move = (direction: RankDirection) => {
    if (selectedId !== undefined && canMoveRank(rows, selectedId, direction)) setRows(moveRank(rows, selectedId, direction));
  };
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { id: 'rank', title: 'Rank', width: 70, stretch: false, render: (r) => <NumberCell value={r.ranking} /> },
      { id: 'role', title: 'Role', width: 170, render: (r) => <TextCell text={roleName(data.roles, r.nodeRoleId)} /> },
      { id: 'groups', title: 'Group(s)', width: 220, render: (r) => <TextCell text={groupsText(r, data)} /> },
      { id: 'product', title: 'Product', width: 200, render: (r) => <TextCell text={nameIn(products, r.productId, r.productName) || null} /> },
      { id: 'agreementType', title: 'Agreement Type', width: 160, render: (r) => <TextCell text={nameIn(agreementTypes, r.agreementTypeId, r.agreementTypeName) || null} /> },
    ],
    [data, products, agreementTypes],
  );
  const actions: RowAction<Row>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: (row) => setEditing({ row, adding: false }) },
    { id: 'delete', label: 'Delete', icon: 'trash', run: (row) => setRows(removeRanked(rows, row.id)) },
  ];

  const save = async (parsed: ConnectWiseProductMapping) => {
    try {
      await api.call('psa.connectwise.saveProductMapping', {
        ...(target.mode === 'edit' ? { id: parsed.id } : {}),
        name: parsed.name.trim(),
        productMappingType: isKnownValue(PRODUCT_MAPPING_TYPES, parsed.productMappingType) ? parsed.productMappingType : 'SINGLE_HIT',
        nodeRoleProductMappings: rowsToSave(parsed.nodeRoleProductMappings),
      });
    } catch (error) {
      presentError(error, { key: 'cw-product-mapping' });
      throw error;
    }
    toastSuccess(`Product mapping '${parsed.name.trim()}' saved`, 'cw-product-mapping');
    data.reload();
  };

  const type = values.productMappingType;
  return (
    <>
      <VerticalTabsDialog
        title={TITLES[target.mode]}
        isOpen
        mode={target.mode === 'edit' ? 'edit' : 'add'}
        size="wide"
        form={form}
        onSave={save}
        onClose={onClose}
        tabs={[
          {
            id: 'general',
            title: 'General',
            fields: ['name', 'productMappingType'],
            panel: (
              <>
                <Field label="Name" binding={form.field('name')} required>
                  {(b) => <InputGroup id={b.id} value={String(b.value ?? '')} maxLength={PSA_NAME_MAX + 20} intent={b.intent} onValueChange={b.onChange} onBlur={b.onBlur} />}
                </Field>
                <RadioGroup label="Mapping Type" name="cw-product-mapping-type" selectedValue={type} onChange={(event) => form.set('productMappingType', event.currentTarget.value)}>
                  {PRODUCT_MAPPING_TYPES.map((value) => (
                    <Radio key={value} value={value} label={PRODUCT_MAPPING_TYPE_LABELS[value]} />
                  ))}
                  {!isKnownValue(PRODUCT_MAPPING_TYPES, type) && <Radio value={type} label={`${type || '-'} (unknown)`} />}
                </RadioGroup>
              </>
            ),
          },
          {
            id: 'roles',
            title: 'Role mappings',
            fields: ['nodeRoleProductMappings'],
            panel: (
              <DataTable<Row>
                id="cw-product-role-mappings"
                label="Role mappings"
                className="cw-table cw-role-table"
                columns={columns}
                rows={rows}
                rowId={(r) => String(r.id)}
                rowLabel={(r) => `${r.ranking}. ${roleName(data.roles, r.nodeRoleId)}`}
                selection={selection}
                onSelectionChange={setSelection}
                actions={actions}
                onRowAction={(row) => setEditing({ row, adding: false })}
                onKey={(event) => {
                  if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return false;
                  event.preventDefault();
                  move(event.key === 'ArrowUp' ? 'up' : 'down');
                  return true;
                }}
                emptyTitle={PSA_MESSAGES.noRoleMappings}
                toolbar={
                  <>
                    <Button icon="add" intent={Intent.PRIMARY} text="Add role mapping" onClick={() => setEditing({ row: newProductRoleMapping(rows), adding: true })} />
                    <ButtonGroup role="group" aria-label="Rank">
                      <Button icon="arrow-up" text="Up" title="Rank the selected row higher (Alt+Up)" disabled={selectedId === undefined || !canMoveRank(rows, selectedId, 'up')} onClick={() => move('up')} />
                      <Button icon="arrow-down" text="Down" title="Rank the selected row lower (Alt+Down)" disabled={selectedId === undefined || !canMoveRank(rows, selectedId, 'down')} onClick={() => move('down')} />
                    </ButtonGroup>
                  </>
                }
              />
            ),
          },
        ]}
      />
      {editing && (
        <ProductRoleDialog
          row={editing.row}
          rows={rows}
          adding={editing.adding}
          data={data}
          onClose={() => setEditing(null)}
          onApply={(row) => {
            setRows(upsertRanked(rows, row));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
