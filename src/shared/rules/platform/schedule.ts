/**
 * The schedule editor's rules (spec/help-shared-blocks-editor.md §3 "Schedule
 * (editor)", §4 and §5 "Schedule editor", §9 schedule types), pure and framework-free, for the ScheduleEditor block,
 * the ConnectWise product agreement sync (ticketing spec §3.5, §9.3: MONTHLY
 * only, at most 12) and scheduled tasks (§9.4: enabled, MONTHLY, run at 09:00;
 * every type). `now` is always a parameter; wall-clock times are the machine's
 * local time unless a `timeZone` (IANA name) is given (schedule-calendar.ts).
 * The types and constants are in schedule-model.ts, when a schedule runs in
 * schedule-runs.ts (daylight saving, short months, the last week): both are
 * re-exported here, so callers import this file only.
 *
 * Choices where the spec is silent:
 * - startDate and endDate are epoch milliseconds (or null). Reading also takes
 *   ISO strings, Dates and epoch seconds (a number under 1e11). Only their
 *   calendar day counts: the time of day is runAtHour:runAtMinute. The end day
 *   is inclusive. A null startDate means "starting today".
 * - daysOfWeek are 'SUN'..'SAT'. Reading also takes 0-6 (Sunday 0) and day
 *   names. Other values are kept raw and ignored by the calculations.
 *   WEEK_OF_MONTH runs on daysOfWeek[0], in weekOfMonth 1-4 or 0 (the last).
 * - A day of month the month does not have (31 in April, 30 in February) is
 *   that month's last day: "31" means "the 31st, or the last day when the
 *   month is shorter". It is never skipped.
 * - HOURLY and EVERY run from the start day at the run-at time, every N
 *   wall-clock hours. EVERY is the editor's "every N hours" (scheduleInterval
 *   1-23). It is saved as HOURLY with N in both scheduleInterval and
 *   repeatsEveryCount, and read back as EVERY when an HOURLY schedule has a
 *   scheduleInterval; §9's INTERVAL reads as EVERY too.
 * - Recurrence caps (repeatsEveryCount) are in RECURRENCE_CAPS.
 */
import { addMonths } from 'date-fns';
import { z } from 'zod';
import { isKnownValue, labelOrRaw, type OpenValue } from '../../model/platform/open-values';
import { clockFor, dayOf, isoDay, pad2, wallOfDay } from './schedule-calendar';
import {
  DAY_LABELS,
  DAY_NAMES,
  DAYS_OF_WEEK,
  EVERY_HOURS,
  LAST_DAY_OF_MONTH,
  LAST_WEEK_OF_MONTH,
  RECURRENCE_CAPS,
  REPEATS,
  REPEATS_LABELS,
  SCHEDULE_MESSAGES,
  WEEK_OF_MONTH_LABELS,
  type DayOfWeek,
  type EndType,
  type Repeats,
  type Schedule,
  type ScheduleCheck,
  type ScheduleEnd,
  type ScheduleField,
  type ScheduleOptions,
} from './schedule-model';
import { firstRunAt, knownDays, weekOfMonthDay, wholeAtLeast1 } from './schedule-runs';

export * from './schedule-model';
export { firstRunAt, nextRuns, weekOfMonthDay } from './schedule-runs';

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
// A missing date or day list reads as none (not as a broken schedule).
const instant = z.unknown().transform(toEpochMs).default(null);
const last = (value: unknown) => (typeof value === 'string' && value.trim().toUpperCase() === 'LAST' ? 0 : value);

const endSchema: z.ZodType<ScheduleEnd> = z.preprocess(
  (value) => (value && typeof value === 'object' && !('occurenceCount' in value) && 'occurrenceCount' in value ? { ...value, occurenceCount: value.occurrenceCount } : value),
  z.looseObject({ type: z.string().min(1).catch('NEVER'), endDate: instant, occurenceCount: numberOrNull }),
);

const scheduleSchema: z.ZodType<Schedule> = z.looseObject({
  repeats: z.string().min(1).catch('MONTHLY'),
  repeatsEveryCount: numberOr(1),
  daysOfWeek: z
    .unknown()
    .transform((value) => [...new Set((Array.isArray(value) ? value : []).map(readDay).filter((day) => day !== null))])
    .default(() => []),
  dayOfMonth: z.preprocess(last, numberOr(1)),
  // Absent stays absent (schedules saved before WEEK_OF_MONTH, the ConnectWise sync); 'LAST' is 0.
  weekOfMonth: z.preprocess((value) => numeric(last(value)), z.number().nullable().optional()).catch(null),
  scheduleInterval: numberOrNull,
  startDate: instant,
  runAtHour: numberOr(9),
  runAtMinute: numberOr(0),
  end: endSchema.catch({ type: 'NEVER', endDate: null, occurenceCount: null }),
});

