/**
 * The ConnectWise product agreement sync schedule (spec/ticketing-automations-psa.md
 * §2.4 "Enabled toggle and a monthly schedule", §3.5, §9.3) against the shared
 * schedule editor's `Schedule` (shared/rules/platform/schedule.ts), pure.
 *
 * §3.5 keeps the schedule flat: dayOfMonth, repeats, runAtHour, runAtMinute,
 * startDate, endType, endDate, with `runCount` beside it. `runCount` is §9.3's
 * recurrence, "every N months", 1 to 12 (the demo documents it so), i.e. the
 * editor's `repeatsEveryCount`. Repeats is MONTHLY only (§9.3).
 *
 * The flat schedule has no occurrence count, so the editor's "Ends after N
 * runs" cannot be kept as such: it is saved as "Ends on" the day of the Nth
 * run (the same runs, and what a reload shows). A saved AFTER from another
 * client reads as AFTER with no count (the editor asks for one).
 */
import { startOfDay } from 'date-fns';
import {
  END_TYPES,
  defaultSchedule,
  nextRuns,
  toEpochMs,
  withAllowedRepeats,
  type EndType,
  type Repeats,
  type Schedule,
} from '../platform/schedule';
import { isKnownValue } from '../../model/platform/open-values';
import { PRODUCT_SYNC_MAX_RECURRENCE, PRODUCT_SYNC_REPEATS, type ProductAgreementSync } from '../../model/psa';

/** §9.3: what the editor is given (`lockedRepeats`, `maxRecurrence`). */
export const PRODUCT_SYNC_EDITOR_OPTIONS: { lockedRepeats: readonly Repeats[]; maxRecurrence: number } = {
  lockedRepeats: [PRODUCT_SYNC_REPEATS],
  maxRecurrence: PRODUCT_SYNC_MAX_RECURRENCE,
};

/** The product agreement sync as saved (the `psa.connectwise.saveProductAgreementSync` input). */
interface ProductAgreementSyncPayload {
  enabled: boolean;
  runCount: number;
  schedule: {
    dayOfMonth: number;
    repeats: typeof PRODUCT_SYNC_REPEATS;
    runAtHour: number;
    runAtMinute: number;
    startDate: number;
    endType: EndType;
    endDate: number | null;
  };
}

/** A whole number within [min, max]; `fallback` for anything that is not a finite number. */
function whole(value: number | null | undefined, min: number, max: number, fallback: number): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * §3.5 → the editor: runCount is the recurrence (clamped to 1..12), the end is
 * endType/endDate (an unknown or missing endType reads as ON when there is an
 * end date, else NEVER). No schedule at all: the editor's default (§9.4: day 1,
 * 09:00, from the first day that is not past).
 */
export function scheduleOfProductSync(sync: ProductAgreementSync, now: Date): Schedule {
  const saved = sync.schedule;
  const base = defaultSchedule(now);
  if (saved === null) return { ...base, repeatsEveryCount: whole(sync.runCount, 1, PRODUCT_SYNC_MAX_RECURRENCE, 1) };
  const endDate = toEpochMs(saved.endDate);
  const endType: string = saved.endType !== null && isKnownValue(END_TYPES, saved.endType) ? saved.endType : endDate !== null ? 'ON' : 'NEVER';
  const schedule: Schedule = {
    ...base,
    repeats: saved.repeats,
    repeatsEveryCount: whole(sync.runCount, 1, PRODUCT_SYNC_MAX_RECURRENCE, 1),
    dayOfMonth: whole(saved.dayOfMonth, 0, 31, 1),
    startDate: toEpochMs(saved.startDate),
    runAtHour: whole(saved.runAtHour, 0, 23, 0),
    runAtMinute: whole(saved.runAtMinute, 0, 59, 0),
    end: { type: endType, endDate: endType === 'ON' ? endDate : null, occurenceCount: null },
  };
  // §9.3: a schedule saved with another repeat type is shown (and saved) as MONTHLY; its count starts again at 1.
  return withAllowedRepeats(schedule, PRODUCT_SYNC_EDITOR_OPTIONS);
}

/** The day (its start, local time) of the schedule's Nth run counted from its start day; null when it has none. */
export function nthRunDay(schedule: Schedule, n: number, now: Date): number | null {
  const count = whole(n, 1, 10_000, 1);
  const from = startOfDay(schedule.startDate ?? now.getTime());
  const runs = nextRuns({ ...schedule, end: { type: 'NEVER', endDate: null, occurenceCount: null } }, from, count);
  const last = runs.length === count ? runs[count - 1] : undefined;
  return last === undefined ? null : startOfDay(last).getTime();
}

/**
 * The editor → §3.5, to save: MONTHLY, runCount = the recurrence (1..12), the
 * start day (today when none), and the end: NEVER and ON as they are, AFTER N
 * as ON the day of the Nth run. Checked with the editor's own
 * `validateSchedule` first: this only shapes what is valid.
 */
export function productSyncOfSchedule(enabled: boolean, schedule: Schedule, now: Date): ProductAgreementSyncPayload {
  const startDate = schedule.startDate ?? startOfDay(now).getTime();
  const { end } = schedule;
  let endType: EndType = 'NEVER';
  let endDate: number | null = null;
  if (end.type === 'ON' && end.endDate !== null) {
    endType = 'ON';
    endDate = end.endDate;
  } else if (end.type === 'AFTER') {
    const day = nthRunDay({ ...schedule, startDate }, end.occurenceCount ?? 1, now);
    if (day !== null) {
      endType = 'ON';
      endDate = Math.max(day, startDate);
    }
  }
  return {
    enabled,
    runCount: whole(schedule.repeatsEveryCount, 1, PRODUCT_SYNC_MAX_RECURRENCE, 1),
    schedule: {
      dayOfMonth: whole(schedule.dayOfMonth, 0, 31, 1),
      repeats: PRODUCT_SYNC_REPEATS,
      runAtHour: whole(schedule.runAtHour, 0, 23, 0),
      runAtMinute: whole(schedule.runAtMinute, 0, 59, 0),
      startDate,
      endType,
      endDate,
    },
  };
}

/** Said under the editor while "Ends after" is chosen: how it is kept (the flat schedule has no count). */
export function afterEndNote(schedule: Schedule, now: Date): string | null {
  if (schedule.end.type !== 'AFTER') return null;
  const day = nthRunDay(schedule, schedule.end.occurenceCount ?? 1, now);
  if (day === null) return null;
  const date = new Date(day);
  const shown = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `ConnectWise keeps an end date, not a number of runs: this is saved as ending on ${shown}, the day of the last run.`;
}
