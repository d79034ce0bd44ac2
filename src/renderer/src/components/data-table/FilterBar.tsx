/**
 * The data table's filter buttons (help spec §9 "Filter types"): one button
 * per filter saying what it holds, opening the filter's editor in a popover,
 * and 'Clear filters' while any filters. The rules are in filters.ts.
 */
import './DataTable.css';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { Button, Checkbox, ControlGroup, HTMLSelect, InputGroup, Menu, MenuItem, NumericInput, Popover, Radio, RadioGroup } from '@blueprintjs/core';
import { DateRangePicker } from '@blueprintjs/datetime';
import { useState } from 'react';
import { datePickerBounds } from '../../../../shared/rules/platform/inputs';
import { CUSTOM_RANGE, DATE_PRESETS, emptyValue, filterSummary, isActive, type DateRange, type FilterDef, type FilterValue, type FilterValues } from './filters';

function toRange(range: [Date | null, Date | null]): DateRange {
  const [from, to] = range;
  // The end day counts whole.
  return { from: from ? from.getTime() : null, to: to ? new Date(to.getFullYear(), to.getMonth(), to.getDate(), 23, 59, 59, 999).getTime() : null };
}

function fromRange(range: DateRange): [Date | null, Date | null] {
  return [range.from !== null ? new Date(range.from) : null, range.to !== null ? new Date(range.to) : null];
}

const numberOrNull = (value: number) => (Number.isFinite(value) ? value : null);

function FilterEditor<T>({ def, value, onChange }: { def: FilterDef<T>; value: FilterValue; onChange(value: FilterValue): void }) {
  const [find, setFind] = useState('');
  switch (value.type) {
    case 'SingleSelect':
    case 'SearchableSelect': {
      const options = 'options' in def ? def.options : [];
      const shown = value.type === 'SearchableSelect' ? options.filter((o) => o.label.toLowerCase().includes(find.trim().toLowerCase())) : options;
      return (
        <div className="filter-editor">
          {value.type === 'SearchableSelect' && <InputGroup leftIcon="search" placeholder="Search..." value={find} onValueChange={setFind} aria-label={`Search ${def.label}`} autoFocus />}
          <Menu aria-label={def.label}>
            {shown.map((option) => (
              <MenuItem key={option.value} text={option.label} roleStructure="listoption" selected={value.value === option.value} onClick={() => onChange({ ...value, value: value.value === option.value ? '' : option.value })} />
            ))}
            {shown.length === 0 && <MenuItem disabled text="No matches" />}
          </Menu>
        </div>
      );
    }
    case 'RadioGroup':
      return (
        <RadioGroup className="filter-editor" label={def.label} selectedValue={value.value} onChange={(event) => onChange({ ...value, value: event.currentTarget.value })}>
          {[<Radio key="" label="Any" value="" />, ...('options' in def ? def.options : []).map((option) => <Radio key={option.value} label={option.label} value={option.value} />)]}
        </RadioGroup>
      );
    case 'MultiSelect':
      return (
        <div className="filter-editor" role="group" aria-label={def.label}>
          {('options' in def ? def.options : []).map((option) => (
            <Checkbox
              key={option.value}
              label={option.label}
              checked={value.values.includes(option.value)}
              onChange={() => onChange({ ...value, values: value.values.includes(option.value) ? value.values.filter((v) => v !== option.value) : [...value.values, option.value] })}
            />
          ))}
        </div>
      );
    case 'InputWithUnitDropdown':
      return (
        <ControlGroup className="filter-editor">
          <NumericInput aria-label={def.label} min={0} value={value.amount ?? ''} onValueChange={(amount, text) => onChange({ ...value, amount: text.trim() === '' ? null : numberOrNull(amount) })} />
          <HTMLSelect aria-label={`${def.label} unit`} value={value.unit} onChange={(event) => onChange({ ...value, unit: event.currentTarget.value })} options={'units' in def ? def.units.map((u) => ({ label: u.label, value: u.value })) : []} />
        </ControlGroup>
      );
    case 'NumberRange':
      return (
        <ControlGroup className="filter-editor">
          <NumericInput aria-label={`${def.label} from`} placeholder="Min" value={value.min ?? ''} onValueChange={(n, text) => onChange({ ...value, min: text.trim() === '' ? null : numberOrNull(n) })} />
          <NumericInput aria-label={`${def.label} to`} placeholder="Max" value={value.max ?? ''} onValueChange={(n, text) => onChange({ ...value, max: text.trim() === '' ? null : numberOrNull(n) })} />
        </ControlGroup>
      );
    case 'SingleValue':
      return <InputGroup className="filter-editor" aria-label={def.label} value={value.value} onValueChange={(text) => onChange({ ...value, value: text })} autoFocus />;
    case 'DateRangePicker':
      return <DateRangePicker className="filter-editor" shortcuts={false} {...datePickerBounds({ allowPast: true })} value={fromRange(value.range)} onChange={(range) => onChange({ ...value, range: toRange(range) })} />;
    case 'DateRangeSelect':
    case 'DateRangePickerSelect': {
      const presets = ('presets' in def ? def.presets : undefined) ?? DATE_PRESETS;
      return (
        <div className="filter-editor">
          <Menu aria-label={def.label}>
            {presets.map((preset) => (
              <MenuItem key={preset.id} text={preset.label} roleStructure="listoption" selected={value.preset === preset.id} onClick={() => onChange({ ...value, preset: value.preset === preset.id ? '' : preset.id })} />
            ))}
            {value.type === 'DateRangePickerSelect' && <MenuItem text="Custom range" roleStructure="listoption" selected={value.preset === CUSTOM_RANGE} onClick={() => onChange({ ...value, preset: CUSTOM_RANGE })} shouldDismissPopover={false} />}
          </Menu>
          {value.type === 'DateRangePickerSelect' && value.preset === CUSTOM_RANGE && <DateRangePicker shortcuts={false} {...datePickerBounds({ allowPast: true })} value={fromRange(value.range)} onChange={(range) => onChange({ ...value, range: toRange(range) })} />}
        </div>
      );
    }
  }
}

export function FilterBar<T>({ filters, values, onChange }: { filters: readonly FilterDef<T>[]; values: FilterValues; onChange(values: FilterValues): void }) {
  const anyActive = filters.some((def) => isActive(values[def.id]));
  return (
    <div className="filter-bar" role="group" aria-label="Filters">
      {filters.map((def) => {
        const value = values[def.id] ?? emptyValue(def);
        return (
          <Popover key={def.id} placement="bottom-start" content={<FilterEditor def={def} value={value} onChange={(next) => onChange({ ...values, [def.id]: next })} />}>
            <Button rightIcon="caret-down" active={isActive(values[def.id])} data-filter={def.id} data-filter-type={def.type}>
              {filterSummary(def, values[def.id])}
            </Button>
          </Popover>
        );
      })}
      {anyActive && <Button variant="minimal" icon="filter-remove" text="Clear filters" onClick={() => onChange({})} />}
    </div>
  );
}
