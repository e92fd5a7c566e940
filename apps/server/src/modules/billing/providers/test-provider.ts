import { randomUUID } from 'node:crypto';
import type { TestPayment } from '@switchboard/contract';
import { AppError } from '../../../lib/app-error.js';
import type { PaymentOutcome, PaymentProvider } from './payment-provider.js';

/** The well-known test card numbers and what they do (issue 16). */
const TEST_CARDS: Record<string, PaymentOutcome> = {
  '4242424242424242': { status: 'paid', providerPaymentRef: '' },
  '4000000000000002': { status: 'declined', reason: 'Your card was declined.' },
  '4000000000009995': { status: 'declined', reason: 'Your card has insufficient funds.' },
};
const UNKNOWN_CARD = 'Use a test card number (4242 4242 4242 4242).';
const EXPIRED = 'Your card has expired.';
/** Outcomes remembered (a retried confirm answers the same); the oldest are forgotten beyond this. */
const REMEMBERED_OUTCOMES = 10_000;

/** MM/YY (or MM/YYYY) not before this month; false for anything unreadable. */
function expiryInFuture(expiry: string, now: Date): boolean {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

function decide(test: TestPayment, now: Date, paymentRef: string): PaymentOutcome {
  if (test.method === 'paypal')
    return test.decision === 'approve'
      ? { status: 'paid', providerPaymentRef: paymentRef }
      : { status: 'canceled', reason: 'The PayPal payment was cancelled.' };
  const number = test.number.replace(/[\s-]/g, '');
  const outcome = TEST_CARDS[number];
  if (!outcome) return { status: 'declined', reason: UNKNOWN_CARD };
  if (!expiryInFuture(test.expiry, now)) return { status: 'declined', reason: EXPIRED };
  return outcome.status === 'paid' ? { status: 'paid', providerPaymentRef: paymentRef } : outcome;
}

/**
 * The offline test provider, the embedded default: the page shows a "Test mode" card form or
 * PayPal buttons and sends the card or decision with the confirm call. Nothing is stored but the
 * outcome per order (so a retried confirm of one order answers the same, never "charges" twice);
 * the card number is neither kept nor logged.
 */
export function createTestProvider(now: () => Date = () => new Date()): PaymentProvider {
  const outcomes = new Map<string, PaymentOutcome>();
  return {
    id: 'test',
    cspOrigins: { connect: [], frame: [], script: [], formAction: [] },
    async start(order) {
      return { providerRef: `test_${order.id}`, redirectUrl: null };
    },
    async confirm(order, input) {
      const done = outcomes.get(order.id);
      if (done) return done;
      if (!input.test)
        throw new AppError('VALIDATION_FAILED', 'The test payment (card or PayPal decision) is missing.', [
          { path: 'body.test', message: 'Required' },
        ]);
      if (input.test.method !== order.method)
        throw new AppError('VALIDATION_FAILED', `This order is paid by ${order.method}.`, [
          { path: 'body.test.method', message: `Expected ${order.method}` },
        ]);
      const outcome = decide(input.test, now(), `test_pay_${randomUUID()}`);
      // Kept either way: an order is paid or refused once; a new attempt is a new order.
      outcomes.set(order.id, outcome);
      if (outcomes.size > REMEMBERED_OUTCOMES) outcomes.delete(outcomes.keys().next().value!);
      return outcome;
    },
    async refund() {
      return { refundRef: `test_refund_${randomUUID()}` };
    },
    async verifyWebhook() {
      throw new AppError('PAYMENT_WEBHOOK_INVALID', 'The test provider sends no webhooks.');
    },
  };
}
