/**
 * The ticketing home's pure rules: which pane a
 * route shows, tab routes and titles, favorites, the cached age, the unsent
 * new tickets among the drafts, and the New ticket form's schema, create
 * input and kept fields.
 */
import { describe, expect, it } from 'vitest';
import {
  createInput,
  descriptionDraft,
  emptyNewTicket,
  isBlankNewTicket,
  newTicketSchema,
  readStoredFields,
  unsentTitle,
  withOrganization,
} from '../../src/renderer/src/features/tickets/new-ticket-form';
import {
  boardRoute,
  boardTitle,
  cachedAgeText,
  isFavorite,
  knownTitle,
  newTicketRoute,
  tabRoute,
  ticketRoute,
  ticketTitle,
  unsentNewTickets,
  workspacePane,
} from '../../src/renderer/src/features/tickets/workspace-routes';
import { ticketsCalls } from '../../src/shared/contract/tickets';
import { emptyReplyDraft, RECENT_TABS_LIMIT } from '../../src/shared/rules/tickets/reply';

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const acme = { id: 7, name: 'Acme', deleted: false };
const hq = { id: 70, name: 'Acme HQ', deleted: false };

describe('workspace routes', () => {
  it('reads each pane of /ticketing from its route', () => {
    expect(workspacePane('/ticketing')).toEqual({ kind: 'home' });
    expect(workspacePane('/ticketing/board/9')).toEqual({ kind: 'board', id: 9 });
    expect(workspacePane('/ticketing/ticket/1001')).toEqual({ kind: 'ticket', id: 1001 });
    expect(workspacePane('/ticketing/new')).toEqual({ kind: 'new', draft: null });
    expect(workspacePane(`/ticketing/new?draft=${UUID.toUpperCase()}`)).toEqual({ kind: 'new', draft: UUID });
  });

  it('serves no odd route: a bad id, one too big for the contract, a draft that is not a uuid, another path', () => {
    expect(workspacePane('/ticketing/board/abc')).toBeNull();
    expect(workspacePane('/ticketing/ticket/0')).toBeNull();
    expect(workspacePane('/ticketing/ticket/2147483648')).toBeNull();
    expect(workspacePane('/ticketing/ticket/1/x')).toBeNull();
    expect(workspacePane('/ticketing/other')).toBeNull();
    expect(workspacePane('/administration/apps/ticketing')).toBeNull();
    expect(workspacePane('/ticketing/new?draft=../../x')).toEqual({ kind: 'new', draft: null });
  });

  it('gives every tab its route, and each route reads back as its pane', () => {
    expect(tabRoute({ kind: 'board', id: 8 })).toBe(boardRoute(8));
    expect(workspacePane(tabRoute({ kind: 'ticket', id: 1001 }))).toEqual({ kind: 'ticket', id: 1001 });
    expect(ticketRoute(5)).toBe('/ticketing/ticket/5');
    expect(workspacePane(newTicketRoute(UUID))).toEqual({ kind: 'new', draft: UUID });
  });
});

describe('tabs', () => {
  const tabs = {
    recent: [{ kind: 'ticket' as const, id: 1001, title: '#1001 Printer offline' }, { kind: 'board' as const, id: 8, title: 'All tickets' }],
    favorites: [{ kind: 'board' as const, id: 9, title: 'Unassigned tickets' }],
  };

  it('knows a favorite by its kind and id (a board 9 is not a ticket 9)', () => {
    expect(isFavorite(tabs, 'board', 9)).toBe(true);
    expect(isFavorite(tabs, 'ticket', 9)).toBe(false);
    expect(isFavorite(null, 'board', 9)).toBe(false);
  });

  it('titles a ticket by id and summary, and finds a title the tabs know', () => {
    expect(ticketTitle({ id: 1001, summary: ' Printer offline ' })).toBe('#1001 Printer offline');
    expect(ticketTitle({ id: 5, summary: '  ' })).toBe('#5');
    expect(knownTitle(tabs, 'ticket', 1001)).toBe('#1001 Printer offline');
    expect(knownTitle(tabs, 'ticket', 1002)).toBeNull();
  });

  it('the contract takes the titles and ids the workspace sends', () => {
    expect(boardTitle('VIP escalations')).toBe('VIP escalations');
    expect(boardTitle('b'.repeat(400))).toHaveLength(300);
    const long = ticketTitle({ id: 1001, summary: 'x'.repeat(500) });
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
    expect(ticketsCalls['tickets.openTab'].input.safeParse({ kind: 'ticket', id: 1001, title: long }).success).toBe(true);
    expect(RECENT_TABS_LIMIT).toBe(10);
  });
});

