import { createHmac } from 'node:crypto';
import type { ApiMessage } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { smsgatePayload, smsgateSignature } from '../../src/modules/webhooks/smsgate-format.js';
import { verifySmsgateSignature } from '../helpers/smsgate-verify.js';

const message = (overrides: Partial<ApiMessage>): ApiMessage => ({
  id: '00000000-0000-4000-8000-000000000001',
  direction: 'out',
  state: 'failed',
  phoneNumber: '+12025550100',
  networkId: '00000000-0000-4000-8000-0000000000aa',
  body: 'Hello',
  encoding: 'GSM-7',
  segments: 2,
  metadata: null,
  errorCode: 'REJECTED',
  errorText: 'The carrier refused it',
  createdAt: '2026-11-26T10:00:00.000Z',
  sentAt: null,
  deliveredAt: null,
  failedAt: '2026-11-26T10:00:05.000Z',
  receivedAt: null,
  ...overrides,
});

describe('SMSGate payloads and signature', () => {
  it('sends a failure with failedAt and the reason, outbound from our address to the recipient', () => {
    expect(smsgatePayload('sms:failed', message({}), 'sg-1', '+12025550999')).toEqual({
      messageId: 'sg-1',
      sender: '+12025550999',
      recipient: '+12025550100',
      phoneNumber: '+12025550100',
      failedAt: '2026-11-26T10:00:05.000Z',
      reason: 'The carrier refused it',
      error: 'The carrier refused it',
    });
    expect(smsgatePayload('sms:failed', message({ errorText: null }), 'sg-1', null).reason).toBe('REJECTED');
  });

  it('leaves out what is unknown (SMSGate omits null fields): no own address, no SIM', () => {
    const received = smsgatePayload(
      'sms:received',
      message({ direction: 'in', state: 'received', receivedAt: '2026-11-26T09:00:00.000Z' }),
      'm-1',
      null,
    );
    expect(received).toEqual({
      messageId: 'm-1',
      sender: '+12025550100',
      phoneNumber: '+12025550100',
      message: 'Hello',
      receivedAt: '2026-11-26T09:00:00.000Z',
    });
    expect(
      smsgatePayload('sms:sent', message({ state: 'sent', sentAt: '2026-11-26T10:00:01.000Z' }), 'm', 'ACME'),
    ).toMatchObject({ sender: 'ACME', partsCount: 2, sentAt: '2026-11-26T10:00:01.000Z' });
  });

  it('signs body + timestamp with HMAC-SHA256 in lower-case hex, as the phone app does', () => {
    const body = '{"id":"x","event":"sms:received"}';
    const expected = createHmac('sha256', 'key').update(`${body}1764151200`).digest('hex');
    expect(smsgateSignature('key', body, '1764151200')).toBe(expected);
    const headers = { 'x-timestamp': '1764151200', 'x-signature': expected };
    expect(verifySmsgateSignature(body, headers, 'key', 1764151200 + 60)).toBe(true);
    expect(verifySmsgateSignature(body, headers, 'key', 1764151200 + 600)).toBe(false);
    expect(verifySmsgateSignature(body, { ...headers, 'x-signature': expected.toUpperCase() }, 'key', 1764151200)).toBe(
      false,
    );
  });
});
