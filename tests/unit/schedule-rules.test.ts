/** The schedule editor's rules (help spec §3 "Schedule (editor)", §4, §5, §9; ticketing spec §9.3, §9.4). Next runs in depth: schedule-runs.test.ts. */
import { describe, expect, it } from 'vitest';
import {
  allowedRepeats,
  changeEndType,
  changeRepeats,
  defaultSchedule,
  fromSaved,
  nextRuns,
  RECURRENCE_CAPS,
  recurrenceCap,
  scheduleFormSchema,
  scheduleSummary,
  SCHEDULE_MESSAGES,
  toEpochMs,
  toggleDayOfWeek,
  toSaved,
  validateSchedule,
  withAllowedRepeats,
  type Schedule,
} from '../../src/shared/rules/platform/schedule';

/** A local wall-clock time (month 1-12). */
const at = (year: number, month: number, day: number, hour = 0, minute = 0) => new Date(year, month - 1, day, hour, minute);
const NOW = at(2026, 1, 15, 8, 0);

/** Monthly on day 1 at 09:00 from 2026-01-15, no end. */
const base = (changes: Partial<Schedule> = {}): Schedule => ({ ...defaultSchedule(), startDate: at(2026, 1, 15).getTime(), ...changes });
const check = { now: NOW };
const runs = (schedule: Schedule, now = NOW, count?: number) => nextRuns(schedule, now, count).map((d) => d.getTime());
const times = (...dates: Date[]) => dates.map((d) => d.getTime());

describe('schedule defaults and reading (§3, §9.4)', () => {
  it('defaults to MONTHLY on day 1 at 09:00, every 1 month, never ending; starting on the first day whose 09:00 is ahead', () => {
    expect(defaultSchedule()).toEqual({ repeats: 'MONTHLY', repeatsEveryCount: 1, daysOfWeek: [], dayOfMonth: 1, scheduleInterval: null, startDate: null, runAtHour: 9, runAtMinute: 0, end: { type: 'NEVER', endDate: null, occurenceCount: null } });
    expect(defaultSchedule(at(2026, 1, 15, 8, 59)).startDate).toBe(at(2026, 1, 15).getTime());
    expect(defaultSchedule(at(2026, 1, 15, 9, 1)).startDate).toBe(at(2026, 1, 16).getTime());
    expect(validateSchedule(defaultSchedule(NOW), check)).toEqual({});
  });

  it('reads tolerantly: unknown repeats and fields kept raw, odd fields defaulted, dates and days normalised', () => {
    const read = fromSaved({ repeats: 'FORTNIGHTLY', repeatsEveryCount: '3', dayOfMonth: 'last', daysOfWeek: [1, 'wednesday', 'FRI', 'XYZ', 9, null, 'MON'], startDate: '2026-02-01T00:00:00Z', runAtHour: null, extra: { kept: true }, end: { type: 'SOMETIMES', occurrenceCount: 4, endDate: 1_790_000_000 } });
    expect(read).toMatchObject({ repeats: 'FORTNIGHTLY', repeatsEveryCount: 3, dayOfMonth: 0, daysOfWeek: ['MON', 'WED', 'FRI', 'XYZ'], startDate: Date.UTC(2026, 1, 1), runAtHour: 9, runAtMinute: 0, extra: { kept: true } });
    expect(read.end).toEqual({ type: 'SOMETIMES', occurrenceCount: 4, occurenceCount: 4, endDate: 1_790_000_000_000 });
    expect(fromSaved('nonsense')).toEqual(defaultSchedule());
    // Missing fields are defaulted one by one: the schedule's own type and time are kept.
    expect(fromSaved({ repeats: 'DAILY', runAtHour: 7 })).toEqual({ ...defaultSchedule(), repeats: 'DAILY', runAtHour: 7 });
    expect(fromSaved({ end: 'x' }).end).toEqual({ type: 'NEVER', endDate: null, occurenceCount: null });
    expect(nextRuns(read, NOW)).toEqual([]);
    expect(scheduleSummary(read)).toBe('Repeats FORTNIGHTLY');
    expect(scheduleSummary({ ...read, end: { ...read.end, type: 'AFTER' } })).toBe('Repeats FORTNIGHTLY, 4 times');
    expect('weekOfMonth' in read).toBe(false);
  });

  it('epoch ms, epoch seconds, ISO strings and Dates are instants; anything else is none', () => {
    expect(toEpochMs(1_790_000_000_000)).toBe(1_790_000_000_000);
    expect(toEpochMs(1_790_000_000)).toBe(1_790_000_000_000);
    expect(toEpochMs('1790000000')).toBe(1_790_000_000_000);
    expect(toEpochMs('2026-02-01T00:00:00.000Z')).toBe(Date.UTC(2026, 1, 1));
    expect(toEpochMs(new Date(5_000_000_000_000))).toBe(5_000_000_000_000);
    expect([toEpochMs('not a date'), toEpochMs(new Date(Number.NaN)), toEpochMs(''), toEpochMs(null), toEpochMs({})]).toEqual([null, null, null, null, null]);
  });
});

