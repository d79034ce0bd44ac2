/**
 * A contract read for a screen, through the shared cache (`cache.ts`): read whenever its input changes, the
 * last answer kept while a new one loads, one request for every screen asking the same thing at once, and read
 * again after a write that changes its channel. A null input reads nothing.
 */
import { keepPreviousData, useQuery as useTanstackQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CallChannel, CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../api';
import { asApiError, type ApiError } from '../api-error';
import { useErrorReport } from './error-report';
import { callKey } from './cache';

export interface QueryResult<C extends CallChannel> {
  data: CallOutput<C> | undefined;
  /** The error of the latest finished request, if it failed (none while it is asked again). */
  error: ApiError | undefined;
  /** The answer for the current input is being read (a kept answer may show meanwhile). */
  loading: boolean;
  reload: () => void;
}

export function useQuery<C extends CallChannel>(
  channel: C,
  input: CallInput<C> | null,
  onError?: (error: ApiError) => void,
): QueryResult<C> {
  const enabled = input !== null;
  const query = useTanstackQuery({
    queryKey: enabled ? callKey(channel, input) : [channel, '(nothing asked)'],
    queryFn: () => api.call(channel, input as CallInput<C>),
    enabled,
    placeholderData: keepPreviousData,
  });
  useErrorReport(query.error, query.errorUpdatedAt, onError);
  const { refetch } = query;
  // A refetch would ask even with no input: reloading nothing does nothing.
  const reload = useCallback(() => {
    if (enabled) void refetch();
  }, [enabled, refetch]);
  const loading = enabled && (query.isFetching || query.isPending);
  return {
    data: query.data as CallOutput<C> | undefined,
    error: query.isFetching || query.error === null ? undefined : asApiError(query.error),
    loading,
    reload,
  };
}
