/**
 * Which bandwidth window is in force, and when that changes next: weekday
 * windows, windows across midnight and across Sunday to Monday, the first
 * window winning an overlap, and both daylight saving changes of a year (in
 * Europe/Berlin: the clock skips 02:00–03:00 on 29 March 2026 and repeats
 * 02:00–03:00 on 25 October 2026).
 */
import { describe, expect, it } from 'vitest';
import {
  activeWindow,
  bandwidthAt,
  bandwidthWindowsSchema,
  BANDWIDTH_WINDOW_MESSAGES,
  BANDWIDTH_WINDOWS_MAX,
  daysLabel,
  nextChange,
  rateLabel,
  validateWindows,
  type BandwidthWindow,
} from '../../src/shared/rules/downloads/bandwidth-windows';
import { onMachineClockIn } from '../helpers/time-zone';

onMachineClockIn('Europe/Berlin');

/** A local wall-clock time in Europe/Berlin (month 1-12). */
const local = (y: number, month: number, d: number, h: number, m = 0) => new Date(y, month - 1, d, h, m);

const workHours: BandwidthWindow = { id: 'work', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], start: { hour: 8, minute: 0 }, end: { hour: 18, minute: 0 }, limitKBps: 20 * 1024 };
const fridayNight: BandwidthWindow = { id: 'night', days: ['FRI'], start: { hour: 22, minute: 0 }, end: { hour: 6, minute: 0 }, limitKBps: 1024 };
const sundayNight: BandwidthWindow = { id: 'sunday', days: ['SUN'], start: { hour: 23, minute: 0 }, end: { hour: 2, minute: 0 }, limitKBps: 512 };

// 2026-11-27 is a Friday.
describe('activeWindow', () => {
  it('finds a weekday window and falls back to none outside it', () => {
    expect(activeWindow([workHours], local(2026, 11, 25, 9))?.id).toBe('work'); // Wednesday
    expect(activeWindow([workHours], local(2026, 11, 25, 8, 0))?.id).toBe('work'); // the start is inside
    expect(activeWindow([workHours], local(2026, 11, 25, 18, 0))).toBeNull(); // the end is not
    expect(activeWindow([workHours], local(2026, 11, 25, 7, 59))).toBeNull();
    expect(activeWindow([workHours], local(2026, 11, 28, 9))).toBeNull(); // Saturday
  });

  it('runs a window across midnight into the next day', () => {
    expect(activeWindow([fridayNight], local(2026, 11, 27, 23))?.id).toBe('night'); // Friday 23:00
    expect(activeWindow([fridayNight], local(2026, 11, 28, 3))?.id).toBe('night'); // Saturday 03:00
    expect(activeWindow([fridayNight], local(2026, 11, 28, 7))).toBeNull(); // Saturday 07:00
    expect(activeWindow([fridayNight], local(2026, 11, 27, 3))).toBeNull(); // Friday 03:00 belongs to Thursday
    expect(activeWindow([fridayNight], local(2026, 11, 28, 23))).toBeNull(); // Saturday evening
  });

  it('wraps from Sunday to Monday', () => {
    expect(activeWindow([sundayNight], local(2026, 11, 29, 23, 30))?.id).toBe('sunday');
    expect(activeWindow([sundayNight], local(2026, 11, 30, 1, 59))?.id).toBe('sunday'); // Monday
    expect(activeWindow([sundayNight], local(2026, 11, 30, 2, 0))).toBeNull();
  });

  it('lets the first window in the list win an overlap', () => {
    const wholeFriday: BandwidthWindow = { id: 'friday', days: ['FRI'], start: { hour: 0, minute: 0 }, end: { hour: 23, minute: 59 }, limitKBps: 0 };
    expect(activeWindow([wholeFriday, workHours], local(2026, 11, 27, 9))?.id).toBe('friday');
    expect(activeWindow([workHours, wholeFriday], local(2026, 11, 27, 9))?.id).toBe('work');
  });

  it('keeps to the wall clock on the day the clock skips an hour', () => {
    const early: BandwidthWindow = { id: 'early', days: ['SUN'], start: { hour: 2, minute: 30 }, end: { hour: 5, minute: 0 }, limitKBps: 100 };
    const morning: BandwidthWindow = { ...workHours, id: 'morning', days: ['SUN'] };
    // 01:59 CET, then the next minute is 03:00 CEST: a start in the skipped hour begins as the clock passes it.
    expect(activeWindow([early], local(2026, 3, 29, 1, 59))).toBeNull();
    const afterJump = new Date(local(2026, 3, 29, 1, 59).getTime() + 60_000);
    expect(afterJump.getHours()).toBe(3);
    expect(activeWindow([early], afterJump)?.id).toBe('early');
    // 08:00 is 08:00 after the change too.
    expect(activeWindow([morning], local(2026, 3, 29, 8))?.id).toBe('morning');
    expect(activeWindow([morning], local(2026, 3, 29, 7, 59))).toBeNull();
  });

  it('keeps to the wall clock on the day the clock repeats an hour', () => {
    const night: BandwidthWindow = { id: 'night', days: ['SAT'], start: { hour: 22, minute: 0 }, end: { hour: 6, minute: 0 }, limitKBps: 100 };
    const first = local(2026, 10, 25, 2, 30); // 02:30 CEST
    const second = new Date(first.getTime() + 60 * 60_000); // 02:30 CET, an hour later
    expect(second.getHours()).toBe(2);
    expect(activeWindow([night], first)?.id).toBe('night');
    expect(activeWindow([night], second)?.id).toBe('night');
    expect(activeWindow([night], local(2026, 10, 25, 6))).toBeNull();
  });
});

