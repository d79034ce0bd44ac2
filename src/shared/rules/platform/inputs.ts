/**
 * The shared inputs' rules (spec/help-shared-blocks-editor.md §5 "Shared
 * inputs"), pure so the components in
 * src/renderer/src/components/inputs and their tests share them: the stepper,
 * the text area, the date input and picker, and the file picker.
 */
import { addYears, endOfYear, isValid, parse, startOfDay, startOfYear, subDays, subYears } from 'date-fns';
import { REQUIRED_MESSAGE } from './messages';

export const INPUT_MESSAGES = {
  required: REQUIRED_MESSAGE,
  stepperMin: (min: number) => `${min} is the minimum`,
  stepperMax: (max: number) => `${max} is the maximum`,
  dateCharacters: 'Only digits and the date separators are allowed.',
  dateInvalid: 'Enter a valid date.',
  dateRangeOrder: 'The end date must not be before the start date.',
  datePast: 'Choose today or a later date.',
  fileTooLarge: 'File is larger than 100 MB',
} as const;

// ---------------------------------------------------------------------------
// Stepper: default min 1, step 1; clamped on blur; negatives only if enabled; decimals to a precision.

export interface StepperOptions {
  min?: number;
  max?: number;
  step?: number;
  allowNegative?: boolean;
  /** Decimal places kept (0: whole numbers). */
  precision?: number;
}

export const STEPPER_DEFAULTS = { min: 1, step: 1, precision: 0 } as const;

/** The bounds a stepper keeps: min defaults to 1, and never goes below 0 unless negatives are enabled. */
export function stepperBounds(options: StepperOptions): { min: number; max: number } {
  const min = options.min ?? STEPPER_DEFAULTS.min;
  return { min: options.allowNegative ? min : Math.max(min, 0), max: options.max ?? Number.POSITIVE_INFINITY };
}

function roundToPrecision(value: number, precision: number): number {
  const factor = 10 ** Math.max(0, Math.floor(precision));
  return Math.round(value * factor) / factor;
}

/** What is wrong with a value as typed ('{{min}} is the minimum', '{{max}} is the maximum'), or null. */
export function stepperProblem(value: number, options: StepperOptions): string | null {
  const { min, max } = stepperBounds(options);
  if (value < min) return INPUT_MESSAGES.stepperMin(min);
  if (value > max) return INPUT_MESSAGES.stepperMax(max);
  return null;
}

/** The value a stepper keeps on blur: rounded to its precision and clamped into its bounds (not a number: the minimum). */
export function clampStepper(value: number, options: StepperOptions): number {
  const { min, max } = stepperBounds(options);
  if (!Number.isFinite(value)) return min;
  const rounded = roundToPrecision(value, options.precision ?? STEPPER_DEFAULTS.precision);
  return Math.min(max, Math.max(min, rounded));
}

/** Whether a stepper accepts this text while typing: digits, one '.' when decimals are allowed (up to the precision), '-' first when negatives are. */
export function acceptsStepperText(text: string, options: StepperOptions): boolean {
  const precision = options.precision ?? STEPPER_DEFAULTS.precision;
  const sign = options.allowNegative ? '-?' : '';
  const decimals = precision > 0 ? `(\\.\\d{0,${precision}})?` : '';
  return new RegExp(`^${sign}\\d*${decimals}$`).test(text);
}

// ---------------------------------------------------------------------------
// Text area: default max length 250 with a character count; min height 80 px, max 400 px.

export const TEXT_AREA = { maxLength: 250, minHeightPx: 80, maxHeightPx: 400 } as const;

/** The count under a text area: `12/250`. */
export function textAreaCount(value: string, maxLength: number = TEXT_AREA.maxLength): string {
  return `${Array.from(value).length}/${maxLength}`;
}

// ---------------------------------------------------------------------------
// Date input: single max length 10, range 23; digits and '/' '.' (plus space and '-' in ranges); required; the parser's errors.

export type DateInputMode = 'single' | 'range';

export const DATE_INPUT_MAX_LENGTH: Record<DateInputMode, number> = { single: 10, range: 23 };

/** Between the two dates of a range. */
export const DATE_RANGE_SEPARATOR = ' - ';

