/**
 * The other integrations on the Integrations screen, beside the PSA cards
 * (spec §2.5, §4.4): project management, service desk, webhook and web
 * security, each with its Enabled toggle (shown at once, saved at once, put
 * back with the server's message when the save fails: shared/rules/integrations/toggle.ts)
 * and its modal; web security with its registration status (NOT_CONFIGURED
 * at first; read again while REGISTERING) and Register.
 */
import { Button, Callout, Card, Classes, Intent, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { INTEGRATION_LABELS, TOOL_KINDS, type IntegrationId, type IntegrationsOverview, type ToolKind } from '../../../../shared/model/integrations';
import { canRegister, registrationText } from '../../../../shared/rules/integrations/registration';
import { EMPTY_TOGGLES, isSaving, reloaded, settleToggle, shownValue, startToggle, type ToggleState } from '../../../../shared/rules/integrations/toggle';
import { useQuery } from '../../core/data/use-query';
import { presentError } from '../../core/toaster';
import { registerWebSecurity, setIntegrationEnabled } from './client';
import { ToolConnectionDialog } from './ToolConnectionDialog';
import { WebhookDialog } from './WebhookDialog';
import './integrations.css';

/** How often the list is read again while a registration is under way. */
const REGISTERING_POLL_MS = 2000;

const STATUS_INTENTS: Record<string, Intent> = { REGISTERED: Intent.SUCCESS, FAILED: Intent.DANGER, REGISTERING: Intent.PRIMARY };

function IntegrationCard({ id, status, children, actions, toggle }: { id: IntegrationId; status: ReactNode; children?: ReactNode; actions: ReactNode; toggle: ReactNode }) {
  return (
    <Card className="psa-integration" aria-labelledby={`integration-${id}-title`} role="group">
      <div className="psa-integration-head">
        <h3 id={`integration-${id}-title`} className={`${Classes.HEADING} psa-integration-title`}>
          {INTEGRATION_LABELS[id]}
        </h3>
        {status}
      </div>
      {children}
      {toggle}
      <div className="psa-integration-actions">{actions}</div>
    </Card>
  );
}

export function OtherIntegrations() {
  const list = useQuery('integrations.list', {}, (error) => presentError(error, { key: 'integrations-list' }));
  const [toggles, setToggles] = useState<ToggleState>(EMPTY_TOGGLES);
  const [editing, setEditing] = useState<ToolKind | 'webhook' | null>(null);
  const [registering, setRegistering] = useState(false);
  const data = list.data;
  const reload = list.reload;
  const status = data?.webSecurity.status;

  // The server's values read again replace what is not being saved.
  useEffect(() => setToggles((state) => reloaded(state)), [data]);
  // A registration under way ends on the server: read again until it has.
  useEffect(() => {
    if (status !== 'REGISTERING') return;
    const timer = setInterval(reload, REGISTERING_POLL_MS);
    return () => clearInterval(timer);
  }, [status, reload]);

  if (!data) {
    return list.error ? <NonIdealState icon="error" title="The other integrations could not be loaded" description={list.error.message} /> : <NonIdealState icon={<Spinner />} title="Loading..." />;
  }

  const serverValue = (id: IntegrationId, overview: IntegrationsOverview): boolean | null => (id === 'webSecurity' ? overview.webSecurity.enabled : (overview[id]?.enabled ?? null));
  const toggle = (id: IntegrationId) => {
    const server = serverValue(id, data);
    const checked = shownValue(toggles, id, server ?? false);
    const change = async (next: boolean) => {
      const started = startToggle(toggles, id, server ?? false, next);
      if (!started) return;
      setToggles(started);
      try {
        const saved = await setIntegrationEnabled({ id, enabled: next });
        setToggles((state) => settleToggle(state, id, { ok: true, enabled: saved.enabled }));
      } catch (error) {
        setToggles((state) => settleToggle(state, id, { ok: false, message: error instanceof Error ? error.message : 'The change could not be saved.' }));
      }
    };
    return (
      <>
        <Switch
          label="Enabled"
          aria-label={`${INTEGRATION_LABELS[id]} enabled`}
          checked={checked}
          disabled={server === null || isSaving(toggles, id)}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        {toggles.errors[id] && (
          <Callout intent={Intent.DANGER} compact role="alert">
            {toggles.errors[id]}
          </Callout>
        )}
      </>
    );
  };
  const connectedTag = (on: boolean | null) => (on === null ? <Tag minimal>Not connected</Tag> : <Tag minimal intent={on ? Intent.SUCCESS : Intent.NONE}>{on ? 'Enabled' : 'Disabled'}</Tag>);
  const register = async () => {
    setRegistering(true);
    try {
      await registerWebSecurity();
    } catch (error) {
      presentError(error, { key: 'integration-websecurity' });
    } finally {
      setRegistering(false);
    }
  };
  const web = data.webSecurity;
  return (
    <>
      <div className="psa-integrations">
        {TOOL_KINDS.map((kind) => {
          const connection = data[kind];
          return (
            <IntegrationCard
              key={kind}
              id={kind}
              status={connectedTag(connection ? shownValue(toggles, kind, connection.enabled) : null)}
              toggle={toggle(kind)}
              actions={<Button icon="link" text="Connection" aria-label={`${INTEGRATION_LABELS[kind]} connection`} onClick={() => setEditing(kind)} />}
            >
              {connection && (
                <p className={Classes.TEXT_MUTED}>
                  {connection.tool} · {connection.url} · API key {connection.secretSet || connection.secretInKeychain ? 'saved' : 'not saved'}
                </p>
              )}
            </IntegrationCard>
          );
        })}
        <IntegrationCard
          id="webhook"
          status={connectedTag(data.webhook ? shownValue(toggles, 'webhook', data.webhook.enabled) : null)}
          toggle={toggle('webhook')}
          actions={<Button icon="cog" text="Webhook" aria-label="Webhook settings" onClick={() => setEditing('webhook')} />}
        >
          {data.webhook && (
            <p className={Classes.TEXT_MUTED}>
              {data.webhook.url} · Secret {data.webhook.secretSet || data.webhook.secretInKeychain ? 'saved' : 'not saved'}
            </p>
          )}
        </IntegrationCard>
        <IntegrationCard
          id="webSecurity"
          status={
            <Tag minimal intent={STATUS_INTENTS[web.status] ?? Intent.NONE}>
              {registrationText(web.status)}
            </Tag>
          }
          toggle={toggle('webSecurity')}
          actions={<Button icon="shield" text="Register" aria-label="Register web security" loading={registering || web.status === 'REGISTERING'} disabled={!canRegister(web.status)} onClick={() => void register()} />}
        >
          {web.status === 'FAILED' && web.reason && (
            <Callout intent={Intent.DANGER} compact>
              {web.reason}
            </Callout>
          )}
        </IntegrationCard>
      </div>
      {editing === 'webhook' && <WebhookDialog webhook={data.webhook} onClose={() => setEditing(null)} onSaved={() => list.reload()} />}
      {editing && editing !== 'webhook' && (
        <ToolConnectionDialog
          kind={editing}
          connection={data[editing]}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}
