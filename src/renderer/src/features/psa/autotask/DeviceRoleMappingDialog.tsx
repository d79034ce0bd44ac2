/**
 * An Autotask device role mapping (spec §2.3, §3.3, §5.3): Name (not empty
 * and unique ignoring case and surrounding spaces, else 'Invalid'), the two
 * checkboxes with their defaults (disable the installed product when a
 * device is deleted: off; override the product mapping: on), and the table
 * of role → product → configuration item category rows with Add, and per row
 * the Edit Mapping modal (Device Role, Configuration Type, Autotask Product;
 * roles already used excluded) and Delete. 'No role mappings available' when
 * it has none. A row without its role, product or configuration type (rows
 * read tolerantly from a real server may lack one) is marked Incomplete and
 * refuses the save until it is completed or removed: never dropped silently.
 */
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { AutotaskDeviceRoleMapping, AutotaskRoleProductMapping, DeviceRole, PsaRecord } from '../../../../../shared/model/psa';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { availableRoles, newRoleProductMapping, removeById, upsertById } from '../../../../../shared/rules/psa/transitions';
import { validateDeviceRoleMapping, validateRoleProductMapping } from '../../../../../shared/rules/psa/validation';
import { AccountSelect } from './AccountSelect';
import { IdSelect } from './IdSelect';

const NONE = '—';

/** Above the rows when one lacks a required field: the save is refused until it is completed or removed. */
export const INCOMPLETE_ROLE_MAPPINGS = 'Complete or remove the role mappings marked incomplete';

/** §5.3: a row needs Device Role, Configuration Type and Autotask Product. */
export function isIncompleteRow(row: AutotaskRoleProductMapping): boolean {
  return Object.keys(validateRoleProductMapping(row)).length > 0;
}

