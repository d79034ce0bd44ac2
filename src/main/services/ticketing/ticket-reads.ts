/**
 * Reading tickets: the tickets a board shows (the demo's GET
 * /ticketing/board/{id}/tickets), every ticket (newest first, searched) and
 * one ticket. Tickets the console cannot read are skipped and counted. The
 * board's answer is read here for the administration screens and the ticket
 * workspace alike (../tickets/service.ts), so both tell its refusals apart
 * in the same words.
 */
import { AppError } from '../../../shared/errors';
import type { BoardSort, Ticket } from '../../../shared/model/ticketing';
import { FORBIDDEN_MESSAGE } from '../platform/api/refusals';
import { tolerantPage, type TolerantPage } from '../platform/api/tolerant';
import type { SessionService } from '../session';
import { TICKETING_API_PATHS } from './ticketing-api';
import { ticketSchema } from './ticket-schemas';

export const BOARD_GONE_MESSAGE = 'This board no longer exists.';
export const NOT_A_BOARD_MESSAGE = 'This automation is not a board: it lists no tickets.';
export const BOARD_TICKETS_REFUSED_MESSAGE = "The server refused to list this board's tickets in that order.";
export const TICKET_GONE_MESSAGE = 'This ticket no longer exists.';

const ticketPage = tolerantPage(ticketSchema);

/** A board's page of tickets as the instance answered it (GET is answered as is, not retried): each refusal told apart by its status. */
export function boardTicketsAnswer({ status, body }: { status: number; body: unknown }): TolerantPage<Ticket> {
  if (status === 404) throw new AppError('NOT_FOUND', BOARD_GONE_MESSAGE);
  if (status === 400) throw new AppError('INVALID_INPUT', (body as { error?: unknown } | undefined)?.error === 'not_a_board' ? NOT_A_BOARD_MESSAGE : BOARD_TICKETS_REFUSED_MESSAGE);
  if (status === 403) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  if (status >= 400) throw new AppError('SERVER_ERROR', `The board's tickets could not be loaded (${status}).`);
  const parsed = ticketPage.safeParse(body);
  if (!parsed.success) throw new AppError('BAD_RESPONSE', "The server sent the board's tickets in an unexpected shape.");
  return parsed.data;
}

/** A page of the tickets a board shows, in `sort`'s order or the board's own. */
export async function readBoardTickets(session: SessionService, id: number, page: number, size: number, sort?: BoardSort): Promise<TolerantPage<Ticket>> {
  const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
  if (sort) {
    searchParams.set('sortBy', sort.field);
    searchParams.set('direction', sort.direction);
  }
  return boardTicketsAnswer(await session.api().requestWithStatus('GET', TICKETING_API_PATHS.boardTickets(id), { searchParams }));
}

/** A page of every ticket, newest first, searched by id ('#123' or '123') or a part of the subject. */
export async function readTickets(session: SessionService, page: number, size: number, search?: string): Promise<TolerantPage<Ticket>> {
  const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
  if (search?.trim()) searchParams.set('search', search.trim());
  return session.api().getJson(TICKETING_API_PATHS.tickets, ticketPage, { searchParams });
}

export async function readTicket(session: SessionService, id: number): Promise<Ticket> {
  try {
    return await session.api().getJson(TICKETING_API_PATHS.ticket(id), ticketSchema);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', TICKET_GONE_MESSAGE);
    throw error;
  }
}
