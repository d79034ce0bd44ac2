/**
 * The download manager's bandwidth schedule with an injected clock: the rate
 * of the shared limiter follows the window in force, one timer re-applies it
 * exactly when the window changes (never more than an hour ahead), and a
 * write waiting for its share wakes up to a new rate.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BandwidthNow, BandwidthWindow } from '../../src/shared/rules/downloads/bandwidth-windows';
import { BandwidthSchedule } from '../../src/main/services/downloads/download-bandwidth';
import { RateLimiter } from '../../src/main/services/platform/files/part-file';
import { onMachineClockIn } from '../helpers/time-zone';

onMachineClockIn('Europe/Berlin');
afterEach(() => {
  vi.useRealTimers();
});

const workHours: BandwidthWindow = { id: 'work', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], start: { hour: 8, minute: 0 }, end: { hour: 18, minute: 0 }, limitKBps: 20 * 1024 };

describe('BandwidthSchedule', () => {
  it('sets the window’s rate, then the general one when the window ends, by one timer at that instant', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 25, 17, 59)); // Wednesday 17:59 local
    const limiter = new RateLimiter();
    const changes: BandwidthNow[] = [];
    const settings = { downloadLimitKBps: 0, bandwidthWindows: [workHours] };
    const schedule = new BandwidthSchedule({ limiter, settings: () => settings, now: () => Date.now(), onChange: (now) => changes.push(now) });
    schedule.apply();
    expect(limiter.rate).toBe(20 * 1024 * 1024);
    expect(schedule.now()).toMatchObject({ activeWindowId: 'work', until: new Date(2026, 10, 25, 18).toISOString() });

    vi.advanceTimersByTime(59_999);
    expect(limiter.rate).toBe(20 * 1024 * 1024);
    vi.advanceTimersByTime(1);
    expect(limiter.rate).toBe(0);
    expect(changes.at(-1)).toMatchObject({ activeWindowId: null, label: 'Outside windows: unlimited', until: new Date(2026, 10, 26, 8).toISOString() });

    // The next change is 14 hours away: the timer looks again after an hour, changing nothing.
    const before = changes.length;
    vi.advanceTimersByTime(60 * 60_000);
    expect(changes).toHaveLength(before);
    vi.advanceTimersByTime(13 * 60 * 60_000);
    expect(limiter.rate).toBe(20 * 1024 * 1024);
    schedule.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wakes a write waiting for its share when the rate changes', async () => {
    const limiter = new RateLimiter(1024); // 1 KiB/s from an empty bucket: 64 KiB would wait about a minute
    const started = Date.now();
    const waiting = limiter.take(64 * 1024);
    setTimeout(() => limiter.setRate(0), 20);
    await waiting;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