function RowDialog({ row, roles, rows, categories, onClose, onSave }: { row: AutotaskRoleProductMapping; roles: readonly DeviceRole[]; rows: readonly AutotaskRoleProductMapping[]; categories: readonly PsaRecord[]; onClose(): void; onSave(row: AutotaskRoleProductMapping): void }) {
  const [draft, setDraft] = useState(row);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateRoleProductMapping(draft) : {};
  const choices = availableRoles(roles, rows, row.id);
  return (
    <Dialog isOpen title="Edit Mapping" onClose={onClose} canOutsideClickClose={false}>
      <DialogBody>
        <FormGroup label="Device Role" labelFor="autotask-row-role" labelInfo="*" intent={errors.nodeRoleId ? 'danger' : 'none'} helperText={errors.nodeRoleId}>
          <IdSelect id="autotask-row-role" value={draft.nodeRoleId} none="Choose a role" records={choices} onChange={(id) => setDraft({ ...draft, nodeRoleId: id === null ? null : Number(id) })} />
        </FormGroup>
        <FormGroup label="Configuration Type" labelFor="autotask-row-category" labelInfo="*" intent={errors.installedProductCategoryId ? 'danger' : 'none'} helperText={errors.installedProductCategoryId}>
          <IdSelect
            id="autotask-row-category"
            value={draft.installedProductCategoryId}
            none="Choose a configuration type"
            records={categories}
            onChange={(id) => {
              const category = categories.find((c) => String(c.id) === id);
              setDraft({ ...draft, installedProductCategoryId: category?.id ?? null, installedProductCategoryName: category?.name ?? null });
            }}
          />
        </FormGroup>
        <AccountSelect
          id="autotask-row-product"
          label="Autotask Product"
          kind="products"
          required
          value={draft.productId !== null ? { id: draft.productId, name: draft.productName ?? `#${draft.productId}` } : null}
          onChange={(product) => setDraft({ ...draft, productId: product?.id ?? null, productName: product?.name ?? null })}
          error={errors.productId}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="Apply"
              onClick={() => {
                setSubmitted(true);
                if (Object.keys(validateRoleProductMapping(draft)).length === 0) onSave(draft);
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}

interface DeviceRoleMappingDialogProps {
  mapping: AutotaskDeviceRoleMapping;
  all: readonly AutotaskDeviceRoleMapping[];
  roles: readonly DeviceRole[];
  categories: readonly PsaRecord[];
  editing: boolean;
  onClose(): void;
  onSave(mapping: AutotaskDeviceRoleMapping): Promise<void>;
}

export function DeviceRoleMappingDialog({ mapping, all, roles, categories, editing, onClose, onSave }: DeviceRoleMappingDialogProps) {
  const [draft, setDraft] = useState(mapping);
  const [row, setRow] = useState<AutotaskRoleProductMapping | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors = submitted ? validateDeviceRoleMapping(draft, all) : {};
  const rows = draft.nodeRoleInstalledProductCategoryMappings;
  const incomplete = rows.some(isIncompleteRow);
  const roleName = (id: number | null) => roles.find((r) => r.id === id)?.name ?? (id === null ? NONE : `#${id}`);
  const save = async () => {
    setSubmitted(true);
    if (Object.keys(validateDeviceRoleMapping(draft, all)).length > 0 || rows.some(isIncompleteRow)) return;
    setSaving(true);
    try {
      await onSave({ ...draft, name: draft.name.trim() });
    } catch {
      // The page said why; the dialog stays with what was typed.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog isOpen title={editing ? 'Edit Device Role Mapping' : 'Add Device Role Mapping'} onClose={onClose} canOutsideClickClose={false} style={{ width: 760 }}>
      <DialogBody>
        <FormGroup label="Name" labelFor="autotask-mapping-name" labelInfo="*" intent={errors.name ? 'danger' : 'none'} helperText={errors.name}>
          <InputGroup id="autotask-mapping-name" value={draft.name} intent={errors.name ? 'danger' : 'none'} onValueChange={(name) => setDraft({ ...draft, name })} />
        </FormGroup>
        <Checkbox label="Disable the installed product when a device is deleted" checked={draft.disableInstalledProductOnNodeDelete} onChange={(e) => setDraft({ ...draft, disableInstalledProductOnNodeDelete: e.currentTarget.checked })} />
        <Checkbox label="Override product mapping" checked={draft.overrideProductMapping} onChange={(e) => setDraft({ ...draft, overrideProductMapping: e.currentTarget.checked })} />
        {submitted && incomplete && (
          <Callout intent={Intent.DANGER} compact className="gap" role="alert">
            {INCOMPLETE_ROLE_MAPPINGS}
          </Callout>
        )}
        {rows.length === 0 ? (
          <p className="psa-empty">{PSA_MESSAGES.noRoleMappings}</p>
        ) : (
          <HTMLTable compact striped className="psa-rows" aria-label="Role mappings">
            <thead>
              <tr>
                <th>Device Role</th>
                <th>Autotask Product</th>
                <th>Configuration Type</th>
                <th>
                  <span className="bp6-text-muted">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    {roleName(r.nodeRoleId)}
                    {isIncompleteRow(r) && (
                      <Tag minimal intent={Intent.DANGER} icon="warning-sign" className="gap-left" htmlTitle="A required field is missing: edit the row to complete it, or delete it">
                        Incomplete
                      </Tag>
                    )}
                  </td>
                  <td>{r.productName ?? NONE}</td>
                  <td>{r.installedProductCategoryName ?? NONE}</td>
                  <td>
                    <Button variant="minimal" size="small" icon="edit" aria-label={`Edit ${roleName(r.nodeRoleId)}`} onClick={() => setRow(r)} />
                    <Button variant="minimal" size="small" icon="trash" aria-label={`Delete ${roleName(r.nodeRoleId)}`} onClick={() => setDraft({ ...draft, nodeRoleInstalledProductCategoryMappings: removeById(rows, r.id) })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <Button icon="add" text="Add" disabled={availableRoles(roles, rows).length === 0} onClick={() => setRow(newRoleProductMapping(rows))} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={editing ? 'Save' : 'Create'} loading={saving} onClick={() => void save()} />
          </>
        }
      />
      {row && (
        <RowDialog
          row={row}
          roles={roles}
          rows={rows}
          categories={categories}
          onClose={() => setRow(null)}
          onSave={(next) => {
            setDraft({ ...draft, nodeRoleInstalledProductCategoryMappings: upsertById(rows, next) });
            setRow(null);
          }}
        />
      )}
    </Dialog>
  );
}

/** What the save call takes of a mapping: every row (an incomplete one is refused, never dropped: the dialog refuses it first). */
export function deviceRoleMappingInput(mapping: AutotaskDeviceRoleMapping, editing: boolean) {
  return {
    ...(editing ? { id: mapping.id } : {}),
    name: mapping.name,
    disableInstalledProductOnNodeDelete: mapping.disableInstalledProductOnNodeDelete,
    overrideProductMapping: mapping.overrideProductMapping,
    nodeRoleInstalledProductCategoryMappings: mapping.nodeRoleInstalledProductCategoryMappings.map((r) => {
      if (r.nodeRoleId === null || r.productId === null || r.installedProductCategoryId === null) throw new Error(INCOMPLETE_ROLE_MAPPINGS);
      return { id: r.id, nodeRoleId: r.nodeRoleId, productId: r.productId, installedProductCategoryId: r.installedProductCategoryId };
    }),
  };
}
