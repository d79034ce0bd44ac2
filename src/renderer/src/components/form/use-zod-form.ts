/**
 * `useZodForm(schema, initial)`: a form's values, checked by one zod schema
 * (the one in shared/rules that the contract uses too), with per-field errors
 * shown once touched or after a submit, the unsaved-changes test against the
 * loaded or default values, and a submit that is blocked while saving.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, getAt, hasUnsavedChanges, setAt, visibleErrors, type FieldPath } from './form-state';

export interface FieldBinding {
  id: string;
  value: unknown;
  error: string | null;
  onChange(value: unknown): void;
  onBlur(): void;
}

export interface ZodForm<S extends z.ZodTypeAny> {
  values: z.input<S>;
  /** The errors to show now. */
  errors: Record<FieldPath, string>;
  /** Every error, shown or not. */
  allErrors: Record<FieldPath, string>;
  submitted: boolean;
  saving: boolean;
  /** The values differ from those loaded (or the defaults). */
  dirty: boolean;
  set(path: FieldPath, value: unknown): void;
  /** Changes the values as they are when it runs: an answer that comes later (a refused tag) never undoes edits made meanwhile. */
  update(change: (values: z.input<S>) => z.input<S>): void;
  touch(path: FieldPath): void;
  /** New values to start from (loaded from the server): no longer dirty, nothing touched. */
  reset(values: z.input<S>): void;
  /** Marks the form submitted; when valid and not already saving, saves the parsed values. Resolves whether it was valid. */
  submit(save: (values: z.output<S>) => Promise<void> | void): Promise<boolean>;
  field(path: FieldPath): FieldBinding;
}

export function useZodForm<S extends z.ZodTypeAny>(schema: S, initial: z.input<S>, idPrefix = 'form'): ZodForm<S> {
  const [baseline, setBaseline] = useState(initial);
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldPath>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const allErrors = useMemo(() => fieldErrors(schema, values), [schema, values]);
  const errors = useMemo(() => visibleErrors(allErrors, touched, submitted), [allErrors, touched, submitted]);

  const set = useCallback((path: FieldPath, value: unknown) => setValues((previous) => setAt(previous, path, value)), []);
  const update = useCallback((change: (values: z.input<S>) => z.input<S>) => setValues((previous) => change(previous)), []);
  const touch = useCallback((path: FieldPath) => setTouched((previous) => (previous.has(path) ? previous : new Set([...previous, path]))), []);
  const reset = useCallback((next: z.input<S>) => {
    setBaseline(next);
    setValues(next);
    setTouched(new Set());
    setSubmitted(false);
  }, []);

  const submit = useCallback(
    async (save: (parsed: z.output<S>) => Promise<void> | void) => {
      setSubmitted(true);
      const parsed = schema.safeParse(values);
      if (!parsed.success) return false;
      if (savingRef.current) return true;
      savingRef.current = true;
      setSaving(true);
      try {
        await save(parsed.data);
        setBaseline(values);
      } finally {
        savingRef.current = false;
        setSaving(false);
      }
      return true;
    },
    [schema, values],
  );

  const field = useCallback(
    (path: FieldPath): FieldBinding => ({
      id: `${idPrefix}-${path.replace(/\./g, '-')}`,
      value: getAt(values, path),
      error: errors[path] ?? null,
      onChange: (value) => set(path, value),
      onBlur: () => touch(path),
    }),
    [idPrefix, values, errors, set, touch],
  );

  return { values, errors, allErrors, submitted, saving, dirty: hasUnsavedChanges(values, baseline), set, update, touch, reset, submit, field };
}
