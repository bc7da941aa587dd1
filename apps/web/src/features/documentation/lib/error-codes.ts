import { ERROR_CODES, type ErrorCode } from '@agentdesk/contract/error-codes';

/**
 * The HTTP status and meaning of each code. A `Record` over the contract's codes, so a code
 * added to the contract does not type-check until it is documented here; the statuses are
 * checked against the server's one map (`STATUS_OF`) by this folder's test.
 */
const ERROR_CODE_DOCS: Record<ErrorCode, { status: number; meaning: string }> = {
  BAD_REQUEST: { status: 400, meaning: 'The request cannot be handled as sent (the message says why).' },
  MALFORMED_JSON: { status: 400, meaning: 'The body is not valid JSON.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'Send bodies as Content-Type: application/json.' },
  VALIDATION_FAILED: {
    status: 422,
    meaning: 'A field is missing or wrong: errors[] names each field (path) and what to fix.',
  },
  UNAUTHENTICATED: {
    status: 401,
    meaning: 'No API key, or a malformed, unknown or revoked one. Do not retry with the same key.',
  },
  INVALID_CREDENTIALS: { status: 401, meaning: 'Wrong sign-in details (dashboard sign-in only).' },
  WRONG_PASSWORD: { status: 400, meaning: 'The current password is wrong (dashboard only).' },
  INVALID_CODE: { status: 400, meaning: 'A one-time code is wrong or expired (dashboard only).' },
  INVALID_RESET_TOKEN: { status: 400, meaning: 'A password-reset link is wrong or expired (dashboard only).' },
  FORBIDDEN: {
    status: 403,
    meaning: 'The key is valid but may not do this, e.g. it is used from an address outside its IP allow-list.',
  },
  NOT_FOUND: { status: 404, meaning: 'Nothing with this id or requestId belongs to your account.' },
  CONFLICT: {
    status: 409,
    meaning: 'The request clashes with what exists, e.g. a requestId already used for a different purchase.',
  },
  INSUFFICIENT_FUNDS: { status: 402, meaning: 'The wallet balance is below the price: nothing was charged.' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body is too large.' },
  RATE_LIMITED: { status: 429, meaning: 'Too many requests: wait the seconds in the Retry-After header.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    meaning: 'The provider could not be reached (e.g. a meter lookup). Retry later; purchases keep their requestId.',
  },
  INTERNAL: {
    status: 500,
    meaning: 'Our fault. Retry a purchase with the same requestId, or check its status: it is never charged twice.',
  },
};

export interface ErrorCodeRow {
  code: ErrorCode;
  status: number;
  meaning: string;
}

/** One row per code of the contract, in the contract's order. */
export function errorCodeRows(): ErrorCodeRow[] {
  return ERROR_CODES.map((code) => ({ code, ...ERROR_CODE_DOCS[code] }));
}
