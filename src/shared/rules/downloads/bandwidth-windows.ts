/**
 * Bandwidth windows: a download speed limit for some hours of some days of the
 * week (e.g. 20 MiB/s on weekdays 08:00–18:00); outside every window the
 * general limit applies.
 *
 * Everything is the machine's local wall-clock time, so a change of daylight
 * saving time needs no special case: 08:00 is 08:00 on both sides of it. A
 * window that starts in the hour skipped in spring begins when the clock
 * passes its start (03:00 for 02:30); in the hour repeated in autumn the wall
 * clock decides, so a window that covers that hour covers both of its passes.
 *
 * A window whose end is not after its start runs across midnight and belongs
 * to the day it starts: Fri 22:00–06:00 covers Friday 22:00 to Saturday 06:00.
 * When windows overlap, the first in the list wins.
 */
import { z } from 'zod';
import { DAY_LABELS, DAYS_OF_WEEK, type DayOfWeek } from '../platform/schedule-model';
import { pad2 } from '../platform/schedule-calendar';

export const BANDWIDTH_WINDOWS_MAX = 20;
/** The same bound as the general limit (KiB/s). */
export const BANDWIDTH_LIMIT_MAX_KBPS = 10_000_000;

export interface TimeOfDay {
  hour: number;
  minute: number;
}

export interface BandwidthWindow {
  id: string;
  days: DayOfWeek[];
  start: TimeOfDay;
  end: TimeOfDay;
  /** KiB/s; 0 = unlimited. */
  limitKBps: number;
}

export const BANDWIDTH_WINDOW_MESSAGES = {
  noDays: 'Choose at least one day.',
  sameTimes: 'The window must end at another time than it starts.',
  limit: `The limit must be a whole number from 0 (unlimited) to ${BANDWIDTH_LIMIT_MAX_KBPS.toLocaleString('en-US')} KB/s.`,
  tooMany: `At most ${BANDWIDTH_WINDOWS_MAX} bandwidth windows.`,
} as const;

const timeOfDaySchema = z.strictObject({ hour: z.number().int().min(0).max(23), minute: z.number().int().min(0).max(59) });

/** One window as the renderer sends it (the contract) and as settings.json keeps it. */
export const bandwidthWindowSchema = z.strictObject({
  id: z.string().trim().min(1).max(64),
  days: z.array(z.enum(DAYS_OF_WEEK)).max(7),
  start: timeOfDaySchema,
  end: timeOfDaySchema,
  limitKBps: z.number(),
});

/** What is wrong with one window (empty when nothing). */
export function windowProblems(window: BandwidthWindow): string[] {
  const problems: string[] = [];
  if (window.days.length === 0) problems.push(BANDWIDTH_WINDOW_MESSAGES.noDays);
  if (minutesOf(window.start) === minutesOf(window.end)) problems.push(BANDWIDTH_WINDOW_MESSAGES.sameTimes);
  if (!Number.isInteger(window.limitKBps) || window.limitKBps < 0 || window.limitKBps > BANDWIDTH_LIMIT_MAX_KBPS) problems.push(BANDWIDTH_WINDOW_MESSAGES.limit);
  return problems;
}

/** The problems of a list of windows, by index (only windows with problems), and of the list itself. */
export function validateWindows(windows: readonly BandwidthWindow[]): { list: string[]; byIndex: Record<number, string[]> } {
  const byIndex: Record<number, string[]> = {};
  windows.forEach((window, index) => {
    const problems = windowProblems(window);
    if (problems.length > 0) byIndex[index] = problems;
  });
  return { list: windows.length > BANDWIDTH_WINDOWS_MAX ? [BANDWIDTH_WINDOW_MESSAGES.tooMany] : [], byIndex };
}

/** The whole list as the contract takes it: strict shapes, then the rules above. */
export const bandwidthWindowsSchema = z
  .array(bandwidthWindowSchema)
  .max(BANDWIDTH_WINDOWS_MAX, BANDWIDTH_WINDOW_MESSAGES.tooMany)
  .superRefine((windows, ctx) => {
    const { byIndex } = validateWindows(windows);
    for (const [index, problems] of Object.entries(byIndex)) for (const message of problems) ctx.addIssue({ code: 'custom', path: [Number(index)], message });
    if (new Set(windows.map((w) => w.id)).size !== windows.length) ctx.addIssue({ code: 'custom', message: 'Each window needs its own id.' });
  });

const minutesOf = (time: TimeOfDay) => time.hour * 60 + time.minute;
const dayOf = (at: Date): DayOfWeek => DAYS_OF_WEEK[at.getDay()]!;
const dayBefore = (day: DayOfWeek): DayOfWeek => DAYS_OF_WEEK[(DAYS_OF_WEEK.indexOf(day) + 6) % 7]!;

