/**
 * Stripe's script, loaded only when a payment screen asks for it (never with the rest of the wallet).
 * A script that fails to load is only logged (product.md#payments): the caller gets null and the rest keeps working.
 */
import type { Stripe } from '@stripe/stripe-js';

let pending: Promise<Stripe | null> | null = null;

export function loadStripeLazily(publishableKey: string): Promise<Stripe | null> {
  pending ??= import('@stripe/stripe-js')
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .catch((error: unknown) => {
      console.error('[cliffhanger] the card payment script could not be loaded', error);
      pending = null; // a later visit may try again
      return null;
    });
  return pending;
}

/** For tests: forget a loaded or failed script. */
export function resetStripeLoader() {
  pending = null;
}
