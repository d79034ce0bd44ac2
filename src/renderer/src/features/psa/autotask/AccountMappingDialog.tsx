/**
 * The Account Mapping modal (spec §2.3, §5.3): Autotask Account (required)
 * and Ninja Device Role Mapping for one organization. Save hands the choice
 * back; the page previews what changes (an account remap resets the
 * organization's location mappings, §4.3) before anything is written.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { AutotaskAccountMapping, AutotaskDeviceRoleMapping, PsaRecord } from '../../../../../shared/model/psa';
import { validateAccountMapping } from '../../../../../shared/rules/psa/validation';
import { AccountSelect } from './AccountSelect';
import { IdSelect } from './IdSelect';

export interface AccountChoice {
  account: PsaRecord;
  roleMapping: { id: number; name: string } | null;
}

export function AccountMappingDialog({ row, roleMappings, onClose, onSave }: { row: AutotaskAccountMapping; roleMappings: readonly AutotaskDeviceRoleMapping[]; onClose(): void; onSave(choice: AccountChoice): void }) {
  const [account, setAccount] = useState<PsaRecord | null>(row.accountId !== null ? { id: row.accountId, name: row.accountName ?? `#${row.accountId}` } : null);
  const [roleId, setRoleId] = useState<number | null>(row.installedProductCategoryMappingId);
  const [submitted, setSubmitted] = useState(false);
  const errors = validateAccountMapping({ accountId: account?.id ?? null });
  const save = () => {
    setSubmitted(true);
    if (!account || errors.accountId) return;
    const chosen = roleMappings.find((m) => m.id === roleId);
    onSave({ account, roleMapping: chosen ? { id: chosen.id, name: chosen.name } : roleId !== null ? { id: roleId, name: row.installedProductCategoryMappingName ?? `#${roleId}` } : null });
  };
  return (
    <Dialog isOpen title="Account Mapping" onClose={onClose} canOutsideClickClose={false} className="psa-account-dialog">
      <DialogBody>
        <p>
          Ninja Organization: <strong>{row.clientName}</strong>
        </p>
        <AccountSelect id="autotask-account" label="Autotask Account" kind="accounts" value={account} onChange={setAccount} required error={submitted ? errors.accountId : null} />
        <FormGroup label="Ninja Device Role Mapping" labelFor="autotask-role-mapping">
          <IdSelect id="autotask-role-mapping" value={roleId} none="None" records={roleMappings} onChange={(id) => setRoleId(id === null ? null : Number(id))} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Save" onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}
