/**
 * The back-test: how many of the last tickets a draft's
 * conditions would match, before saving. Tickets carry no event, so rows on
 * what happened (action, changed, changed to, comment type, updated by,
 * business hours) cannot be told from them: they are taken as met, and the
 * answer says how many such rows there were.
 */
import type { Ticket, TriggerConditions } from '../../model/ticketing';
import { EVENT_FIELD_IDS, evaluateConditions, type RowResult } from './evaluate';

/** §9.1's rows that need an event (what happened) rather than the ticket: the evaluator's event fields, and changes. */
const EVENT_OPERATORS = new Set(['changed', 'changed_to']);

/** The back-test reads this many of the newest tickets. */
export const BACK_TEST_SIZE = 500;
/** Above this many matches a draft is flagged before it is saved. */
export const BACK_TEST_WARN_ABOVE = 50;

export function isEventRow(row: { field: string; operator: string }): boolean {
  return EVENT_FIELD_IDS.has(row.field) || EVENT_OPERATORS.has(row.operator);
}

export interface BackTestResult {
  matched: Ticket[];
  tested: number;
  /** Rows taken as met because tickets do not say what happened. */
  assumedRows: number;
  /** More than BACK_TEST_WARN_ABOVE matched. */
  warn: boolean;
}

/** A row holds, or is an event row (taken as met). */
const holds = (r: RowResult) => r.pass === true || isEventRow(r);

export function backTest(conditions: TriggerConditions, tickets: readonly Ticket[], now: number): BackTestResult {
  const matched: Ticket[] = [];
  for (const ticket of tickets) {
    const result = evaluateConditions(conditions, ticket, null, now);
    const allPass = result.all.every(holds);
    const anyPass = result.any.length === 0 || result.any.some(holds);
    if (allPass && anyPass) matched.push(ticket);
  }
  const assumedRows = [...conditions.all, ...conditions.any].filter(isEventRow).length;
  return { matched, tested: tickets.length, assumedRows, warn: matched.length > BACK_TEST_WARN_ABOVE };
}

/** 'Would match 12 of the last 500 tickets' (singular for one). */
export function backTestSummary(result: BackTestResult): string {
  return `Would match ${result.matched.length} of the last ${result.tested} ${result.tested === 1 ? 'ticket' : 'tickets'}`;
}
