/**
 * Polling with backoff (no React; `usePolled` wraps it): asks at once, then
 * again after `delay(unchanged)`, where `unchanged` counts the answers in a row
 * that looked the same (their `fingerprint`), so a job that makes no progress
 * is asked less and less often; a failed ask waits as if `errorBackoff` more
 * answers had been unchanged. Stops when `continueAfter` says so, or on `stop()`;
 * an answer that arrives after `stop()` is dropped.
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

export class Poller<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private live = false;
  private unchanged = 0;
  private last: string | null = null;

  constructor(private readonly options: PollerOptions<T>) {}

  start(): void {
    this.stop();
    this.live = true;
    this.unchanged = 0;
    this.last = null;
    void this.poll();
  }

  stop(): void {
    this.live = false;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async poll(): Promise<void> {
    const { load, onAnswer, onError, continueAfter, fingerprint, delay, errorBackoff = 3 } = this.options;
    let answer: T;
    try {
      answer = await load();
    } catch (error) {
      if (!this.live) return;
      onError(error);
      this.unchanged += 1;
      this.schedule(delay(this.unchanged + errorBackoff));
      return;
    }
    if (!this.live) return;
    onAnswer(answer);
    const print = fingerprint(answer);
    this.unchanged = print === this.last ? this.unchanged + 1 : 0;
    this.last = print;
    if (continueAfter(answer)) this.schedule(delay(this.unchanged));
    else this.live = false;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, ms);
  }
}
