/**
 * One odd entry never blanks the console: a type, field or key the instance
 * names '__proto__', 'constructor' or 'toString' is looked up among the
 * console's own entries only, so it shows raw (or is left out) instead of
 * reaching Object.prototype's members, which a screen would draw or call.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ScriptVariable } from '../../src/shared/model/admin';
import type { Ticket, TicketingLists } from '../../src/shared/model/ticketing';
import type { ConversationEntry } from '../../src/shared/model/tickets';
import { filterVariableText, initialVariableValues, isBlockedKey, variableProblems } from '../../src/shared/rules/admin/script-variables';
import { fileKindOf } from '../../src/shared/rules/platform/attachments';
import { ownValue, setOwn } from '../../src/shared/rules/platform/own-keys';
import { attributeLabel } from '../../src/shared/rules/psa/sync-attributes';
import { attributeField } from '../../src/shared/rules/ticketing/conditions';
import { fieldDiff } from '../../src/shared/rules/ticketing/diff';
import { updateFailedText, withUploadStatuses } from '../../src/renderer/src/features/tickets/ticket-page-rules';

const ODD = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

describe('ownValue and setOwn', () => {
  it('find only what the record holds itself', () => {
    const labels: Record<string, string> = { status: 'Status' };
    expect(ownValue(labels, 'status')).toBe('Status');
    for (const key of ODD) expect(ownValue(labels, key), key).toBeUndefined();
  });

  it("store '__proto__' as an entry, never as the record's prototype", () => {
    const record: Record<string, string> = {};
    setOwn(record, '__proto__', 'a value');
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(ownValue(record, '__proto__')).toBe('a value');
    expect(JSON.parse(JSON.stringify(record))).toEqual(JSON.parse('{"__proto__":"a value"}'));
  });
});

describe('rules fed odd names', () => {
  it('a ticket attribute of an odd type offers no operators (not a condition field)', () => {
    for (const attributeType of ODD) expect(attributeField({ id: 7, attributeType, name: 'Odd', active: true, values: [] }), attributeType).toBeNull();
  });

  it('a script variable of an odd type blocks no key and filters nothing', () => {
    for (const type of ODD) {
      expect(isBlockedKey(type, 'e'), type).toBe(false);
      expect(filterVariableText(type, 'e-1.5'), type).toBe('e-1.5');
    }
  });

  it('a script variable named __proto__ keeps its value and its problem as its own', () => {
    const variable: ScriptVariable = { name: 'Odd', calculatedName: '__proto__', type: 'TEXT', required: true, defaultValue: null, description: '', source: 'LITERAL', valueList: [] } as unknown as ScriptVariable;
    const values = initialVariableValues([variable], JSON.parse('{"__proto__":"kept"}') as Record<string, string>);
    expect(ownValue(values, '__proto__')).toBe('kept');
    const problems = variableProblems([variable], initialVariableValues([variable]));
    expect(typeof ownValue(problems, '__proto__')).toBe('string');
  });

  it('an attachment with an odd extension is of the other kind; an odd sync attribute is named from its own text', () => {
    for (const key of ODD) {
      expect(fileKindOf(`file.${key}`), key).toBe('other');
      expect(typeof attributeLabel(key), key).toBe('string');
    }
    expect(attributeLabel('constructor')).toBe('Constructor');
  });

  it('the ticket page names an odd field raw, and an odd attachment id keeps its status', () => {
    expect(updateFailedText('__proto__', 'refused')).toBe('__proto__ was not changed: refused The field shows its saved value again.');
    const entry = { id: 'e1', attachments: [{ id: '__proto__', uploadStatus: 'PROCESSING' }, { id: 'constructor', uploadStatus: 'SUCCESS' }] } as unknown as ConversationEntry;
    expect(withUploadStatuses([entry], {})[0]).toBe(entry);
  });

  it('a history diff of versions with odd keys compares their own values', () => {
    expect(fieldDiff(JSON.parse('{"constructor":"a"}'), JSON.parse('{"__proto__":"b"}'))).toEqual([
      { path: 'constructor', before: 'a', after: '' },
      { path: '__proto__', before: '', after: 'b' },
    ]);
  });
});

describe('a board with odd columns', () => {
  it('draws their headers and cells raw', async () => {
    // The board view's module reads the console's bridge when loaded: a stand-in, never called here.
    vi.stubGlobal('window', { api: { call: () => Promise.reject(new Error('not here')), on: () => () => undefined } });
    const { boardColumns } = await import('../../src/renderer/src/features/ticketing/BoardView');
    const lists = { statuses: [], priorities: [], severities: [] } as unknown as TicketingLists;
    const ticket = { id: 1, summary: 'S', attributes: {}, statusSince: {}, tags: [] } as unknown as Ticket;
    const columns = boardColumns([...ODD, 'attribute:__proto__'], lists, []);
    expect(columns.map((c) => c.title)).toEqual([...ODD, 'attribute:__proto__']);
    for (const column of columns) expect(() => renderToStaticMarkup(createElement('div', null, column.render(ticket))), column.id).not.toThrow();
    vi.unstubAllGlobals();
    // Loading the board view's module (Blueprint, its table, the query cache) inside the test takes seconds on a busy machine.
  }, 60_000);
});
