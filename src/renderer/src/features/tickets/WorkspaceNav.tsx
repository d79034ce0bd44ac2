/**
 * The ticketing home's left list: New ticket, the
 * technician's favorites, the boards (from the board list), and the recent
 * tabs (at most 10, §9.4). Every entry is a link (Tab and Enter reach it) with
 * a star beside it that adds it to or removes it from the favorites. New
 * ticket is disabled while the instance cannot be reached.
 */
import { AnchorButton, Button, Classes, Icon, Intent, Spinner, Tooltip } from '@blueprintjs/core';
import type { BoardList, WorkspaceTab, WorkspaceTabs } from '../../../../shared/model/tickets';
import { boardTitle, cachedAgeText, isFavorite, NEW_TICKET_ROUTE, tabRoute, WORKSPACE_MESSAGES, type WorkspacePane } from './workspace-routes';
import type { WorkspaceTabsApi } from './use-workspace-tabs';

function isCurrent(pane: WorkspacePane | null, tab: Pick<WorkspaceTab, 'kind' | 'id'>): boolean {
  return pane !== null && pane.kind === tab.kind && pane.id === tab.id;
}

function TabItem({ tab, pane, tabs, onFavorite }: { tab: WorkspaceTab; pane: WorkspacePane | null; tabs: WorkspaceTabs | null; onFavorite: WorkspaceTabsApi['setFavorite'] }) {
  const current = isCurrent(pane, tab);
  const favorite = isFavorite(tabs, tab.kind, tab.id);
  return (
    <li className={`workspace-nav-item${current ? ' workspace-nav-item-current' : ''}`}>
      <a href={`#${tabRoute(tab)}`} aria-current={current ? 'page' : undefined} className="workspace-nav-link" title={tab.title}>
        <Icon icon={tab.kind === 'board' ? 'th-list' : 'document'} size={14} aria-hidden />
        <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{tab.title}</span>
      </a>
      <Button
        variant="minimal"
        size="small"
        icon={favorite ? 'star' : 'star-empty'}
        intent={favorite ? Intent.WARNING : Intent.NONE}
        aria-label={favorite ? `Remove ${tab.title} from favorites` : `Add ${tab.title} to favorites`}
        aria-pressed={favorite}
        onClick={() => onFavorite(tab, !favorite)}
      />
    </li>
  );
}

function TabSection({ id, title, items, empty, pane, tabs, onFavorite }: { id: string; title: string; items: readonly WorkspaceTab[]; empty: string; pane: WorkspacePane | null; tabs: WorkspaceTabs | null; onFavorite: WorkspaceTabsApi['setFavorite'] }) {
  return (
    <section aria-labelledby={id} className="workspace-nav-section">
      <h2 id={id} className={`${Classes.HEADING} workspace-nav-title`}>
        {title}
      </h2>
      {items.length > 0 ? (
        <ul className="workspace-nav-list" data-testid={id}>
          {items.map((tab) => (
            <TabItem key={`${tab.kind}-${tab.id}`} tab={tab} pane={pane} tabs={tabs} onFavorite={onFavorite} />
          ))}
        </ul>
      ) : (
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL} workspace-nav-empty`}>{empty}</p>
      )}
    </section>
  );
}

interface WorkspaceNavProps {
  pane: WorkspacePane | null;
  boards: BoardList | undefined;
  boardsError: string | null;
  tabs: WorkspaceTabsApi;
  offline: boolean;
  now: number;
}

export function WorkspaceNav({ pane, boards, boardsError, tabs, offline, now }: WorkspaceNavProps) {
  const boardTabs: WorkspaceTab[] = (boards?.items ?? []).map((board) => ({ kind: 'board', id: board.id, title: boardTitle(board.name) }));
  const newTicket = (
    <AnchorButton
      href={offline ? undefined : `#${NEW_TICKET_ROUTE}`}
      icon="add"
      intent={Intent.PRIMARY}
      text="New ticket"
      fill
      disabled={offline}
      aria-current={pane?.kind === 'new' ? 'page' : undefined}
      aria-describedby={offline ? 'workspace-new-offline' : undefined}
    />
  );
  return (
    <nav className="workspace-nav" aria-label="Tickets">
      {offline ? (
        <>
          <Tooltip content={WORKSPACE_MESSAGES.newTicketOffline} placement="bottom">
            {newTicket}
          </Tooltip>
          <span id="workspace-new-offline" className="visually-hidden">
            {WORKSPACE_MESSAGES.newTicketOffline}
          </span>
        </>
      ) : (
        newTicket
      )}
      <TabSection id="workspace-favorites" title="Favorites" items={tabs.tabs?.favorites ?? []} empty="Star a board or ticket to keep it here." pane={pane} tabs={tabs.tabs} onFavorite={tabs.setFavorite} />
      <section aria-labelledby="workspace-boards" className="workspace-nav-section">
        <h2 id="workspace-boards" className={`${Classes.HEADING} workspace-nav-title`}>
          Boards
        </h2>
        {boards?.cachedAt != null && <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL} workspace-nav-empty`}>{cachedAgeText(boards.cachedAt, now)}</p>}
        {boards ? (
          boardTabs.length > 0 ? (
            <ul className="workspace-nav-list" data-testid="workspace-boards">
              {boardTabs.map((tab) => (
                <TabItem key={tab.id} tab={tab} pane={pane} tabs={tabs.tabs} onFavorite={tabs.setFavorite} />
              ))}
            </ul>
          ) : (
            <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL} workspace-nav-empty`}>{WORKSPACE_MESSAGES.noBoards}</p>
          )
        ) : boardsError ? (
          <p className={`${Classes.TEXT_SMALL} workspace-nav-error`} role="alert">
            {WORKSPACE_MESSAGES.boardsFailed}: {boardsError}
          </p>
        ) : (
          <Spinner size={16} aria-label="Loading boards" />
        )}
      </section>
      <TabSection id="workspace-recent" title="Recent" items={tabs.tabs?.recent ?? []} empty="Boards and tickets you open show here." pane={pane} tabs={tabs.tabs} onFavorite={tabs.setFavorite} />
    </nav>
  );
}
