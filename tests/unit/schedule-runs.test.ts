/**
 * When a schedule runs (help spec §3, §9 schedule types; src/shared/rules/platform/schedule-runs.ts):
 * every repeat type, daylight-saving changes in two zones, the last day of February, WEEK_OF_MONTH's last week,
 * AFTER N runs and ON an end date.
 */
import { describe, expect, it } from 'vitest';
import { nthWeekdayOfMonth, zoneClock } from '../../src/shared/rules/platform/schedule-calendar';
import { defaultSchedule, nextRuns, type Schedule } from '../../src/shared/rules/platform/schedule';
import { onMachineClockIn } from '../helpers/time-zone';

const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';

/** A wall time in `zone` as its instant (month 1-12). */
const inZone = (zone: string, year: number, month: number, day: number, hour = 0, minute = 0) => zoneClock(zone).instant({ year, month: month - 1, day, hour, minute });
/** An instant as 'YYYY-MM-DD HH:mm' wall time in `zone`. */
const wallIn = (zone: string, ms: number) => {
  const w = zoneClock(zone).wall(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${p(w.month + 1)}-${p(w.day)} ${p(w.hour)}:${p(w.minute)}`;
};
/** A schedule from `start` (a wall day in `zone`) with the default's fields. */
const from = (zone: string, start: [number, number, number], changes: Partial<Schedule>): Schedule => ({ ...defaultSchedule(), startDate: inZone(zone, ...start), ...changes });
/** The next runs from `now` as wall times in `zone`, and as ISO instants. */
const walls = (zone: string, schedule: Schedule, now: number, count = 5) => nextRuns(schedule, new Date(now), count, zone).map((d) => wallIn(zone, d.getTime()));
const isos = (zone: string, schedule: Schedule, now: number, count = 5) => nextRuns(schedule, new Date(now), count, zone).map((d) => d.toISOString());

describe('every repeat type (§3, §9)', () => {
  const zone = BERLIN;
  const now = inZone(zone, 2026, 6, 10, 12); // Wednesday 2026-06-10 12:00
  const start: [number, number, number] = [2026, 6, 10];

  it('NEVER runs once on its start day', () => {
    expect(walls(zone, from(zone, [2026, 6, 12], { repeats: 'NEVER', runAtHour: 8 }), now)).toEqual(['2026-06-12 08:00']);
  });

  it('HOURLY and EVERY every N hours from the run-at time, EVERY with its 1-23 hours', () => {
    expect(walls(zone, from(zone, start, { repeats: 'HOURLY', repeatsEveryCount: 5, runAtHour: 9 }), now, 4)).toEqual(['2026-06-10 14:00', '2026-06-10 19:00', '2026-06-11 00:00', '2026-06-11 05:00']);
    expect(walls(zone, from(zone, start, { repeats: 'EVERY', scheduleInterval: 23, runAtHour: 9 }), now, 3)).toEqual(['2026-06-11 08:00', '2026-06-12 07:00', '2026-06-13 06:00']);
  });

  it('DAILY every N days', () => {
    expect(walls(zone, from(zone, start, { repeats: 'DAILY', repeatsEveryCount: 3, runAtHour: 18, runAtMinute: 45 }), now, 3)).toEqual(['2026-06-10 18:45', '2026-06-13 18:45', '2026-06-16 18:45']);
  });

  it('WEEKLY on its days, every N weeks', () => {
    expect(walls(zone, from(zone, start, { repeats: 'WEEKLY', daysOfWeek: ['MON', 'FRI'] }), now, 3)).toEqual(['2026-06-12 09:00', '2026-06-15 09:00', '2026-06-19 09:00']);
    expect(walls(zone, from(zone, start, { repeats: 'WEEKLY', repeatsEveryCount: 3, daysOfWeek: ['SUN'] }), now, 3)).toEqual(['2026-06-28 09:00', '2026-07-19 09:00', '2026-08-09 09:00']);
  });

  it('MONTHLY on a day, every N months', () => {
    expect(walls(zone, from(zone, start, { dayOfMonth: 10, repeatsEveryCount: 2, runAtHour: 23, runAtMinute: 59 }), now, 3)).toEqual(['2026-06-10 23:59', '2026-08-10 23:59', '2026-10-10 23:59']);
  });

  it('WEEK_OF_MONTH on the Nth day of week of the month, every N months', () => {
    const second = from(zone, start, { repeats: 'WEEK_OF_MONTH', weekOfMonth: 2, daysOfWeek: ['TUE'] });
    // June 2026's second Tuesday (the 9th) is before the start: July 14, August 11, September 8.
    expect(walls(zone, second, now, 3)).toEqual(['2026-07-14 09:00', '2026-08-11 09:00', '2026-09-08 09:00']);
    expect(walls(zone, { ...second, repeatsEveryCount: 3 }, now, 2)).toEqual(['2026-09-08 09:00', '2026-12-08 09:00']);
    // daysOfWeek[0] is the day; a raw value before it is passed over.
    expect(walls(zone, { ...second, daysOfWeek: ['XYZ', 'MON', 'TUE'], weekOfMonth: 1 }, now, 2)).toEqual(['2026-07-06 09:00', '2026-08-03 09:00']);
    expect(walls(zone, { ...second, daysOfWeek: [] }, now)).toEqual([]);
    expect(walls(zone, { ...second, weekOfMonth: null }, now)).toEqual([]);
  });

  it('an unknown type has no runs it can tell', () => {
    expect(walls(zone, from(zone, start, { repeats: 'FORTNIGHTLY' }), now)).toEqual([]);
  });
});

describe('daylight-saving changes (a 09:00 run stays 09:00)', () => {
  it.each([
    [NEW_YORK, [2026, 3, 5], ['2026-03-06T14:00:00.000Z', '2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z']],
    [BERLIN, [2026, 3, 27], ['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z', '2026-03-30T07:00:00.000Z', '2026-03-31T07:00:00.000Z']],
    [NEW_YORK, [2026, 10, 30], ['2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z', '2026-11-02T14:00:00.000Z', '2026-11-03T14:00:00.000Z']],
    [BERLIN, [2026, 10, 23], ['2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z', '2026-10-27T08:00:00.000Z']],
  ] as const)('daily in %s from %j: the same wall time, a different UTC time', (zone, [y, m, d], expected) => {
    const schedule = from(zone, [y, m, d + 1], { repeats: 'DAILY' });
    expect(isos(zone, schedule, inZone(zone, y, m, d, 12), 4)).toEqual(expected);
    expect(walls(zone, schedule, inZone(zone, y, m, d, 12), 4).map((w) => w.slice(11))).toEqual(['09:00', '09:00', '09:00', '09:00']);
  });

  it('weekly, monthly and week-of-month runs keep 09:00 across the change too', () => {
    const now = inZone(NEW_YORK, 2026, 2, 20);
    const sunday = from(NEW_YORK, [2026, 2, 20], { repeats: 'WEEKLY', daysOfWeek: ['SUN'] });
    expect(walls(NEW_YORK, sunday, now, 4)).toEqual(['2026-02-22 09:00', '2026-03-01 09:00', '2026-03-08 09:00', '2026-03-15 09:00']);
    const lastSunday = from(BERLIN, [2026, 10, 1], { repeats: 'WEEK_OF_MONTH', weekOfMonth: 0, daysOfWeek: ['SUN'] });
    expect(isos(BERLIN, lastSunday, inZone(BERLIN, 2026, 10, 1), 2)).toEqual(['2026-10-25T08:00:00.000Z', '2026-11-29T08:00:00.000Z']);
    expect(walls(BERLIN, from(BERLIN, [2026, 3, 1], { dayOfMonth: 29 }), inZone(BERLIN, 2026, 3, 1), 2)).toEqual(['2026-03-29 09:00', '2026-04-29 09:00']);
  });

  it.each([
    // Clocks go 02:00 -> 03:00: a 02:30 run that day is at 03:00, the first valid instant.
    [NEW_YORK, [2026, 3, 7], ['2026-03-07T07:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z'], ['2026-03-07 02:30', '2026-03-08 03:00', '2026-03-09 02:30']],
    [BERLIN, [2026, 3, 28], ['2026-03-28T01:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z'], ['2026-03-28 02:30', '2026-03-29 03:00', '2026-03-30 02:30']],
  ] as const)('a run in the spring gap (%s) moves forward to the first valid instant', (zone, [y, m, d], expected, shown) => {
    const schedule = from(zone, [y, m, d], { repeats: 'DAILY', runAtHour: 2, runAtMinute: 30 });
    expect(isos(zone, schedule, inZone(zone, y, m, d), 3)).toEqual(expected);
    expect(walls(zone, schedule, inZone(zone, y, m, d), 3)).toEqual(shown);
  });

  it.each([
    // 01:30 (New York) and 02:30 (Berlin) happen twice that night: the run is at the first, once.
    [NEW_YORK, 1, [2026, 10, 31], ['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']],
    [BERLIN, 2, [2026, 10, 24], ['2026-10-24T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z']],
  ] as const)('a run in the repeated autumn hour (%s) runs once, at its first occurrence', (zone, hour, [y, m, d], expected) => {
    const schedule = from(zone, [y, m, d], { repeats: 'DAILY', runAtHour: hour, runAtMinute: 30 });
    expect(isos(zone, schedule, inZone(zone, y, m, d), 3)).toEqual(expected);
  });

  it('hourly runs over the changes: the gap hour runs once at the change, the repeated hour once', () => {
    const spring = from(NEW_YORK, [2026, 3, 8], { repeats: 'EVERY', scheduleInterval: 1, runAtHour: 0 });
    expect(walls(NEW_YORK, spring, inZone(NEW_YORK, 2026, 3, 8), 4)).toEqual(['2026-03-08 00:00', '2026-03-08 01:00', '2026-03-08 03:00', '2026-03-08 04:00']);
    // AFTER counts the merged run once: four runs are 00:00, 01:00, 03:00 (02:00 moved onto it) and 04:00.
    expect(walls(NEW_YORK, { ...spring, end: { type: 'AFTER', endDate: null, occurenceCount: 4 } }, inZone(NEW_YORK, 2026, 3, 8), 9)).toHaveLength(4);
    const autumn = from(BERLIN, [2026, 10, 25], { repeats: 'HOURLY', repeatsEveryCount: 1, runAtHour: 1 });
    expect(isos(BERLIN, autumn, inZone(BERLIN, 2026, 10, 25), 3)).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T02:00:00.000Z']);
  });

  describe('on the machine clock (no zone named), as the editor shows them', () => {
    onMachineClockIn(NEW_YORK);

    it('follows the same rules as a named zone', () => {
      const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
      expect(local(2026, 3, 8, 12).toISOString()).toBe('2026-03-08T16:00:00.000Z'); // the zone is in force
      const gap = { ...defaultSchedule(), repeats: 'DAILY', startDate: local(2026, 3, 7).getTime(), runAtHour: 2, runAtMinute: 30 };
      expect(nextRuns(gap, local(2026, 3, 7), 3).map((d) => d.toISOString())).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z']);
      const autumn = { ...gap, startDate: local(2026, 10, 31).getTime(), runAtHour: 1 };
      expect(nextRuns(autumn, local(2026, 10, 31), 3).map((d) => d.toISOString())).toEqual(['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
    });
  });
});

describe('the last day of February (dayOfMonth 0, and 31 meaning the last day of a shorter month)', () => {
  const zone = NEW_YORK;
  it.each([
    [0, 2027, ['2027-01-31 09:00', '2027-02-28 09:00', '2027-03-31 09:00', '2027-04-30 09:00']],
    [31, 2027, ['2027-01-31 09:00', '2027-02-28 09:00', '2027-03-31 09:00', '2027-04-30 09:00']],
    [0, 2028, ['2028-01-31 09:00', '2028-02-29 09:00', '2028-03-31 09:00', '2028-04-30 09:00']],
    [31, 2028, ['2028-01-31 09:00', '2028-02-29 09:00', '2028-03-31 09:00', '2028-04-30 09:00']],
    [29, 2027, ['2027-01-29 09:00', '2027-02-28 09:00', '2027-03-29 09:00', '2027-04-29 09:00']],
    [29, 2028, ['2028-01-29 09:00', '2028-02-29 09:00', '2028-03-29 09:00', '2028-04-29 09:00']],
  ] as const)('day %i in %i', (dayOfMonth, year, expected) => {
    expect(walls(zone, from(zone, [year, 1, 1], { dayOfMonth }), inZone(zone, year, 1, 1), 4)).toEqual(expected);
  });

  it('a start on Feb 28 of a leap year waits for the 29th when the day is the last', () => {
    expect(walls(zone, from(zone, [2028, 2, 28], { dayOfMonth: 0 }), inZone(zone, 2028, 2, 28), 1)).toEqual(['2028-02-29 09:00']);
    expect(walls(zone, from(zone, [2027, 2, 28], { dayOfMonth: 0 }), inZone(zone, 2027, 2, 28), 1)).toEqual(['2027-02-28 09:00']);
  });
});

describe('WEEK_OF_MONTH: the last week (0) and the Nth', () => {
  it('the last Friday of a month with four Fridays and of one with five', () => {
    // January 2026 has five Fridays (2 ... 30), February four (6 ... 27), May five (1 ... 29).
    expect(nthWeekdayOfMonth(2026, 0, 5, 0)).toBe(nthWeekdayOfMonth(2026, 0, 5, 5));
    const lastFriday = from(BERLIN, [2026, 1, 1], { repeats: 'WEEK_OF_MONTH', weekOfMonth: 0, daysOfWeek: ['FRI'] });
    expect(walls(BERLIN, lastFriday, inZone(BERLIN, 2026, 1, 1), 5)).toEqual(['2026-01-30 09:00', '2026-02-27 09:00', '2026-03-27 09:00', '2026-04-24 09:00', '2026-05-29 09:00']);
    const fourthFriday = { ...lastFriday, weekOfMonth: 4 };
    expect(walls(BERLIN, fourthFriday, inZone(BERLIN, 2026, 1, 1), 5)).toEqual(['2026-01-23 09:00', '2026-02-27 09:00', '2026-03-27 09:00', '2026-04-24 09:00', '2026-05-22 09:00']);
    // A fifth Friday (saved by another client) skips the months without one.
    expect(walls(BERLIN, { ...lastFriday, weekOfMonth: 5 }, inZone(BERLIN, 2026, 1, 1), 3)).toEqual(['2026-01-30 09:00', '2026-05-29 09:00', '2026-07-31 09:00']);
  });

  it('the first day of week when the month starts on it, and the last one on the month’s last day', () => {
    expect(walls(BERLIN, from(BERLIN, [2026, 5, 1], { repeats: 'WEEK_OF_MONTH', weekOfMonth: 1, daysOfWeek: ['FRI'] }), inZone(BERLIN, 2026, 5, 1), 1)).toEqual(['2026-05-01 09:00']);
    expect(walls(BERLIN, from(BERLIN, [2026, 5, 1], { repeats: 'WEEK_OF_MONTH', weekOfMonth: 0, daysOfWeek: ['SUN'] }), inZone(BERLIN, 2026, 5, 1), 1)).toEqual(['2026-05-31 09:00']);
  });
});

describe('the end: AFTER N runs and ON a date', () => {
  const zone = NEW_YORK;
  const now = inZone(zone, 2026, 1, 1);
  const lastFriday = from(zone, [2026, 1, 1], { repeats: 'WEEK_OF_MONTH', weekOfMonth: 0, daysOfWeek: ['FRI'] });

  it('AFTER N: exactly N runs counted from the start, also those already past', () => {
    expect(walls(zone, { ...lastFriday, end: { type: 'AFTER', endDate: null, occurenceCount: 2 } }, now)).toEqual(['2026-01-30 09:00', '2026-02-27 09:00']);
    expect(walls(zone, { ...lastFriday, end: { type: 'AFTER', endDate: null, occurenceCount: 3 } }, inZone(zone, 2026, 2, 28))).toEqual(['2026-03-27 09:00']);
    const daily = from(zone, [2026, 1, 1], { repeats: 'DAILY', end: { type: 'AFTER', endDate: null, occurenceCount: 3 } });
    expect(walls(zone, daily, now)).toEqual(['2026-01-01 09:00', '2026-01-02 09:00', '2026-01-03 09:00']);
    const weekly = from(zone, [2026, 1, 1], { repeats: 'WEEKLY', daysOfWeek: ['TUE', 'THU'], end: { type: 'AFTER', endDate: null, occurenceCount: 3 } });
    expect(walls(zone, weekly, inZone(zone, 2026, 1, 2))).toEqual(['2026-01-06 09:00', '2026-01-08 09:00']);
  });

  it('ON a date: runs up to and including that day, whatever the time of day it holds', () => {
    const end = (y: number, m: number, d: number, h = 0) => ({ type: 'ON', endDate: inZone(zone, y, m, d, h), occurenceCount: null });
    expect(walls(zone, { ...lastFriday, end: end(2026, 3, 27) }, now)).toEqual(['2026-01-30 09:00', '2026-02-27 09:00', '2026-03-27 09:00']);
    expect(walls(zone, { ...lastFriday, end: end(2026, 3, 26, 23) }, now)).toEqual(['2026-01-30 09:00', '2026-02-27 09:00']);
    const hourly = from(zone, [2026, 1, 1], { repeats: 'EVERY', scheduleInterval: 8, runAtHour: 6, end: end(2026, 1, 2) });
    expect(walls(zone, hourly, now, 9)).toEqual(['2026-01-01 06:00', '2026-01-01 14:00', '2026-01-01 22:00', '2026-01-02 06:00', '2026-01-02 14:00', '2026-01-02 22:00']);
  });

  it('a schedule started years ago still gives its next runs quickly', () => {
    const started = from(zone, [2001, 1, 1], { repeats: 'WEEKLY', daysOfWeek: ['MON'] });
    const begin = Date.now();
    expect(walls(zone, started, inZone(zone, 2026, 6, 10), 2)).toEqual(['2026-06-15 09:00', '2026-06-22 09:00']);
    expect(walls(zone, { ...started, repeats: 'EVERY', scheduleInterval: 7 }, inZone(zone, 2026, 6, 10), 1)).toHaveLength(1);
    expect(Date.now() - begin).toBeLessThan(1_000);
  });
});
