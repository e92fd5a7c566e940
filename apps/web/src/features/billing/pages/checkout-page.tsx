import { useSearchParams } from 'react-router';
import { CheckoutForm } from '../components/checkout-form';
import { CheckoutReturnPanel } from '../components/checkout-return-panel';
import { readCheckoutReturn } from '../lib/checkout-params';

/**
 * /CheckOut (visitors and admins; spec §2): buy or change a plan. A visitor's checkout is also the
 * sign-up: the account and its workspace are created when the payment succeeds. Back from Stripe
 * or PayPal (`?order=<id>&result=return|cancel`) it shows how that payment ended.
 */
export default function CheckoutPage() {
  const [searchParams] = useSearchParams();
  const checkoutReturn = readCheckoutReturn(searchParams);
  if (checkoutReturn) return <CheckoutReturnPanel key={checkoutReturn.orderId} checkoutReturn={checkoutReturn} />;
  return <CheckoutForm />;
}
