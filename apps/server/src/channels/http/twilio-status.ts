import type { StatusReport } from '../channel.js';

/**
 * Twilio's MessageStatus values that move our message on. `queued`, `accepted`, `scheduled` and
 * `sending` are left out: the message is `sent` on our side as soon as the API accepted it, and
 * those would say nothing new.
 */
const STATE_BY_TWILIO_STATUS = new Map<string, StatusReport['state']>([
  ['sent', 'sent'],
  ['delivered', 'delivered'],
  // WhatsApp-style read receipts: read implies delivered.
  ['read', 'delivered'],
  ['undelivered', 'failed'],
  ['failed', 'failed'],
  ['canceled', 'failed'],
]);

/** The delivery errors people meet most (https://www.twilio.com/docs/api/errors). */
const TWILIO_ERROR_TEXTS = new Map<string, string>([
  ['30001', 'Queue overflow'],
  ['30002', 'Account suspended'],
  ['30003', 'Unreachable destination handset'],
  ['30004', 'Message blocked'],
  ['30005', 'Unknown destination handset'],
  ['30006', 'Landline or unreachable carrier'],
  ['30007', 'Message filtered by the carrier'],
  ['30008', 'Unknown error'],
  ['30034', 'Message from an unregistered number (US A2P 10DLC)'],
]);

export interface TwilioStatusCallback {
  MessageSid: string;
  MessageStatus: string;
  ErrorCode?: string | undefined;
}

/** A status callback as a pipeline report, or null when the status changes nothing. */
export function statusReportOf(networkId: string, callback: TwilioStatusCallback): StatusReport | null {
  const status = callback.MessageStatus.toLowerCase();
  const state = STATE_BY_TWILIO_STATUS.get(status);
  if (!state) return null;
  const report: StatusReport = { networkId, providerMessageId: callback.MessageSid, state };
  if (state === 'failed') {
    const code = callback.ErrorCode?.trim() || null;
    report.errorCode = code ? `HTTP_${code}` : `HTTP_${status.toUpperCase()}`;
    const known = code ? TWILIO_ERROR_TEXTS.get(code) : undefined;
    const detail = code ? `: ${known ? `${known} (Twilio error ${code})` : `Twilio error ${code}`}` : '';
    report.errorText = `The provider reported the message ${status}${detail}.`;
  }
  return report;
}
