/**
 * The rule tester and back-test, for the unsaved draft:
 * "Test against a ticket" picks any ticket (searched by id or subject) and
 * shows every condition row as pass or fail with the ticket's own value, the
 * group results and the actions that would run; for event-based automations
 * the technician says what happened (created or updated, what changed, the
 * comment, who, business hours). "Back-test" reads the last 500 tickets and
 * says how many the draft would match, warning above 50. One evaluator
 * (shared/rules/ticketing/evaluate.ts) serves this and the demo's boards.
 */
import './editors.css';
import { Button, Callout, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Icon, InputGroup, Intent, Menu, MenuItem, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import type { Ticket, TicketEvent, TicketingLists, TriggerAction, TriggerConditions, TriggerType } from '../../../../shared/model/ticketing';
import { actionLabel } from '../../../../shared/rules/ticketing/actions';
import { BACK_TEST_SIZE, BACK_TEST_WARN_ABOVE, backTest, backTestSummary, type BackTestResult } from '../../../../shared/rules/ticketing/back-test';
import { conditionFields, entitiesOf, OPERATOR_LABELS, type AttributeDef, type ConditionField } from '../../../../shared/rules/ticketing/conditions';
import { evaluateConditions, type RowResult } from '../../../../shared/rules/ticketing/evaluate';
import { TABLE_SEARCH_DELAY_MS } from '../../../../shared/rules/platform/limits';
import { ownValue } from '../../../../shared/rules/platform/own-keys';
import { errorMessage } from '../../core/api';
import { presentError } from '../../core/toaster';
import { readTickets } from './client';
import { choicesOf } from './ConditionsEditor';

const CHANGEABLE = [
  { field: 'status', label: 'Status' },
  { field: 'priority', label: 'Priority' },
  { field: 'severity', label: 'Severity' },
  { field: 'type', label: 'Type' },
  { field: 'source', label: 'Source' },
] as const;

function defaultEvent(): TicketEvent {
  return { action: 'UPDATE', changed: {}, commentType: null, updatedBy: 'TECHNICIAN', withinBusinessHours: true };
}

function PassIcon({ pass }: { pass: boolean | null }) {
  if (pass === null) return <Icon icon="help" intent={Intent.WARNING} title="Cannot be told" aria-label="cannot be told" />;
  return pass ? <Icon icon="tick-circle" intent={Intent.SUCCESS} aria-label="passes" /> : <Icon icon="cross-circle" intent={Intent.DANGER} aria-label="fails" />;
}

interface RuleTesterProps {
  type: TriggerType;
  conditions: TriggerConditions;
  actions: readonly TriggerAction[];
  lists: TicketingLists;
  attributes: readonly AttributeDef[];
  onClose(): void;
}

function TicketPicker({ onPick }: { onPick(ticket: Ticket): void }) {
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<Ticket[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      readTickets({ page: 0, size: 20, ...(typed.trim() ? { search: typed.trim() } : {}) })
        .then((page) => live && (setFound(page.results), setFailed(null)))
        .catch((error: unknown) => live && setFailed(errorMessage(error)));
    }, TABLE_SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed]);
  return (
    <div className="rule-tester-picker">
      <InputGroup leftIcon="search" placeholder="Search tickets by id or subject..." aria-label="Search tickets by id or subject" value={typed} onValueChange={setTyped} />
      {failed && (
        <Callout intent={Intent.DANGER} compact>
          {failed}
        </Callout>
      )}
      {found === null && !failed ? (
        <Spinner size={20} aria-label="Loading tickets" />
      ) : (
        <Menu aria-label="Tickets" className="rule-tester-tickets">
          {found?.length === 0 && <MenuItem disabled text="No tickets found" />}
          {found?.map((t) => (
            <MenuItem key={t.id} text={`#${t.id} ${t.summary}`} label={t.status} onClick={() => onPick(t)} />
          ))}
        </Menu>
      )}
    </div>
  );
}

