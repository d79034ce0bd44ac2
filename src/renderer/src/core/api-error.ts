/** A contract call's failure as the renderer sees it: `{ code, message }` (`api.call` throws it). */
import type { ErrorCode } from '../../../shared/errors';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Any failure as an ApiError (one that is not is the console's own). */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('INTERNAL', 'Something went wrong in the console.');
}
