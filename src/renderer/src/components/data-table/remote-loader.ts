/**
 * A remote table's loading (help spec §4 "Tables": fetch, then data, page
 * count and total count; errors show a message; stale responses are
 * ignored), pure of React: a request waits TABLE.remoteFetchDelayMs for the
 * page, sort or filters to settle (each new one restarts the wait), and an
 * answer to any request but the latest is dropped.
 */
import { TABLE } from './table-rules';

export interface RemotePage<T> {
  data: T[];
  pageCount: number;
  totalCount: number;
}

export interface RemoteState<T> {
  loading: boolean;
  data: T[];
  pageCount: number;
  totalCount: number;
  error: boolean;
  errorMessage: string | null;
}

const EMPTY_REMOTE_STATE: RemoteState<never> = { loading: false, data: [], pageCount: 0, totalCount: 0, error: false, errorMessage: null };

export class RemoteLoader<Q, T> {
  private sequence = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private current: RemoteState<T> = EMPTY_REMOTE_STATE;

  constructor(
    private readonly fetch: (query: Q) => Promise<RemotePage<T>>,
    private readonly onChange: (state: RemoteState<T>) => void,
    private readonly messageOf: (error: unknown) => string,
    private readonly delayMs: number = TABLE.remoteFetchDelayMs,
  ) {}

  get state(): RemoteState<T> {
    return this.current;
  }

  /** Asks for `query` once it has been the latest for the fetch delay. */
  request(query: Q): void {
    const sequence = ++this.sequence;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.set({ ...this.current, loading: true });
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fetch(query).then(
        (page) => {
          if (sequence !== this.sequence) return;
          this.set({ loading: false, data: page.data, pageCount: page.pageCount, totalCount: page.totalCount, error: false, errorMessage: null });
        },
        (error: unknown) => {
          if (sequence !== this.sequence) return;
          // §4: on a failed fetch the table shows empty data and the message.
          this.set({ ...EMPTY_REMOTE_STATE, error: true, errorMessage: this.messageOf(error) });
        },
      );
    }, this.delayMs);
  }

  dispose(): void {
    this.sequence++;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private set(state: RemoteState<T>): void {
    this.current = state;
    this.onChange(state);
  }
}