function EventEditor({ event, onChange }: { event: TicketEvent; onChange(event: TicketEvent): void }) {
  return (
    <fieldset className="rule-tester-event">
      <legend>What happened</legend>
      <div className="rule-tester-event-row">
        <FormGroup label="Action" labelFor="tester-action" inline>
          <HTMLSelect id="tester-action" value={event.action} onChange={(e) => onChange({ ...event, action: e.currentTarget.value === 'INSERT' ? 'INSERT' : 'UPDATE' })} options={[{ label: 'Ticket Created', value: 'INSERT' }, { label: 'Ticket Updated', value: 'UPDATE' }]} />
        </FormGroup>
        <FormGroup label="Updated by" labelFor="tester-updated-by" inline>
          <HTMLSelect id="tester-updated-by" value={event.updatedBy ?? ''} onChange={(e) => onChange({ ...event, updatedBy: (e.currentTarget.value || null) as TicketEvent['updatedBy'] })} options={[{ label: 'Requester', value: 'REQUESTER' }, { label: 'Technician', value: 'TECHNICIAN' }, { label: 'Nobody', value: '' }]} />
        </FormGroup>
        <FormGroup label="Comment" labelFor="tester-comment" inline>
          <HTMLSelect id="tester-comment" value={event.commentType ?? ''} onChange={(e) => onChange({ ...event, commentType: (e.currentTarget.value || null) as TicketEvent['commentType'] })} options={[{ label: 'None', value: '' }, { label: 'Public', value: 'PUBLIC' }, { label: 'Private', value: 'PRIVATE' }]} />
        </FormGroup>
      </div>
      <div className="rule-tester-event-row">
        <span>Changed:</span>
        {CHANGEABLE.map((c) => (
          <Checkbox
            key={c.field}
            inline
            label={c.label}
            checked={c.field in event.changed}
            onChange={(e) => {
              const changed = { ...event.changed };
              if (e.currentTarget.checked) changed[c.field] = null;
              else delete changed[c.field];
              onChange({ ...event, changed });
            }}
          />
        ))}
        <Switch inline label="Within business hours" checked={event.withinBusinessHours} onChange={(e) => onChange({ ...event, withinBusinessHours: e.currentTarget.checked })} />
      </div>
    </fieldset>
  );
}

