/**
 * A PSA's connection: instance, username, secret and the
 * enabled toggle. The secret goes to the main process, which keeps it in the
 * OS keychain (as the console's own credentials) and sends it to the
 * instance; it never comes back. Left empty, the secret kept stays; a
 * changed address or username asks for a new one (the kept one belongs to
 * the stored ones).
 */
import { Button, Classes, Dialog, DialogBody, DialogFooter, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { z } from 'zod';
import { PSA_LABELS, type PsaConnection, type PsaKind } from '../../../../shared/model/psa/views';
import { PSA_SECRET_LABELS, sameOwner, secretMovedMessage } from '../../../../shared/rules/psa/connection';
import { REQUIRED_MESSAGE } from '../../../../shared/rules/platform/messages';
import { presentError, toastSuccess } from '../../core/toaster';
import { Field } from '../../components/form/Field';
import { useZodForm } from '../../components/form/use-zod-form';
import { saveConnection } from './client';

const connectionSchema = z.object({
  instanceUrl: z
    .string()
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .refine((value) => /^https:\/\/[^\s/@]+(\/\S*)?$/i.test(value), 'Enter the instance address, starting with https://'),
  username: z.string().trim().min(1, REQUIRED_MESSAGE).max(320),
  secret: z.string().max(4096),
  enabled: z.boolean(),
});

export function ConnectionDialog({ kind, connection, onClose, onSaved }: { kind: PsaKind; connection: PsaConnection | null; onClose(): void; onSaved(connection: PsaConnection): void }) {
  const form = useZodForm(connectionSchema, { instanceUrl: connection?.instanceUrl ?? '', username: connection?.username ?? '', secret: '', enabled: connection?.enabled ?? true }, `psa-${kind}`);
  const kept = connection?.secretInKeychain === true;
  // A changed address or user needs its own secret: the one held was given for the stored ones only.
  const moved = connection !== null && connection.instanceUrl !== '' && !sameOwner(connection, form.values);
  // A secret is needed unless one is kept here or the instance holds one, for this address and user.
  const needsSecret = moved || (!kept && connection?.secretSet !== true);
  const save = () =>
    form.submit(async (values) => {
      if (needsSecret && values.secret === '') {
        form.touch('secret');
        throw new Error(REQUIRED_MESSAGE);
      }
      try {
        const saved = await saveConnection({ kind, instanceUrl: values.instanceUrl, username: values.username, enabled: values.enabled, ...(values.secret ? { secret: values.secret } : {}) });
        toastSuccess(`${PSA_LABELS[kind]} connection saved`, `psa-connection-${kind}`);
        onSaved(saved);
      } catch (error) {
        presentError(error, { key: `psa-connection-${kind}` });
        throw error;
      }
    }).catch(() => false);
  const secret = form.field('secret');
  const secretError = needsSecret && form.submitted && form.values.secret === '' ? (moved ? secretMovedMessage(kind) : REQUIRED_MESSAGE) : secret.error;
  return (
    <Dialog isOpen title={`${PSA_LABELS[kind]} connection`} onClose={onClose} canOutsideClickClose={false} className="psa-connection-dialog">
      <DialogBody>
        <Field label="Instance" binding={form.field('instanceUrl')} required>
          {(b) => <InputGroup id={b.id} value={String(b.value ?? '')} placeholder="https://" intent={b.intent} onValueChange={b.onChange} onBlur={b.onBlur} />}
        </Field>
        <Field label="Username" binding={form.field('username')} required>
          {(b) => <InputGroup id={b.id} value={String(b.value ?? '')} autoComplete="off" intent={b.intent} onValueChange={b.onChange} onBlur={b.onBlur} />}
        </Field>
        <Field label={PSA_SECRET_LABELS[kind]} binding={{ ...secret, error: secretError }} required={needsSecret}>
          {(b) => (
            <InputGroup
              id={b.id}
              type="password"
              autoComplete="new-password"
              value={String(b.value ?? '')}
              placeholder={moved ? '' : kept ? 'Kept in the keychain; type a new one to replace it' : connection?.secretSet ? 'Set on the instance; type a new one to replace it' : ''}
              intent={b.intent}
              onValueChange={b.onChange}
              onBlur={b.onBlur}
            />
          )}
        </Field>
        <p className={Classes.TEXT_MUTED}>The secret is kept until you sign out (in this computer's keychain, or in memory only when signed in for this session only) and sent only to your RMM instance.</p>
        <Switch label="Enabled" checked={form.values.enabled} onChange={(event) => form.set('enabled', event.currentTarget.checked)} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Save" loading={form.saving} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
