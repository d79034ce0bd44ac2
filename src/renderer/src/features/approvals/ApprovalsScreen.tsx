/**
 * Node approvals (ticketing spec §2.5 'node approvals (tabs security,
 * pending, approved, rejected)'; help spec §2.2 routes): on the system
 * dashboard (every organization) or an organization's dashboard (that one
 * alone). The tab is the route's `:page`; an unknown page shows Pending.
 */
import './approvals.css';
import { Classes, Tab, Tabs } from '@blueprintjs/core';
import { APPROVAL_TABS, DEFAULT_APPROVAL_TAB, TAB_LABELS, tabOf } from '../../../../shared/rules/approvals/actions';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { NodesTab } from './NodesTab';
import { approvalsRoute } from './routes';
import { SecurityTab } from './SecurityTab';

export function ApprovalsScreen({ page, organizationId }: { page: string | undefined; organizationId: number | null }) {
  const tab = tabOf(page) ?? DEFAULT_APPROVAL_TAB;
  // An organization's dashboard names it (its mode's answer carries its name).
  const organization = useQuery('approvals.modes', organizationId === null ? null : { organizationId });
  const name = organization.data?.items[0]?.organizationName;
  const title = organizationId === null ? 'Node approvals' : `Node approvals: ${name ?? `organization ${organizationId}`}`;
  return (
    <div className="approvals-page">
      <h1 className={`${Classes.HEADING} approvals-title`}>{title}</h1>
      <Tabs id="approvals-tabs" selectedTabId={tab} onChange={(next) => navigate(approvalsRoute(next as typeof tab, organizationId))} renderActiveTabPanelOnly>
        {APPROVAL_TABS.map((id) => (
          <Tab
            key={id}
            id={id}
            title={TAB_LABELS[id]}
            panelClassName="approvals-panel"
            panel={id === 'security' ? <SecurityTab organizationId={organizationId} /> : <NodesTab key={`${id}-${organizationId ?? 'all'}`} tab={id} organizationId={organizationId} />}
          />
        ))}
      </Tabs>
    </div>
  );
}
