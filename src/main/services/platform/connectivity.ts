/**
 * Whether the API can be reached. Any call that fails with OFFLINE flips the
 * console offline; from then a light probe runs until the server answers
 * again. Every change is an event, so the renderer can show or hide its banner.
 */
import type { ConnectivityState } from '../../../shared/model/platform/connectivity';
import { AppError } from '../../../shared/errors';
import type { EventBus } from './events';

interface ConnectivityOptions {
  events: EventBus;
  /** Resolves when the server answers (any answer other than a network failure). */
  probe: () => Promise<void>;
  probeIntervalMs?: number;
  now?: () => number;
}

export class Connectivity {
  private current: ConnectivityState;
  private timer: NodeJS.Timeout | null = null;
  private probing = false;
  private readonly now: () => number;

  constructor(private readonly options: ConnectivityOptions) {
    this.now = options.now ?? Date.now;
    this.current = { online: true, since: this.now() };
  }

  state(): ConnectivityState {
    return { ...this.current };
  }

  get online(): boolean {
    return this.current.online;
  }

  /** A call reached the server. */
  reportReachable(): void {
    if (this.current.online) return;
    this.set({ online: true, since: this.now() });
    this.stopProbe();
  }

  /** A call failed; only network failures count as offline. Returns whether it was one. */
  reportFailure(error: unknown): boolean {
    if (!(error instanceof AppError) || error.code !== 'OFFLINE') return false;
    if (this.current.online) this.set({ online: false, since: this.now(), message: error.message });
    this.startProbe();
    return true;
  }

  private set(state: ConnectivityState): void {
    this.current = state;
    this.options.events.emit('connectivity.changed', this.state());
  }

  private startProbe(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.probeOnce(), this.options.probeIntervalMs ?? 3_000);
    this.timer.unref?.();
  }

  private stopProbe(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async probeOnce(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      await this.options.probe();
      this.reportReachable();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'OFFLINE')) this.reportReachable();
    } finally {
      this.probing = false;
    }
  }

  dispose(): void {
    this.stopProbe();
  }
}
