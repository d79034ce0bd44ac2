/**
 * The webhook: its https address, an optional secret (kept in the OS
 * keychain by the main process and sent to the instance; never shown again,
 * only "Replace secret"), the Enabled toggle, and Test: the instance posts a
 * test event to the saved address and the modal shows what came back (the
 * status and a short body, or the failure in words).
 */
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import type { WebhookSettings, WebhookTestResult } from '../../../../shared/model/integrations';
import { urlProblem } from '../../../../shared/rules/integrations/url';
import { presentError, toastSuccess } from '../../core/toaster';
import { saveWebhook, testWebhook } from './client';

export function WebhookDialog({ webhook, onClose, onSaved }: { webhook: WebhookSettings | null; onClose(): void; onSaved(): void }) {
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [savedUrl, setSavedUrl] = useState(webhook?.url ?? null);
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [secretSaved, setSecretSaved] = useState(webhook?.secretSet === true || webhook?.secretInKeychain === true);
  const [replacing, setReplacing] = useState(false);
  const [secret, setSecret] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<WebhookTestResult | null>(null);
  const urlError = urlProblem(url);
  const shownUrlError = submitted || url !== '' ? urlError : null;
  const dirty = url.trim() !== (savedUrl ?? '') || secret !== '';
  const save = async () => {
    setSubmitted(true);
    if (urlError) return;
    setSaving(true);
    try {
      const saved = await saveWebhook({ url: url.trim(), enabled, ...(secret ? { secret } : {}) });
      setSavedUrl(saved.url);
      setUrl(saved.url);
      setSecret('');
      setReplacing(false);
      setSecretSaved(saved.secretSet || saved.secretInKeychain);
      toastSuccess('Webhook saved', 'integration-webhook');
      onSaved();
    } catch (error) {
      presentError(error, { key: 'integration-webhook' });
    } finally {
      setSaving(false);
    }
  };
  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await testWebhook());
    } catch (error) {
      setResult({ reached: false, status: null, body: '', message: error instanceof Error ? error.message : 'The test could not be sent.' });
    } finally {
      setTesting(false);
    }
  };
  const ok = result?.reached === true && result.status !== null && result.status >= 200 && result.status < 300;
  return (
    <Dialog isOpen title="Webhook" onClose={onClose} canOutsideClickClose={false} className="integration-dialog">
      <DialogBody>
        <FormGroup label="Address" labelFor="integration-webhook-url" labelInfo="*" intent={shownUrlError ? Intent.DANGER : Intent.NONE} helperText={shownUrlError ?? 'Events are posted to this https address.'}>
          <InputGroup id="integration-webhook-url" value={url} placeholder="https://" intent={shownUrlError ? Intent.DANGER : Intent.NONE} onValueChange={setUrl} />
        </FormGroup>
        {secretSaved && !replacing ? (
          <FormGroup label="Secret" helperText="Saved. It is never shown again.">
            <Button text="Replace secret" icon="key" onClick={() => setReplacing(true)} />
          </FormGroup>
        ) : (
          <FormGroup label="Secret" labelFor="integration-webhook-secret" labelInfo="(optional)" helperText={secretSaved ? 'Type the new secret; the saved one stays until you save.' : 'Not saved. The instance signs each event with it.'}>
            <InputGroup id="integration-webhook-secret" type="password" autoComplete="new-password" value={secret} onValueChange={setSecret} />
          </FormGroup>
        )}
        <Switch label="Enabled" checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
        <div className="integration-test">
          <Button icon="send-message" text="Test" aria-label="Test webhook" loading={testing} disabled={savedUrl === null || dirty} onClick={() => void test()} />
          {(savedUrl === null || dirty) && <span className={Classes.TEXT_MUTED}>Save the address to test it.</span>}
        </div>
        <div role="status" aria-label="Webhook test result">
          {result && (
            // The outcome in bold, not as a Callout title: a title is a heading, which a dialog's content does not start with.
            <Callout intent={ok ? Intent.SUCCESS : Intent.DANGER} compact>
              <p>
                <strong>{result.status !== null ? `Status ${result.status}` : 'Not delivered'}</strong>
              </p>
              <p>{result.message}</p>
              {result.body && <pre className="integration-test-body">{result.body}</pre>}
            </Callout>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Save" loading={saving} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
