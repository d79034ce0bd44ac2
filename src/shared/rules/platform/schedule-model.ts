/**
 * The schedule's types, constants, labels and messages (help spec §3
 * "Schedule (editor)", §5, §9 schedule types), without logic: shared by the
 * rules (schedule.ts), the run computation (schedule-runs.ts) and the editor.
 * Import them from schedule.ts, which re-exports this file.
 */
import type { OpenValue } from '../../model/platform/open-values';
import { INPUT_MESSAGES } from './inputs';
import { REQUIRED_MESSAGE } from './messages';

/**
 * §3 and §9. WEEK_OF_MONTH (§9) runs on one day of the week in one week of the
 * month ("the last Friday"). §9's INTERVAL is the editor's EVERY (read as such
 * by fromSaved).
 */
export const REPEATS = ['NEVER', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'WEEK_OF_MONTH', 'EVERY'] as const;
export type Repeats = (typeof REPEATS)[number];
export const END_TYPES = ['NEVER', 'AFTER', 'ON'] as const;
export type EndType = (typeof END_TYPES)[number];
export const DAYS_OF_WEEK = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** §3: dayOfMonth 0 is the month's last day. */
export const LAST_DAY_OF_MONTH = 0;
/** §9: weekOfMonth 0 is the month's last such day. */
export const LAST_WEEK_OF_MONTH = 0;
/** The weeks an editor offers, in the order shown: first to fourth, then the last. */
export const WEEKS_OF_MONTH = [1, 2, 3, 4, LAST_WEEK_OF_MONTH] as const;
/** §5, §9: EVERY runs every 1-23 hours. */
export const EVERY_HOURS = { min: 1, max: 23 } as const;
/**
 * §5: the recurrence count (repeatsEveryCount) is capped per type. HOURLY 23
 * is §9's "Hourly repeat 1-23" and MONTHLY 12 is §9.3's. The spec does not give
 * DAILY 31 (a month of days), WEEKLY 52 (a year of weeks) or WEEK_OF_MONTH 12
 * (a year, as MONTHLY): these are the console's choices. NEVER runs once and
 * EVERY uses scheduleInterval, so both keep the count at 1.
 */
export const RECURRENCE_CAPS: Readonly<Record<Repeats, number>> = { NEVER: 1, HOURLY: 23, DAILY: 31, WEEKLY: 52, MONTHLY: 12, WEEK_OF_MONTH: 12, EVERY: 1 };

export const REPEATS_LABELS: Readonly<Record<Repeats, string>> = {
  NEVER: 'Never',
  HOURLY: 'Hourly',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  WEEK_OF_MONTH: 'Week of month',
  EVERY: 'Every',
};
export const END_TYPE_LABELS: Readonly<Record<EndType, string>> = { NEVER: 'Never', AFTER: 'After', ON: 'On' };
export const DAY_LABELS: Readonly<Record<DayOfWeek, string>> = { SUN: 'Sun', MON: 'Mon', TUE: 'Tue', WED: 'Wed', THU: 'Thu', FRI: 'Fri', SAT: 'Sat' };
export const DAY_NAMES: Readonly<Record<DayOfWeek, string>> = { SUN: 'Sunday', MON: 'Monday', TUE: 'Tuesday', WED: 'Wednesday', THU: 'Thursday', FRI: 'Friday', SAT: 'Saturday' };
/** The week select's words (and, lower-cased, the summary's: "on the last Friday"). */
export const WEEK_OF_MONTH_LABELS: Readonly<Record<number, string>> = { 1: 'First', 2: 'Second', 3: 'Third', 4: 'Fourth', 5: 'Fifth', [LAST_WEEK_OF_MONTH]: 'Last' };
/** The unit a recurrence count counts, singular and plural ("every 3 months"). */
export const RECURRENCE_UNITS: Readonly<Partial<Record<Repeats, readonly [string, string]>>> = {
  HOURLY: ['hour', 'hours'],
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  WEEK_OF_MONTH: ['month', 'months'],
  EVERY: ['hour', 'hours'],
};

/** §5. The range messages are the stepper's own words, so a field and its stepper say the same thing. */
export const SCHEDULE_MESSAGES = {
  pastDate: "You can't select a date / time in the past",
  weeklyNeedsDay: 'Choose at least one day of the week',
  dayOfWeek: 'Choose a day of the week',
  weekOfMonth: 'Choose the first to fourth week, or the last',
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
  /** WEEKLY's days; WEEK_OF_MONTH runs on the first of them (daysOfWeek[0]). */
  daysOfWeek: Array<OpenValue<DayOfWeek>>;
  /** 1-31, or 0 for the last day; 31 in a shorter month is that month's last day. */
  dayOfMonth: number;
  /** WEEK_OF_MONTH's week: 1-4, or 0 for the last (absent on schedules that never had one). */
  weekOfMonth?: number | null;
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

export type ScheduleField =
  | 'repeats'
  | 'repeatsEveryCount'
  | 'scheduleInterval'
  | 'daysOfWeek'
  | 'dayOfMonth'
  | 'weekOfMonth'
  | 'startDate'
  | 'runAtHour'
  | 'runAtMinute'
  | 'end.endDate'
  | 'end.occurenceCount';
