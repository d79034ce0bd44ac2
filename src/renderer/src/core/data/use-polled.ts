/** A call polled with backoff while `load` is set (see `Poller`); `restart` asks again at once (a new job, a cancel). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { Poller, type PollerOptions } from './poller';

interface Polled<T> {
  data: T | null;
  /** The last ask failed (cleared by the next answer). */
  error: ApiError | null;
  restart: () => void;
}

export function usePolled<T>(load: (() => Promise<T>) | null, options: Pick<PollerOptions<T>, 'continueAfter' | 'fingerprint' | 'delay' | 'errorBackoff'>): Polled<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [generation, setGeneration] = useState(0);
  const latest = useRef({ load, options });
  useEffect(() => {
    latest.current = { load, options };
  });
  const enabled = load !== null;

  useEffect(() => {
    if (!enabled) return;
    const poller = new Poller<T>({
      load: () => latest.current.load!(),
      onAnswer: (answer) => {
        setData(answer);
        setError(null);
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure : new ApiError('INTERNAL', 'Something went wrong in the console.')),
      continueAfter: (answer) => latest.current.options.continueAfter(answer),
      fingerprint: (answer) => latest.current.options.fingerprint(answer),
      delay: (unchanged) => latest.current.options.delay(unchanged),
      errorBackoff: latest.current.options.errorBackoff,
    });
    poller.start();
    return () => poller.stop();
  }, [enabled, generation]);

  const restart = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, restart };
}
