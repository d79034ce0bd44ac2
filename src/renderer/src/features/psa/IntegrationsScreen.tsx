/**
 * The Integrations list: Autotask and ConnectWise
 * Manage, each with its connection (instance, enabled or disabled), the
 * Connection modal, its settings page, and how many organizations and
 * locations are not mapped yet (those marked "never map" apart); below
 * them the other integrations (../integrations/OtherIntegrations.tsx).
 */
import { Button, Callout, Card, Classes, Icon, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { PSA_KINDS, PSA_LABELS, PSA_ROUTES, type PsaKind, type PsaOverviewItem } from '../../../../shared/model/psa/views';
import { unmappedText } from '../../../../shared/rules/psa/unmapped';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { presentError } from '../../core/toaster';
import { OtherIntegrations } from '../integrations';
import { ConnectionDialog } from './ConnectionDialog';
import './psa.css';

function IntegrationCard({ kind, item, onConnection }: { kind: PsaKind; item: PsaOverviewItem; onConnection(): void }) {
  const { connection, unmapped } = item;
  const unmappedLine = unmapped ? unmappedText(unmapped) : null;
  const label = PSA_LABELS[kind];
  return (
    <Card className="psa-integration" aria-labelledby={`psa-${kind}-title`} role="group">
      <div className="psa-integration-head">
        <h2 id={`psa-${kind}-title`} className={`${Classes.HEADING} psa-integration-title`}>
          {label}
        </h2>
        {connection ? (
          <Tag intent={connection.enabled ? Intent.SUCCESS : Intent.NONE} minimal>
            {connection.enabled ? 'Enabled' : 'Disabled'}
          </Tag>
        ) : (
          <Tag minimal>Not connected</Tag>
        )}
      </div>
      {connection && <p className={Classes.TEXT_MUTED}>{connection.instanceUrl}</p>}
      {unmappedLine ? (
        <Callout intent={Intent.WARNING} icon="warning-sign" compact className="psa-unmapped">
          {unmappedLine}
        </Callout>
      ) : unmapped ? (
        <p className="psa-all-mapped">
          <Icon icon="tick-circle" intent={Intent.SUCCESS} /> Every organization and location is mapped.
        </p>
      ) : item.error ? (
        <Callout intent={Intent.DANGER} compact>
          The mappings could not be read: {item.error}
        </Callout>
      ) : null}
      <div className="psa-integration-actions">
        <Button icon="cog" text="Settings" aria-label={`${label} settings`} onClick={() => navigate(PSA_ROUTES[kind])} />
        <Button icon="link" text="Connection" aria-label={`${label} connection`} onClick={onConnection} />
      </div>
    </Card>
  );
}

export function IntegrationsScreen() {
  const overview = useQuery('psa.overview', {}, (error) => presentError(error, { key: 'psa-overview' }));
  const [editing, setEditing] = useState<PsaKind | null>(null);
  return (
    <section className="psa-screen">
      <h1 className={`${Classes.HEADING} page-title`}>Integrations</h1>
      {overview.data ? (
        <div className="psa-integrations">
          {PSA_KINDS.map((kind) => (
            <IntegrationCard key={kind} kind={kind} item={overview.data![kind]} onConnection={() => setEditing(kind)} />
          ))}
        </div>
      ) : overview.error ? (
        <NonIdealState icon="error" title="The integrations could not be loaded" description={overview.error.message} />
      ) : (
        <NonIdealState icon={<Spinner />} title="Loading..." />
      )}
      <h2 className={`${Classes.HEADING} integrations-other-title`}>Other integrations</h2>
      <OtherIntegrations />
      {editing && overview.data && (
        <ConnectionDialog
          kind={editing}
          connection={overview.data[editing].connection}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            overview.reload();
          }}
        />
      )}
    </section>
  );
}
