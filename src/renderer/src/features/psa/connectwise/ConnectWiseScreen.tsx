/**
 * The ConnectWise Manage settings (spec/ticketing-automations-psa.md §2.4,
 * §3.4, §3.5, §4.3, §5.4, §8.3, §9.3, §9.4) at the RMM's
 * route /administration/apps/connectWiseManage: the pages Companies (Sync,
 * Help Desk), Configuration (Mappings, Sync) and Products (Mappings, Sync).
 * The settings are read in one call with the console's device roles and
 * groups; every save reads them again. A page with unsaved edits asks before
 * it is left.
 */
import '@blueprintjs/select/lib/css/blueprint-select.css';
import '../psa.css';
import './connectwise.css';
import { Button, Classes, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { INTEGRATIONS_ROUTE, PSA_LABELS } from '../../../../../shared/model/psa/views';
import { useQuery } from '../../../core/data/use-query';
import { presentError } from '../../../core/toaster';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { SkippedNotice } from '../../../components/SkippedNotice';
import { StateMessage } from '../../../components/StateMessage';
import { CompaniesPage } from './CompaniesPage';
import { ConfigurationPage } from './ConfigurationPage';
import type { CwData } from './cw-data';
import { ProductsPage } from './ProductsPage';
import { GuardedTabs, UnsavedProvider } from './unsaved';

function ConnectWisePages({ data }: { data: CwData }) {
  return (
    <GuardedTabs
      id="cw-pages"
      prefix=""
      size="large"
      className="cw-pages"
      tabs={[
        { id: 'companies', title: 'Companies', panel: <CompaniesPage data={data} /> },
        { id: 'configuration', title: 'Configuration', panel: <ConfigurationPage data={data} /> },
        { id: 'products', title: 'Products', panel: <ProductsPage data={data} /> },
      ]}
    />
  );
}

export function ConnectWiseScreen() {
  const settings = useQuery('psa.connectwise.settings', {}, (error) => presentError(error, { key: 'cw-settings' }));
  const roles = useQuery('psa.roles', {}, (error) => presentError(error, { key: 'cw-roles' }));
  const groups = useQuery('psa.groups', {}, (error) => presentError(error, { key: 'cw-groups' }));
  const reload = settings.reload;
  const data = useMemo<CwData | null>(
    () => (settings.data && roles.data && groups.data ? { settings: settings.data, roles: roles.data, groups: groups.data, reload } : null),
    [settings.data, roles.data, groups.data, reload],
  );
  const failed = (!settings.data && settings.error) || (!roles.data && roles.error) || (!groups.data && groups.error);
  const title = PSA_LABELS.connectwise;

  return (
    <section className="cw-screen" aria-labelledby="cw-title">
      <Breadcrumbs items={[{ text: 'Integrations', href: `#${INTEGRATIONS_ROUTE}` }, { text: title, current: true }]} />
      <h1 id="cw-title" className={`${Classes.HEADING} page-title`}>
        {title}
      </h1>
      {data ? (
        <UnsavedProvider>
          <SkippedNotice count={data.settings.skipped} />
          <ConnectWisePages data={data} />
        </UnsavedProvider>
      ) : failed ? (
        <StateMessage
          icon="error"
          title="The ConnectWise settings could not be loaded"
          description={failed.message}
          action={
            <Button
              icon="refresh"
              text="Try again"
              onClick={() => {
                settings.reload();
                roles.reload();
                groups.reload();
              }}
            />
          }
        />
      ) : (
        <StateMessage icon={<Spinner />} title="Loading..." />
      )}
    </section>
  );
}