describe('nextChange', () => {
  it('is the end of the window in force, or the start of the next one', () => {
    expect(nextChange([workHours], local(2026, 11, 25, 9))).toEqual(local(2026, 11, 25, 18));
    expect(nextChange([workHours], local(2026, 11, 25, 19))).toEqual(local(2026, 11, 26, 8));
    // Friday evening: the next start is on Monday.
    expect(nextChange([workHours], local(2026, 11, 27, 18, 30))).toEqual(local(2026, 11, 30, 8));
    expect(nextChange([fridayNight], local(2026, 11, 28, 3))).toEqual(local(2026, 11, 28, 6));
  });

  it('skips boundaries where nothing changes (back-to-back windows with the same id continue)', () => {
    const everyNight: BandwidthWindow = { ...fridayNight, id: 'nights', days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'], start: { hour: 18, minute: 0 }, end: { hour: 8, minute: 0 } };
    expect(nextChange([workHours, everyNight], local(2026, 11, 25, 9))).toEqual(local(2026, 11, 25, 18));
    expect(nextChange([workHours, everyNight], local(2026, 11, 25, 19))).toEqual(local(2026, 11, 26, 8));
  });

  it('is null without windows', () => {
    expect(nextChange([], local(2026, 11, 25, 9))).toBeNull();
  });

  it('finds the instant the clock passes a skipped start, and 08:00 after a change of time', () => {
    const early: BandwidthWindow = { id: 'early', days: ['SUN'], start: { hour: 2, minute: 30 }, end: { hour: 5, minute: 0 }, limitKBps: 100 };
    const change = nextChange([early], local(2026, 3, 29, 1))!;
    expect(change.getTime()).toBe(local(2026, 3, 29, 1, 59).getTime() + 60_000); // 03:00 CEST
    expect(nextChange([{ ...workHours, days: ['SUN'] }], local(2026, 3, 29, 1))).toEqual(local(2026, 3, 29, 8));
    // Across the autumn change: 6 h of wall clock from 01:00 to 06:00 are 6 real hours.
    const night: BandwidthWindow = { id: 'night', days: ['SAT'], start: { hour: 22, minute: 0 }, end: { hour: 6, minute: 0 }, limitKBps: 100 };
    const end = nextChange([night], local(2026, 10, 25, 1))!;
    expect(end).toEqual(local(2026, 10, 25, 6));
    expect(end.getTime() - local(2026, 10, 25, 1).getTime()).toBe(6 * 60 * 60_000);
  });
});

describe('bandwidthAt', () => {
  it('says which window is in force, its limit and until when', () => {
    expect(bandwidthAt([workHours], 0, local(2026, 11, 25, 9))).toEqual({
      activeWindowId: 'work',
      limitKBps: 20 * 1024,
      label: 'Weekdays 08:00–18:00: 20 MB/s',
      until: local(2026, 11, 25, 18).toISOString(),
    });
    expect(bandwidthAt([workHours], 0, local(2026, 11, 28, 9))).toMatchObject({ activeWindowId: null, limitKBps: 0, label: 'Outside windows: unlimited' });
    expect(bandwidthAt([], 512, local(2026, 11, 28, 9))).toEqual({ activeWindowId: null, limitKBps: 512, label: 'No windows: 512 KB/s', until: null });
  });

  it('labels days and rates', () => {
    expect(daysLabel(['SAT', 'SUN'])).toBe('Weekends');
    expect(daysLabel(['SUN', 'MON', 'WED'])).toBe('Mon, Wed, Sun');
    expect(rateLabel(1536)).toBe('1.5 MB/s');
  });
});

describe('validateWindows', () => {
  it('names what is wrong with each window', () => {
    const odd: BandwidthWindow = { id: 'odd', days: [], start: { hour: 8, minute: 0 }, end: { hour: 8, minute: 0 }, limitKBps: -1 };
    expect(validateWindows([workHours, odd])).toEqual({
      list: [],
      byIndex: { 1: [BANDWIDTH_WINDOW_MESSAGES.noDays, BANDWIDTH_WINDOW_MESSAGES.sameTimes, BANDWIDTH_WINDOW_MESSAGES.limit] },
    });
    // A window with problems never applies.
    expect(activeWindow([{ ...workHours, limitKBps: -1 }], local(2026, 11, 25, 9))).toBeNull();
  });

  it('refuses in the contract what the rules refuse, and too many windows', () => {
    expect(bandwidthWindowsSchema.safeParse([workHours, fridayNight]).success).toBe(true);
    expect(bandwidthWindowsSchema.safeParse([{ ...workHours, days: [] }]).success).toBe(false);
    expect(bandwidthWindowsSchema.safeParse([workHours, workHours]).success).toBe(false);
    expect(bandwidthWindowsSchema.safeParse([{ ...workHours, extra: 1 }]).success).toBe(false);
    const many = Array.from({ length: BANDWIDTH_WINDOWS_MAX + 1 }, (_, i) => ({ ...workHours, id: `w${i}` }));
    expect(bandwidthWindowsSchema.safeParse(many).success).toBe(false);
  });
});