/**
 * A schedule from the server, read tolerantly; an HOURLY one with a scheduleInterval is shown as EVERY (the reverse of toSaved),
 * and so is §9's INTERVAL (its hours in scheduleInterval, else repeatsEveryCount). Any other unknown type is kept raw.
 */
export function fromSaved(raw: unknown, now?: Date): Schedule {
  const parsed = scheduleSchema.safeParse(raw);
  if (!parsed.success) return defaultSchedule(now);
  const schedule = parsed.data;
  if (schedule.repeats === 'HOURLY' && schedule.scheduleInterval !== null && schedule.scheduleInterval >= 1) return { ...schedule, repeats: 'EVERY', repeatsEveryCount: 1 };
  if (schedule.repeats === 'INTERVAL') return { ...schedule, repeats: 'EVERY', scheduleInterval: schedule.scheduleInterval ?? schedule.repeatsEveryCount, repeatsEveryCount: 1 };
  return schedule;
}

/** §4: when repeats is EVERY the interval is saved as HOURLY (its hours in scheduleInterval and repeatsEveryCount). */
export function toSaved(schedule: Schedule): Schedule {
  if (schedule.repeats !== 'EVERY') return schedule;
  const hours = schedule.scheduleInterval ?? EVERY_HOURS.min;
  return { ...schedule, repeats: 'HOURLY', repeatsEveryCount: hours, scheduleInterval: hours };
}

/**
 * toSaved with only the fields a save call takes (admin contract `scheduleInputSchema`, a strict object): the
 * unknown fields reading kept are left out, and weekOfMonth is sent only when the schedule has one.
 */
