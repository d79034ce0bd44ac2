/**
 * The Columns and sorting tab of a board (spec/ticketing-automations-psa.md
 * §3.1, §5.1, §6): the board's columns in order (moved up and down, removed,
 * added from §3.1's fields and the active ticket attributes as
 * `attribute:{id}`), and its sort: a field with its direction. A column this
 * console does not know is kept, shown raw.
 */
import './editors.css';
import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { FormError } from '../../components/form/FormError';
import { moveAt } from '../../components/form/form-state';
import { useState } from 'react';
import type { BoardSort } from '../../../../shared/model/ticketing';
import type { AttributeDef } from '../../../../shared/rules/ticketing/conditions';
import { addableColumns, BOARD_COLUMN_LABELS, boardColumnChoices } from '../../../../shared/rules/ticketing/trigger';
import { ownValue } from '../../../../shared/rules/platform/own-keys';

interface BoardColumnsEditorProps {
  columns: string[];
  sortBy: BoardSort[];
  attributes: readonly AttributeDef[];
  /** §6: the agreement column needs the PSA setting and the PSA administrative permission. */
  psaAgreements: boolean;
  error?: string | null;
  disabled?: boolean;
  onColumns(columns: string[]): void;
  onSort(sortBy: BoardSort[]): void;
}

export function BoardColumnsEditor({ columns, sortBy, attributes, psaAgreements, error, disabled, onColumns, onSort }: BoardColumnsEditorProps) {
  const choices = boardColumnChoices({ psaAgreements, attributes });
  const labelOf = (id: string) => choices.find((c) => c.id === id)?.label ?? ownValue(BOARD_COLUMN_LABELS, id) ?? id;
  // The assignee is one column whichever of its two names the board holds.
  const addable = addableColumns(columns, choices);
  const [adding, setAdding] = useState('');
  const move = (i: number, delta: -1 | 1) => onColumns(moveAt(columns, i, delta));
  const sort = sortBy[0] ?? { field: 'id', direction: 'DESC' as const };
  return (
    <div className="board-columns-editor">
      <FormError message={error} />
      <ol className="board-columns" aria-label="Board columns">
        {columns.map((column, i) => (
          <li key={column} className="board-column">
            <span className="board-column-name">{labelOf(column)}</span>
            <Button variant="minimal" size="small" icon="arrow-up" aria-label={`Move ${labelOf(column)} up`} disabled={disabled || i === 0} onClick={() => move(i, -1)} />
            <Button variant="minimal" size="small" icon="arrow-down" aria-label={`Move ${labelOf(column)} down`} disabled={disabled || i === columns.length - 1} onClick={() => move(i, 1)} />
            <Button variant="minimal" size="small" icon="cross" aria-label={`Remove ${labelOf(column)}`} disabled={disabled} onClick={() => onColumns(columns.filter((c) => c !== column))} />
          </li>
        ))}
      </ol>
      <div className="board-column-add">
        <HTMLSelect aria-label="Column to add" value={adding} disabled={disabled || addable.length === 0} onChange={(e) => setAdding(e.currentTarget.value)} options={[{ label: 'Select a column...', value: '' }, ...addable.map((c) => ({ label: c.label, value: c.id }))]} />
        <Button
          icon="add"
          text="Add column"
          disabled={disabled || adding === ''}
          onClick={() => {
            onColumns([...columns, adding]);
            setAdding('');
          }}
        />
      </div>
      <FormGroup label="Sort by" labelFor="board-sort-field" className="board-sort">
        <HTMLSelect
          id="board-sort-field"
          value={sort.field}
          disabled={disabled}
          onChange={(e) => onSort([{ field: e.currentTarget.value, direction: sort.direction }])}
          options={[...new Set([...columns, sort.field])].map((id) => ({ label: labelOf(id), value: id }))}
        />
        <HTMLSelect
          aria-label="Sort direction"
          value={sort.direction}
          disabled={disabled}
          onChange={(e) => onSort([{ field: sort.field, direction: e.currentTarget.value === 'ASC' ? 'ASC' : 'DESC' }])}
          options={[
            { label: 'Ascending', value: 'ASC' },
            { label: 'Descending', value: 'DESC' },
          ]}
        />
      </FormGroup>
    </div>
  );
}
