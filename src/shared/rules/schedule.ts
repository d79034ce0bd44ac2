/**
 * The schedule editor's rules (spec/help-shared-blocks-editor.md §3 "Schedule
 * (editor)", §4 and §5 "Schedule editor", §9 schedule types; issue 15 point 4),
 * pure and framework-free, for the ScheduleEditor block, the ConnectWise
 * product agreement sync (ticketing spec §3.5, §9.3: MONTHLY only, at most 12)
 * and scheduled tasks (§9.4: enabled, MONTHLY, run at 09:00). `now` is always
 * a parameter; wall-clock times are the machine's local time unless a
 * `timeZone` (IANA name) is given (schedule-calendar.ts).
 *
 * Choices where the spec is silent:
 * - startDate and endDate are epoch milliseconds (or null). Reading also takes
 *   ISO strings, Dates and epoch seconds (a number under 1e11). Only their
 *   calendar day counts: the time of day is runAtHour:runAtMinute. The end day
 *   is inclusive. A null startDate means "starting today".
 * - daysOfWeek are 'SUN'..'SAT'. Reading also takes 0-6 (Sunday 0) and day
 *   names. Other values are kept raw and ignored by the calculations.
 * - Weeks start on Sunday when counting "every N weeks".
 * - A day of month the month does not have (31 in April, 30 in February) is
 *   clamped to that month's last day. It is never skipped.
 * - HOURLY and EVERY run from the start day at the run-at time, every N
 *   elapsed hours. EVERY is the editor's "every N hours" (scheduleInterval
 *   1-23). It is saved as HOURLY with N in both scheduleInterval and
 *   repeatsEveryCount, and read back as EVERY when an HOURLY schedule has a
 *   scheduleInterval.
 * - Recurrence caps (repeatsEveryCount) are in RECURRENCE_CAPS.
 */
import { addMonths } from 'date-fns';
import { z } from 'zod';
import { isKnownValue, labelOrRaw, type OpenValue } from '../model/open-values';
import { INPUT_MESSAGES } from './inputs';
import { REQUIRED_MESSAGE } from './messages';
import { clockFor, dayNumber, dayOf, daysInMonth, isoDay, pad2, wallOfDay, weekday, type Clock } from './schedule-calendar';

export const REPEATS = ['NEVER', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'EVERY'] as const;
export type Repeats = (typeof REPEATS)[number];
export const END_TYPES = ['NEVER', 'AFTER', 'ON'] as const;
export type EndType = (typeof END_TYPES)[number];
export const DAYS_OF_WEEK = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** §3: dayOfMonth 0 is the month's last day. */
export const LAST_DAY_OF_MONTH = 0;
/** §5, §9: EVERY runs every 1-23 hours. */
export const EVERY_HOURS = { min: 1, max: 23 } as const;
/**
 * §5: the recurrence count (repeatsEveryCount) is capped per type. HOURLY 23
 * is §9's "Hourly repeat 1-23" and MONTHLY 12 is §9.3's. The spec does not give
 * DAILY 31 (a month of days) or WEEKLY 52 (a year of weeks): these are the
 * console's choices. NEVER runs once and EVERY uses scheduleInterval, so both
 * keep the count at 1.
 */
export const RECURRENCE_CAPS: Readonly<Record<Repeats, number>> = { NEVER: 1, HOURLY: 23, DAILY: 31, WEEKLY: 52, MONTHLY: 12, EVERY: 1 };

