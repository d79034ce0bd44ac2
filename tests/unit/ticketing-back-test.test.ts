/** The back-test counts the draft's matches among the last tickets; event rows are taken as met. */
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../src/shared/model/ticketing';
import { plainTicket } from '../helpers/tickets';
import { BACK_TEST_WARN_ABOVE, backTest, backTestSummary, isEventRow } from '../../src/shared/rules/ticketing/back-test';

const NOW = Date.UTC(2026, 10, 27, 12);
const ticket = (id: number, priority: string, tags: string[] = []): Ticket => plainTicket(id, NOW, { priority, tags });
const tickets = Array.from({ length: 100 }, (_, i) => ticket(i + 1, i % 2 === 0 ? 'HIGH' : 'LOW', i % 10 === 0 ? ['vip'] : []));

describe('back-test', () => {
  it('counts the tickets the conditions match, and names them', () => {
    const result = backTest({ all: [{ id: 'p', field: 'priority', operator: 'equals', value: 'HIGH' }], any: [] }, tickets, NOW);
    expect(result.matched).toHaveLength(50);
    expect(result.matched.every((t) => t.priority === 'HIGH')).toBe(true);
    expect(result.warn).toBe(false);
    expect(backTestSummary(result)).toBe('Would match 50 of the last 100 tickets');
  });

  it(`warns above ${BACK_TEST_WARN_ABOVE} matches`, () => {
    const result = backTest({ all: [{ id: 'p', field: 'priority', operator: 'present', value: null }], any: [] }, tickets, NOW);
    expect(result.matched).toHaveLength(100);
    expect(result.warn).toBe(true);
  });

  it('takes rows on what happened as met (tickets carry no event) and counts them', () => {
    const conditions = {
      all: [
        { id: 'a', field: 'action', operator: 'equals', value: 'INSERT' },
        { id: 'c', field: 'status', operator: 'changed', value: null },
      ],
      any: [
        { id: 't', field: 'tags', operator: 'contains_any', value: ['vip'] },
        { id: 'b', field: 'business_hours', operator: 'in', value: null },
      ],
    };
    const result = backTest(conditions, tickets, NOW);
    expect(result.assumedRows).toBe(3);
    // The any-group holds through the assumed business-hours row.
    expect(result.matched).toHaveLength(100);
    const strict = backTest({ all: conditions.all, any: [conditions.any[0]!] }, tickets, NOW);
    expect(strict.matched.map((t) => t.id)).toEqual([1, 11, 21, 31, 41, 51, 61, 71, 81, 91]);
  });

  it('a time-since row counts from the ticket times', () => {
    const result = backTest({ all: [{ id: 's', field: 'ticket_created', operator: 'hours_since:greater_or_equal_than', value: { hours: 90, minutes: 0 } }], any: [] }, tickets, NOW);
    expect(result.matched.map((t) => t.id)).toEqual(Array.from({ length: 11 }, (_, i) => 90 + i));
    expect(backTestSummary({ ...result, tested: 1 })).toBe('Would match 11 of the last 1 ticket');
  });

  it('event rows are the §9.1 fields and operators on what happened', () => {
    expect(isEventRow({ field: 'commentType', operator: 'equals' })).toBe(true);
    expect(isEventRow({ field: 'priority', operator: 'changed_to' })).toBe(true);
    expect(isEventRow({ field: 'priority', operator: 'equals' })).toBe(false);
  });
});
