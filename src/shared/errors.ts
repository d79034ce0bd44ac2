/**
 * Typed errors that cross the renderer/main boundary. Every failure a handler
 * produces is turned into `{ code, message }`; the message is shown to the
 * technician as is, so it must never contain secrets or raw server payloads.
 */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'UNKNOWN_CHANNEL',
  'NOT_SIGNED_IN',
  'SESSION_EXPIRED',
  'SIGN_IN_FAILED',
  'KEYCHAIN_UNAVAILABLE',
  'FORBIDDEN',
  'NOT_FOUND',
  'OFFLINE',
  'SERVER_ERROR',
  'BAD_RESPONSE',
  /** A redirect the console does not follow with credentials (another origin, or https to http). */
  'REDIRECT_REFUSED',
  /** An https certificate the console does not trust (unknown authority, expired, another name). */
  'UNTRUSTED_CERTIFICATE',
  'NOT_AVAILABLE_OFFLINE',
  'CONFLICT',
  'CANCELED',
  'UNAVAILABLE',
  'DISK_FULL',
  'IO_ERROR',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

interface AppErrorShape {
  code: ErrorCode;
  message: string;
}

export class AppError extends Error implements AppErrorShape {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
  }

  toJSON(): AppErrorShape {
    return { code: this.code, message: this.message };
  }
}

/** The envelope every call returns over either transport. */
export type CallResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };
