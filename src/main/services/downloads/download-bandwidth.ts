/**
 * The speed limit in force for all downloads together: the bandwidth window
 * of this moment (shared/rules/downloads/bandwidth-windows.ts) or the general
 * limit, set on the one limiter every running download writes through, so a
 * change of window changes their speed without restarting them.
 *
 * One timer waits for the next change of window. It never waits more than an
 * hour: a change of the clock or a machine that slept makes the instant
 * computed before wrong, and the next look corrects it.
 */
import { bandwidthAt, type BandwidthNow, type BandwidthWindow } from '../../../shared/rules/downloads/bandwidth-windows';
import type { RateLimiter } from '../platform/files/part-file';

const LONGEST_WAIT_MS = 60 * 60 * 1000;

interface BandwidthScheduleOptions {
  limiter: RateLimiter;
  settings: () => { downloadLimitKBps: number; bandwidthWindows?: readonly BandwidthWindow[] };
  now: () => number;
  /** The limit in force changed (another window, another limit). */
  onChange(now: BandwidthNow): void;
}

export class BandwidthSchedule {
  private timer: NodeJS.Timeout | null = null;
  private current: BandwidthNow;
  private disposed = false;

  constructor(private readonly options: BandwidthScheduleOptions) {
    this.current = this.compute();
  }

  /** What applies now. */
  now(): BandwidthNow {
    return this.current;
  }

  /** Reads the settings and the clock again: sets the limiter's rate and waits for the next change. */
  apply(): void {
    if (this.disposed) return;
    const previous = this.current;
    this.current = this.compute();
    this.options.limiter.setRate(this.current.limitKBps * 1024);
    this.schedule();
    if (previous.activeWindowId !== this.current.activeWindowId || previous.limitKBps !== this.current.limitKBps || previous.label !== this.current.label || previous.until !== this.current.until) {
      this.options.onChange(this.current);
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private compute(): BandwidthNow {
    const settings = this.options.settings();
    return bandwidthAt(settings.bandwidthWindows ?? [], settings.downloadLimitKBps, new Date(this.options.now()));
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const windows = this.options.settings().bandwidthWindows ?? [];
    if (windows.length === 0) return;
    const until = this.current.until === null ? Infinity : Date.parse(this.current.until) - this.options.now();
    this.timer = setTimeout(() => this.apply(), Math.max(0, Math.min(LONGEST_WAIT_MS, until)));
    // Waiting for the next window never keeps the process alive.
    this.timer.unref?.();
  }
}
