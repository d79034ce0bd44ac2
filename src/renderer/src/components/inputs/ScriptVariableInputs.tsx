/**
 * The script variable inputs (help spec §3 "Script variable", §5 "Script
 * variable inputs"), controlled: one input per variable by its type — TEXT a
 * text box, INTEGER and DECIMAL text boxes that refuse their blocked keys,
 * CHECKBOX a checkbox, DATE and DATETIME the shared DateField (a typed date
 * with a calendar; DATETIME with the hour and minute), DROPDOWN its
 * valueList, IPADDRESS a box that keeps only digits and dots (typed or
 * pasted). Required ones are
 * marked '*'; each shows its own message once touched or when `showErrors`.
 * The rules are shared/rules/admin/script-variables.ts; values stay text.
 */
import './ScriptVariableInputs.css';
import { Checkbox, ControlGroup, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { format, isValid, parseISO } from 'date-fns';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { ScriptVariable, ScriptVariableValues } from '../../../../shared/model/admin';
import { filterVariableText, isBlockedKey, REQUIRED_MARK, variableProblems } from '../../../../shared/rules/admin/script-variables';
import { ownValue } from '../../../../shared/rules/platform/own-keys';
import { DateField } from './DateField';
import { HOURS, MINUTES } from './TimeOfDaySelect';

interface ScriptVariableInputsProps {
  /** Prefix of every input's id (unique on the page). */
  idPrefix: string;
  variables: readonly ScriptVariable[];
  values: ScriptVariableValues;
  onChange(values: ScriptVariableValues): void;
  /** Every message shown (after a failed save), not only those of touched variables. */
  showErrors?: boolean;
  disabled?: boolean;
}

const DAY_FORMAT = 'yyyy-MM-dd';

/** The instant a DATE or DATETIME value holds, or null. */
function dateOf(value: string): Date | null {
  if (value.trim() === '') return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** A DATE (yyyy-mm-dd) or DATETIME (ISO) value: the shared DateField, and for DATETIME the hour and minute. */
function DateValue(props: { id: string; label: string; required: boolean; withTime: boolean; value: string; disabled?: boolean; onChange(value: string): void; onTouched(): void }) {
  const current = dateOf(props.value);
  const put = (day: Date | null, hour = current?.getHours() ?? 0, minute = current?.getMinutes() ?? 0) => {
    if (day === null) return props.onChange('');
    const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute);
    props.onChange(props.withTime ? at.toISOString() : format(at, DAY_FORMAT));
  };
  return (
    <DateField
      id={props.id}
      label={props.label}
      required={props.required}
      disabled={props.disabled}
      allowPast
      value={current}
      unreadText={props.value}
      onDate={(date) => put(date)}
      // What cannot be read is kept as typed, so the variable's message says so.
      onUnreadable={props.onChange}
      onLeave={props.onTouched}
    >
      {props.withTime && (
        <ControlGroup className="date-field-extra">
          <HTMLSelect aria-label={`${props.label} hour`} value={String(current?.getHours() ?? 0)} options={HOURS} disabled={props.disabled || !current} onChange={(e) => put(current, Number(e.currentTarget.value))} />
          <HTMLSelect aria-label={`${props.label} minute`} value={String(current?.getMinutes() ?? 0)} options={MINUTES} disabled={props.disabled || !current} onChange={(e) => put(current, undefined, Number(e.currentTarget.value))} />
        </ControlGroup>
      )}
    </DateField>
  );
}

export function ScriptVariableInputs({ idPrefix, variables, values, onChange, showErrors, disabled }: ScriptVariableInputsProps) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const problems = variableProblems(variables, values);
  const touch = (name: string) => setTouched((previous) => (previous.has(name) ? previous : new Set([...previous, name])));
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });

  if (variables.length === 0) return <p className="script-variables-none">This script has no variables.</p>;
  return (
    <div className="script-variables" role="group" aria-label="Script variables">
      {variables.map((variable, index) => {
        const name = variable.calculatedName;
        const id = `${idPrefix}-variable-${index}`;
        // Own entries only: a variable named '__proto__' or 'constructor' must not read Object.prototype's.
        const value = ownValue(values, name) ?? '';
        const problem = showErrors || touched.has(name) ? (ownValue(problems, name) ?? null) : null;
        const intent = problem ? Intent.DANGER : Intent.NONE;
        const label = variable.name.trim() || name;
        const helper = problem ?? (variable.description.trim() || undefined);
        if (variable.type === 'CHECKBOX') {
          return (
            <FormGroup key={name} helperText={variable.description.trim() || undefined} className="script-variable">
              <Checkbox id={id} label={variable.required ? `${label} ${REQUIRED_MARK}` : label} checked={value === 'true'} disabled={disabled} onChange={(e) => set(name, String(e.currentTarget.checked))} />
            </FormGroup>
          );
        }
        if (variable.type === 'DATE' || variable.type === 'DATETIME') {
          return (
            <FormGroup key={name} intent={intent} helperText={helper} className="script-variable">
              <DateValue id={id} label={label} required={variable.required} withTime={variable.type === 'DATETIME'} value={value} disabled={disabled} onChange={(v) => set(name, v)} onTouched={() => touch(name)} />
            </FormGroup>
          );
        }
        if (variable.type === 'DROPDOWN') {
          // A saved value the list no longer has stays shown (its message says so) rather than silently changing.
          const choices = [{ value: '', label: 'Select...' }, ...(value && !variable.valueList.includes(value) ? [{ value, label: value }] : []), ...variable.valueList.map((v) => ({ value: v, label: v }))];
          return (
            <FormGroup key={name} label={label} labelFor={id} labelInfo={variable.required ? REQUIRED_MARK : undefined} intent={intent} helperText={helper} className="script-variable">
              <HTMLSelect id={id} fill value={value} options={choices} disabled={disabled} onBlur={() => touch(name)} onChange={(e) => {
                set(name, e.currentTarget.value);
                touch(name);
              }} />
            </FormGroup>
          );
        }
        // TEXT, INTEGER, DECIMAL, IPADDRESS and any type the spec does not list: a text box with the type's key rules.
        const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
          if (isBlockedKey(variable.type, event.key, event)) event.preventDefault();
        };
        const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
          const pasted = event.clipboardData.getData('text');
          const kept = filterVariableText(variable.type, pasted);
          if (kept === pasted) return;
          event.preventDefault();
          const input = event.currentTarget;
          const start = input.selectionStart ?? value.length;
          const end = input.selectionEnd ?? value.length;
          set(name, value.slice(0, start) + kept + value.slice(end));
        };
        const numeric = variable.type === 'INTEGER' || variable.type === 'DECIMAL' || variable.type === 'IPADDRESS';
        return (
          <FormGroup key={name} label={label} labelFor={id} labelInfo={variable.required ? REQUIRED_MARK : undefined} intent={intent} helperText={helper} className="script-variable">
            <InputGroup
              id={id}
              value={value}
              intent={intent}
              disabled={disabled}
              inputMode={variable.type === 'INTEGER' ? 'numeric' : numeric ? 'decimal' : undefined}
              placeholder={variable.type === 'IPADDRESS' ? '0.0.0.0' : undefined}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              // Whatever else reaches the box (a drop, an IME) is filtered the same way.
              onValueChange={(text) => set(name, filterVariableText(variable.type, text))}
              onBlur={() => touch(name)}
            />
          </FormGroup>
        );
      })}
    </div>
  );
}
