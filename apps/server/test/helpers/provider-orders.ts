import type { PaymentMethod } from '@switchboard/contract';
import { expect } from 'vitest';
import { AppError } from '../../src/lib/app-error.js';
import type { ProviderOrder } from '../../src/modules/billing/providers/payment-provider.js';

/**
 * Orders as billing hands them to a payment provider, each with a new id (`idPrefix` keeps one
 * suite's ids apart from another's in a shared fake).
 */
export function providerOrders(method: PaymentMethod, idPrefix: string) {
  let count = 0;
  return (overrides: Partial<ProviderOrder> = {}): ProviderOrder => {
    count += 1;
    return {
      id: `${idPrefix}${String(count).padStart(12, '0')}`,
      totalCents: 105_320,
      currency: 'USD',
      description: 'Switchboard business plan, 12 months',
      method,
      email: 'buyer@acme.example',
      ...overrides,
    };
  };
}

/** The AppError a provider call was rejected with (fails the test when it resolved or threw another error). */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