describe('schedule transitions (§4)', () => {
  it('changing the repeat type resets the count to 1; EVERY starts at 1 hour and leaving it clears the hours', () => {
    const monthly = base({ repeatsEveryCount: 6 });
    expect(changeRepeats(monthly, 'WEEKLY')).toMatchObject({ repeats: 'WEEKLY', repeatsEveryCount: 1, scheduleInterval: null });
    expect(changeRepeats(monthly, 'MONTHLY')).toBe(monthly);
    const every = changeRepeats(monthly, 'EVERY');
    expect(every).toMatchObject({ repeats: 'EVERY', repeatsEveryCount: 1, scheduleInterval: 1 });
    expect(changeRepeats({ ...every, scheduleInterval: 7 }, 'DAILY')).toMatchObject({ repeats: 'DAILY', repeatsEveryCount: 1, scheduleInterval: null });
  });

  it('end ON sets the end date one month from now; NEVER and AFTER clear it; AFTER starts at 1 occurrence', () => {
    const now = at(2026, 1, 31, 10, 30);
    const on = changeEndType(base(), 'ON', now);
    expect(on.end).toEqual({ type: 'ON', endDate: at(2026, 2, 28, 10, 30).getTime(), occurenceCount: null });
    expect(changeEndType(base(), 'ON', NOW).end.endDate).toBe(at(2026, 2, 15, 8, 0).getTime());
    expect(changeEndType(on, 'NEVER', now).end).toEqual({ type: 'NEVER', endDate: null, occurenceCount: null });
    expect(changeEndType(on, 'AFTER', now).end).toEqual({ type: 'AFTER', endDate: null, occurenceCount: 1 });
    const kept = base({ end: { type: 'ON', endDate: 1, occurenceCount: 8 } });
    expect(changeEndType(kept, 'AFTER', now).end).toEqual({ type: 'AFTER', endDate: null, occurenceCount: 8 });
    expect(changeEndType(on, 'ON', at(2030, 1, 1))).toBe(on);
  });

  it('EVERY is saved as HOURLY with its hours, and read back as EVERY', () => {
    const every = { ...changeRepeats(base(), 'EVERY'), scheduleInterval: 6 };
    const saved = toSaved(every);
    expect(saved).toMatchObject({ repeats: 'HOURLY', scheduleInterval: 6, repeatsEveryCount: 6 });
    expect(fromSaved(saved)).toEqual(every);
    const hourly = base({ repeats: 'HOURLY', repeatsEveryCount: 3 });
    expect(toSaved(hourly)).toBe(hourly);
    expect(fromSaved(hourly)).toMatchObject({ repeats: 'HOURLY', repeatsEveryCount: 3 });
    expect(nextRuns(saved, NOW)).toEqual(nextRuns(every, NOW));
  });

  it('days of week toggle in week order, keeping raw ones', () => {
    const weekly = base({ repeats: 'WEEKLY', daysOfWeek: ['XYZ', 'WED'] });
    expect(toggleDayOfWeek(weekly, 'MON').daysOfWeek).toEqual(['MON', 'WED', 'XYZ']);
    expect(toggleDayOfWeek(weekly, 'WED').daysOfWeek).toEqual(['XYZ']);
  });
});

