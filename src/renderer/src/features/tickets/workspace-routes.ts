/**
 * The ticket workspace's routes and small rules,
 * pure: which pane a route shows, the route of a tab, whether a board or
 * ticket is a favorite, a tab's title, the age of a cached page ("Cached 12
 * min ago"), the unsent new tickets among the drafts, and the texts that say
 * why something is disabled offline.
 */
import type { WorkspaceTab, WorkspaceTabs } from '../../../../shared/model/tickets';
import { describeAge } from '../../../../shared/rules/backup/browser';

export const WORKSPACE_ROUTE = '/ticketing';
export const NEW_TICKET_ROUTE = '/ticketing/new';

type TabKind = WorkspaceTab['kind'];

export type WorkspacePane =
  | { kind: 'home' }
  | { kind: 'board'; id: number }
  | { kind: 'ticket'; id: number }
  /** `draft`: the uuid of the new ticket's draft (`new:<uuid>`) when the route names one. */
  | { kind: 'new'; draft: string | null };

const ID = /^[1-9]\d{0,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The largest id the contract takes (a 32-bit signed integer). */
const ID_MAX = 2_147_483_647;

function idOf(text: string | undefined): number | null {
  if (text === undefined || !ID.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}

/** The pane a route under /ticketing shows; null for a route this workspace does not serve (an odd id included). */
export function workspacePane(route: string): WorkspacePane | null {
  const [path = '', query = ''] = route.split('?', 2);
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'ticketing') return null;
  if (parts.length === 1) return { kind: 'home' };
  if (parts.length === 2 && parts[1] === 'new') {
    const draft = new URLSearchParams(query).get('draft')?.toLowerCase() ?? null;
    return { kind: 'new', draft: draft !== null && UUID.test(draft) ? draft : null };
  }
  if (parts.length === 3 && (parts[1] === 'board' || parts[1] === 'ticket')) {
    const id = idOf(parts[2]);
    return id === null ? null : { kind: parts[1], id };
  }
  return null;
}

export function boardRoute(id: number): string {
  return `/ticketing/board/${id}`;
}

export function ticketRoute(id: number): string {
  return `/ticketing/ticket/${id}`;
}

/** The New ticket form of the draft `new:<uuid>`. */
export function newTicketRoute(uuid: string): string {
  return `${NEW_TICKET_ROUTE}?draft=${uuid.toLowerCase()}`;
}

export function tabRoute(tab: Pick<WorkspaceTab, 'kind' | 'id'>): string {
  return tab.kind === 'board' ? boardRoute(tab.id) : ticketRoute(tab.id);
}

export function isFavorite(tabs: WorkspaceTabs | null | undefined, kind: TabKind, id: number): boolean {
  return tabs?.favorites.some((tab) => tab.kind === kind && tab.id === id) ?? false;
}

/** The longest tab title the contract takes. */
const TAB_TITLE_MAX = 300;

/** A ticket's tab title: '#1001 Printer offline', cut to what the contract takes (a summary may be 500 characters). */
export function ticketTitle(ticket: { id: number; summary: string }): string {
  const summary = ticket.summary.trim();
  const title = summary ? `#${ticket.id} ${summary}` : `#${ticket.id}`;
  return title.length > TAB_TITLE_MAX ? `${title.slice(0, TAB_TITLE_MAX - 1)}…` : title;
}

/** A board's tab title: its name, cut to what the contract takes. */
export function boardTitle(name: string): string {
  return name.length > TAB_TITLE_MAX ? `${name.slice(0, TAB_TITLE_MAX - 1)}…` : name;
}

/** The title the tabs already know for a board or ticket (a favorite's or a recent one's), else null. */
export function knownTitle(tabs: WorkspaceTabs | null | undefined, kind: TabKind, id: number): string | null {
  const known = [...(tabs?.favorites ?? []), ...(tabs?.recent ?? [])].find((tab) => tab.kind === kind && tab.id === id);
  return known?.title ?? null;
}

/** "Cached 12 min ago" beside the title of a board or page read from this computer's cache. */
export function cachedAgeText(cachedAt: number, now: number): string {
  const text = describeAge(cachedAt, now);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The unsent new tickets among the drafts (keys `new:<uuid>`), most recently saved first, as the store lists them. */
export function unsentNewTickets(drafts: ReadonlyArray<{ key: string; updatedAt: number }>): Array<{ key: string; uuid: string; updatedAt: number }> {
  return drafts.flatMap((draft) => {
    const uuid = draft.key.startsWith('new:') ? draft.key.slice('new:'.length) : '';
    return UUID.test(uuid) ? [{ key: draft.key, uuid, updatedAt: draft.updatedAt }] : [];
  });
}

export const WORKSPACE_MESSAGES = {
  newTicketOffline: 'New tickets cannot be created while the instance cannot be reached.',
  createOffline: 'The instance cannot be reached: the ticket can be created once it is back. The description is kept as a draft on this computer meanwhile.',
  boardMissing: 'This board no longer exists.',
  boardsFailed: 'The boards could not be loaded',
  noBoards: 'No boards',
} as const;
