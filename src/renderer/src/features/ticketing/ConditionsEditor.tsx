/**
 * The Conditions tab (spec/ticketing-automations-psa.md §4.1, §5.1, §9.1):
 * an all-group and an any-group of rows, each field → operator → value.
 * Changing the field resets the operator and value; changing the operator
 * resets the value and touched. The value editor follows the field: choices,
 * text, hours:minutes since, tags, and organization, location, user and
 * technician (§6: the assignee's) pickers (LookupPicker) keeping what they
 * showed in the row's metaData.
 * A row of a field this console does not know is kept as it came, shown raw.
 */
import './editors.css';
import { Button, Checkbox, Classes, FormGroup, HTMLSelect, InputGroup, Intent, NumericInput } from '@blueprintjs/core';
import type { ConditionRow, TicketingLists, TriggerType } from '../../../../shared/model/ticketing';
import { ownValue } from '../../../../shared/rules/platform/own-keys';
import {
  ACTION_CHOICES,
  changeRowField,
  changeRowOperator,
  COMMENT_TYPE_CHOICES,
  conditionFields,
  entitiesOf,
  newConditionRow,
  OPERATOR_LABELS,
  SOURCE_CHOICES,
  TIME_SINCE_HOURS_MAX,
  TIME_SINCE_MINUTES,
  TYPE_CHOICES,
  UPDATED_BY_CHOICES,
  type AttributeDef,
  type ConditionField,
  type ConditionGroup,
} from '../../../../shared/rules/ticketing/conditions';
import { FormError } from '../../components/form/FormError';
import { TagInput } from '../../components/inputs/TagInput';
import { useTagsChange } from './instance-tags';
import { LookupPicker } from './LookupPicker';

const GROUP_TITLES: Record<ConditionGroup, { title: string; hint: string }> = {
  all: { title: 'All of these conditions', hint: 'Every condition here must be met.' },
  any: { title: 'Any of these conditions', hint: 'At least one condition here must be met.' },
};

type Choice = { value: string; name: string };

/** The choices a field's value picks from (the instance's lists, the console's, an attribute's own). */
export function choicesOf(field: ConditionField, lists: TicketingLists): readonly Choice[] {
  if (field.options) return field.options;
  switch (field.choices) {
    case 'statuses':
      return lists.statuses;
    case 'priorities':
      return lists.priorities;
    case 'severities':
      return lists.severities;
    case 'types':
      return TYPE_CHOICES;
    case 'sources':
      return SOURCE_CHOICES;
    case 'action':
      return ACTION_CHOICES;
    case 'commentType':
      return COMMENT_TYPE_CHOICES;
    case 'updatedBy':
      return UPDATED_BY_CHOICES;
    default:
      return [];
  }
}

/** Tags: one the instance lacks is created first (§7.1 create-tag). */
function TagsValue({ id, tags, disabled, error, onChange }: { id: string; tags: string[]; disabled?: boolean; error?: string; onChange(tags: string[]): void }) {
  const change = useTagsChange();
  return <TagInput id={id} label="Value" tags={tags} disabled={disabled} error={error} onChange={(next) => change(next, tags, onChange)} />;
}

function EntityValue({ id, kind, row, onChange, error, disabled }: { id: string; kind: 'organizations' | 'locations' | 'users' | 'technicians'; row: ConditionRow; onChange(row: ConditionRow): void; error?: string; disabled?: boolean }) {
  const ids = Array.isArray(row.value) ? row.value.filter((v): v is number => typeof v === 'number') : [];
  return (
    <LookupPicker
      id={id}
      label="Value"
      kind={kind}
      ids={ids}
      named={entitiesOf(row.metaData)}
      disabled={disabled}
      error={error}
      onChange={(items) => onChange({ ...row, value: items.map((e) => e.id), metaData: { items }, touched: true })}
    />
  );
}

interface RowProps {
  id: string;
  row: ConditionRow;
  fields: readonly ConditionField[];
  lists: TicketingLists;
  error?: string;
  disabled?: boolean;
  onChange(row: ConditionRow): void;
  onRemove(): void;
}