export function toSavedInput(schedule: Schedule) {
  const saved = toSaved(schedule);
  const { type, endDate, occurenceCount } = saved.end;
  return {
    repeats: saved.repeats,
    repeatsEveryCount: saved.repeatsEveryCount,
    daysOfWeek: [...saved.daysOfWeek],
    dayOfMonth: saved.dayOfMonth,
    ...(saved.weekOfMonth === undefined ? {} : { weekOfMonth: saved.weekOfMonth }),
    scheduleInterval: saved.scheduleInterval,
    startDate: saved.startDate,
    runAtHour: saved.runAtHour,
    runAtMinute: saved.runAtMinute,
    end: { type, endDate, occurenceCount },
  };
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

/**
 * §4: changing the repeat type resets the repeat count to 1 (and EVERY's hours to 1). WEEK_OF_MONTH starts on its
 * week (the first when none) and one day: the first chosen day, else Monday. Leaving it clears the week.
 */
export function changeRepeats(schedule: Schedule, repeats: OpenValue<Repeats>): Schedule {
  if (repeats === schedule.repeats) return schedule;
  const next: Schedule = { ...schedule, repeats, repeatsEveryCount: 1, scheduleInterval: repeats === 'EVERY' ? EVERY_HOURS.min : null };
  if (repeats === 'WEEK_OF_MONTH') return { ...next, weekOfMonth: validWeek(schedule.weekOfMonth) ? schedule.weekOfMonth : 1, daysOfWeek: [weekOfMonthDay(schedule) ?? 'MON'] };
  return schedule.weekOfMonth === undefined ? next : { ...next, weekOfMonth: null };
}

/** WEEK_OF_MONTH runs on one day of the week (daysOfWeek[0]): choosing it replaces the list. */
export function changeWeekOfMonthDay(schedule: Schedule, day: DayOfWeek): Schedule {
  return { ...schedule, daysOfWeek: [day] };
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
  return { ...schedule, daysOfWeek: toggleDay(schedule.daysOfWeek, day) };
}

/** The days with `day` added or taken out, in week order (a day the console does not know kept, after them). */
export function toggleDay<D extends string>(days: readonly D[], day: DayOfWeek): D[] {
  const next = new Set<string>(days.includes(day as unknown as D) ? days.filter((d) => d !== (day as string)) : [...days, day]);
  const known = DAYS_OF_WEEK.filter((d) => next.has(d));
  return [...known, ...[...next].filter((d) => !isKnownValue(DAYS_OF_WEEK, d))] as D[];
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

function rangeProblem(value: number | null, min: number, max = Number.POSITIVE_INFINITY): string | null {
  if (value === null) return SCHEDULE_MESSAGES.required;
  if (!Number.isInteger(value)) return SCHEDULE_MESSAGES.wholeNumber;
  if (value < min) return SCHEDULE_MESSAGES.min(min);
  return value > max ? SCHEDULE_MESSAGES.max(max) : null;
}

/** §9: the first to fourth week, or 0 for the last (a saved 5 is shown, but not accepted). */
const validWeek = (week: number | null | undefined): week is number => typeof week === 'number' && Number.isInteger(week) && week >= LAST_WEEK_OF_MONTH && week <= 4;
const validHour = (hour: number) => Number.isInteger(hour) && hour >= 0 && hour <= 23;
const validMinute = (minute: number) => Number.isInteger(minute) && minute >= 0 && minute <= 59;

export function validateSchedule(schedule: Schedule, check: ScheduleCheck): Partial<Record<ScheduleField, string>> {
  const errors: Partial<Record<ScheduleField, string>> = {};
  const put = (field: ScheduleField, message: string | null) => {
    if (message !== null) errors[field] = message;
  };
  const { repeats } = schedule;
  if (check.lockedRepeats?.length && !isKnownValue(check.lockedRepeats, repeats)) put('repeats', SCHEDULE_MESSAGES.repeatsLocked(check.lockedRepeats));
  if (repeats === 'HOURLY' || repeats === 'DAILY' || repeats === 'WEEKLY' || repeats === 'MONTHLY' || repeats === 'WEEK_OF_MONTH') put('repeatsEveryCount', rangeProblem(schedule.repeatsEveryCount, 1, recurrenceCap(repeats, check)));
  if (repeats === 'EVERY') put('scheduleInterval', rangeProblem(schedule.scheduleInterval, EVERY_HOURS.min, EVERY_HOURS.max));
  if (repeats === 'WEEKLY' && knownDays(schedule).length === 0) put('daysOfWeek', SCHEDULE_MESSAGES.weeklyNeedsDay);
  if (repeats === 'MONTHLY' && !(Number.isInteger(schedule.dayOfMonth) && schedule.dayOfMonth >= 0 && schedule.dayOfMonth <= 31)) put('dayOfMonth', SCHEDULE_MESSAGES.dayOfMonth);
  if (repeats === 'WEEK_OF_MONTH' && !validWeek(schedule.weekOfMonth)) put('weekOfMonth', SCHEDULE_MESSAGES.weekOfMonth);
  if (repeats === 'WEEK_OF_MONTH' && weekOfMonthDay(schedule) === null) put('daysOfWeek', SCHEDULE_MESSAGES.dayOfWeek);
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

// ---------------------------------------------------------------------------
// Summary: "Monthly on day 1 at 09:00, 12 times", "Monthly on the last Friday at 09:00", "Every 6 hours from 09:00".

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
      text = `${every === 1 ? 'Hourly' : `Every ${every} hours`} from ${time}`;
      break;
    case 'EVERY':
      text = `Every ${plural(wholeAtLeast1(schedule.scheduleInterval), ['hour', 'hours'])} from ${time}`;
      break;
    case 'DAILY':
      text = `${prefix('Daily', ['day', 'days'])} at ${time}`;
      break;
    case 'WEEKLY': {
      const days = knownDays(schedule).map((d) => DAY_LABELS[d]);
      text = days.length ? `${prefix('Weekly', ['week', 'weeks'])} on ${days.join(', ')} at ${time}` : `${prefix('Weekly', ['week', 'weeks'])} at ${time}, no day chosen`;
      break;
    }
    case 'MONTHLY': {
      const day = schedule.dayOfMonth;
      // 29-31: a shorter month runs on its last day (schedule-runs.ts), said so the user is not surprised.
      const on = day === LAST_DAY_OF_MONTH ? 'on the last day' : day > 28 ? `on day ${day} (the last day in shorter months)` : `on day ${day}`;
      text = `${prefix('Monthly', ['month', 'months'])} ${on} at ${time}`;
      break;
    }
    case 'WEEK_OF_MONTH': {
      const week = schedule.weekOfMonth;
      const day = weekOfMonthDay(schedule);
      const which = week !== null && week !== undefined && Object.hasOwn(WEEK_OF_MONTH_LABELS, week) ? WEEK_OF_MONTH_LABELS[week]!.toLowerCase() : null;
      const monthly = prefix('Monthly', ['month', 'months']);
      if (which === null) text = `${monthly} at ${time}, no week chosen`;
      else if (day === null) text = `${monthly} in the ${which} week at ${time}, no day chosen`;
      else text = `${monthly} on the ${which} ${DAY_NAMES[day]} at ${time}`;
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
