/** The shared inputs' rules (help spec §5 "Shared inputs", §9). */
import { describe, expect, it } from 'vitest';
import {
  acceptsStepperText,
  clampStepper,
  DATE_INPUT_MAX_LENGTH,
  DATE_PICKER_YEAR_OFFSET,
  dateInputCharactersOk,
  datePickerBounds,
  filePickerDisabled,
  filePickerProblem,
  INPUT_MESSAGES,
  isFileTooLarge,
  isPickableDate,
  parseDateInput,
  stepperBounds,
  stepperProblem,
  TEXT_AREA,
  textAreaCount,
} from '../../src/shared/rules/platform/inputs';

describe('stepper', () => {
  it('min defaults to 1; the messages name the bound', () => {
    expect(stepperBounds({})).toEqual({ min: 1, max: Number.POSITIVE_INFINITY });
    expect(stepperProblem(0, {})).toBe('1 is the minimum');
    expect(stepperProblem(11, { max: 10 })).toBe('10 is the maximum');
    expect(stepperProblem(5, { max: 10 })).toBeNull();
  });

  it('negatives only when enabled', () => {
    expect(stepperBounds({ min: -5 })).toEqual({ min: 0, max: Number.POSITIVE_INFINITY });
    expect(stepperProblem(-1, { min: -5 })).toBe('0 is the minimum');
    expect(stepperProblem(-1, { min: -5, allowNegative: true })).toBeNull();
    expect(acceptsStepperText('-3', {})).toBe(false);
    expect(acceptsStepperText('-3', { allowNegative: true })).toBe(true);
  });

  it('clamped and rounded to the precision on blur', () => {
    expect(clampStepper(0, {})).toBe(1);
    expect(clampStepper(99, { max: 10 })).toBe(10);
    expect(clampStepper(2.345, { precision: 2 })).toBe(2.35);
    expect(clampStepper(2.6, {})).toBe(3);
    expect(clampStepper(Number.NaN, { min: 4 })).toBe(4);
  });

  it('typing: decimals only up to the precision', () => {
    expect(acceptsStepperText('12', {})).toBe(true);
    expect(acceptsStepperText('1.5', {})).toBe(false);
    expect(acceptsStepperText('1.5', { precision: 1 })).toBe(true);
    expect(acceptsStepperText('1.55', { precision: 1 })).toBe(false);
    expect(acceptsStepperText('1a', { precision: 2 })).toBe(false);
  });
});

describe('text area', () => {
  it('250 by default, counted in characters; 80 to 400 px high', () => {
    expect(TEXT_AREA).toEqual({ maxLength: 250, minHeightPx: 80, maxHeightPx: 400 });
    expect(textAreaCount('hello')).toBe('5/250');
    expect(textAreaCount('📄ab', 10)).toBe('3/10');
  });
});

describe('date input', () => {
  const single = { mode: 'single' as const, format: 'MM/dd/yyyy' };
  const range = { mode: 'range' as const, format: 'MM/dd/yyyy' };

  it('lengths 10 and 23; digits, / and . (space and - in a range)', () => {
    expect(DATE_INPUT_MAX_LENGTH).toEqual({ single: 10, range: 23 });
    expect(dateInputCharactersOk('11/27/2026', 'single')).toBe(true);
    expect(dateInputCharactersOk('11-27-2026', 'single')).toBe(false);
    expect(dateInputCharactersOk('11/01/2026 - 11/27/2026', 'range')).toBe(true);
    expect(dateInputCharactersOk('11/01/2026 to 11/27/2026', 'range')).toBe(false);
    expect(parseDateInput('11/27/2026a', single)).toEqual({ dates: null, problem: INPUT_MESSAGES.dateCharacters });
  });

  it('required and empty; the parser decides the format and the range', () => {
    expect(parseDateInput('', { ...single, required: true })).toEqual({ dates: null, problem: INPUT_MESSAGES.required });
    expect(parseDateInput('', single)).toEqual({ dates: [], problem: null });
    expect(parseDateInput('13/40/2026', single)).toEqual({ dates: null, problem: INPUT_MESSAGES.dateInvalid });
    const ok = parseDateInput('11/27/2026', single);
    expect(ok.problem).toBeNull();
    expect(ok.dates?.[0]?.getFullYear()).toBe(2026);
    expect(parseDateInput('11/27/2026 - 11/01/2026', range)).toEqual({ dates: null, problem: INPUT_MESSAGES.dateRangeOrder });
    expect(parseDateInput('11/01/2026 - 11/27/2026', range).dates).toHaveLength(2);
    expect(parseDateInput('27.11.2026', { mode: 'single', format: 'dd.MM.yyyy' }).problem).toBeNull();
  });
});

describe('date picker', () => {
  it('refuses dates earlier than yesterday unless past dates are allowed', () => {
    const now = new Date(2026, 10, 27, 15, 0);
    expect(isPickableDate(new Date(2026, 10, 26, 0, 0), { now })).toBe(true);
    expect(isPickableDate(new Date(2026, 10, 25, 23, 59), { now })).toBe(false);
    expect(isPickableDate(new Date(2026, 10, 25), { now, allowPast: true })).toBe(true);
  });

  it('reaches 50 years each side (its year dropdown), not Blueprint’s six months ahead', () => {
    const now = new Date(2026, 10, 27, 15, 0);
    expect(DATE_PICKER_YEAR_OFFSET).toBe(50);
    expect(datePickerBounds({ now })).toEqual({ minDate: new Date(2026, 10, 26), maxDate: new Date(2076, 11, 31, 23, 59, 59, 999) });
    expect(datePickerBounds({ now, allowPast: true }).minDate).toEqual(new Date(1976, 0, 1));
    // Two years ahead (a schedule's start), and the last day of the 50th year; not the day after.
    expect(isPickableDate(new Date(2028, 10, 27), { now })).toBe(true);
    expect(isPickableDate(new Date(2076, 11, 31, 12), { now })).toBe(true);
    expect(isPickableDate(new Date(2077, 0, 1), { now })).toBe(false);
    expect(isPickableDate(new Date(1976, 0, 1), { now, allowPast: true })).toBe(true);
    expect(isPickableDate(new Date(1975, 11, 31), { now, allowPast: true })).toBe(false);
  });
});

describe('file picker', () => {
  it('at most 5 by default with the caller’s message; disabled at the limit; over 100 MB flagged', () => {
    expect(filePickerProblem(3, 2, 'At most {{maxFiles}} files.')).toBeNull();
    expect(filePickerProblem(3, 3, 'At most {{maxFiles}} files.')).toBe('At most 5 files.');
    expect(filePickerProblem(0, 3, 'Max {{maxFiles}}', 2)).toBe('Max 2');
    expect(filePickerDisabled(4)).toBe(false);
    expect(filePickerDisabled(5)).toBe(true);
    expect(isFileTooLarge(100 * 1024 * 1024)).toBe(false);
    expect(isFileTooLarge(100 * 1024 * 1024 + 1)).toBe(true);
    expect(INPUT_MESSAGES.fileTooLarge).toBe('File is larger than 100 MB');
  });
});

describe('the locale date format', () => {
  it('as date-fns tokens, with the separators the date input accepts', async () => {
    const { localeDateFormat } = await import('../../src/shared/rules/platform/inputs');
    expect(localeDateFormat('en-US')).toBe('MM/dd/yyyy');
    expect(localeDateFormat('en-GB')).toBe('dd/MM/yyyy');
    expect(localeDateFormat('de-DE')).toBe('dd.MM.yyyy');
    expect(localeDateFormat('ja-JP')).toBe('yyyy/MM/dd');
  });
});
