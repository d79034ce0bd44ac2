/**
 * The shared tag input: Blueprint's TagInput whose new
 * tags pass the shared tag-name check (shared/rules/platform/tags.ts); a refused name
 * stays in the box and each of its problems shows as a message. Several
 * names may be typed or pasted at once, split on commas and new lines (a
 * comma is never part of a tag: tags travel comma-joined).
 */
import { Classes, FormGroup, TagInput as BlueprintTagInput } from '@blueprintjs/core';
import { useState } from 'react';
import { tagNameProblems } from '../../../../shared/rules/platform/tags';

interface TagInputProps {
  id: string;
  label: string;
  tags: readonly string[];
  onChange(tags: string[]): void;
  placeholder?: string;
  disabled?: boolean;
  /** A form's own error (e.g. required). */
  error?: string | null;
}

/** The refused name as a message starts with it: long ones cut. */
function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') return 'Tag';
  return trimmed.length > 24 ? `'${trimmed.slice(0, 23)}…'` : `'${trimmed}'`;
}

export function TagInput({ id, label, tags, onChange, placeholder = 'Add a tag and press Enter', disabled, error }: TagInputProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const add = (names: string[]): boolean => {
    const accepted: string[] = [];
    const found: string[] = [];
    for (const name of names) {
      const issues = tagNameProblems(name, [...tags, ...accepted]);
      if (issues.length === 0) accepted.push(name.trim());
      else found.push(...issues.map((issue) => `${shortName(name)}: ${issue}`));
    }
    setProblems(found);
    if (accepted.length > 0) onChange([...tags, ...accepted]);
    // false keeps the typed text in the box, so a refused name can be corrected.
    return found.length === 0;
  };
  const shown = error ? [error, ...problems] : problems;
  return (
    <FormGroup label={label} labelFor={id} intent={shown.length > 0 ? 'danger' : 'none'}>
      <BlueprintTagInput
        inputProps={{ id, 'aria-invalid': shown.length > 0, 'aria-describedby': shown.length > 0 ? `${id}-problems` : undefined }}
        values={[...tags]}
        placeholder={placeholder}
        disabled={disabled}
        separator={/[,\n\r]/}
        addOnPaste
        addOnBlur={false}
        intent={shown.length > 0 ? 'danger' : 'none'}
        onAdd={add}
        onRemove={(_, index) => {
          setProblems([]);
          onChange(tags.filter((__, i) => i !== index));
        }}
        tagProps={{ minimal: true }}
        fill
      />
      {shown.length > 0 && (
        <ul id={`${id}-problems`} className={`${Classes.TEXT_SMALL} input-problems`} role="alert">
          {shown.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </FormGroup>
  );
}
