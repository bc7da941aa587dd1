import { ERROR_CODES, STATUS_OF, type ErrorCode } from '@agentdesk/contract/error-codes';

/**
 * The meaning of each code. A `Record` over the contract's codes, so a code added to the
 * contract does not type-check until it is documented here; its status is the contract's.
 */
const ERROR_CODE_MEANINGS: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request cannot be handled as sent (the message says why).',
  MALFORMED_JSON: 'The body is not valid JSON.',
  UNSUPPORTED_MEDIA_TYPE: 'Send bodies as Content-Type: application/json.',
  VALIDATION_FAILED: 'A field is missing or wrong: errors[] names each field (path) and what to fix.',
  UNAUTHENTICATED: 'No API key, or a malformed, unknown or revoked one. Do not retry with the same key.',
  INVALID_CREDENTIALS: 'Wrong sign-in details (dashboard sign-in only).',
  WRONG_PASSWORD: 'The current password is wrong (dashboard only).',
  INVALID_CODE: 'A one-time code is wrong or expired (dashboard only).',
  INVALID_RESET_TOKEN: 'A password-reset link is wrong or expired (dashboard only).',
  WRONG_PIN: 'The transaction PIN is wrong: nothing was charged (dashboard only; API keys are never asked for it).',
  PIN_NOT_SET: 'Choose a transaction PIN before the first purchase (dashboard only).',
  PIN_LOCKED: 'Too many wrong PINs: purchases are paused until the time in Retry-After (dashboard only).',
  FORBIDDEN: 'The key is valid but may not do this, e.g. it is used from an address outside its IP allow-list.',
  ACCOUNT_SUSPENDED:
    'The provider has suspended this account: no sign-in, API key or purchase until it is reactivated.',
  NOT_FOUND: 'Nothing with this id or requestId belongs to your account.',
  CONFLICT: 'The request clashes with what exists, e.g. a requestId already used for a different purchase.',
  INSUFFICIENT_FUNDS: 'The wallet balance is below the price: nothing was charged.',
  PAYLOAD_TOO_LARGE: 'The body is too large.',
  RATE_LIMITED: 'Too many requests: wait the seconds in the Retry-After header.',
  SERVICE_UNAVAILABLE:
    'The provider could not be reached (e.g. a meter lookup). Retry later; purchases keep their requestId.',
  INTERNAL: 'Our fault. Retry a purchase with the same requestId, or check its status: it is never charged twice.',
};

export interface ErrorCodeRow {
  code: ErrorCode;
  status: number;
  meaning: string;
}

/** One row per code of the contract, in the contract's order. */
export function errorCodeRows(): ErrorCodeRow[] {
  return ERROR_CODES.map((code) => ({ code, status: STATUS_OF[code], meaning: ERROR_CODE_MEANINGS[code] }));
}
