/**
 * The schedule rules the scheduled task editor adds to those of the PSA sync schedule (help spec §4, §5, §9):
 * WEEK_OF_MONTH (its week 1-4 or 0 = last and its day of week), §9's INTERVAL read as EVERY, and the
 * payload the admin contract takes. The shared rules of every type are in schedule-rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { scheduleInputSchema } from '../../src/shared/rules/admin/scheduled-task';
import {
  changeEndType,
  changeRepeats,
  changeWeekOfMonthDay,
  defaultSchedule,
  fromSaved,
  REPEATS_LABELS,
  SCHEDULE_MESSAGES,
  toSaved,
  toSavedInput,
  validateSchedule,
  WEEK_OF_MONTH_LABELS,
  WEEKS_OF_MONTH,
  type Schedule,
} from '../../src/shared/rules/platform/schedule';

const at = (year: number, month: number, day: number, hour = 0, minute = 0) => new Date(year, month - 1, day, hour, minute);
const NOW = at(2026, 1, 15, 8, 0);
const check = { now: NOW };
const base = (changes: Partial<Schedule> = {}): Schedule => ({ ...defaultSchedule(), startDate: at(2026, 1, 15).getTime(), ...changes });
const lastFriday = (changes: Partial<Schedule> = {}) => base({ repeats: 'WEEK_OF_MONTH', weekOfMonth: 0, daysOfWeek: ['FRI'], ...changes });

describe('WEEK_OF_MONTH transitions (§4)', () => {
  it('choosing it resets the count to 1 and starts on the first week and one day (the first chosen, else Monday)', () => {
    expect(changeRepeats(base({ repeatsEveryCount: 5 }), 'WEEK_OF_MONTH')).toMatchObject({ repeats: 'WEEK_OF_MONTH', repeatsEveryCount: 1, weekOfMonth: 1, daysOfWeek: ['MON'] });
    const weekly = base({ repeats: 'WEEKLY', repeatsEveryCount: 3, daysOfWeek: ['WED', 'FRI'] });
    expect(changeRepeats(weekly, 'WEEK_OF_MONTH')).toMatchObject({ repeatsEveryCount: 1, weekOfMonth: 1, daysOfWeek: ['WED'] });
    // A week chosen before is kept when coming back.
    expect(changeRepeats(base({ repeats: 'DAILY', weekOfMonth: 0 }), 'WEEK_OF_MONTH').weekOfMonth).toBe(0);
    expect(changeRepeats(base({ weekOfMonth: 7 }), 'WEEK_OF_MONTH').weekOfMonth).toBe(1);
  });

  it('leaving it clears the week and resets the count; schedules that never had a week get none', () => {
    const left = changeRepeats(lastFriday({ repeatsEveryCount: 4 }), 'MONTHLY');
    expect(left).toMatchObject({ repeats: 'MONTHLY', repeatsEveryCount: 1, weekOfMonth: null });
    expect('weekOfMonth' in changeRepeats(base(), 'DAILY')).toBe(false);
  });

  it('its day of week replaces the list (daysOfWeek[0] is the day)', () => {
    expect(changeWeekOfMonthDay(lastFriday({ daysOfWeek: ['FRI', 'XYZ'] }), 'TUE').daysOfWeek).toEqual(['TUE']);
  });

  it('the end transitions apply as to every type', () => {
    const on = changeEndType(lastFriday(), 'ON', NOW);
    expect(on.end).toEqual({ type: 'ON', endDate: at(2026, 2, 15, 8).getTime(), occurenceCount: null });
    expect(changeEndType(on, 'AFTER', NOW).end).toEqual({ type: 'AFTER', endDate: null, occurenceCount: 1 });
    expect(changeEndType(on, 'NEVER', NOW).end.endDate).toBeNull();
  });

  it('offers First, Second, Third, Fourth and Last', () => {
    expect(WEEKS_OF_MONTH.map((week) => WEEK_OF_MONTH_LABELS[week])).toEqual(['First', 'Second', 'Third', 'Fourth', 'Last']);
    expect(REPEATS_LABELS.WEEK_OF_MONTH).toBe('Week of month');
  });
});

describe('WEEK_OF_MONTH validation (§5, §9)', () => {
  it('a valid last Friday has no problem', () => {
    expect(validateSchedule(lastFriday(), check)).toEqual({});
    expect(validateSchedule(lastFriday({ weekOfMonth: 4, repeatsEveryCount: 12 }), check)).toEqual({});
  });

  it('the week is 1-4 or 0 (last); a fifth, a missing or an odd week is refused', () => {
    const week = (weekOfMonth: number | null | undefined) => validateSchedule(lastFriday({ weekOfMonth }), check).weekOfMonth;
    expect([week(0), week(1), week(4)]).toEqual([undefined, undefined, undefined]);
    expect([week(5), week(-1), week(1.5), week(null), week(undefined)]).toEqual(Array(5).fill(SCHEDULE_MESSAGES.weekOfMonth));
    // Other types do not look at it.
    expect(validateSchedule(base({ weekOfMonth: 9 }), check)).toEqual({});
  });

  it('needs a known day of week', () => {
    expect(validateSchedule(lastFriday({ daysOfWeek: [] }), check).daysOfWeek).toBe(SCHEDULE_MESSAGES.dayOfWeek);
    expect(validateSchedule(lastFriday({ daysOfWeek: ['XYZ'] }), check).daysOfWeek).toBe(SCHEDULE_MESSAGES.dayOfWeek);
  });

  it('its count is capped at 12 months, at least 1; the start date is not in the past', () => {
    expect(validateSchedule(lastFriday({ repeatsEveryCount: 13 }), check).repeatsEveryCount).toBe('12 is the maximum');
    expect(validateSchedule(lastFriday({ repeatsEveryCount: 0 }), check).repeatsEveryCount).toBe('1 is the minimum');
    expect(validateSchedule(lastFriday({ repeatsEveryCount: 3 }), { ...check, maxRecurrence: 2 }).repeatsEveryCount).toBe('2 is the maximum');
    expect(validateSchedule(lastFriday({ startDate: at(2026, 1, 14).getTime() }), check).startDate).toBe("You can't select a date / time in the past");
  });
});

describe('reading and saving', () => {
  it('reads weekOfMonth tolerantly: numbers, numeric strings, LAST; odd values as none; absent stays absent', () => {
    expect(fromSaved({ repeats: 'WEEK_OF_MONTH', weekOfMonth: 2, daysOfWeek: ['FRIDAY'] })).toMatchObject({ repeats: 'WEEK_OF_MONTH', weekOfMonth: 2, daysOfWeek: ['FRI'] });
    expect(fromSaved({ repeats: 'WEEK_OF_MONTH', weekOfMonth: '3' }).weekOfMonth).toBe(3);
    expect(fromSaved({ repeats: 'WEEK_OF_MONTH', weekOfMonth: 'last' }).weekOfMonth).toBe(0);
    expect(fromSaved({ repeats: 'WEEK_OF_MONTH', weekOfMonth: 'x' }).weekOfMonth).toBeNull();
    expect('weekOfMonth' in fromSaved({ repeats: 'MONTHLY' })).toBe(false);
  });

  it("§9's INTERVAL reads as EVERY with its hours, saved as HOURLY like any EVERY", () => {
    const interval = fromSaved({ repeats: 'INTERVAL', scheduleInterval: 4 });
    expect(interval).toMatchObject({ repeats: 'EVERY', scheduleInterval: 4, repeatsEveryCount: 1 });
    expect(fromSaved({ repeats: 'INTERVAL', repeatsEveryCount: 6 })).toMatchObject({ repeats: 'EVERY', scheduleInterval: 6, repeatsEveryCount: 1 });
    expect(toSaved(interval)).toMatchObject({ repeats: 'HOURLY', scheduleInterval: 4, repeatsEveryCount: 4 });
  });

  it('toSavedInput sends only the contract’s fields, and the contract accepts it for every type', () => {
    const read = fromSaved({ ...lastFriday(), serverOnly: 'x', end: { type: 'AFTER', endDate: null, occurenceCount: 3, extra: 1 } });
    const input = toSavedInput(read);
    expect(input).not.toHaveProperty('serverOnly');
    expect(input.end).toEqual({ type: 'AFTER', endDate: null, occurenceCount: 3 });
    expect(input.weekOfMonth).toBe(0);
    expect(scheduleInputSchema.safeParse(input).success).toBe(true);
    expect('weekOfMonth' in toSavedInput(base())).toBe(false);
    for (const repeats of ['NEVER', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'WEEK_OF_MONTH', 'EVERY']) {
      const schedule = changeRepeats({ ...base(), daysOfWeek: ['MON'] }, repeats);
      expect(scheduleInputSchema.safeParse(toSavedInput(schedule)).error, repeats).toBeUndefined();
    }
    expect(toSavedInput({ ...changeRepeats(base(), 'EVERY'), scheduleInterval: 9 })).toMatchObject({ repeats: 'HOURLY', scheduleInterval: 9, repeatsEveryCount: 9 });
  });
});