describe('schedule validation (§5)', () => {
  it('caps the recurrence count per type (HOURLY 23, DAILY 31, WEEKLY 52, MONTHLY 12), at least 1, whole', () => {
    expect(RECURRENCE_CAPS).toEqual({ NEVER: 1, HOURLY: 23, DAILY: 31, WEEKLY: 52, MONTHLY: 12, WEEK_OF_MONTH: 12, EVERY: 1 });
    const count = (repeats: Schedule['repeats'], repeatsEveryCount: number, options = {}) => validateSchedule(base({ repeats, repeatsEveryCount, daysOfWeek: ['MON'] }), { ...check, ...options }).repeatsEveryCount;
    expect([count('MONTHLY', 12), count('HOURLY', 23), count('DAILY', 31), count('WEEKLY', 52)]).toEqual([undefined, undefined, undefined, undefined]);
    expect([count('MONTHLY', 13), count('HOURLY', 24), count('DAILY', 32), count('WEEKLY', 53)]).toEqual(['12 is the maximum', '23 is the maximum', '31 is the maximum', '52 is the maximum']);
    expect(count('MONTHLY', 0)).toBe('1 is the minimum');
    expect(count('MONTHLY', 1.5)).toBe(SCHEDULE_MESSAGES.wholeNumber);
    expect(count('NEVER', 99)).toBeUndefined();
    expect(count('DAILY', 6, { maxRecurrence: 5 })).toBe('5 is the maximum');
    expect(recurrenceCap('MONTHLY')).toBe(12);
    expect(recurrenceCap('WEEKLY', { maxRecurrence: 4 })).toBe(4);
    expect(recurrenceCap('WEEK_OF_MONTH')).toBe(12);
    expect(recurrenceCap('FORTNIGHTLY')).toBe(1);
  });

  it('locked repeats (ConnectWise product sync: MONTHLY only, §9.3)', () => {
    const locked = { lockedRepeats: ['MONTHLY'] as const, maxRecurrence: 12 };
    expect(allowedRepeats(locked)).toEqual(['MONTHLY']);
    expect(allowedRepeats()).toEqual(['NEVER', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'WEEK_OF_MONTH', 'EVERY']);
    expect(validateSchedule(base({ repeats: 'WEEK_OF_MONTH', weekOfMonth: 1, daysOfWeek: ['MON'] }), { ...check, ...locked }).repeats).toBe('Repeats must be Monthly');
    expect(validateSchedule(base({ repeats: 'DAILY' }), { ...check, ...locked }).repeats).toBe('Repeats must be Monthly');
    expect(validateSchedule(base(), { ...check, ...locked })).toEqual({});
    expect(withAllowedRepeats(base({ repeats: 'DAILY', repeatsEveryCount: 9 }), locked)).toMatchObject({ repeats: 'MONTHLY', repeatsEveryCount: 1 });
    const monthly = base();
    expect(withAllowedRepeats(monthly, locked)).toBe(monthly);
  });

  it('EVERY hours range 1-23', () => {
    const every = (scheduleInterval: number | null) => validateSchedule(base({ repeats: 'EVERY', scheduleInterval }), check).scheduleInterval;
    expect([every(1), every(23)]).toEqual([undefined, undefined]);
    expect([every(0), every(24), every(null)]).toEqual(['1 is the minimum', '23 is the maximum', 'Required']);
  });

  it("refuses a start date / time in the past: 'You can't select a date / time in the past'", () => {
    expect(SCHEDULE_MESSAGES.pastDate).toBe("You can't select a date / time in the past");
    const start = (day: Date, runAtHour = 9, extra = {}) => validateSchedule(base({ startDate: day.getTime(), runAtHour }), { ...check, ...extra }).startDate;
    expect(start(at(2026, 1, 14))).toBe(SCHEDULE_MESSAGES.pastDate);
    expect(start(at(2026, 1, 15), 7)).toBe(SCHEDULE_MESSAGES.pastDate);
    expect(start(at(2026, 1, 15), 8)).toBeUndefined();
    expect(start(at(2026, 1, 15), 9)).toBeUndefined();
    expect(start(at(2026, 1, 16), 0)).toBeUndefined();
    expect(start(at(2025, 6, 1), 9, { loadedStartDate: at(2025, 6, 1).getTime() })).toBeUndefined();
    expect(validateSchedule(base({ startDate: null }), check).startDate).toBeUndefined();
  });

  it('weekly needs at least one (known) day', () => {
    expect(validateSchedule(base({ repeats: 'WEEKLY', daysOfWeek: [] }), check).daysOfWeek).toBe('Choose at least one day of the week');
    expect(validateSchedule(base({ repeats: 'WEEKLY', daysOfWeek: ['XYZ'] }), check).daysOfWeek).toBe('Choose at least one day of the week');
    expect(validateSchedule(base({ repeats: 'WEEKLY', daysOfWeek: ['TUE'] }), check)).toEqual({});
    expect(validateSchedule(base({ repeats: 'DAILY', daysOfWeek: [] }), check)).toEqual({});
  });

  it('occurrences at least 1; day of month 1-31 or last; a valid run-at time; an ON end date not before the start', () => {
    const after = (occurenceCount: number | null) => validateSchedule(base({ end: { type: 'AFTER', endDate: null, occurenceCount } }), check)['end.occurenceCount'];
    expect([after(1), after(500)]).toEqual([undefined, undefined]);
    expect([after(0), after(null)]).toEqual(['1 is the minimum', 'Required']);
    const day = (dayOfMonth: number) => validateSchedule(base({ dayOfMonth }), check).dayOfMonth;
    expect([day(0), day(31), day(32), day(-1)]).toEqual([undefined, undefined, SCHEDULE_MESSAGES.dayOfMonth, SCHEDULE_MESSAGES.dayOfMonth]);
    expect(validateSchedule(base({ runAtHour: 24, runAtMinute: 60 }), check)).toEqual({ runAtHour: 'Choose an hour from 0 to 23', runAtMinute: 'Choose a minute from 0 to 59' });
    const on = (endDate: number | null) => validateSchedule(base({ end: { type: 'ON', endDate, occurenceCount: null } }), check)['end.endDate'];
    expect(on(null)).toBe('Required');
    expect(on(at(2026, 1, 14).getTime())).toBe('The end date must not be before the start date.');
    expect(on(at(2026, 1, 15, 8).getTime())).toBeUndefined();
  });

  it('the form schema reports the same problems at their paths', () => {
    const result = scheduleFormSchema(check).safeParse(base({ repeats: 'WEEKLY', end: { type: 'AFTER', endDate: null, occurenceCount: 0 } }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['daysOfWeek', 'Choose at least one day of the week'],
      ['end.occurenceCount', '1 is the minimum'],
    ]);
    expect(scheduleFormSchema(check).safeParse(base()).success).toBe(true);
  });
});

