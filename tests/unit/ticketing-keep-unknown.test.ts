/** A trigger's fields the console does not read go back with a PUT (nothing stored is dropped by a save). */
import { describe, expect, it } from 'vitest';
import { withUnknownKept } from '../../src/shared/rules/ticketing/keep-unknown';

describe('a save keeps what the console does not know', () => {
  const stored = {
    id: 7,
    name: 'Old',
    createdBy: 'someone',
    slaPolicy: { id: 3 },
    conditions: { all: [{ id: 'r1', field: 'status', operator: 'equals', value: 'OPEN', weight: 2 }], any: [], mode: 'strict' },
    actions: [{ type: 'SEND_EMAIL', params: { subject: 's' }, retries: 3 }, { type: 'ADD_TICKET_COMMENT', params: {}, channel: 'x' }],
    attachments: [{ id: 'a' }],
  };

  it('top-level fields, a row by its id and an action at its place of the same type', () => {
    const body = {
      enabled: true,
      name: 'New',
      conditions: { all: [{ id: 'r1', field: 'status', operator: 'equals', value: 'WAITING' }, { id: 'r2', field: 'priority', operator: 'equals', value: 'HIGH' }], any: [] },
      actions: [{ type: 'SEND_EMAIL', params: { subject: 't' } }, { type: 'TICKET_LOG_ENTRY_TIME_TRACKER', params: { unit: 'MINUTES', value: 5 } }],
    };
    expect(withUnknownKept(stored, body)).toEqual({
      createdBy: 'someone',
      slaPolicy: { id: 3 },
      enabled: true,
      name: 'New',
      conditions: { mode: 'strict', all: [{ weight: 2, id: 'r1', field: 'status', operator: 'equals', value: 'WAITING' }, { id: 'r2', field: 'priority', operator: 'equals', value: 'HIGH' }], any: [] },
      actions: [{ retries: 3, type: 'SEND_EMAIL', params: { subject: 't' } }, { type: 'TICKET_LOG_ENTRY_TIME_TRACKER', params: { unit: 'MINUTES', value: 5 } }],
    });
  });

  it("the console's own fields win, known stored fields are not copied, and no stored trigger changes nothing", () => {
    const body = { name: 'New', conditions: { all: [], any: [] }, actions: [] };
    const merged = withUnknownKept(stored, body) as Record<string, unknown>;
    expect(merged.name).toBe('New');
    expect(merged).not.toHaveProperty('id');
    expect(merged).not.toHaveProperty('attachments');
    expect(withUnknownKept(null, body)).toBe(body);
  });
});
