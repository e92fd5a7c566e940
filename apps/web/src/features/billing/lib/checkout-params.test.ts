import { describe, expect, it } from 'vitest';
import { checkoutPath, readCheckoutReturn, toPeriod, toPlanId } from './checkout-params';

describe('checkout URL parameters', () => {
  it('takes a known plan and period, and falls back to business for 12 months otherwise', () => {
    expect(toPlanId('pro')).toBe('pro');
    expect(toPlanId('gold')).toBe('business');
    expect(toPlanId(null)).toBe('business');
    expect(toPeriod('6')).toBe(6);
    expect(toPeriod('2')).toBe(12);
    expect(toPeriod('abc')).toBe(12);
  });

  it('leads a plan button to the checkout with its plan and period', () => {
    expect(checkoutPath('unlimited', 3)).toBe('/CheckOut?plan=unlimited&period=3');
  });

  it('reads a provider’s return only with an order id and a known result', () => {
    const id = '5b1f4a2e-8c1d-4f3a-9e2b-1c2d3e4f5a6b';
    expect(readCheckoutReturn(new URLSearchParams(`order=${id}&result=return`))).toEqual({
      orderId: id,
      result: 'return',
    });
    expect(readCheckoutReturn(new URLSearchParams(`order=${id}&result=cancel`))?.result).toBe('cancel');
    // The server's return and cancel URLs; PayPal adds its token and PayerID.
    expect(readCheckoutReturn(new URLSearchParams(`order=${id}&token=5O1&PayerID=X`))?.result).toBe('return');
    expect(readCheckoutReturn(new URLSearchParams(`order=${id}&canceled=1`))?.result).toBe('cancel');
    expect(readCheckoutReturn(new URLSearchParams(`order=${id}&result=other`))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams('order=../admin&result=return'))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams('plan=pro&period=12'))).toBeNull();
  });
});