describe('next runs (§3)', () => {
  it('monthly on day 1 at 09:00: the next five, from now', () => {
    expect(runs(base())).toEqual(times(at(2026, 2, 1, 9), at(2026, 3, 1, 9), at(2026, 4, 1, 9), at(2026, 5, 1, 9), at(2026, 6, 1, 9)));
    expect(runs(base(), NOW, 2)).toHaveLength(2);
    expect(runs(base({ repeatsEveryCount: 3 }), NOW, 3)).toEqual(times(at(2026, 4, 1, 9), at(2026, 7, 1, 9), at(2026, 10, 1, 9)));
  });

  it('the last day of the month (0), and day 31 and 30 clamped to short months (Feb 28, leap Feb 29)', () => {
    expect(runs(base({ dayOfMonth: 0 }))).toEqual(times(at(2026, 1, 31, 9), at(2026, 2, 28, 9), at(2026, 3, 31, 9), at(2026, 4, 30, 9), at(2026, 5, 31, 9)));
    expect(runs(base({ dayOfMonth: 31 }), NOW, 4)).toEqual(times(at(2026, 1, 31, 9), at(2026, 2, 28, 9), at(2026, 3, 31, 9), at(2026, 4, 30, 9)));
    const leap = base({ dayOfMonth: 30, startDate: at(2028, 1, 1).getTime() });
    expect(runs(leap, at(2028, 1, 1), 3)).toEqual(times(at(2028, 1, 30, 9), at(2028, 2, 29, 9), at(2028, 3, 30, 9)));
  });

  it('the start date: nothing before it, and its month skipped when its day is past', () => {
    const future = base({ startDate: at(2026, 3, 2).getTime() });
    expect(runs(future, NOW, 2)).toEqual(times(at(2026, 4, 1, 9), at(2026, 5, 1, 9)));
    expect(runs(base({ dayOfMonth: 20 }), NOW, 1)).toEqual(times(at(2026, 1, 20, 9)));
  });

  it('AFTER counts every run since the start; ON ends on its day (inclusive)', () => {
    const started = base({ startDate: at(2025, 11, 1).getTime(), end: { type: 'AFTER', endDate: null, occurenceCount: 4 } });
    expect(runs(started)).toEqual(times(at(2026, 2, 1, 9)));
    expect(runs({ ...started, end: { ...started.end, occurenceCount: 3 } })).toEqual([]);
    expect(runs(base({ end: { type: 'AFTER', endDate: null, occurenceCount: 2 } }))).toEqual(times(at(2026, 2, 1, 9), at(2026, 3, 1, 9)));
    expect(runs(base({ end: { type: 'ON', endDate: at(2026, 3, 1, 0).getTime(), occurenceCount: null } }))).toEqual(times(at(2026, 2, 1, 9), at(2026, 3, 1, 9)));
    expect(runs(base({ end: { type: 'ON', endDate: at(2026, 2, 28, 23).getTime(), occurenceCount: null } }))).toEqual(times(at(2026, 2, 1, 9)));
  });

  it('weekly on the chosen days, every N weeks counted from the start week (weeks start on Sunday)', () => {
    const weekly = base({ repeats: 'WEEKLY', daysOfWeek: ['WED', 'MON'], runAtHour: 14, runAtMinute: 30 });
    expect(runs(weekly)).toEqual(times(at(2026, 1, 19, 14, 30), at(2026, 1, 21, 14, 30), at(2026, 1, 26, 14, 30), at(2026, 1, 28, 14, 30), at(2026, 2, 2, 14, 30)));
    expect(runs({ ...weekly, repeatsEveryCount: 2 })).toEqual(times(at(2026, 1, 26, 14, 30), at(2026, 1, 28, 14, 30), at(2026, 2, 9, 14, 30), at(2026, 2, 11, 14, 30), at(2026, 2, 23, 14, 30)));
    expect(runs({ ...weekly, daysOfWeek: ['THU'] }, NOW, 2)).toEqual(times(at(2026, 1, 15, 14, 30), at(2026, 1, 22, 14, 30)));
    expect(runs({ ...weekly, daysOfWeek: [] })).toEqual([]);
  });

  it('daily, hourly and EVERY intervals; NEVER runs once, whatever its (hidden) end', () => {
    expect(runs(base({ repeats: 'DAILY', repeatsEveryCount: 2 }))).toEqual(times(at(2026, 1, 15, 9), at(2026, 1, 17, 9), at(2026, 1, 19, 9), at(2026, 1, 21, 9), at(2026, 1, 23, 9)));
    const sixHours = times(at(2026, 1, 15, 9), at(2026, 1, 15, 15), at(2026, 1, 15, 21), at(2026, 1, 16, 3), at(2026, 1, 16, 9));
    expect(runs(base({ repeats: 'HOURLY', repeatsEveryCount: 6 }))).toEqual(sixHours);
    expect(runs(base({ repeats: 'EVERY', scheduleInterval: 6 }))).toEqual(sixHours);
    expect(runs(base({ repeats: 'HOURLY', startDate: at(2016, 1, 1).getTime() }), NOW, 1)).toEqual(times(at(2026, 1, 15, 8)));
    expect(runs(base({ repeats: 'NEVER', startDate: at(2026, 12, 1).getTime() }))).toEqual(times(at(2026, 12, 1, 9)));
    expect(runs(base({ repeats: 'NEVER', startDate: at(2026, 1, 1).getTime() }))).toEqual([]);
    const oneOffWithEnd = base({ repeats: 'NEVER', startDate: at(2026, 12, 1).getTime(), end: { type: 'ON', endDate: null, occurenceCount: null } });
    expect(runs({ ...oneOffWithEnd, end: { type: 'ON', endDate: at(2026, 6, 1).getTime(), occurenceCount: null } })).toEqual(times(at(2026, 12, 1, 9)));
    expect(validateSchedule(oneOffWithEnd, check)).toEqual({});
    expect(runs(base({ startDate: null }), NOW, 1)).toEqual(times(at(2026, 2, 1, 9)));
  });

  it('in a time zone: days and hours keep their wall-clock time across daylight saving', () => {
    const zone = 'America/New_York';
    const startDate = Date.UTC(2026, 2, 6, 12);
    const now = new Date(Date.UTC(2026, 2, 6, 12));
    const daily = nextRuns(base({ repeats: 'DAILY', startDate }), now, 3, zone).map((d) => d.toISOString());
    expect(daily).toEqual(['2026-03-06T14:00:00.000Z', '2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z']);
    const hourly = nextRuns(base({ repeats: 'EVERY', scheduleInterval: 12, startDate }), now, 5, zone).map((d) => d.toISOString());
    // 09:00 and 21:00 EST, then 09:00 EDT: the interval over the change is 11 hours.
    expect(hourly).toEqual(['2026-03-06T14:00:00.000Z', '2026-03-07T02:00:00.000Z', '2026-03-07T14:00:00.000Z', '2026-03-08T02:00:00.000Z', '2026-03-08T13:00:00.000Z']);
    expect(nextRuns(base({ startDate: Date.UTC(2026, 0, 15) }), new Date(Date.UTC(2026, 0, 15)), 1, 'UTC')[0]?.toISOString()).toBe('2026-02-01T09:00:00.000Z');
  });
});

