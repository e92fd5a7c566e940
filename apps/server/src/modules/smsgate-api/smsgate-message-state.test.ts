import { describe, expect, it } from 'vitest';
import { toMessageState } from './smsgate-message-state.js';
import type { GroupRecipient, SmsgateMessageRead } from './smsgate-messages.repository.js';

const T0 = '2026-08-01T09:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

function recipient(state: GroupRecipient['state'], times: Partial<GroupRecipient> = {}): GroupRecipient {
  return {
    messageId: 'm',
    phoneNumber: '+12025550123',
    state,
    errorText: null,
    createdAt: T0,
    sendingAt: null,
    sentAt: null,
    deliveredAt: null,
    failedAt: null,
    updatedAt: T0,
    ...times,
  };
}

function read(state: SmsgateMessageRead['state'], recipients: GroupRecipient[]): SmsgateMessageRead {
  return {
    state,
    recipients,
    group: {
      id: 'g',
      workspaceId: 'w',
      externalId: 'PyDmBQZZXYmyxMwED8Fzy',
      networkId: 'n',
      messageIds: recipients.map((r) => r.messageId),
      text: 'Hello',
      withDeliveryReport: true,
      simNumber: null,
      priority: 0,
      validUntil: null,
      createdAt: T0,
    },
  };
}

describe('toMessageState', () => {
  it('maps our states and dates the history: Processed at the first departure, the end at the last arrival', () => {
    const state = toMessageState(
      read('Delivered', [
        recipient('delivered', { sendingAt: at(1), sentAt: at(2), deliveredAt: at(5) }),
        recipient('delivered', { sendingAt: at(3), sentAt: at(4), deliveredAt: at(9) }),
      ]),
      false,
    );
    expect(state).toEqual({
      id: 'PyDmBQZZXYmyxMwED8Fzy',
      deviceId: 'n',
      state: 'Delivered',
      isHashed: false,
      isEncrypted: false,
      recipients: [
        { phoneNumber: '+12025550123', state: 'Delivered' },
        { phoneNumber: '+12025550123', state: 'Delivered' },
      ],
      states: { Pending: T0, Processed: at(1), Sent: at(4), Delivered: at(9) },
    });
  });

  it('names a failed recipient’s error and keeps a mixed message at Sent', () => {
    const state = toMessageState(
      read('Sent', [
        recipient('delivered', { sendingAt: at(1), sentAt: at(2), deliveredAt: at(3) }),
        recipient('failed', { sendingAt: at(1), failedAt: at(2), errorText: 'RESULT_ERROR_GENERIC_FAILURE' }),
      ]),
      false,
    );
    expect(state.recipients.map((r) => [r.state, r.error])).toEqual([
      ['Delivered', undefined],
      ['Failed', 'RESULT_ERROR_GENERIC_FAILURE'],
    ]);
    expect(Object.keys(state.states)).toEqual(['Pending', 'Processed', 'Sent']);
  });

  it('shows the content only when asked', () => {
    const pending = read('Pending', [recipient('queued')]);
    expect(toMessageState(pending, false).textMessage).toBeUndefined();
    expect(toMessageState(pending, true)).toMatchObject({ textMessage: { text: 'Hello' }, withDeliveryReport: true });
    expect(toMessageState(pending, true).states).toEqual({ Pending: T0 });
  });
});
