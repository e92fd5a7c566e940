import { describe, expect, it } from 'vitest';
import type { ProviderOrder } from '../../src/modules/billing/providers/payment-provider.js';
import { createTestProvider } from '../../src/modules/billing/providers/test-provider.js';

const order = (id: string, method: ProviderOrder['method'] = 'card') => ({
  id,
  totalCents: 79_00,
  currency: 'USD' as const,
  description: 'Switchboard Business plan, 1 month',
  method,
  email: null,
  providerRef: `test_${id}`,
});
const card = (number: string, expiry = '12/39') => ({ test: { method: 'card' as const, number, expiry, cvc: '123' } });

describe('the test payment provider', () => {
  const provider = createTestProvider(() => new Date('2026-11-27T10:00:00Z'));

  it('starts with its own reference and no redirect; allows no origin', async () => {
    expect(await provider.start(order('a'), { returnUrl: 'x', cancelUrl: 'y' })).toEqual({
      providerRef: 'test_a',
      redirectUrl: null,
    });
    expect(provider.cspOrigins).toEqual({ connect: [], frame: [], script: [], formAction: [] });
  });

  it('answers each test card as documented, spaces and dashes allowed', async () => {
    expect(await provider.confirm(order('b'), card('4242 4242 4242 4242'))).toMatchObject({ status: 'paid' });
    expect(await provider.confirm(order('c'), card('4000-0000-0000-0002'))).toEqual({
      status: 'declined',
      reason: 'Your card was declined.',
    });
    expect(await provider.confirm(order('d'), card('4000000000009995'))).toEqual({
      status: 'declined',
      reason: 'Your card has insufficient funds.',
    });
    expect(await provider.confirm(order('e'), card('5555555555554444'))).toEqual({
      status: 'declined',
      reason: 'Use a test card number (4242 4242 4242 4242).',
    });
  });

  it('needs an expiry not before this month', async () => {
    expect(await provider.confirm(order('f'), card('4242424242424242', '11/26'))).toMatchObject({ status: 'paid' });
    expect(await provider.confirm(order('g'), card('4242424242424242', '10/26'))).toEqual({
      status: 'declined',
      reason: 'Your card has expired.',
    });
    expect(await provider.confirm(order('h'), card('4242424242424242', '13/30'))).toMatchObject({ status: 'declined' });
    expect(await provider.confirm(order('i'), card('4242424242424242', '12/2030'))).toMatchObject({ status: 'paid' });
  });

  it('answers the same outcome for the same order: a retry never pays twice', async () => {
    const first = await provider.confirm(order('j'), card('4242424242424242'));
    const again = await provider.confirm(order('j'), card('4000000000000002'));
    expect(again).toEqual(first);
  });

  it('PayPal: approve pays, cancel is cancelled; the method must be the order’s', async () => {
    expect(
      await provider.confirm(order('k', 'paypal'), { test: { method: 'paypal', decision: 'approve' } }),
    ).toMatchObject({ status: 'paid' });
    expect(await provider.confirm(order('l', 'paypal'), { test: { method: 'paypal', decision: 'cancel' } })).toEqual({
      status: 'canceled',
      reason: 'The PayPal payment was cancelled.',
    });
    await expect(provider.confirm(order('m', 'paypal'), card('4242424242424242'))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(provider.confirm(order('n'), {})).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