describe('schedule summary', () => {
  it('reads as a sentence', () => {
    expect(scheduleSummary(base({ end: { type: 'AFTER', endDate: null, occurenceCount: 12 } }))).toBe('Monthly on day 1 at 09:00, 12 times');
    expect(scheduleSummary(base({ dayOfMonth: 0 }))).toBe('Monthly on the last day at 09:00');
    expect(scheduleSummary(base({ repeatsEveryCount: 3, dayOfMonth: 15 }))).toBe('Every 3 months on day 15 at 09:00');
    expect(scheduleSummary(base({ repeats: 'EVERY', scheduleInterval: 6 }))).toBe('Every 6 hours from 09:00');
    expect(scheduleSummary(base({ repeats: 'EVERY', scheduleInterval: 1 }))).toBe('Every hour from 09:00');
    expect(scheduleSummary(base({ repeats: 'HOURLY', repeatsEveryCount: 1 }))).toBe('Hourly from 09:00');
    expect(scheduleSummary(base({ repeats: 'HOURLY', repeatsEveryCount: 3, runAtHour: 0 }))).toBe('Every 3 hours from 00:00');
    expect(scheduleSummary(base({ dayOfMonth: 31 }))).toBe('Monthly on day 31 (the last day in shorter months) at 09:00');
    const wom = base({ repeats: 'WEEK_OF_MONTH', weekOfMonth: 0, daysOfWeek: ['FRI'] });
    expect(scheduleSummary(wom)).toBe('Monthly on the last Friday at 09:00');
    expect(scheduleSummary({ ...wom, weekOfMonth: 2, daysOfWeek: ['TUE', 'FRI'], repeatsEveryCount: 2, end: { type: 'AFTER', endDate: null, occurenceCount: 6 } })).toBe('Every 2 months on the second Tuesday at 09:00, 6 times');
    expect(scheduleSummary({ ...wom, daysOfWeek: [] })).toBe('Monthly in the last week at 09:00, no day chosen');
    expect(scheduleSummary({ ...wom, weekOfMonth: null })).toBe('Monthly at 09:00, no week chosen');
    expect(scheduleSummary(base({ repeats: 'DAILY', runAtHour: 7, runAtMinute: 5 }))).toBe('Daily at 07:05');
    expect(scheduleSummary(base({ repeats: 'DAILY', repeatsEveryCount: 2, end: { type: 'AFTER', endDate: null, occurenceCount: 1 } }))).toBe('Every 2 days at 09:00, once');
    const weekly = base({ repeats: 'WEEKLY', daysOfWeek: ['WED', 'MON'], runAtHour: 14, runAtMinute: 30, end: { type: 'ON', endDate: at(2027, 1, 31, 12).getTime(), occurenceCount: null } });
    expect(scheduleSummary(weekly)).toBe('Weekly on Mon, Wed at 14:30, until 2027-01-31');
    expect(scheduleSummary({ ...weekly, repeatsEveryCount: 2, daysOfWeek: [], end: { type: 'NEVER', endDate: null, occurenceCount: null } })).toBe('Every 2 weeks at 14:30, no day chosen');
    expect(scheduleSummary(base({ repeats: 'NEVER', startDate: at(2026, 12, 1).getTime(), end: { type: 'AFTER', endDate: null, occurenceCount: 3 } }))).toBe('Never repeats: once on 2026-12-01 at 09:00');
    expect(scheduleSummary(base({ repeats: 'NEVER', startDate: null }))).toBe('Never repeats: once at 09:00');
  });
});
