import { describe, expect, it } from 'vitest';
import { statusReportOf } from '../../src/channels/http/twilio-status.js';

const networkId = '6f1c2d3e-0000-4000-8000-000000000001';
const report = (MessageStatus: string, ErrorCode?: string) =>
  statusReportOf(networkId, { MessageSid: 'SM1', MessageStatus, ErrorCode });

describe('Twilio status callbacks as pipeline reports', () => {
  it('maps sent, delivered and read forward', () => {
    expect(report('sent')).toEqual({ networkId, providerMessageId: 'SM1', state: 'sent' });
    expect(report('delivered')).toMatchObject({ state: 'delivered' });
    expect(report('read')).toMatchObject({ state: 'delivered' });
    expect(report('DELIVERED')).toMatchObject({ state: 'delivered' });
  });

  it('ignores the statuses that come before `sent` (the message is already sent on our side)', () => {
    for (const status of ['queued', 'accepted', 'scheduled', 'sending', 'receiving', 'constructor', '']) {
      expect(report(status), status).toBeNull();
    }
  });

  it('fails undelivered, failed and canceled messages with the provider’s code and a readable text', () => {
    expect(report('undelivered', '30003')).toEqual({
      networkId,
      providerMessageId: 'SM1',
      state: 'failed',
      errorCode: 'HTTP_30003',
      errorText: 'The provider reported the message undelivered: Unreachable destination handset (Twilio error 30003).',
    });
    expect(report('failed', '30410')).toMatchObject({
      errorCode: 'HTTP_30410',
      errorText: 'The provider reported the message failed: Twilio error 30410.',
    });
    expect(report('failed', 'constructor')).toMatchObject({ errorText: expect.stringContaining('Twilio error') });
    expect(report('canceled')).toMatchObject({
      state: 'failed',
      errorCode: 'HTTP_CANCELED',
      errorText: 'The provider reported the message canceled.',
    });
  });
});
