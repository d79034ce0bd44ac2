/** The ConnectWise product agreement sync schedule (spec §3.5, §9.3) against the shared schedule editor's Schedule. */
import { describe, expect, it } from 'vitest';
import type { ProductAgreementSync } from '../../src/shared/model/psa';
import { afterEndNote, nthRunDay, PRODUCT_SYNC_EDITOR_OPTIONS, productSyncOfSchedule, scheduleOfProductSync } from '../../src/shared/rules/psa/product-sync-schedule';
import { validateSchedule, type Schedule } from '../../src/shared/rules/platform/schedule';

const now = new Date(2026, 10, 27, 8, 40);
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();

const saved = (over: Partial<ProductAgreementSync> = {}, schedule: Partial<NonNullable<ProductAgreementSync['schedule']>> = {}): ProductAgreementSync => ({
  enabled: true,
  runCount: 3,
  schedule: { dayOfMonth: 15, repeats: 'MONTHLY', runAtHour: 7, runAtMinute: 30, startDate: day(2026, 12, 1), endType: 'NEVER', endDate: null, ...schedule },
  ...over,
});

describe('scheduleOfProductSync', () => {
  it('reads the flat §3.5 schedule: runCount is the recurrence, the end is endType/endDate', () => {
    const schedule = scheduleOfProductSync(saved(), now);
    expect(schedule).toMatchObject({
      repeats: 'MONTHLY',
      repeatsEveryCount: 3,
      dayOfMonth: 15,
      runAtHour: 7,
      runAtMinute: 30,
      startDate: day(2026, 12, 1),
      end: { type: 'NEVER', endDate: null, occurenceCount: null },
    });
    expect(validateSchedule(schedule, { ...PRODUCT_SYNC_EDITOR_OPTIONS, now, loadedStartDate: schedule.startDate })).toEqual({});
  });

  it('clamps runCount to 1..12 (§9.3) and reads a missing one as 1', () => {
    expect(scheduleOfProductSync(saved({ runCount: 40 }), now).repeatsEveryCount).toBe(12);
    expect(scheduleOfProductSync(saved({ runCount: 0 }), now).repeatsEveryCount).toBe(1);
    expect(scheduleOfProductSync(saved({ runCount: null }), now).repeatsEveryCount).toBe(1);
  });

  it('reads ON with its end date, ISO dates, and an unknown end type by whether there is an end date', () => {
    expect(scheduleOfProductSync(saved({}, { endType: 'ON', endDate: day(2027, 6, 1) }), now).end).toEqual({ type: 'ON', endDate: day(2027, 6, 1), occurenceCount: null });
    expect(scheduleOfProductSync(saved({}, { startDate: '2026-12-01T00:00:00.000Z' }), now).startDate).toBe(Date.UTC(2026, 11, 1));
    expect(scheduleOfProductSync(saved({}, { endType: 'SOMETIME', endDate: day(2027, 6, 1) }), now).end.type).toBe('ON');
    expect(scheduleOfProductSync(saved({}, { endType: null, endDate: null }), now).end.type).toBe('NEVER');
  });

  it('shows another repeat type as MONTHLY (§9.3) and no schedule as the default (day 1, 09:00)', () => {
    const weekly = scheduleOfProductSync(saved({}, { repeats: 'WEEKLY' }), now);
    expect(weekly.repeats).toBe('MONTHLY');
    expect(weekly.repeatsEveryCount).toBe(1);
    const none = scheduleOfProductSync(saved({ schedule: null, runCount: 2 }), now);
    expect(none).toMatchObject({ repeats: 'MONTHLY', repeatsEveryCount: 2, dayOfMonth: 1, runAtHour: 9, runAtMinute: 0, end: { type: 'NEVER' } });
    expect(none.startDate).toBe(day(2026, 11, 27)); // 09:00 is not past at 08:40
  });
});

describe('productSyncOfSchedule', () => {
  const base = (): Schedule => scheduleOfProductSync(saved(), now);

  it('writes the flat schedule back unchanged (round trip)', () => {
    expect(productSyncOfSchedule(true, base(), now)).toEqual({
      enabled: true,
      runCount: 3,
      schedule: { dayOfMonth: 15, repeats: 'MONTHLY', runAtHour: 7, runAtMinute: 30, startDate: day(2026, 12, 1), endType: 'NEVER', endDate: null },
    });
    const on = scheduleOfProductSync(saved({}, { endType: 'ON', endDate: day(2027, 6, 1) }), now);
    expect(productSyncOfSchedule(false, on, now)).toMatchObject({ enabled: false, schedule: { endType: 'ON', endDate: day(2027, 6, 1) } });
  });

  it('keeps the recurrence within 1..12 and the start today when none was chosen', () => {
    expect(productSyncOfSchedule(true, { ...base(), repeatsEveryCount: 13 }, now).runCount).toBe(12);
    expect(productSyncOfSchedule(true, { ...base(), startDate: null }, now).schedule.startDate).toBe(day(2026, 11, 27));
  });

  it('saves "after N runs" as ending on the day of the Nth run (every 3 months on the 15th from Dec 1: Dec 15, Mar 15, Jun 15)', () => {
    const after: Schedule = { ...base(), end: { type: 'AFTER', endDate: null, occurenceCount: 3 } };
    expect(nthRunDay(after, 3, now)).toBe(day(2027, 6, 15));
    expect(productSyncOfSchedule(true, after, now).schedule).toMatchObject({ endType: 'ON', endDate: day(2027, 6, 15) });
    expect(afterEndNote(after, now)).toBe('ConnectWise keeps an end date, not a number of runs: this is saved as ending on 2027-06-15, the day of the last run.');
    expect(afterEndNote(base(), now)).toBeNull();
  });

  it('counts the last day of the month (dayOfMonth 0) and a first run on the start day', () => {
    const last: Schedule = { ...base(), dayOfMonth: 0, repeatsEveryCount: 1, startDate: day(2027, 1, 31) };
    expect(nthRunDay(last, 1, now)).toBe(day(2027, 1, 31));
    expect(nthRunDay(last, 2, now)).toBe(day(2027, 2, 28));
  });
});
