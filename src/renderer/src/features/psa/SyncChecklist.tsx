/**
 * A device data sync checklist (spec §2.3 "Device data sync attribute
 * checklist with Select All", §2.4 'Configuration Attributes' — the five
 * required ones always on — and 'Configuration Questions'): Select All
 * (indeterminate when some), one checkbox per name; a required one is
 * checked and locked. Controlled: `selected` is the one saved list of names.
 */
import { Checkbox, Classes } from '@blueprintjs/core';
import { attributeLabel, isRequiredAttribute, selectAll, selectAllState, toggleAttribute, type SyncChecklist as Checklist } from '../../../../shared/rules/psa/sync-attributes';

interface SyncChecklistProps {
  checklist: Checklist;
  selected: readonly string[];
  disabled?: boolean;
  /** The title's heading level where the page has no section heading above it (default 3). */
  level?: 2 | 3;
  onChange(selected: string[]): void;
}

export function SyncChecklist({ checklist, selected, disabled, level = 3, onChange }: SyncChecklistProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const state = selectAllState(selected, checklist);
  const headingId = `sync-${checklist.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <fieldset className="psa-sync-checklist" aria-labelledby={headingId}>
      <Heading id={headingId} className={`${Classes.HEADING} psa-sync-title`}>
        {checklist.title}
      </Heading>
      <Checkbox
        className="psa-select-all"
        label="Select All"
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={disabled}
        onChange={(event) => onChange(selectAll(selected, event.currentTarget.checked, checklist))}
      />
      <div className="psa-sync-items">
        {checklist.names.map((name) => {
          const required = isRequiredAttribute(name, checklist);
          return (
            <Checkbox
              key={name}
              label={required ? `${attributeLabel(name)} (required)` : attributeLabel(name)}
              checked={required || selected.includes(name)}
              disabled={disabled || required}
              onChange={(event) => onChange(toggleAttribute(selected, name, event.currentTarget.checked, checklist))}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
