import type { GroupRecipient, SmsgateMessageRead } from './smsgate-messages.repository.js';
import type { MessageState, SmsgateState } from './smsgate-schemas.js';

/** Our message states as SMSGate names them (`received` never occurs in a group of outbound messages). */
const STATE_OF: Record<GroupRecipient['state'], SmsgateState> = {
  queued: 'Pending',
  sending: 'Processed',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
  received: 'Sent',
};

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : undefined);

/** The earliest or latest of the recipients' times (undefined when none has it). */
function edge(times: Array<string | null>, pick: 'first' | 'last'): string | undefined {
  const known = times.filter((t): t is string => t !== null).map((t) => Date.parse(t));
  if (known.length === 0) return undefined;
  return new Date(pick === 'first' ? Math.min(...known) : Math.max(...known)).toISOString();
}

/**
 * When the message entered each state (the reference keeps the phone's history): Pending at its
 * creation, Processed when a recipient first left the queue, and the final state when its last
 * recipient reached it.
 */
function historyOf(read: SmsgateMessageRead): MessageState['states'] {
  const { recipients, state } = read;
  const states: MessageState['states'] = { Pending: iso(read.group.createdAt)! };
  const processed = edge(
    recipients.map((r) => r.sendingAt ?? r.sentAt),
    'first',
  );
  if (processed) states.Processed = processed;
  const sent = edge(
    recipients.map((r) => r.sentAt),
    'last',
  );
  if (sent && (state === 'Sent' || state === 'Delivered')) states.Sent = sent;
  if (state === 'Delivered')
    states.Delivered = edge(
      recipients.map((r) => r.deliveredAt),
      'last',
    );
  if (state === 'Failed')
    states.Failed = edge(
      recipients.map((r) => r.failedAt ?? r.updatedAt),
      'last',
    );
  if (state === 'Cancelled')
    states.Cancelled = edge(
      recipients.map((r) => r.updatedAt),
      'last',
    );
  return states;
}

/** The reference's MessageState: no hashing here, so content and numbers are as sent. */
export function toMessageState(read: SmsgateMessageRead, includeContent: boolean): MessageState {
  const { group } = read;
  return {
    id: group.externalId,
    deviceId: group.networkId,
    state: read.state,
    isHashed: false,
    isEncrypted: false,
    recipients: read.recipients.map((r) => {
      const state = STATE_OF[r.state];
      return {
        phoneNumber: r.phoneNumber,
        state,
        ...(state === 'Failed' && { error: r.errorText ?? 'failed' }),
      };
    }),
    states: historyOf(read),
    ...(includeContent && {
      textMessage: { text: group.text },
      withDeliveryReport: group.withDeliveryReport,
      priority: group.priority,
      ...(group.simNumber !== null && { simNumber: group.simNumber }),
      ...(group.validUntil !== null && { validUntil: iso(group.validUntil) }),
    }),
  };
}
