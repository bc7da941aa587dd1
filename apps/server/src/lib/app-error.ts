import type { ErrorCode } from '@agentdesk/contract/error-codes';
import type { TFieldError } from '@agentdesk/contract/envelope';

/** The one code → HTTP status map. */
export const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  WRONG_PASSWORD: 400,
  INVALID_CODE: 400,
  INVALID_RESET_TOKEN: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_FUNDS: 402,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/**
 * The one error type services throw. The error handler turns it into the error envelope
 * `{ message, code, errors? }` with the status of its code.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: TFieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_OF[this.code];
  }

  /** A 409 naming the field that clashes. */
  static conflict(path: string, message: string): AppError {
    return new AppError('CONFLICT', message, [{ path, message }]);
  }
}
