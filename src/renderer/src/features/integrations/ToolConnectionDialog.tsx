/**
 * A project management or service desk connection: the tool (picked from a
 * short list or typed), its https address, and an API key that goes to the
 * main process (kept in the OS keychain, sent to the instance, never shown
 * again: only whether one is saved), and the Enabled toggle.
 */
import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { INTEGRATION_LABELS, TOOL_CHOICES, TOOL_NAME_MAX, type ToolConnection, type ToolKind } from '../../../../shared/model/integrations';
import { urlProblem } from '../../../../shared/rules/integrations/url';
import { REQUIRED_MESSAGE } from '../../../../shared/rules/platform/messages';
import { presentError, toastSuccess } from '../../core/toaster';
import { saveToolConnection } from './client';

export function ToolConnectionDialog({ kind, connection, onClose, onSaved }: { kind: ToolKind; connection: ToolConnection | null; onClose(): void; onSaved(): void }) {
  const label = INTEGRATION_LABELS[kind];
  const [tool, setTool] = useState(connection?.tool ?? '');
  const [url, setUrl] = useState(connection?.url ?? '');
  const [secret, setSecret] = useState('');
  const [enabled, setEnabled] = useState(connection?.enabled ?? true);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const secretSaved = connection?.secretSet === true || connection?.secretInKeychain === true;
  const toolError = tool.trim() === '' ? 'Name the tool.' : tool.length > TOOL_NAME_MAX ? `At most ${TOOL_NAME_MAX} characters.` : null;
  const urlError = urlProblem(url);
  const secretError = !secretSaved && secret === '' ? REQUIRED_MESSAGE : null;
  const shown = (error: string | null) => (submitted ? error : null);
  const save = async () => {
    setSubmitted(true);
    if (toolError || urlError || secretError) return;
    setSaving(true);
    try {
      await saveToolConnection({ kind, tool: tool.trim(), url: url.trim(), enabled, ...(secret ? { secret } : {}) });
      toastSuccess(`${label} connection saved`, `integration-${kind}`);
      onSaved();
    } catch (error) {
      presentError(error, { key: `integration-${kind}` });
    } finally {
      setSaving(false);
    }
  };
  const listId = `integration-${kind}-tools`;
  return (
    <Dialog isOpen title={`${label} connection`} onClose={onClose} canOutsideClickClose={false} className="integration-dialog">
      <DialogBody>
        <FormGroup label="Tool" labelFor={`integration-${kind}-tool`} labelInfo="*" intent={shown(toolError) ? Intent.DANGER : Intent.NONE} helperText={shown(toolError) ?? 'Pick one from the list or type its name.'}>
          <InputGroup id={`integration-${kind}-tool`} list={listId} value={tool} maxLength={TOOL_NAME_MAX} autoComplete="off" onValueChange={setTool} />
          <datalist id={listId}>
            {TOOL_CHOICES[kind].map((choice) => (
              <option key={choice} value={choice} />
            ))}
          </datalist>
        </FormGroup>
        <FormGroup label="Address" labelFor={`integration-${kind}-url`} labelInfo="*" intent={shown(urlError) ? Intent.DANGER : Intent.NONE} helperText={shown(urlError) ?? undefined}>
          <InputGroup id={`integration-${kind}-url`} value={url} placeholder="https://" intent={shown(urlError) ? Intent.DANGER : Intent.NONE} onValueChange={setUrl} />
        </FormGroup>
        <FormGroup
          label="API key"
          labelFor={`integration-${kind}-secret`}
          labelInfo={secretSaved ? undefined : '*'}
          intent={shown(secretError) ? Intent.DANGER : Intent.NONE}
          helperText={shown(secretError) ?? (secretSaved ? 'Saved. Type a new one to replace it.' : 'Not saved.')}
        >
          <InputGroup id={`integration-${kind}-secret`} type="password" autoComplete="new-password" value={secret} onValueChange={setSecret} />
        </FormGroup>
        <p className={Classes.TEXT_MUTED}>The API key is kept until you sign out (in this computer's keychain, or in memory only when signed in for this session only) and sent only to your RMM instance.</p>
        <Switch label="Enabled" checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Save" loading={saving} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
