/**
 * Error pages, and the API's error codes (`errors:<code>`): the client translates by code and
 * shows the server's English message only for codes it does not know.
 */
export const errors = {
  VALIDATION_FAILED: 'Please check the highlighted fields.',
  MALFORMED_JSON: 'The request could not be read. Please try again.',
  PAYLOAD_TOO_LARGE: 'That is more data than the server accepts at once.',
  UNSUPPORTED_MEDIA_TYPE: 'The server does not accept this kind of content here.',
  UNAUTHENTICATED: 'Please sign in.',
  FORBIDDEN: 'Your role does not allow this action.',
  NOT_FOUND: 'It was not found. It may have been removed.',
  METHOD_NOT_ALLOWED: 'This action is not supported here.',
  RATE_LIMITED: 'Too many attempts. Please wait a few minutes and try again.',
  INVALID_CREDENTIALS: 'Email Or Password Invalid',
  ACCOUNT_DISABLED: 'This account is blocked or deactivated. Ask your workspace admin.',
  EMAIL_IN_USE: 'This email is already in use.',
  INVALID_REFRESH_TOKEN: 'Your session has expired. Please sign in again.',
  INVALID_RESET_TOKEN: 'This reset link is invalid, used or expired. Ask for a new one.',
  WRONG_PASSWORD: 'Wrong password.',
  LAST_ADMIN: 'A workspace needs at least one active admin.',
  INVALID_PHONE_NUMBER: 'That is not a valid phone number. Use the international format, e.g. +14155550123.',
  NETWORK_DISABLED: 'This network is disabled: it neither sends nor accepts messages. Enable it first.',
  INVALID_SIGNATURE: 'The request’s signature did not verify, so it was refused.',
  CONTACT_OPTED_OUT: 'This contact opted out (STOP). Nothing can be sent to them until they opt back in.',
  CONTACT_EXISTS: 'A contact with this number already exists.',
  CONTACT_HAS_HISTORY:
    'This contact has conversations or an opt-out on record, so it is kept: deleting it would lose them.',
  CONTACT_LIST_NAME_TAKEN: 'Another list already has this name.',
  IMPORT_FILE_INVALID:
    'This file cannot be imported. Check that it is a CSV in UTF-8 with a header row, a phone number column and rows no wider than the header.',
  IMPORT_STATE_CONFLICT: 'This import has already started or ended.',
  QUOTA_EXCEEDED:
    'This would go past your plan’s monthly SMS quota, so nothing was sent. The quota renews at the start of next month; a larger plan allows more.',
  CAMPAIGN_STATE_CONFLICT: 'This campaign has already started or ended, so it cannot be changed this way.',
  CAMPAIGN_NOT_READY: 'This campaign cannot start yet: see what its review lists.',
  WRONG_NETWORK_KIND: 'This does not apply to this kind of network.',
  API_KEY_INVALID: 'This API key is not valid. Check that the whole secret was copied.',
  API_KEY_REVOKED: 'This API key was revoked and no longer works. Create a new one.',
  API_KEY_EXPIRED: 'This API key has expired. Create a new one.',
  INSUFFICIENT_SCOPE: 'This API key may not do this: it lacks the scope this call needs.',
  IP_NOT_ALLOWED: 'This API key is not accepted from this IP address.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for a different request.',
  MESSAGE_NOT_CANCELLABLE: 'This message has already left the queue, so it can no longer be cancelled.',
  NO_NETWORK: 'There is no enabled network to send through. Enable or add a network first.',
  WEBHOOK_URL_NOT_ALLOWED: 'This webhook address cannot be used: it must be https and reach a public address.',
  SEND_AT_INVALID: 'The scheduled time must be in the future and at most 30 days ahead.',
  PAYMENT_DECLINED: 'The payment was not accepted.',
  BILLING_STATE_CONFLICT: 'This can no longer be done: the order or plan has changed. Reload the page.',
  PAYMENT_PROVIDER_UNAVAILABLE: 'The payment service could not be reached. Nothing was charged; please try again.',
  PAYMENT_WEBHOOK_INVALID: 'The payment notification could not be verified.',
  UNAVAILABLE: 'The server is starting or restarting. Please try again in a moment.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  NETWORK: 'The server could not be reached. Check your connection.',
  pages: {
    notFound: {
      title: 'Page not found',
      text: 'We couldn’t find the page you were looking for. It may have moved, or the address may be mistyped.',
    },
    serverError: {
      title: 'Something went wrong',
      text: 'An unexpected error stopped this page. It has been logged; please try again in a moment.',
    },
    notAuthorized: {
      title: 'You are not authorized',
      text: 'Your role does not allow you to open this page. Ask an admin of your workspace for access.',
    },
    maintenance: {
      title: 'Under maintenance',
      text: 'We are improving Switchboard and will be back shortly. Thank you for your patience.',
    },
    backHome: 'Back to home',
  },
};
