import { z } from 'zod';

/**
 * Stable error codes. Every error answer of the API is `{ error, code }`; the web app translates
 * by `code` (`errors:<code>`) and shows `error` only as a fallback.
 */
export const ErrorCode = {
  /** The body, query or params failed schema validation; `fields` lists the failing paths. */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** The request body is not valid JSON. */
  MALFORMED_JSON: 'MALFORMED_JSON',
  /** The body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The Content-Type of the body is not accepted by this route. */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** No valid access token was presented. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** The signed-in user's role does not allow this action. */
  FORBIDDEN: 'FORBIDDEN',
  /** No such API path or resource. */
  NOT_FOUND: 'NOT_FOUND',
  /** The HTTP method is not supported on this path. */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  /** Too many requests; retry after the time in the Retry-After header. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** E-mail or password wrong (never says which). */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** The account is blocked or deactivated. */
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  /** The e-mail address is already registered. */
  EMAIL_IN_USE: 'EMAIL_IN_USE',
  /** The refresh token is missing, expired, revoked or unknown. */
  INVALID_REFRESH_TOKEN: 'INVALID_REFRESH_TOKEN',
  /** The password reset link is unknown, used or expired. */
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  /** The password given to unlock the screen is wrong. */
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  /** The change would leave the workspace without an active admin (e.g. the last admin demoting themselves). */
  LAST_ADMIN: 'LAST_ADMIN',
  /** A phone number could not be read as an international (E.164) number; the message names it. */
  INVALID_PHONE_NUMBER: 'INVALID_PHONE_NUMBER',
  /** The network is disabled: it neither sends nor accepts inbound messages. */
  NETWORK_DISABLED: 'NETWORK_DISABLED',
  /** A webhook's signature did not verify; the request was logged on the network and refused. */
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  /** The contact opted out (STOP); nothing may be sent to them until they opt back in. */
  CONTACT_OPTED_OUT: 'CONTACT_OPTED_OUT',
  /** A contact with this number already exists in the workspace. */
  CONTACT_EXISTS: 'CONTACT_EXISTS',
  /** The contact has conversations or an opt-out on record; it is kept so neither is lost. */
  CONTACT_HAS_HISTORY: 'CONTACT_HAS_HISTORY',
  /** Another list of the workspace already has this name. */
  CONTACT_LIST_NAME_TAKEN: 'CONTACT_LIST_NAME_TAKEN',
  /**
   * The uploaded CSV cannot be imported (binary or not UTF-8, empty, no data row, no column that
   * can hold numbers, rows with more cells than the header, an unclosed quote); the message says
   * which and where. Nothing was stored.
   */
  IMPORT_FILE_INVALID: 'IMPORT_FILE_INVALID',
  /** The import is not in a state that allows this (e.g. starting one that already ran). */
  IMPORT_STATE_CONFLICT: 'IMPORT_STATE_CONFLICT',
  /**
   * The message would pass the plan's monthly SMS quota; nothing was queued. `remaining` says how
   * many segments may still be queued this month.
   */
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  /** The campaign is not in a state that allows this (e.g. editing one that started). */
  CAMPAIGN_STATE_CONFLICT: 'CAMPAIGN_STATE_CONFLICT',
  /** The campaign cannot start yet; the message lists what is missing (see its review). */
  CAMPAIGN_NOT_READY: 'CAMPAIGN_NOT_READY',
  /** The action does not apply to this kind of network (e.g. a registration token for an SMPP bind). */
  WRONG_NETWORK_KIND: 'WRONG_NETWORK_KIND',
  /** SMSGate-compatible API: a message with this id was sent before (ids are unique in a workspace). */
  MESSAGE_ID_TAKEN: 'MESSAGE_ID_TAKEN',
  /** SMSGate-compatible API: the reference server does not offer this either (logs, the phone's inbox). */
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  /** `/api/v1`: the bearer is not an API key or token this server issued (malformed, unknown or forged). */
  API_KEY_INVALID: 'API_KEY_INVALID',
  /** `/api/v1`: the API key was revoked by an admin; it never works again. */
  API_KEY_REVOKED: 'API_KEY_REVOKED',
  /** `/api/v1`: the API key or the token made from it has expired. */
  API_KEY_EXPIRED: 'API_KEY_EXPIRED',
  /** `/api/v1`: the key lacks the scope this call needs; the message names it. */
  INSUFFICIENT_SCOPE: 'INSUFFICIENT_SCOPE',
  /** `/api/v1`: the key is not accepted from the client's IP address (its allowed ranges). */
  IP_NOT_ALLOWED: 'IP_NOT_ALLOWED',
  /** The `Idempotency-Key` was used within 24 h for a different request (method, path or body). */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** The message has left the queue (or was never outbound): it can no longer be cancelled. */
  MESSAGE_NOT_CANCELLABLE: 'MESSAGE_NOT_CANCELLABLE',
  /** No network was named and the workspace has no enabled network to send through. */
  NO_NETWORK: 'NO_NETWORK',
  /** A webhook URL that is not https, or names a private, loopback or link-local address. */
  WEBHOOK_URL_NOT_ALLOWED: 'WEBHOOK_URL_NOT_ALLOWED',
  /** `sendAt` is in the past or too far ahead (developer API: at most 30 days). */
  SEND_AT_INVALID: 'SEND_AT_INVALID',
  /** The payment provider declined or failed the payment; the message is the provider's reason. Nothing was bought. */
  PAYMENT_DECLINED: 'PAYMENT_DECLINED',
  /** The order or subscription is not in a state that allows this (e.g. confirming a paid order, cancelling twice). */
  BILLING_STATE_CONFLICT: 'BILLING_STATE_CONFLICT',
  /** The payment provider could not be reached or answered an error; nothing was charged by us. Try again. */
  PAYMENT_PROVIDER_UNAVAILABLE: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /** A payment provider's webhook whose signature did not verify; nothing changed. */
  PAYMENT_WEBHOOK_INVALID: 'PAYMENT_WEBHOOK_INVALID',
  /** Another account already has this username (usernames are unique across Switchboard). */
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  /** The two-factor code or recovery code is wrong, already used, or the sign-in challenge expired. */
  TWO_FACTOR_INVALID: 'TWO_FACTOR_INVALID',
  /** Two-factor authentication is not in a state that allows this (e.g. enabling it twice, no setup started). */
  TWO_FACTOR_STATE_CONFLICT: 'TWO_FACTOR_STATE_CONFLICT',
  /** The invitation link is unknown, expired, revoked or already used; the message says which. */
  INVITATION_INVALID: 'INVITATION_INVALID',
  /** The e-mail verification link is unknown, used or expired. */
  INVALID_VERIFICATION_TOKEN: 'INVALID_VERIFICATION_TOKEN',
  /** A typed confirmation (e.g. the workspace's name before deleting it) did not match. */
  CONFIRMATION_MISMATCH: 'CONFIRMATION_MISMATCH',
  /** The server is starting or shutting down. */
  UNAVAILABLE: 'UNAVAILABLE',
  /** An unexpected server error; details are in the server log only. */
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const FieldErrorSchema = z.object({
  path: z.string().describe('Dotted path of the failing field, e.g. `body.email`.'),
  message: z.string().describe('What is wrong with it.'),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Why an uploaded CSV was refused (`IMPORT_FILE_INVALID`), for a message in the user's language. */
export const IMPORT_FILE_PROBLEMS = [
  'binary',
  'notUtf8',
  'empty',
  'noRows',
  'noNumberColumn',
  'ragged',
  'unreadable',
] as const;
export type ImportFileProblem = (typeof IMPORT_FILE_PROBLEMS)[number];

/** Why an invitation link can't be used (`INVITATION_INVALID`), for a message in the user's language. */
export const INVITATION_PROBLEMS = ['unknown', 'expired', 'revoked', 'accepted'] as const;
export type InvitationProblem = (typeof INVITATION_PROBLEMS)[number];

export const ErrorResponseSchema = z.object({
  error: z.string().describe('Human-readable message (English); show it only as a fallback.'),
  code: z.enum(ErrorCode).describe('Stable machine-readable error code.'),
  fields: z.array(FieldErrorSchema).optional().describe('Failing fields of a validation error.'),
  remaining: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('`QUOTA_EXCEEDED`: the SMS segments that may still be queued this month.'),
  needed: z.number().int().nonnegative().optional().describe('`QUOTA_EXCEEDED` for a campaign: the segments it needs.'),
  importProblem: z
    .enum(IMPORT_FILE_PROBLEMS)
    .optional()
    .describe(
      '`IMPORT_FILE_INVALID`: binary, notUtf8, empty, noRows (a header only), noNumberColumn, ragged (a row wider than the header) or unreadable (e.g. an unclosed quote).',
    ),
  line: z.number().int().optional().describe('`IMPORT_FILE_INVALID` (ragged, unreadable): the line in the file.'),
  invitationProblem: z
    .enum(INVITATION_PROBLEMS)
    .optional()
    .describe('`INVITATION_INVALID`: unknown link, expired, revoked, or accepted (already used).'),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