/**
 * The locale's short date format as date-fns tokens: `MM/dd/yyyy` (en-US),
 * `dd/MM/yyyy` (en-GB), `dd.MM.yyyy` (de-DE), `yyyy/MM/dd` (ja-JP). Separators
 * the date input does not accept become '/'.
 */
export function localeDateFormat(locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(2006, 0, 2));
  return parts
    .map((part) => {
      if (part.type === 'year') return 'yyyy';
      if (part.type === 'month') return 'MM';
      if (part.type === 'day') return 'dd';
      return part.value.trim() === '.' ? '.' : '/';
    })
    .join('');
}

export function dateInputCharactersOk(text: string, mode: DateInputMode): boolean {
  return (mode === 'range' ? /^[0-9/. -]*$/ : /^[0-9/.]*$/).test(text);
}

interface DateInputCheck {
  mode: DateInputMode;
  required?: boolean;
  /** The locale's date format, date-fns tokens (e.g. `MM/dd/yyyy`). */
  format: string;
}

/** The date(s) typed, or the first problem with them. */
export function parseDateInput(text: string, check: DateInputCheck): { dates: Date[]; problem: null } | { dates: null; problem: string } {
  const trimmed = text.trim();
  if (!dateInputCharactersOk(text, check.mode)) return { dates: null, problem: INPUT_MESSAGES.dateCharacters };
  if (text.length > DATE_INPUT_MAX_LENGTH[check.mode]) return { dates: null, problem: INPUT_MESSAGES.dateInvalid };
  if (trimmed === '') return check.required ? { dates: null, problem: INPUT_MESSAGES.required } : { dates: [], problem: null };
  const parts = check.mode === 'range' ? trimmed.split(DATE_RANGE_SEPARATOR) : [trimmed];
  if (parts.length !== (check.mode === 'range' ? 2 : 1)) return { dates: null, problem: INPUT_MESSAGES.dateInvalid };
  const dates = parts.map((part) => parse(part.trim(), check.format, new Date(0)));
  if (dates.some((date) => !isValid(date))) return { dates: null, problem: INPUT_MESSAGES.dateInvalid };
  if (dates.length === 2 && dates[1]!.getTime() < dates[0]!.getTime()) return { dates: null, problem: INPUT_MESSAGES.dateRangeOrder };
  return { dates, problem: null };
}

// ---------------------------------------------------------------------------
// Date picker: past dates refused unless allowed (earlier than yesterday is invalid); its years reach 50 each side (§9).

/** The year dropdown's offset each side of this year (§9 "Year dropdown offset default 50 years each side"). */
export const DATE_PICKER_YEAR_OFFSET = 50;

interface DatePickerOptions {
  allowPast?: boolean;
  now?: Date;
}

/** The first and last day the calendar offers: from yesterday (or 50 years back when the past is allowed) to the end of the year 50 years ahead. */
export function datePickerBounds(options: DatePickerOptions = {}): { minDate: Date; maxDate: Date } {
  const now = options.now ?? new Date();
  return {
    minDate: options.allowPast ? startOfYear(subYears(now, DATE_PICKER_YEAR_OFFSET)) : startOfDay(subDays(now, 1)),
    maxDate: endOfYear(addYears(now, DATE_PICKER_YEAR_OFFSET)),
  };
}

export function isPickableDate(date: Date, options: DatePickerOptions = {}): boolean {
  const { minDate, maxDate } = datePickerBounds(options);
  return date.getTime() >= minDate.getTime() && date.getTime() <= maxDate.getTime();
}

// ---------------------------------------------------------------------------
// File picker: at most maxFiles (default 5) with the caller's message; disabled at the limit; over 100 MB flagged.

export const FILE_PICKER = { maxFiles: 5, maxBytes: 100 * 1024 * 1024 } as const;

/** The caller's message (with `{{maxFiles}}` filled in) when adding `adding` files to `current` would pass the limit, else null. */
export function filePickerProblem(current: number, adding: number, message: string, maxFiles: number = FILE_PICKER.maxFiles): string | null {
  return current + adding > maxFiles ? message.replace(/\{\{maxFiles\}\}/g, String(maxFiles)) : null;
}

export function filePickerDisabled(current: number, maxFiles: number = FILE_PICKER.maxFiles): boolean {
  return current >= maxFiles;
}

export function isFileTooLarge(bytes: number): boolean {
  return bytes > FILE_PICKER.maxBytes;
}
