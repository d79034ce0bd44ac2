/**
 * The form kit's rules, pure (unit-tested without React):
 * one zod schema (from shared/rules, the same the contract validates with)
 * gives each field its error; a field shows its error once touched, every
 * field once a submit was tried; a form has unsaved changes when its values
 * differ from those it was loaded with (or its defaults); the tabs of a
 * vertical-tab dialog that hold an error are highlighted for 5 seconds after a
 * failed submit (help spec §2.3).
 */
import type { z } from 'zod';

/** A field's path in the values, dotted: `conditions.0.value`. */
export type FieldPath = string;

export const UNSAVED_CHANGES = {
  title: 'You have unsaved changes',
  question: 'Are you sure you wish to proceed?',
  confirm: 'Continue',
  cancel: 'Cancel',
} as const;

/** How long the tabs with errors stay highlighted after a failed submit (help spec §9: 5 s). */
export const TAB_ERROR_HIGHLIGHT_MS = 5_000;

/** Every field's first error under the schema ('' path: the form as a whole). */
export function fieldErrors<T>(schema: z.ZodType<T>, values: unknown): Record<FieldPath, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<FieldPath, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Whether an error's path is the field's or one under it ('tags.0' is under 'tags'). */
function isUnder(path: FieldPath, field: FieldPath): boolean {
  return path === field || path.startsWith(`${field}.`);
}

/** The first error of a field or of anything under it (a list's items), or null. */
export function errorUnder(errors: Record<FieldPath, string>, field: FieldPath): string | null {
  const path = Object.keys(errors).find((key) => isUnder(key, field));
  return path === undefined ? null : errors[path]!;
}

/** The errors to show: a touched field's (or one under it), or every one once a submit was tried. */
export function visibleErrors(errors: Record<FieldPath, string>, touched: ReadonlySet<FieldPath>, submitted: boolean): Record<FieldPath, string> {
  if (submitted) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([path]) => [...touched].some((field) => isUnder(path, field))));
}

/** A value in a canonical text: objects with their keys sorted, so key order never counts as a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Whether the values differ from those the form was loaded with (or its defaults). */
export function hasUnsavedChanges(values: unknown, baseline: unknown): boolean {
  return canonical(values) !== canonical(baseline);
}

/** Sets `path` in a copy of `values` (arrays and objects along the way are copied, not changed). */
export function setAt<T>(values: T, path: FieldPath, value: unknown): T {
  const keys = path.split('.');
  const copy = (node: unknown, index: number): unknown => {
    const key = keys[index]!;
    const container: Record<string, unknown> | unknown[] = Array.isArray(node) ? [...node] : { ...((node as Record<string, unknown>) ?? {}) };
    (container as Record<string, unknown>)[key] = index === keys.length - 1 ? value : copy((node as Record<string, unknown> | undefined)?.[key], index + 1);
    return container;
  };
  return copy(values, 0) as T;
}

export function getAt(values: unknown, path: FieldPath): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), values);
}

/** The tabs holding at least one error, in tab order: a tab owns the fields under the paths it lists. */
export function tabsWithErrors(errors: Record<FieldPath, string>, tabs: ReadonlyArray<{ id: string; fields: readonly FieldPath[] }>): string[] {
  const paths = Object.keys(errors);
  return tabs.filter((tab) => paths.some((path) => tab.fields.some((field) => isUnder(path, field)))).map((tab) => tab.id);
}

/**
 * The highlight of the tabs with errors: on for TAB_ERROR_HIGHLIGHT_MS after
 * each failed submit (a new failure starts the time again), then off.
 */
export class TabHighlight {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private tabs: string[] = [];

  constructor(private readonly onChange: (tabs: readonly string[]) => void) {}

  failed(tabs: readonly string[]): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.tabs = [...tabs];
    this.onChange(this.tabs);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.tabs = [];
      this.onChange(this.tabs);
    }, TAB_ERROR_HIGHLIGHT_MS);
  }

  get highlighted(): readonly string[] {
    return this.tabs;
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** A list with its item at `index` moved one place up (-1) or down (1); the ends stay as they are. */
export function moveAt<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved!);
  return next;
}