/** Whether `at` (local wall clock) falls in `window`. */
export function inWindow(window: BandwidthWindow, at: Date): boolean {
  const now = at.getHours() * 60 + at.getMinutes() + at.getSeconds() / 60 + at.getMilliseconds() / 60_000;
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  const today = dayOf(at);
  if (end > start) return window.days.includes(today) && now >= start && now < end;
  // Across midnight: the evening of a chosen day, or the morning after one.
  return (window.days.includes(today) && now >= start) || (window.days.includes(dayBefore(today)) && now < end);
}

/** The window in force at `at` (the first in the list that covers it), or null: the general limit applies. */
export function activeWindow<W extends BandwidthWindow>(windows: readonly W[], at: Date): W | null {
  return windows.find((window) => windowProblems(window).length === 0 && inWindow(window, at)) ?? null;
}

/**
 * The first instant of local day `date` (+`addDays`) whose wall clock reads
 * `time` or later: `time` itself, or, when the clock skipped it (spring), the
 * end of the skipped hour.
 */
function wallInstant(date: Date, addDays: number, time: TimeOfDay): Date {
  const candidate = new Date(date.getFullYear(), date.getMonth(), date.getDate() + addDays, time.hour, time.minute);
  if (candidate.getHours() === time.hour && candidate.getMinutes() === time.minute) return candidate;
  // The time does not exist that day: the Date moved past the gap; step back to where the gap ends.
  let at = candidate.getTime();
  const wanted = minutesOf(time);
  for (let i = 0; i < 180; i++) {
    const earlier = new Date(at - 60_000);
    if (earlier.getDate() !== candidate.getDate() || earlier.getHours() * 60 + earlier.getMinutes() < wanted) break;
    at = earlier.getTime();
  }
  return new Date(at);
}

/**
 * The next instant after `at` at which the window in force changes (another
 * window, or none), or null when it never does within a week (no windows, or
 * one that covers all the time).
 */
export function nextChange(windows: readonly BandwidthWindow[], at: Date): Date | null {
  const valid = windows.filter((window) => windowProblems(window).length === 0);
  if (valid.length === 0) return null;
  const candidates: number[] = [];
  for (let day = 0; day <= 8; day++) {
    for (const window of valid) {
      for (const time of [window.start, window.end]) {
        const instant = wallInstant(at, day, time).getTime();
        if (instant > at.getTime()) candidates.push(instant);
      }
    }
  }
  candidates.sort((a, b) => a - b);
  const current = activeWindow(valid, at)?.id ?? null;
  for (const candidate of candidates) {
    const date = new Date(candidate);
    if ((activeWindow(valid, date)?.id ?? null) !== current) return date;
  }
  return null;
}

export const timeLabel = (time: TimeOfDay) => `${pad2(time.hour)}:${pad2(time.minute)}`;

const WEEKDAYS: readonly DayOfWeek[] = ['MON', 'TUE', 'WED', 'THU', 'FRI'];

/** "Every day", "Weekdays", "Weekends", or the days in week order ("Mon, Wed, Fri"). */
export function daysLabel(days: readonly DayOfWeek[]): string {
  const set = new Set(days);
  if (set.size === 7) return 'Every day';
  if (set.size === 5 && WEEKDAYS.every((d) => set.has(d))) return 'Weekdays';
  if (set.size === 2 && set.has('SAT') && set.has('SUN')) return 'Weekends';
  const ordered = [...DAYS_OF_WEEK.slice(1), 'SUN' as const].filter((d) => set.has(d));
  return ordered.length > 0 ? ordered.map((d) => DAY_LABELS[d]).join(', ') : 'No days';
}

/** "20 MB/s", "512 KB/s", "unlimited" (the panel's units: KB = KiB). */
export function rateLabel(limitKBps: number): string {
  if (limitKBps <= 0) return 'unlimited';
  if (limitKBps < 1024) return `${limitKBps} KB/s`;
  const mb = limitKBps / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB/s`;
}

/** "Weekdays 08:00–18:00". */
export function windowLabel(window: BandwidthWindow): string {
  return `${daysLabel(window.days)} ${timeLabel(window.start)}–${timeLabel(window.end)}`;
}

/** The speed limit in force: which window (or none), the limit, a label, and until when. */
export interface BandwidthNow {
  activeWindowId: string | null;
  limitKBps: number;
  /** "Weekdays 08:00–18:00: 20 MB/s" or "Outside windows: unlimited". */
  label: string;
  /** When the limit changes next (ISO), or null. */
  until: string | null;
}

/** What applies at `at`: the first window covering it, else the general limit (`otherwiseKBps`). */
export function bandwidthAt(windows: readonly BandwidthWindow[], otherwiseKBps: number, at: Date): BandwidthNow {
  const active = activeWindow(windows, at);
  const limitKBps = active ? active.limitKBps : Math.max(0, otherwiseKBps);
  const change = nextChange(windows, at);
  return {
    activeWindowId: active?.id ?? null,
    limitKBps,
    label: active ? `${windowLabel(active)}: ${rateLabel(limitKBps)}` : `${windows.length > 0 ? 'Outside windows' : 'No windows'}: ${rateLabel(limitKBps)}`,
    until: change ? change.toISOString() : null,
  };
}
