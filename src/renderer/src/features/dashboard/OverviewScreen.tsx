/**
 * A dashboard's overview (/systemDashboard/overview, or
 * /customerDashboard/:id/overview for one organization): the devices'
 * health, the backup status counts as tiles (each opens the devices behind
 * it), and the open tickets (how many, and the latest few).
 */
import { AnchorButton, Button, Callout, Classes, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { BACKUP_PAGES, countByStatus, countOfPage, healthCounts, PAGE_TITLES, type BackupPage } from '../../../../shared/rules/dashboard/backup-status';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { presentError } from '../../core/toaster';
import { ListNotices } from '../../components/ListNotices';
import { ticketRoute, WORKSPACE_ROUTE } from '../tickets';
import { dashboardRoute } from './routes';

const PAGE_INTENTS: Readonly<Record<BackupPage, Intent>> = { failed: Intent.DANGER, warnings: Intent.WARNING, succeeded: Intent.SUCCESS, notConfigured: Intent.NONE, all: Intent.NONE };

function Tile({ label, count, intent, onClick }: { label: string; count: number | string | null; intent?: Intent; onClick?: () => void }) {
  const content = (
    <>
      <span className="dashboard-tile-count">{count ?? '…'}</span> <span className="dashboard-tile-label">{label}</span>
    </>
  );
  // A tile is named by what it shows ('19 Failed backups'); one that opens nothing is no button.
  return (
    <li>
      {onClick ? (
        <Button className="dashboard-tile" intent={intent} variant="outlined" onClick={onClick}>
          {content}
        </Button>
      ) : (
        <div className="dashboard-tile dashboard-tile-static">{content}</div>
      )}
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className={`${Classes.HEADING} dashboard-section-title`}>{title}</h2>
      {children}
    </section>
  );
}

export function OverviewScreen({ organizationId }: { organizationId: number | null }) {
  const input = organizationId === null ? {} : { organizationId };
  const backup = useQuery('dashboard.backup', input, (error) => presentError(error, { key: 'dashboard-backup' }));
  const tickets = useQuery('dashboard.tickets', input, (error) => presentError(error, { key: 'dashboard-tickets' }));
  const items = backup.data?.items;
  const counts = items ? countByStatus(items) : null;
  const health = items ? healthCounts(items) : null;
  const organizationName = organizationId === null ? null : (items?.[0]?.organizationName ?? `organization ${organizationId}`);
  const open = (page: BackupPage) => navigate(dashboardRoute('backup', organizationId, page));

  return (
    <div className="dashboard-page">
      <h1 className={`${Classes.HEADING} dashboard-title`}>{organizationName === null ? 'System dashboard' : `Dashboard: ${organizationName}`}</h1>
      <ListNotices what="backup status" list={backup} />
      <Section title="Device health">
        <ul className="dashboard-tiles">
          <Tile label="Devices" count={health?.total ?? null} onClick={organizationId === null ? () => navigate('/devices') : undefined} />
          <Tile label="Online" count={health?.online ?? null} intent={Intent.SUCCESS} />
          <Tile label="Offline" count={health?.offline ?? null} intent={health && health.offline > 0 ? Intent.WARNING : undefined} />
        </ul>
      </Section>
      <Section title="Backup status">
        <ul className="dashboard-tiles">
          {BACKUP_PAGES.filter((page) => page !== 'all').map((page) => (
            <Tile key={page} label={PAGE_TITLES[page]} count={counts ? countOfPage(counts, page) : null} intent={PAGE_INTENTS[page]} onClick={() => open(page)} />
          ))}
          {counts && counts.other > 0 && <Tile label="Other backups" count={counts.other} onClick={() => open('all')} />}
        </ul>
      </Section>
      <Section title="Open tickets">
        {tickets.error && !tickets.data ? (
          <Callout intent={Intent.DANGER} icon="error">
            The open tickets could not be loaded: {tickets.error.message}
            <Button className="gap-left" size="small" icon="refresh" text="Retry" onClick={tickets.reload} />
          </Callout>
        ) : (
          <>
            <ul className="dashboard-tiles">
              <Tile label="Open tickets" count={tickets.data ? (tickets.data.openCount ?? '–') : null} intent={Intent.PRIMARY} onClick={() => navigate(WORKSPACE_ROUTE)} />
            </ul>
            {tickets.data && tickets.data.latest.length > 0 && (
              <ul className="dashboard-tickets" aria-label="Latest open tickets">
                {tickets.data.latest.map((ticket) => (
                  <li key={ticket.id}>
                    <AnchorButton variant="minimal" href={`#${ticketRoute(ticket.id)}`} text={`#${ticket.id} ${ticket.subject}`} />
                    <Tag minimal className="gap-left">
                      {ticket.status || '-'}
                    </Tag>
                    {organizationId === null && ticket.organizationName && <span className={`${Classes.TEXT_MUTED} gap-left`}>{ticket.organizationName}</span>}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Section>
    </div>
  );
}
