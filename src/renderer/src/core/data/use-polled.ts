/**
 * A call polled with backoff while `load` is set, through the shared cache (`PollSchedule` says when to ask
 * again; polling stops once `continueAfter` says so). `restart` asks again at once and starts the backoff over
 * (a new job, a cancel); the last answer stays shown meanwhile.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { asApiError, type ApiError } from '../api-error';
import { PollSchedule, type PollerOptions } from './poller';

interface Polled<T> {
  data: T | null;
  /** The last ask failed (cleared by the next answer). */
  error: ApiError | null;
  restart: () => void;
}

type PolledOptions<T> = Pick<PollerOptions<T>, 'continueAfter' | 'fingerprint' | 'delay' | 'errorBackoff'>;

export function usePolled<T>(load: (() => Promise<T>) | null, options: PolledOptions<T>): Polled<T> {
  const id = useId();
  const [generation, setGeneration] = useState(0);
  const latest = useRef({ load, options });
  useEffect(() => {
    latest.current = { load, options };
  });
  // When to ask next, after the latest answer (or failure) of this generation.
  const next = useRef<{ generation: number; schedule: PollSchedule; wait: number | false } | null>(null);
  const scheduleOf = (of: number) => {
    if (next.current?.generation !== of) {
      const { delay, errorBackoff } = latest.current.options;
      next.current = { generation: of, schedule: new PollSchedule(delay, errorBackoff), wait: false };
    }
    return next.current;
  };

  const query = useQuery({
    queryKey: ['polled', id, generation],
    enabled: load !== null,
    // Each generation is asked afresh; nothing of it is kept once the screen is gone.
    gcTime: 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<T> => {
      const state = scheduleOf(generation);
      try {
        const answer = await latest.current.load!();
        const { continueAfter, fingerprint } = latest.current.options;
        const wait = state.schedule.answered(fingerprint(answer));
        state.wait = continueAfter(answer) ? wait : false;
        return answer;
      } catch (error) {
        state.wait = state.schedule.failed();
        throw error;
      }
    },
    refetchInterval: () => (next.current?.generation === generation ? next.current.wait : false),
    refetchIntervalInBackground: true,
  });

  const restart = useCallback(() => setGeneration((g) => g + 1), []);
  return { data: query.data ?? null, error: query.error === null ? null : asApiError(query.error), restart };
}
