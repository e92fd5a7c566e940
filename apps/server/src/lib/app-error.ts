import type { ErrorCode, ErrorResponse, FieldError } from '@switchboard/contract';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 403,
  EMAIL_IN_USE: 409,
  INVALID_REFRESH_TOKEN: 401,
  INVALID_RESET_TOKEN: 400,
  WRONG_PASSWORD: 403,
  LAST_ADMIN: 409,
  INVALID_PHONE_NUMBER: 400,
  NETWORK_DISABLED: 403,
  INVALID_SIGNATURE: 403,
  CONTACT_OPTED_OUT: 409,
  QUOTA_EXCEEDED: 402,
  CONTACT_EXISTS: 409,
  CONTACT_HAS_HISTORY: 409,
  CONTACT_LIST_NAME_TAKEN: 409,
  IMPORT_FILE_INVALID: 400,
  IMPORT_STATE_CONFLICT: 409,
  CAMPAIGN_STATE_CONFLICT: 409,
  CAMPAIGN_NOT_READY: 409,
  WRONG_NETWORK_KIND: 409,
  MESSAGE_ID_TAKEN: 409,
  NOT_IMPLEMENTED: 501,
  API_KEY_INVALID: 401,
  API_KEY_REVOKED: 401,
  API_KEY_EXPIRED: 401,
  INSUFFICIENT_SCOPE: 403,
  IP_NOT_ALLOWED: 403,
  IDEMPOTENCY_KEY_REUSED: 422,
  MESSAGE_NOT_CANCELLABLE: 409,
  NO_NETWORK: 409,
  WEBHOOK_URL_NOT_ALLOWED: 400,
  SEND_AT_INVALID: 400,
  PAYMENT_DECLINED: 402,
  BILLING_STATE_CONFLICT: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  PAYMENT_WEBHOOK_INVALID: 400,
  USERNAME_TAKEN: 409,
  TWO_FACTOR_INVALID: 401,
  TWO_FACTOR_STATE_CONFLICT: 409,
  INVITATION_INVALID: 400,
  INVALID_VERIFICATION_TOKEN: 400,
  CONFIRMATION_MISMATCH: 400,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Fields an error answer may carry besides `error`, `code` and `fields` (see ErrorResponseSchema). */
export type AppErrorDetails = Omit<ErrorResponse, 'error' | 'code' | 'fields'>;

/** The one error type services throw; the error handler turns it into `{ error, code, …details }`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly details?: AppErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}
