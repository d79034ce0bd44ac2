/**
 * The data table's filter buttons (help spec §9 "Filter types"): one button
 * per filter saying what it holds, opening the filter's editor in a popover,
 * and 'Clear filters' while any filters. The rules are in filters.ts.
 */
import './DataTable.css';
import { Button, InputGroup, Menu, MenuItem, Popover, Radio, RadioGroup } from '@blueprintjs/core';
import { emptyValue, filterSummary, isActive, type FilterDef, type FilterValue, type FilterValues } from './filters';

function FilterEditor<T>({ def, value, onChange }: { def: FilterDef<T>; value: FilterValue; onChange(value: FilterValue): void }) {
  switch (value.type) {
    case 'SingleSelect': {
      const options = 'options' in def ? def.options : [];
      return (
        <div className="filter-editor">
          <Menu aria-label={def.label}>
            {options.map((option) => (
              <MenuItem key={option.value} text={option.label} roleStructure="listoption" selected={value.value === option.value} onClick={() => onChange({ ...value, value: value.value === option.value ? '' : option.value })} />
            ))}
            {options.length === 0 && <MenuItem disabled text="No matches" />}
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
    case 'SingleValue':
      return <InputGroup className="filter-editor" aria-label={def.label} value={value.value} onValueChange={(text) => onChange({ ...value, value: text })} autoFocus />;
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
