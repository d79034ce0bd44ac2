/**
 * Ticketing administration, under the RMM's route
 * /administration/apps/ticketing so help suggestions follow. Its lists load
 * once for every tab: ticket forms, statuses, priorities, severities.
 */
import { Classes, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useQuery } from '../../core/data/use-query';
import { presentError } from '../../core/toaster';
import { ConfigurationTab } from './ConfigurationTab';
import { RulesetsTable } from './RulesetsTable';
import { TriggersTable } from './TriggersTable';
import { ARROW_KEYS } from '../../components/tab-keys';

/** Automations (event-based and time-based), Response templates, Boards. */
const AUTOMATION_TYPES = ['EVENT_BASED', 'TIME_BASED'] as const;
const TEMPLATE_TYPES = ['RESPONSE_TEMPLATE'] as const;
const BOARD_TYPES = ['BOARD'] as const;

export function TicketingScreen() {
  const lists = useQuery('ticketing.lists', {}, (error) => presentError(error, { key: 'ticketing-lists' }));
  return (
    <section className="ticketing-screen">
      <h1 className={`${Classes.HEADING} page-title`}>Ticketing</h1>
      {lists.data ? (
        <Tabs id="ticketing-tabs" defaultSelectedTabId="automations" renderActiveTabPanelOnly>
          <Tab {...ARROW_KEYS} id="automations" title="Automations" panel={<TriggersTable id="automations" label="Automations" noun="automation" types={AUTOMATION_TYPES} lists={lists.data} />} />
          <Tab {...ARROW_KEYS} id="templates" title="Response templates" panel={<TriggersTable id="templates" label="Response templates" noun="response template" types={TEMPLATE_TYPES} lists={lists.data} />} />
          <Tab {...ARROW_KEYS} id="boards" title="Boards" panel={<TriggersTable id="boards" label="Boards" noun="ticket board" types={BOARD_TYPES} lists={lists.data} />} />
          <Tab {...ARROW_KEYS} id="rulesets" title="Rulesets" panel={<RulesetsTable lists={lists.data} />} />
          <Tab {...ARROW_KEYS} id="configuration" title="Configuration" panel={<ConfigurationTab />} />
        </Tabs>
      ) : lists.error ? (
        <NonIdealState icon="error" title="Ticketing could not be loaded" description={lists.error.message} />
      ) : (
        <NonIdealState icon={<Spinner />} title="Loading..." />
      )}
    </section>
  );
}
