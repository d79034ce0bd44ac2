/**
 * The product mapping modal (spec §2.4: Name, Mapping Type, and a ranked role
 * mappings table with Up and Down, Edit, Delete; §3.4; §4.3 ranks: Up and
 * Down swap the selected row with its neighbour, never above 1 nor below the
 * count, removal shifts the later ranks; §5.4; §9.3 MULTIPLE_HIT 'Map device
 * to all matching mappings', SINGLE_HIT 'Map device to first mapping only';
 * §9.4 SINGLE_HIT by default) on the mapping modals' shell
 * (./MappingDialog.tsx). Alt+Up and Alt+Down move the selected row from the
 * keyboard. A row without its Product, Agreement Type or Role is marked
 * Incomplete and refuses the save; the ranks saved are 1..count of the rows
 * saved; a group operator this console does not know is shown with what it
 * is saved as (./role-rows.ts).
 */
import { Button, ButtonGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { PRODUCT_MAPPING_TYPE_LABELS, PRODUCT_MAPPING_TYPES, type ConnectWiseProductMapping, type ConnectWiseProductRoleMapping } from '../../../../../shared/model/psa';
import { isKnownValue } from '../../../../../shared/model/platform/open-values';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { byRank, canMoveRank, moveRank, newProductRoleMapping, normalizeRanks, removeRanked, upsertRanked, type RankDirection } from '../../../../../shared/rules/psa/transitions';
import { asFormSchema, validateProductMapping } from '../../../../../shared/rules/psa/validation';
import { NumberCell, TextCell } from '../../../components/data-table/cells';
import type { DataTableColumn } from '../../../components/data-table/DataTable';
import { EMPTY_SELECTION, type Selection } from '../../../components/data-table/selection';
import { useZodForm } from '../../../components/form/use-zod-form';
import { saveProductMapping } from '../client';
import { nameIn, roleName, type CwData } from './cw-data';
import { MappingDialog, MarkedCell } from './MappingDialog';
import type { MappingTarget } from './MappingsList';
import { ProductRoleDialog } from './ProductRoleDialog';
import { groupsText, incompleteRowsError, isIncompleteProductRow as isIncomplete, productRowsToSave } from './role-rows';

type Row = ConnectWiseProductRoleMapping;

export function ProductMappingDialog({ target, data, onClose }: { target: MappingTarget<ConnectWiseProductMapping>; data: CwData; onClose(): void }) {
  const all = data.settings.productMappings;
  const schema = useMemo(
    () =>
      asFormSchema<ConnectWiseProductMapping>((values) => ({
        ...validateProductMapping(values, all),
        ...(isKnownValue(PRODUCT_MAPPING_TYPES, values.productMappingType) ? {} : { productMappingType: PSA_MESSAGES.required }),
        ...incompleteRowsError('nodeRoleProductMappings', values.nodeRoleProductMappings, isIncomplete),
      })),
    [all],
  );
  const initial = useMemo(() => ({ ...target.mapping, nodeRoleProductMappings: normalizeRanks(target.mapping.nodeRoleProductMappings) }), [target.mapping]);
  const form = useZodForm(schema, initial, 'cw-product-mapping');
  const values = form.values as ConnectWiseProductMapping;
  const rows = useMemo(() => byRank(values.nodeRoleProductMappings), [values.nodeRoleProductMappings]);
  const setRows = (next: Row[]) => form.set('nodeRoleProductMappings', next);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const selectedId = [...selection.ids][0];
  const { products, agreementTypes } = data.settings;

  const move = (direction: RankDirection) => {
    if (selectedId !== undefined && canMoveRank(rows, selectedId, direction)) setRows(moveRank(rows, selectedId, direction));
  };
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { id: 'rank', title: 'Rank', width: 70, stretch: false, render: (r) => <NumberCell value={r.ranking} /> },
      { id: 'role', title: 'Role', width: 170, render: (r) => <MarkedCell text={roleName(data.roles, r.nodeRoleId) || null} incomplete={isIncomplete(r)} /> },
      { id: 'groups', title: 'Group(s)', width: 150, render: (r) => <TextCell text={groupsText(r, (id) => nameIn(data.groups, id))} /> },
      { id: 'product', title: 'Product', width: 180, render: (r) => <TextCell text={nameIn(products, r.productId, r.productName) || null} /> },
      { id: 'agreementType', title: 'Agreement Type', width: 140, render: (r) => <TextCell text={nameIn(agreementTypes, r.agreementTypeId, r.agreementTypeName) || null} /> },
    ],
    [data, products, agreementTypes],
  );

  const type = values.productMappingType;
  return (
    <MappingDialog<ConnectWiseProductMapping, Row>
      noun="product mapping"
      messageKey="cw-product-mapping"
      target={target}
      form={form}
      data={data}
      onClose={onClose}
      write={(parsed, base) =>
        saveProductMapping({
          ...base,
          productMappingType: isKnownValue(PRODUCT_MAPPING_TYPES, parsed.productMappingType) ? parsed.productMappingType : 'SINGLE_HIT',
          nodeRoleProductMappings: productRowsToSave(parsed.nodeRoleProductMappings),
        })
      }
      generalFields={['productMappingType']}
      general={
        <RadioGroup label="Mapping Type" name="cw-product-mapping-type" selectedValue={type} onChange={(event) => form.set('productMappingType', event.currentTarget.value)}>
          {PRODUCT_MAPPING_TYPES.map((value) => (
            <Radio key={value} value={value} label={PRODUCT_MAPPING_TYPE_LABELS[value]} />
          ))}
          {!isKnownValue(PRODUCT_MAPPING_TYPES, type) && <Radio value={type} label={`${type || '-'} (unknown)`} />}
        </RadioGroup>
      }
      rowsField="nodeRoleProductMappings"
      rows={rows}
      rowsError={form.errors.nodeRoleProductMappings}
      tableId="cw-product-role-mappings"
      columns={columns}
      rowLabel={(r) => `${r.ranking}. ${roleName(data.roles, r.nodeRoleId)}`}
      table={{
        selection,
        onSelectionChange: setSelection,
        onKey: (event) => {
          if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return false;
          event.preventDefault();
          move(event.key === 'ArrowUp' ? 'up' : 'down');
          return true;
        },
      }}
      tools={
        <ButtonGroup role="group" aria-label="Rank">
          <Button icon="arrow-up" text="Up" title="Rank the selected row higher (Alt+Up)" disabled={selectedId === undefined || !canMoveRank(rows, selectedId, 'up')} onClick={() => move('up')} />
          <Button icon="arrow-down" text="Down" title="Rank the selected row lower (Alt+Down)" disabled={selectedId === undefined || !canMoveRank(rows, selectedId, 'down')} onClick={() => move('down')} />
        </ButtonGroup>
      }
      newRow={newProductRoleMapping}
      remove={removeRanked}
      upsert={upsertRanked}
      editor={ProductRoleDialog}
    />
  );
}