function ValueEditor({ id, row, field, lists, error, disabled, onChange }: Omit<RowProps, 'fields' | 'onRemove'> & { field: ConditionField }) {
  const kind = field.valueKind(row.operator);
  const set = (value: unknown) => onChange({ ...row, value, touched: true });
  const intent = error ? Intent.DANGER : Intent.NONE;
  switch (kind) {
    case 'none':
      return null;
    case 'choice': {
      const choices = choicesOf(field, lists);
      const value = typeof row.value === 'string' ? row.value : '';
      const known = value === '' || choices.some((c) => c.value === value);
      return (
        <FormGroup label="Value" labelFor={id} intent={intent} helperText={error}>
          <HTMLSelect
            id={id}
            value={value}
            disabled={disabled}
            onChange={(event) => set(event.currentTarget.value)}
            options={[{ label: 'Select...', value: '' }, ...choices.map((c) => ({ label: c.name, value: c.value })), ...(known ? [] : [{ label: `${value} (unknown)`, value }])]}
          />
        </FormGroup>
      );
    }
    case 'timeSince': {
      const v = (row.value ?? {}) as { hours?: number | string; minutes?: number | string };
      return (
        <FormGroup label="Hours : minutes" labelFor={id} intent={intent} helperText={error} className="condition-time-since">
          {/* No +/- buttons: Blueprint points their aria-controls at its own id, which a given id replaces (axe). */}
          <NumericInput
            buttonPosition="none"
            id={id}
            aria-label="Hours"
            min={0}
            max={TIME_SINCE_HOURS_MAX}
            minorStepSize={null}
            disabled={disabled}
            intent={intent}
            value={v.hours ?? ''}
            onValueChange={(n, text) => set({ ...v, hours: text === '' ? '' : n })}
          />
          <HTMLSelect aria-label="Minutes" disabled={disabled} value={String(v.minutes ?? 0)} onChange={(event) => set({ ...v, minutes: Number(event.currentTarget.value) })} options={TIME_SINCE_MINUTES.map((m) => ({ label: String(m).padStart(2, '0'), value: String(m) }))} />
        </FormGroup>
      );
    }
    case 'number':
    case 'decimal':
      return (
        <FormGroup label="Value" labelFor={id} intent={intent} helperText={error}>
          <NumericInput id={id} buttonPosition="none" min={kind === 'number' ? 1 : undefined} minorStepSize={kind === 'number' ? null : 0.01} disabled={disabled} intent={intent} value={row.value === null || row.value === undefined ? '' : String(row.value)} onValueChange={(n, text) => set(text === '' ? null : n)} />
        </FormGroup>
      );
    case 'multiChoice': {
      const chosen = Array.isArray(row.value) ? (row.value as unknown[]).map(String) : [];
      return (
        <FormGroup label="Value" intent={intent} helperText={error}>
          {choicesOf(field, lists).map((c) => (
            <Checkbox
              key={c.value}
              inline
              label={c.name}
              disabled={disabled}
              checked={chosen.includes(c.value)}
              onChange={(e) => set(e.currentTarget.checked ? [...chosen, c.value] : chosen.filter((v) => v !== c.value))}
            />
          ))}
        </FormGroup>
      );
    }
    case 'tags':
      return <TagsValue id={id} tags={Array.isArray(row.value) ? (row.value as string[]) : []} disabled={disabled} error={error} onChange={set} />;
    case 'organizations':
    case 'locations':
    case 'users':
    case 'technicians':
      return <EntityValue id={id} kind={kind} row={row} onChange={onChange} error={error} disabled={disabled} />;
    case 'forms': {
      const chosen = Array.isArray(row.value) ? (row.value as number[]) : [];
      const value = chosen[0] ?? '';
      return (
        <FormGroup label="Value" labelFor={id} intent={intent} helperText={error}>
          <HTMLSelect
            id={id}
            value={String(value)}
            disabled={disabled}
            onChange={(event) => set(event.currentTarget.value === '' ? [] : [Number(event.currentTarget.value)])}
            options={[
              { label: 'Select...', value: '' },
              ...lists.forms.filter((f) => f.active || chosen.includes(f.id)).map((f) => ({ label: f.active ? f.name : `${f.name} (inactive)`, value: String(f.id) })),
            ]}
          />
        </FormGroup>
      );
    }
    default:
      return (
        <FormGroup label="Value" labelFor={id} intent={intent} helperText={error}>
          <InputGroup id={id} value={typeof row.value === 'string' ? row.value : ''} disabled={disabled} intent={intent} onValueChange={(text) => set(text)} />
        </FormGroup>
      );
  }
}

