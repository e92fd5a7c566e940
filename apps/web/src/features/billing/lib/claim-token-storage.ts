/**
 * An anonymous order's claim token (it proves this browser started the order, to confirm it and
 * to sign its new admin in). Kept in sessionStorage so it survives the trip to Stripe or PayPal
 * and back in the same tab, and is gone when the tab closes.
 */
const key = (orderId: string) => `switchboard.checkout.${orderId}`;

export function storeClaimToken(orderId: string, claimToken: string) {
  try {
    sessionStorage.setItem(key(orderId), claimToken);
  } catch {
    // Storage may be disabled: the in-page flow (test provider) keeps the token in memory.
  }
}

export function readClaimToken(orderId: string): string | undefined {
  try {
    return sessionStorage.getItem(key(orderId)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetClaimToken(orderId: string) {
  try {
    sessionStorage.removeItem(key(orderId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