export const REPEATS_LABELS: Readonly<Record<Repeats, string>> = { NEVER: 'Never', HOURLY: 'Hourly', DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly', EVERY: 'Every' };
export const END_TYPE_LABELS: Readonly<Record<EndType, string>> = { NEVER: 'Never', AFTER: 'After', ON: 'On' };
export const DAY_LABELS: Readonly<Record<DayOfWeek, string>> = { SUN: 'Sun', MON: 'Mon', TUE: 'Tue', WED: 'Wed', THU: 'Thu', FRI: 'Fri', SAT: 'Sat' };
const DAY_NAMES: Readonly<Record<DayOfWeek, string>> = { SUN: 'Sunday', MON: 'Monday', TUE: 'Tuesday', WED: 'Wednesday', THU: 'Thursday', FRI: 'Friday', SAT: 'Saturday' };
/** The unit a recurrence count counts, singular and plural ("every 3 months"). */
export const RECURRENCE_UNITS: Readonly<Partial<Record<Repeats, readonly [string, string]>>> = {
  HOURLY: ['hour', 'hours'],
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  EVERY: ['hour', 'hours'],
};

/** §5. The range messages are the stepper's own words, so a field and its stepper say the same thing. */
export const SCHEDULE_MESSAGES = {
  pastDate: "You can't select a date / time in the past",
  weeklyNeedsDay: 'Choose at least one day of the week',
  dayOfMonth: 'Choose a day from 1 to 31, or the last day',
  hour: 'Choose an hour from 0 to 23',
  minute: 'Choose a minute from 0 to 59',
  wholeNumber: 'Enter a whole number',
  min: INPUT_MESSAGES.stepperMin,
  max: INPUT_MESSAGES.stepperMax,
  required: REQUIRED_MESSAGE,
  endBeforeStart: INPUT_MESSAGES.dateRangeOrder,
  repeatsLocked: (allowed: readonly Repeats[]) => `Repeats must be ${allowed.map((r) => REPEATS_LABELS[r]).join(' or ')}`,
} as const;

export interface ScheduleEnd {
  type: OpenValue<EndType>;
  /** Epoch ms; its calendar day is the last day with runs. Only for ON. */
  endDate: number | null;
  /** The spec's spelling. How many runs in all, for AFTER. */
  occurenceCount: number | null;
}

export interface Schedule {
  repeats: OpenValue<Repeats>;
  /** Run every N hours, days, weeks or months. */
  repeatsEveryCount: number;
  daysOfWeek: Array<OpenValue<DayOfWeek>>;
  /** 1-31, or 0 for the last day. */
  dayOfMonth: number;
  /** EVERY's hours (1-23). */
  scheduleInterval: number | null;
  /** Epoch ms; its calendar day is the first day with runs (null: today). */
  startDate: number | null;
  runAtHour: number;
  runAtMinute: number;
  end: ScheduleEnd;
}

/** What limits an editor: repeats locked to a list (e.g. ['MONTHLY']), and a recurrence cap used for every type instead of RECURRENCE_CAPS. */
export interface ScheduleOptions {
  lockedRepeats?: readonly Repeats[];
  maxRecurrence?: number;
}

/** What a check needs besides the options: the clock, the zone, and the start date as loaded (kept even once it is past). */
export interface ScheduleCheck extends ScheduleOptions {
  now: Date;
  timeZone?: string;
  loadedStartDate?: number | null;
}

// ---------------------------------------------------------------------------
// Tolerant reading (DESIGN "Real instances"): odd fields fall back to defaults, unknown values and fields are kept.

/** An instant as epoch ms: numbers (seconds when under 1e11), numeric or ISO strings, Dates; anything else null. */
export function toEpochMs(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? toEpochMs(number) : toEpochMs(new Date(value));
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.abs(value) < 1e11 ? value * 1000 : value;
}

function readDay(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 6 ? DAYS_OF_WEEK[value]! : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const upper = value.trim().toUpperCase();
  const known = DAYS_OF_WEEK.find((day) => upper.length >= 2 && DAY_NAMES[day].toUpperCase().startsWith(upper));
  return known ?? value;
}

const numeric = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const numberOr = (fallback: number) => z.preprocess(numeric, z.number()).catch(fallback);
const numberOrNull = z.preprocess(numeric, z.number().nullable()).catch(null);
const instant = z.unknown().transform(toEpochMs);

const endSchema: z.ZodType<ScheduleEnd> = z.preprocess(
  (value) => (value && typeof value === 'object' && !('occurenceCount' in value) && 'occurrenceCount' in value ? { ...value, occurenceCount: value.occurrenceCount } : value),
  z.looseObject({ type: z.string().min(1).catch('NEVER'), endDate: instant, occurenceCount: numberOrNull }),
);

export const scheduleSchema: z.ZodType<Schedule> = z.looseObject({
  repeats: z.string().min(1).catch('MONTHLY'),
  repeatsEveryCount: numberOr(1),
  daysOfWeek: z.unknown().transform((value) => [...new Set((Array.isArray(value) ? value : []).map(readDay).filter((day) => day !== null))]),
  dayOfMonth: z.preprocess((value) => (typeof value === 'string' && value.toUpperCase() === 'LAST' ? LAST_DAY_OF_MONTH : value), numberOr(1)),
  scheduleInterval: numberOrNull,
  startDate: instant,
  runAtHour: numberOr(9),
  runAtMinute: numberOr(0),
  end: endSchema.catch({ type: 'NEVER', endDate: null, occurenceCount: null }),
});

/** A schedule from the server, read tolerantly; an HOURLY one with a scheduleInterval is shown as EVERY (the reverse of toSaved). */
export function fromSaved(raw: unknown, now?: Date): Schedule {
  const parsed = scheduleSchema.safeParse(raw);
  if (!parsed.success) return defaultSchedule(now);
  const schedule = parsed.data;
  return schedule.repeats === 'HOURLY' && schedule.scheduleInterval !== null && schedule.scheduleInterval >= 1 ? { ...schedule, repeats: 'EVERY', repeatsEveryCount: 1 } : schedule;
}

/** §4: when repeats is EVERY the interval is saved as HOURLY (its hours in scheduleInterval and repeatsEveryCount). */
export function toSaved(schedule: Schedule): Schedule {
  if (schedule.repeats !== 'EVERY') return schedule;
  const hours = schedule.scheduleInterval ?? EVERY_HOURS.min;
  return { ...schedule, repeats: 'HOURLY', repeatsEveryCount: hours, scheduleInterval: hours };
}

// ---------------------------------------------------------------------------
// Defaults and transitions (§4).

/**
 * §9.4 (default scheduled task): MONTHLY, run at 09:00, day 1, every 1 month, no end.
 * Given `now`, it starts on the first day whose 09:00 is not past (today or tomorrow); without it, it starts today.
 */
export function defaultSchedule(now?: Date, timeZone?: string): Schedule {
  const schedule: Schedule = { repeats: 'MONTHLY', repeatsEveryCount: 1, daysOfWeek: [], dayOfMonth: 1, scheduleInterval: null, startDate: null, runAtHour: 9, runAtMinute: 0, end: { type: 'NEVER', endDate: null, occurenceCount: null } };
  if (!now) return schedule;
  const clock = clockFor(timeZone);
  const today = dayOf(clock, now.getTime());
  const start = clock.instant({ ...wallOfDay(today), hour: schedule.runAtHour, minute: schedule.runAtMinute }) >= now.getTime() ? today : today + 1;
  return { ...schedule, startDate: clock.instant({ ...wallOfDay(start), hour: 0, minute: 0 }) };
}

/** §4: changing the repeat type resets the repeat count to 1 (and EVERY's hours to 1). */
export function changeRepeats(schedule: Schedule, repeats: OpenValue<Repeats>): Schedule {
  if (repeats === schedule.repeats) return schedule;
  return { ...schedule, repeats, repeatsEveryCount: 1, scheduleInterval: repeats === 'EVERY' ? EVERY_HOURS.min : null };
}

/** §4: ON sets the end date to one month from now; NEVER and AFTER clear it (AFTER starts at 1 occurrence when none is set). */
export function changeEndType(schedule: Schedule, type: EndType, now: Date): Schedule {
  if (type === schedule.end.type) return schedule;
  const endDate = type === 'ON' ? addMonths(now, 1).getTime() : null;
  const occurenceCount = type === 'AFTER' ? Math.max(1, schedule.end.occurenceCount ?? 1) : schedule.end.occurenceCount;
  return { ...schedule, end: { ...schedule.end, type, endDate, occurenceCount } };
}

/** Adds or removes a day; known days stay in week order, raw ones after them. */
export function toggleDayOfWeek(schedule: Schedule, day: DayOfWeek): Schedule {
  const has = schedule.daysOfWeek.includes(day);
  const next = new Set(has ? schedule.daysOfWeek.filter((d) => d !== day) : [...schedule.daysOfWeek, day]);
  const known = DAYS_OF_WEEK.filter((d) => next.has(d));
  return { ...schedule, daysOfWeek: [...known, ...[...next].filter((d) => !isKnownValue(DAYS_OF_WEEK, d))] };
}

/** The repeat types an editor offers: the locked list, or all of them. */
export function allowedRepeats(options: ScheduleOptions = {}): readonly Repeats[] {
  return options.lockedRepeats && options.lockedRepeats.length > 0 ? options.lockedRepeats : REPEATS;
}

/** A schedule moved onto the first allowed type when its own is not allowed (e.g. a loaded ConnectWise schedule, §9.3). */
export function withAllowedRepeats(schedule: Schedule, options: ScheduleOptions): Schedule {
  const allowed = allowedRepeats(options);
  return isKnownValue(allowed, schedule.repeats) ? schedule : changeRepeats(schedule, allowed[0]!);
}

/** §5: the most a recurrence count may be for this type (the override, if any, for every type). */
export function recurrenceCap(repeats: OpenValue<Repeats>, options: ScheduleOptions = {}): number {
  if (options.maxRecurrence !== undefined) return options.maxRecurrence;
  return isKnownValue(REPEATS, repeats) ? RECURRENCE_CAPS[repeats] : 1;
}

// ---------------------------------------------------------------------------
// Validation (§5): field path -> message; empty when valid.

export type ScheduleField = 'repeats' | 'repeatsEveryCount' | 'scheduleInterval' | 'daysOfWeek' | 'dayOfMonth' | 'startDate' | 'runAtHour' | 'runAtMinute' | 'end.endDate' | 'end.occurenceCount';

function rangeProblem(value: number | null, min: number, max = Number.POSITIVE_INFINITY): string | null {
  if (value === null) return SCHEDULE_MESSAGES.required;
  if (!Number.isInteger(value)) return SCHEDULE_MESSAGES.wholeNumber;
  if (value < min) return SCHEDULE_MESSAGES.min(min);
  return value > max ? SCHEDULE_MESSAGES.max(max) : null;
}

const knownDays = (schedule: Schedule): DayOfWeek[] => DAYS_OF_WEEK.filter((day) => schedule.daysOfWeek.includes(day));
const validHour = (hour: number) => Number.isInteger(hour) && hour >= 0 && hour <= 23;
const validMinute = (minute: number) => Number.isInteger(minute) && minute >= 0 && minute <= 59;

export function validateSchedule(schedule: Schedule, check: ScheduleCheck): Partial<Record<ScheduleField, string>> {
  const errors: Partial<Record<ScheduleField, string>> = {};
  const put = (field: ScheduleField, message: string | null) => {
    if (message !== null) errors[field] = message;
  };
  const { repeats } = schedule;
  if (check.lockedRepeats?.length && !isKnownValue(check.lockedRepeats, repeats)) put('repeats', SCHEDULE_MESSAGES.repeatsLocked(check.lockedRepeats));
  if (repeats === 'HOURLY' || repeats === 'DAILY' || repeats === 'WEEKLY' || repeats === 'MONTHLY') put('repeatsEveryCount', rangeProblem(schedule.repeatsEveryCount, 1, recurrenceCap(repeats, check)));
  if (repeats === 'EVERY') put('scheduleInterval', rangeProblem(schedule.scheduleInterval, EVERY_HOURS.min, EVERY_HOURS.max));
  if (repeats === 'WEEKLY' && knownDays(schedule).length === 0) put('daysOfWeek', SCHEDULE_MESSAGES.weeklyNeedsDay);
  if (repeats === 'MONTHLY' && !(Number.isInteger(schedule.dayOfMonth) && schedule.dayOfMonth >= 0 && schedule.dayOfMonth <= 31)) put('dayOfMonth', SCHEDULE_MESSAGES.dayOfMonth);
  if (!validHour(schedule.runAtHour)) put('runAtHour', SCHEDULE_MESSAGES.hour);
  if (!validMinute(schedule.runAtMinute)) put('runAtMinute', SCHEDULE_MESSAGES.minute);
  // §5: a start in the past is refused (the first run's date and time); one unchanged since it was loaded is kept.
  const start = firstRunAt(schedule, check.timeZone);
  if (start !== null && schedule.startDate !== check.loadedStartDate && start < check.now.getTime()) put('startDate', SCHEDULE_MESSAGES.pastDate);
  // A one-off run has no end (the editor hides it): its end fields are not checked.
  if (repeats === 'NEVER') return errors;
  if (schedule.end.type === 'AFTER') put('end.occurenceCount', rangeProblem(schedule.end.occurenceCount, 1));
  if (schedule.end.type === 'ON') {
    const clock = clockFor(check.timeZone);
    const startDay = dayOf(clock, schedule.startDate ?? check.now.getTime());
    if (schedule.end.endDate === null) put('end.endDate', SCHEDULE_MESSAGES.required);
    else if (dayOf(clock, schedule.end.endDate) < startDay) put('end.endDate', SCHEDULE_MESSAGES.endBeforeStart);
  }
  return errors;
}

/** The tolerant schema with the §5 checks, for a form's or a save call's zod schema. */
export function scheduleFormSchema(check: ScheduleCheck) {
  return scheduleSchema.superRefine((schedule, ctx) => {
    for (const [field, message] of Object.entries(validateSchedule(schedule, check))) ctx.addIssue({ code: 'custom', path: field.split('.'), message });
  });
}

/** The first run's instant: the start day at the run-at time (null: no start date). */
export function firstRunAt(schedule: Schedule, timeZone?: string): number | null {
  if (schedule.startDate === null) return null;
  const clock = clockFor(timeZone);
  return clock.instant({ ...wallOfDay(dayOf(clock, schedule.startDate)), hour: schedule.runAtHour, minute: schedule.runAtMinute });
}

// ---------------------------------------------------------------------------
// Next runs.

interface Occurrence {
  at: number;
  /** 0-based among all runs since the start (AFTER counts them). */
  index: number;
}

const wholeAtLeast1 = (n: number | null) => Math.max(1, Math.floor(n ?? 1) || 1);

/** Every run from the start day, in order; periods wholly before `from` are skipped where the index can still be told. */
function* occurrences(schedule: Schedule, clock: Clock, startDay: number, from: number): Generator<Occurrence> {
  const hour = Math.min(23, Math.max(0, Math.floor(schedule.runAtHour) || 0));
  const minute = Math.min(59, Math.max(0, Math.floor(schedule.runAtMinute) || 0));
  const at = (day: number) => clock.instant({ ...wallOfDay(day), hour, minute });
  const every = wholeAtLeast1(schedule.repeatsEveryCount);
  switch (schedule.repeats) {
    case 'NEVER':
      yield { at: at(startDay), index: 0 };
      return;
    case 'HOURLY':
    case 'EVERY': {
      const step = (schedule.repeats === 'EVERY' ? wholeAtLeast1(schedule.scheduleInterval) : every) * 3_600_000;
      const anchor = at(startDay);
      for (let k = Math.max(0, Math.floor((from - anchor) / step)); ; k++) yield { at: anchor + k * step, index: k };
    }
    case 'DAILY': {
      const fromDay = dayOf(clock, from) - 1;
      for (let k = Math.max(0, Math.floor((fromDay - startDay) / every)); ; k++) yield { at: at(startDay + k * every), index: k };
    }
    case 'WEEKLY': {
      const days = knownDays(schedule).map((d) => DAYS_OF_WEEK.indexOf(d));
      if (days.length === 0) return;
      const firstWeek = startDay - weekday(startDay);
      for (let week = 0, index = 0; ; week += every) {
        for (const d of days) if (firstWeek + week * 7 + d >= startDay) yield { at: at(firstWeek + week * 7 + d), index: index++ };
      }
    }
    case 'MONTHLY': {
      const start = wallOfDay(startDay);
      for (let k = 0, index = 0; ; k += every) {
        const year = start.year + Math.floor((start.month + k) / 12);
        const month = (start.month + k) % 12;
        const last = daysInMonth(year, month);
        const day = dayNumber(year, month, schedule.dayOfMonth <= LAST_DAY_OF_MONTH || schedule.dayOfMonth > last ? last : Math.floor(schedule.dayOfMonth));
        if (day >= startDay) yield { at: at(day), index: index++ };
      }
    }
    default:
      return; // an unknown type: its runs cannot be told
  }
}

/** Enough to reach any date for weekly and monthly schedules started long ago, and a stop for odd ones. */
const MAX_STEPS = 200_000;

/**
 * §3: the next `count` runs at or after `now`: from the start day (today when none), the run-at time,
 * the type's days, and the end (AFTER counts every run since the start; ON's day is the last).
 */
export function nextRuns(schedule: Schedule, now: Date, count = 5, timeZone?: string): Date[] {
  const clock = clockFor(timeZone);
  const from = now.getTime();
  const startDay = dayOf(clock, schedule.startDate ?? from);
  const end = schedule.repeats === 'NEVER' ? { type: 'NEVER', endDate: null, occurenceCount: null } : schedule.end;
  const limit = end.type === 'AFTER' ? Math.max(0, Math.floor(end.occurenceCount ?? 1)) : Number.POSITIVE_INFINITY;
  const lastDay = end.type === 'ON' && end.endDate !== null ? dayOf(clock, end.endDate) : Number.POSITIVE_INFINITY;
  const runs: Date[] = [];
  let steps = 0;
  for (const run of occurrences(schedule, clock, startDay, from)) {
    if (runs.length >= count || run.index >= limit || dayOf(clock, run.at) > lastDay || ++steps > MAX_STEPS) break;
    if (run.at >= from) runs.push(new Date(run.at));
  }
  return runs;
}

// ---------------------------------------------------------------------------
// Summary: "Monthly on day 1 at 09:00, 12 times".

const plural = (n: number, [one, many]: readonly [string, string]) => (n === 1 ? one : `${n} ${many}`);

export function scheduleSummary(schedule: Schedule, timeZone?: string): string {
  const clock = clockFor(timeZone);
  const time = `${pad2(schedule.runAtHour)}:${pad2(schedule.runAtMinute)}`;
  const every = wholeAtLeast1(schedule.repeatsEveryCount);
  const prefix = (single: string, units: readonly [string, string]) => (every === 1 ? single : `Every ${plural(every, units)}`);
  let text: string;
  switch (schedule.repeats) {
    case 'NEVER':
      return schedule.startDate === null ? `Never repeats: once at ${time}` : `Never repeats: once on ${isoDay(dayOf(clock, schedule.startDate))} at ${time}`;
    case 'HOURLY':
      text = every === 1 ? 'Hourly' : `Every ${every} hours`;
      break;
    case 'EVERY': {
      const hours = wholeAtLeast1(schedule.scheduleInterval);
      text = `Every ${plural(hours, ['hour', 'hours'])}`;
      break;
    }
    case 'DAILY':
      text = `${prefix('Daily', ['day', 'days'])} at ${time}`;
      break;
    case 'WEEKLY': {
      const days = knownDays(schedule).map((d) => DAY_LABELS[d]);
      text = days.length ? `${prefix('Weekly', ['week', 'weeks'])} on ${days.join(', ')} at ${time}` : `${prefix('Weekly', ['week', 'weeks'])} at ${time}, no day chosen`;
      break;
    }
    case 'MONTHLY': {
      const on = schedule.dayOfMonth === LAST_DAY_OF_MONTH ? 'on the last day' : `on day ${schedule.dayOfMonth}`;
      text = `${prefix('Monthly', ['month', 'months'])} ${on} at ${time}`;
      break;
    }
    default:
      text = `Repeats ${labelOrRaw(REPEATS_LABELS, schedule.repeats)}`;
  }
  const { end } = schedule;
  if (end.type === 'AFTER') {
    const times = wholeAtLeast1(end.occurenceCount);
    return `${text}, ${times === 1 ? 'once' : `${times} times`}`;
  }
  if (end.type === 'ON' && end.endDate !== null) return `${text}, until ${isoDay(dayOf(clock, end.endDate))}`;
  return text;
}