function ConditionRowEditor({ id, row, fields, lists, error, disabled, onChange, onRemove }: RowProps) {
  const field = fields.find((f) => f.id === row.field);
  return (
    <div className="condition-row" role="group" aria-label={`Condition: ${field?.label ?? row.field}`}>
      <FormGroup label="Field" labelFor={`${id}-field`}>
        <HTMLSelect
          id={`${id}-field`}
          value={row.field}
          disabled={disabled}
          onChange={(event) => {
            const next = fields.find((f) => f.id === event.currentTarget.value);
            if (next) onChange(changeRowField(row, next));
          }}
          options={[...fields.map((f) => ({ label: f.label, value: f.id })), ...(field ? [] : [{ label: `${row.field} (unknown)`, value: row.field }])]}
        />
      </FormGroup>
      <FormGroup label="Operator" labelFor={`${id}-operator`}>
        <HTMLSelect
          id={`${id}-operator`}
          value={row.operator}
          disabled={disabled || !field}
          onChange={(event) => field && onChange(changeRowOperator(row, field, event.currentTarget.value))}
          options={[
            ...(field?.operators ?? [row.operator]).map((op) => ({ label: ownValue(OPERATOR_LABELS, op) ?? op, value: op })),
            ...(field && !field.operators.includes(row.operator) ? [{ label: `${row.operator} (unknown)`, value: row.operator }] : []),
          ]}
        />
      </FormGroup>
      <div className="condition-value">
        {field ? (
          <ValueEditor id={`${id}-value`} row={row} field={field} lists={lists} error={error} disabled={disabled} onChange={onChange} />
        ) : (
          <span className={Classes.TEXT_MUTED}>{JSON.stringify(row.value)}</span>
        )}
      </div>
      <Button variant="minimal" icon="trash" aria-label="Remove this condition" title="Remove this condition" disabled={disabled} onClick={onRemove} />
    </div>
  );
}

interface ConditionsEditorProps {
  type: TriggerType;
  conditions: { all: ConditionRow[]; any: ConditionRow[] };
  lists: TicketingLists;
  attributes: readonly AttributeDef[];
  /** The form's shown errors, by path. */
  errors: Record<string, string>;
  disabled?: boolean;
  onChange(conditions: { all: ConditionRow[]; any: ConditionRow[] }): void;
}

export function ConditionsEditor({ type, conditions, lists, attributes, errors, disabled, onChange }: ConditionsEditorProps) {
  return (
    <div className="conditions-editor">
      <FormError message={errors.conditions} />
      {(['all', 'any'] as const).map((group) => {
        const fields = conditionFields(type, group, lists.statuses, attributes);
        const rows = conditions[group];
        const setRows = (next: ConditionRow[]) => onChange({ ...conditions, [group]: next });
        return (
          <fieldset key={group} className="condition-group">
            <legend>{GROUP_TITLES[group].title}</legend>
            <p className={Classes.TEXT_MUTED}>{GROUP_TITLES[group].hint}</p>
            {rows.map((row, i) => (
              <ConditionRowEditor
                key={row.id}
                id={`condition-${group}-${i}`}
                row={row}
                fields={fields}
                lists={lists}
                error={errors[`conditions.${group}.${i}.value`]}
                disabled={disabled}
                onChange={(next) => setRows(rows.map((r, j) => (j === i ? next : r)))}
                onRemove={() => setRows(rows.filter((_, j) => j !== i))}
              />
            ))}
            <Button icon="add" text="Add condition" disabled={disabled} onClick={() => setRows([...rows, newConditionRow(fields)])} />
          </fieldset>
        );
      })}
    </div>
  );
}
