/** Presenting a cached read's failures: each failed read once, as it happens. */
import { useEffect, useRef } from 'react';
import { asApiError, type ApiError } from '../api-error';

/** Calls `onError` once for each failed read seen while mounted (a failure cached from before is not presented again). */
export function useErrorReport(error: unknown, errorUpdatedAt: number, onError: ((error: ApiError) => void) | undefined): void {
  const latest = useRef(onError);
  const seen = useRef(errorUpdatedAt);
  useEffect(() => {
    latest.current = onError;
  });
  useEffect(() => {
    if (error === null || error === undefined || errorUpdatedAt === seen.current) return;
    seen.current = errorUpdatedAt;
    latest.current?.(asApiError(error));
  }, [error, errorUpdatedAt]);
}
