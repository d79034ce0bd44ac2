/**
 * When a schedule runs (help spec §3 "Schedule (editor)", §9 schedule types;
 * Next runs across daylight-saving changes, the last day of
 * February, WEEK_OF_MONTH's last week). Pure; `now` is a parameter; wall-clock
 * times are the machine's local time or a named zone's (schedule-calendar.ts).
 *
 * Runs are first told as wall-clock times, then turned into instants, so that:
 * - every type keeps its wall-clock time across a daylight-saving change (a
 *   09:00 run is at 09:00 before and after, in any zone). HOURLY and EVERY
 *   count wall-clock hours from the first run ("every 12 hours from 09:00" is
 *   09:00 and 21:00 all year), so the one interval that spans a change is an
 *   hour shorter or longer;
 * - a run in the spring gap runs at the first valid instant after it (the
 *   change), once even when the next run lands on the same instant; a run in
 *   the repeated autumn hour runs once, at its first occurrence;
 * - dayOfMonth 0 is the month's last day and a day the month does not have
 *   (31 in April, 29-31 in February) is that month's last day: never skipped;
 * - WEEK_OF_MONTH is the Nth (1-4) or the last (0) daysOfWeek[0] of the month;
 *   a saved 5 ("fifth") skips the months without one;
 * - WEEKLY counts "every N weeks" in weeks starting on Sunday from the start
 *   day's week; MONTHLY and WEEK_OF_MONTH count months from the start month;
 * - the start day is the first day with runs (today when none); the end is
 *   AFTER N runs counted from the start, or ON a day (inclusive).
 */
import { isKnownValue } from '../../model/platform/open-values';
import { clockFor, DAY_MS, dayNumber, dayOf, daysInMonth, HOUR_MS, nthWeekdayOfMonth, wallMs, wallOfDay, wallOfMs, weekday } from './schedule-calendar';
import { DAYS_OF_WEEK, LAST_DAY_OF_MONTH, type DayOfWeek, type Schedule } from './schedule-model';

/** The known days of week, in week order (raw ones are ignored by the calculations). */
export const knownDays = (schedule: Schedule): DayOfWeek[] => DAYS_OF_WEEK.filter((day) => schedule.daysOfWeek.includes(day));
/** WEEK_OF_MONTH's day of week: daysOfWeek[0], or the first known one after raw values. */
export const weekOfMonthDay = (schedule: Schedule): DayOfWeek | null => schedule.daysOfWeek.find((day): day is DayOfWeek => isKnownValue(DAYS_OF_WEEK, day)) ?? null;
/** A whole count of at least 1 (odd values from the server read as 1). */
export const wholeAtLeast1 = (n: number | null | undefined) => Math.max(1, Math.floor(n ?? 1) || 1);
const clampWhole = (n: number, max: number) => Math.min(max, Math.max(0, Math.floor(n) || 0));

/** A schedule whose periods have no run this many times in a row has none at all (e.g. a fifth day of week, every 12 months). */
const MAX_EMPTY_PERIODS = 1_000;

/**
 * Every run from the start day as a wall time (schedule-calendar `wallMs`), in
 * order. With `skipTo` (a wall time), periods wholly before it are skipped; the
 * runs then no longer count from the start.
 */
function* occurrences(schedule: Schedule, startDay: number, skipTo: number | null): Generator<number> {
  const time = clampWhole(schedule.runAtHour, 23) * HOUR_MS + clampWhole(schedule.runAtMinute, 59) * 60_000;
  const at = (day: number) => day * DAY_MS + time;
  const fromDay = skipTo === null ? startDay : Math.floor(skipTo / DAY_MS) - 1;
  const every = wholeAtLeast1(schedule.repeatsEveryCount);
  switch (schedule.repeats) {
    case 'NEVER':
      yield at(startDay);
      return;
    case 'HOURLY':
    case 'EVERY': {
      const step = (schedule.repeats === 'EVERY' ? wholeAtLeast1(schedule.scheduleInterval) : every) * HOUR_MS;
      const anchor = at(startDay);
      for (let k = skipTo === null ? 0 : Math.max(0, Math.floor((skipTo - anchor) / step) - 1); ; k++) yield anchor + k * step;
    }
    case 'DAILY':
      for (let k = Math.max(0, Math.floor((fromDay - startDay) / every)); ; k++) yield at(startDay + k * every);
    case 'WEEKLY': {
      const days = knownDays(schedule).map((day) => DAYS_OF_WEEK.indexOf(day));
      if (days.length === 0) return;
      const firstWeek = startDay - weekday(startDay);
      for (let period = Math.max(0, Math.floor((fromDay - firstWeek) / (7 * every))); ; period++) {
        for (const d of days) {
          const day = firstWeek + period * every * 7 + d;
          if (day >= startDay) yield at(day);
        }
      }
    }
    case 'MONTHLY':
    case 'WEEK_OF_MONTH': {
      const dayIn = monthDayRule(schedule);
      if (dayIn === null) return;
      const start = wallOfDay(startDay);
      const from = wallOfDay(fromDay);
      const firstPeriod = Math.max(0, Math.floor((from.year * 12 + from.month - (start.year * 12 + start.month)) / every));
      for (let period = firstPeriod, empty = 0; empty < MAX_EMPTY_PERIODS; period++) {
        const months = start.month + period * every;
        const day = dayIn(start.year + Math.floor(months / 12), months % 12);
        if (day !== null && day >= startDay) {
          empty = 0;
          yield at(day);
        } else empty++;
      }
      return;
    }
    default:
      return; // an unknown type: its runs cannot be told
  }
}

