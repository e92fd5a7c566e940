/** Leaves the app for a payment provider's page (Stripe Checkout, PayPal's approval). A seam for tests. */
export function leaveFor(url: string) {
  window.location.assign(url);
}
