import { STATUS_OF, type ErrorCode } from '@agentdesk/contract/error-codes';
import type { TFieldError } from '@agentdesk/contract/envelope';

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

  /** A 422 for a page cursor that names no row of this list (a client error, not an empty page). */
  static unknownCursor(): AppError {
    const message = 'Unknown cursor; start from the first page';
    return new AppError('VALIDATION_FAILED', `cursor: ${message}`, [{ path: 'cursor', message }]);
  }

  /** A 409 naming the field that clashes. */
  static conflict(path: string, message: string): AppError {
    return new AppError('CONFLICT', message, [{ path, message }]);
  }
}
