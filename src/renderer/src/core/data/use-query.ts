/**
 * The data hooks' query: runs a contract call whenever its input changes and keeps the last answer
 * while a new one loads. Stale answers (from an older input) are dropped.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CallChannel, CallInput, CallOutput } from '../../../../shared/contract';
import { api, ApiError } from '../api';

interface QueryState<C extends CallChannel> {
  key: string | null;
  data?: CallOutput<C>;
  error?: ApiError;
}

export interface QueryResult<C extends CallChannel> {
  data: CallOutput<C> | undefined;
  /** The error of the latest finished request, if it failed. */
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

export function useQuery<C extends CallChannel>(
  channel: C,
  input: CallInput<C> | null,
  onError?: (error: ApiError) => void,
): QueryResult<C> {
  const [generation, setGeneration] = useState(0);
  const key = input === null ? null : JSON.stringify([channel, input, generation]);
  const [state, setState] = useState<QueryState<C>>({ key: null });

  useEffect(() => {
    if (key === null) return;
    let live = true;
    const [, parsedInput] = JSON.parse(key) as [C, CallInput<C>];
    api.call(channel, parsedInput).then(
      (data) => {
        if (live) setState({ key, data });
      },
      (error: unknown) => {
        if (!live) return;
        const apiError = error instanceof ApiError ? error : new ApiError('INTERNAL', 'Something went wrong in the console.');
        setState((previous) => ({ key, data: previous.data, error: apiError }));
        onError?.(apiError);
      },
    );
    return () => {
      live = false;
    };
    // onError is a callback for reporting only; a new identity must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, channel]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data: state.data, error: state.key === key ? state.error : undefined, loading: key !== null && state.key !== key, reload };
}
