/**
 * Ticketing administration (issue 14), under the RMM's route
 * /administration/apps/ticketing so help suggestions follow. Its lists load
 * once for every tab: ticket forms, statuses, priorities, severities.
 */
import { Classes, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useQuery } from '../../core/data/use-query';
import { presentError } from '../../core/toaster';
import { ConfigurationTab } from './ConfigurationTab';
import { RulesetsTable } from './RulesetsTable';

export function TicketingScreen() {
  const lists = useQuery('ticketing.lists', {}, (error) => presentError(error, { key: 'ticketing-lists' }));
  return (
    <section className="ticketing-screen">
      <h1 className={`${Classes.HEADING} page-title`}>Ticketing</h1>
      {lists.data ? (
        <Tabs id="ticketing-tabs" defaultSelectedTabId="rulesets" renderActiveTabPanelOnly>
          <Tab id="rulesets" title="Rulesets" panel={<RulesetsTable lists={lists.data} />} />
          <Tab id="configuration" title="Configuration" panel={<ConfigurationTab />} />
        </Tabs>
      ) : lists.error ? (
        <NonIdealState icon="error" title="Ticketing could not be loaded" description={lists.error.message} />
      ) : (
        <NonIdealState icon={<Spinner />} title="Loading..." />
      )}
    </section>
  );
}