/** MONTHLY's or WEEK_OF_MONTH's day in a month (null: none that month); null when the schedule names no valid day. */
function monthDayRule(schedule: Schedule): ((year: number, month: number) => number | null) | null {
  if (schedule.repeats === 'MONTHLY') {
    const wanted = Math.floor(schedule.dayOfMonth);
    // 0 (and anything odd below 1) is the last day; a day past the month's end is its last day too.
    return (year, month) => {
      const last = daysInMonth(year, month);
      return dayNumber(year, month, wanted <= LAST_DAY_OF_MONTH || !Number.isFinite(wanted) || wanted > last ? last : wanted);
    };
  }
  const day = weekOfMonthDay(schedule);
  const week = schedule.weekOfMonth;
  if (day === null || week === null || week === undefined || !Number.isInteger(week) || week < 0 || week > 5) return null;
  const dayIndex = DAYS_OF_WEEK.indexOf(day);
  return (year, month) => nthWeekdayOfMonth(year, month, dayIndex, week);
}

/** The first run's instant: the start day at the run-at time (null: no start date). */
export function firstRunAt(schedule: Schedule, timeZone?: string): number | null {
  if (schedule.startDate === null) return null;
  const clock = clockFor(timeZone);
  return clock.instant({ ...wallOfDay(dayOf(clock, schedule.startDate)), hour: schedule.runAtHour, minute: schedule.runAtMinute });
}

/** A stop for schedules started long ago with a large AFTER count, and for odd ones. */
const MAX_STEPS = 200_000;

/**
 * §3: the next `count` runs at or after `now`: from the start day (today when none), the run-at time,
 * the type's days, and the end (AFTER counts every run since the start; ON's day is the last).
 */
export function nextRuns(schedule: Schedule, now: Date, count = 5, timeZone?: string): Date[] {
  const clock = clockFor(timeZone);
  const from = now.getTime();
  const fromWall = wallMs(clock.wall(from));
  const startDay = dayOf(clock, schedule.startDate ?? from);
  const end = schedule.repeats === 'NEVER' ? { type: 'NEVER', endDate: null, occurenceCount: null } : schedule.end;
  const counted = end.type === 'AFTER';
  const limit = counted ? Math.max(0, Math.floor(end.occurenceCount ?? 1)) : Number.POSITIVE_INFINITY;
  const lastDay = end.type === 'ON' && end.endDate !== null ? dayOf(clock, end.endDate) : Number.POSITIVE_INFINITY;
  // Only hourly runs can meet in the spring gap: other runs a day or more before now need no instant.
  const hourly = schedule.repeats === 'HOURLY' || schedule.repeats === 'EVERY';
  const runs: Date[] = [];
  let index = 0;
  let previous = Number.NEGATIVE_INFINITY;
  let steps = 0;
  // AFTER counts every run since the start, so those runs are walked from the start.
  for (const wall of occurrences(schedule, startDay, counted ? null : fromWall)) {
    if (runs.length >= count || index >= limit || Math.floor(wall / DAY_MS) > lastDay || ++steps > MAX_STEPS) break;
    if (!hourly && wall < fromWall - DAY_MS) {
      index++;
      continue;
    }
    const at = clock.instant(wallOfMs(wall));
    if (at <= previous) continue; // moved out of the spring gap onto the next run: one run
    previous = at;
    index++;
    if (at >= from) runs.push(new Date(at));
  }
  return runs;
}