describe('cached age', () => {
  it('says how old a cached page is, capitalized', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    expect(cachedAgeText(now - 10_000, now)).toBe('Cached just now');
    expect(cachedAgeText(now - 12 * 60_000, now)).toBe('Cached 12 min ago');
    expect(cachedAgeText(now - 3 * 3_600_000, now)).toBe('Cached 3 h ago');
  });
});

describe('unsent new tickets', () => {
  it('keeps only new:<uuid> drafts, in the order listed', () => {
    const drafts = [
      { key: '1001', updatedAt: 3 },
      { key: `new:${UUID}`, updatedAt: 2 },
      { key: 'new:not-a-uuid', updatedAt: 1 },
    ];
    expect(unsentNewTickets(drafts)).toEqual([{ key: `new:${UUID}`, uuid: UUID, updatedAt: 2 }]);
  });
});

describe('New ticket form', () => {
  const filled = { ...emptyNewTicket(), summary: '  Printer offline ', organization: acme, location: hq, ticketFormId: 1, priority: 'HIGH' };

  it('requires the summary, the organization and the form', () => {
    const result = newTicketSchema.safeParse(emptyNewTicket());
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['summary', 'organization', 'ticketFormId']));
    expect(result.error!.issues.every((issue) => issue.message === 'Required')).toBe(true);
    expect(newTicketSchema.safeParse({ ...filled, summary: '   ' }).success).toBe(false);
  });

  it('makes a create input the contract accepts: trimmed summary, ids, empty choices as null', () => {
    const parsed = newTicketSchema.parse(filled);
    const draft = descriptionDraft('<p>It is off</p>', 'It is off');
    const input = createInput(parsed, `new:${UUID}`, draft);
    expect(input).toMatchObject({ summary: 'Printer offline', organizationId: 7, locationId: 70, requesterId: null, assigneeId: null, status: null, priority: 'HIGH', severity: null, type: null, ticketFormId: 1 });
    expect(input.draft.isPublic).toBe(true);
    expect(ticketsCalls['tickets.create'].input.safeParse(input).success).toBe(true);
  });

  it('keeps no draft of a blank form; any field or description counts', () => {
    expect(isBlankNewTicket(emptyNewTicket(), emptyReplyDraft())).toBe(true);
    expect(isBlankNewTicket({ ...emptyNewTicket(), summary: '  ' }, emptyReplyDraft())).toBe(true);
    expect(isBlankNewTicket({ ...emptyNewTicket(), organization: acme }, emptyReplyDraft())).toBe(false);
    expect(isBlankNewTicket(emptyNewTicket(), descriptionDraft('<p>x</p>', 'x'))).toBe(false);
  });

  it('drops the location when the organization changes, keeps it when the same one is picked again', () => {
    expect(withOrganization(filled, { id: 8, name: 'Globex', deleted: false }).location).toBeNull();
    expect(withOrganization(filled, acme).location).toEqual(hq);
    expect(withOrganization(filled, null)).toMatchObject({ organization: null, location: null });
  });

  it('reads kept fields back tolerantly: a damaged field takes its default, a damaged text gives a blank form', () => {
    const kept = readStoredFields(JSON.stringify({ ...filled, organization: { id: 'x' }, priority: 42 }));
    expect(kept).toMatchObject({ summary: '  Printer offline ', organization: null, location: hq, priority: '', ticketFormId: 1 });
    expect(readStoredFields('{not json')).toEqual(emptyNewTicket());
    expect(readStoredFields(null)).toEqual(emptyNewTicket());
    expect(readStoredFields('"text"')).toEqual(emptyNewTicket());
  });

  it('offers an unsent ticket by its summary, or a neutral name', () => {
    expect(unsentTitle({ ...emptyNewTicket(), summary: ' Printer ' })).toBe('Printer');
    expect(unsentTitle(emptyNewTicket())).toBe('Untitled new ticket');
  });
});