export function RuleTester({ type, conditions, actions, lists, attributes, onClose }: RuleTesterProps) {
  const [ticket, setTicket] = useState<Ticket | null>(null);
  /** When the ticket was picked: the 'time since' rows count to then. */
  const [pickedAt, setPickedAt] = useState(0);
  const pick = (picked: Ticket) => {
    setPickedAt(Date.now());
    setTicket(picked);
  };
  const [event, setEvent] = useState<TicketEvent>(defaultEvent);
  const [back, setBack] = useState<BackTestResult | null>(null);
  const [backing, setBacking] = useState(false);
  const eventBased = type === 'EVENT_BASED' || type === 'RESPONSE_TEMPLATE';
  const fields = useMemo(() => {
    const map = new Map<string, ConditionField>();
    for (const group of ['all', 'any'] as const) for (const f of conditionFields(type, group, lists.statuses, attributes)) map.set(f.id, f);
    return map;
  }, [type, lists.statuses, attributes]);
  const result = useMemo(() => (ticket ? evaluateConditions(conditions, ticket, eventBased ? event : null, pickedAt) : null), [ticket, conditions, event, eventBased, pickedAt]);

  const runBackTest = async () => {
    setBacking(true);
    try {
      const page = await readTickets({ page: 0, size: BACK_TEST_SIZE });
      setBack(backTest(conditions, page.results, Date.now()));
    } catch (error) {
      presentError(error, { key: 'back-test' });
    } finally {
      setBacking(false);
    }
  };

  const rowLine = (r: RowResult, i: number, group: 'all' | 'any') => {
    const row = conditions[group][i]!;
    const field = fields.get(row.field);
    const choices = field ? choicesOf(field, lists) : [];
    const named = (raw: string) => choices.find((c) => c.value === raw)?.name ?? raw;
    const time = row.value as { hours?: unknown; minutes?: unknown } | null;
    const value = Array.isArray(row.value)
      ? (entitiesOf(row.metaData).map((e) => e.name).join(', ') || row.value.map((v) => named(String(v))).join(', '))
      : field?.timeSince && time
        ? `${String(time.hours ?? 0)} h ${String(time.minutes ?? 0)} min`
        : named(String(row.value ?? ''));
    return (
      <tr key={row.id} data-pass={String(r.pass)}>
        <td>
          <PassIcon pass={r.pass} />
        </td>
        <td>{field?.label ?? row.field}</td>
        <td>{ownValue(OPERATOR_LABELS, row.operator) ?? row.operator}</td>
        <td>{value}</td>
        <td>{named(r.actual)}</td>
      </tr>
    );
  };
  const group = (name: 'all' | 'any', title: string, rows: RowResult[], pass: boolean) =>
    rows.length > 0 && (
      <section className="rule-tester-group" aria-label={`${title}: ${pass ? 'met' : 'not met'}`}>
        <h3 className={`${Classes.HEADING} rule-tester-group-title`}>
          {title} <Tag intent={pass ? Intent.SUCCESS : Intent.DANGER}>{pass ? 'Met' : 'Not met'}</Tag>
        </h3>
        <table className={`${Classes.HTML_TABLE} ${Classes.COMPACT} rule-tester-rows`}>
          <thead>
            <tr>
              <th>
                <span className="visually-hidden">Result</span>
              </th>
              <th>Field</th>
              <th>Operator</th>
              <th>Value</th>
              <th>This ticket</th>
            </tr>
          </thead>
          <tbody>{rows.map((r, i) => rowLine(r, i, name))}</tbody>
        </table>
      </section>
    );

  return (
    <Dialog isOpen title="Test against a ticket" onClose={onClose} className="rule-tester" style={{ width: 820 }}>
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>The draft as it is now, before saving: nothing runs and nothing is changed.</p>
        {ticket ? (
          <div className="rule-tester-ticket">
            <strong>
              #{ticket.id} {ticket.summary}
            </strong>
            <Button size="small" icon="swap-horizontal" text="Another ticket" onClick={() => setTicket(null)} />
          </div>
        ) : (
          <TicketPicker onPick={pick} />
        )}
        {ticket && eventBased && <EventEditor event={event} onChange={setEvent} />}
        {result && (
          <>
            {group('all', 'All of these conditions', result.all, result.allPass)}
            {group('any', 'Any of these conditions', result.any, result.anyPass)}
            <Callout intent={result.pass ? Intent.SUCCESS : Intent.NONE} icon={result.pass ? 'play' : 'disable'} className="rule-tester-verdict" role="status">
              {result.pass ? (
                actions.length > 0 ? (
                  <>
                    Would run: {actions.map((a) => actionLabel(a)).join(', ')}
                  </>
                ) : (
                  'The ticket matches.'
                )
              ) : (
                'Would not run on this ticket.'
              )}
            </Callout>
          </>
        )}
        <div className="rule-tester-back">
          <Button icon="history" text="Back-test" loading={backing} onClick={() => void runBackTest()} />
          {back && (
            <span role="status">
              {backTestSummary(back)}
              {back.assumedRows > 0 && ` (${back.assumedRows} ${back.assumedRows === 1 ? 'condition' : 'conditions'} on what happened taken as met)`}
            </span>
          )}
        </div>
        {back?.warn && (
          <Callout intent={Intent.WARNING} icon="warning-sign" className="gap">
            This draft would touch more than {BACK_TEST_WARN_ABOVE} tickets.
          </Callout>
        )}
        {back && back.matched.length > 0 && (
          <ul className="rule-tester-matched" aria-label="Matched tickets" tabIndex={0}>
            {back.matched.slice(0, 100).map((t) => (
              <li key={t.id}>
                #{t.id} {t.summary}
              </li>
            ))}
            {back.matched.length > 100 && <li className={Classes.TEXT_MUTED}>and {back.matched.length - 100} more</li>}
          </ul>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}
