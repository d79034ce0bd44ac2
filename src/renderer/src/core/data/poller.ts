/**
 * Polling with backoff. `PollSchedule` says how long to wait before asking
 * again: `delay(unchanged)`, where `unchanged` counts the answers in a row that
 * looked the same (their `fingerprint`), so a job that makes no progress is
 * asked less and less often; a failed ask waits as if `errorBackoff` more
 * answers had been unchanged. `Poller` (no React) asks at once, then on that
 * schedule, and stops when `continueAfter` says so, or on `stop()`; an answer
 * that arrives after `stop()` is dropped. `usePolled` polls a screen's call on
 * the same schedule through the shared cache.
 */
export interface PollerOptions<T> {
  load: () => Promise<T>;
  onAnswer: (answer: T) => void;
  onError: (error: unknown) => void;
  /** Whether to keep asking after this answer. */
  continueAfter: (answer: T) => boolean;
  fingerprint: (answer: T) => string;
  delay: (unchanged: number) => number;
  errorBackoff?: number;
}

export class PollSchedule {
  private unchanged = 0;
  private last: string | null = null;

  constructor(
    private readonly delay: (unchanged: number) => number,
    private readonly errorBackoff = 3,
  ) {}

  /** After an answer with this fingerprint: the wait before the next ask. */
  answered(fingerprint: string): number {
    this.unchanged = fingerprint === this.last ? this.unchanged + 1 : 0;
    this.last = fingerprint;
    return this.delay(this.unchanged);
  }

  /** After a failed ask: the (longer) wait before the next. */
  failed(): number {
    this.unchanged += 1;
    return this.delay(this.unchanged + this.errorBackoff);
  }
}

export class Poller<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private live = false;
  private schedule: PollSchedule;

  constructor(private readonly options: PollerOptions<T>) {
    this.schedule = new PollSchedule(options.delay, options.errorBackoff);
  }

  start(): void {
    this.stop();
    this.live = true;
    this.schedule = new PollSchedule(this.options.delay, this.options.errorBackoff);
    void this.poll();
  }

  stop(): void {
    this.live = false;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async poll(): Promise<void> {
    const { load, onAnswer, onError, continueAfter, fingerprint } = this.options;
    let answer: T;
    try {
      answer = await load();
    } catch (error) {
      if (!this.live) return;
      onError(error);
      this.wait(this.schedule.failed());
      return;
    }
    if (!this.live) return;
    onAnswer(answer);
    const wait = this.schedule.answered(fingerprint(answer));
    if (continueAfter(answer)) this.wait(wait);
    else this.live = false;
  }

  private wait(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, ms);
  }
}
