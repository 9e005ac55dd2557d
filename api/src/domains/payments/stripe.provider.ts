/**
 * The Stripe implementation of PaymentProvider. Prices come from our settings (inline `price_data`),
 * so no product catalogue has to be kept in step in the Stripe dashboard. Subscription metadata
 * carries the user id and plan, so every subscription event can be matched to its user even when it
 * arrives before checkout.session.completed.
 */
import Stripe from 'stripe';
import { KEY_REUSED_MESSAGE, type PaymentProvider, PaymentProviderError } from './payment-provider';

/** Stripe's client errors become 4xx answers with its message; outages become 502. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The same Idempotency-Key with other parameters: a key reused for a different purchase.
    if (error instanceof Stripe.errors.StripeIdempotencyError) throw new PaymentProviderError(KEY_REUSED_MESSAGE, 409);
    if (error instanceof Stripe.errors.StripeCardError) throw new PaymentProviderError(error.message, 402);
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentProviderError(error.message, 400);
    throw new PaymentProviderError('The payment provider is unavailable. Please try again.', 502);
  }
}

/** `options` reach the SDK as-is (tests point `host`/`port`/`protocol` at a local stand-in). */
export function createStripeProvider(secretKey: string, options: Stripe.StripeConfig = {}): PaymentProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...options });
  return {
    kind: 'stripe',
    async createCustomer(user) {
      const customer = await call(() =>
        stripe.customers.create({ email: user.email ?? undefined, metadata: { user_id: String(user.id) } }),
      );
      return customer.id;
    },
    async createCheckoutSession(request) {
      const { item } = request;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: request.mode,
            customer: request.customerId,
            client_reference_id: String(request.userId),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: item.currency,
                  unit_amount: item.amountMinor,
                  product_data: { name: item.name, description: item.description },
                  ...(item.interval ? { recurring: { interval: item.interval } } : {}),
                },
              },
            ],
            metadata: request.metadata,
            ...(request.mode === 'subscription' ? { subscription_data: { metadata: request.metadata } } : {}),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            locale: request.locale,
            ...(request.expiresAt ? { expires_at: request.expiresAt } : {}),
          },
          request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {},
        ),
      );
      if (!session.url) throw new PaymentProviderError('The payment provider returned no checkout address', 502);
      return { id: session.id, url: session.url };
    },
    async createSetupIntent(customerId) {
      const intent = await call(() => stripe.setupIntents.create({ customer: customerId, usage: 'off_session' }));
      return { id: intent.id, client_secret: intent.client_secret ?? '' };
    },
    async attachPaymentMethod(paymentMethodId, customerId) {
      const method = await call(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      const card = method.card;
      return {
        brand: card?.brand ?? method.type,
        last4: card?.last4 ?? '',
        exp_month: card?.exp_month ?? 0,
        exp_year: card?.exp_year ?? 0,
        fingerprint: card?.fingerprint ?? null,
      };
    },
    async detachPaymentMethod(paymentMethodId) {
      await call(() => stripe.paymentMethods.detach(paymentMethodId));
    },
    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await call(() =>
        stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
      );
    },
    async createPaymentIntent(input) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency,
            customer: input.customerId,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {},
        ),
      );
      return { id: intent.id, client_secret: intent.client_secret ?? '', status: intent.status };
    },
    async confirmPaymentIntent(id, paymentMethodId) {
      const intent = await call(() =>
        // One confirmation per intent: a replayed confirm is answered, never charged again.
        stripe.paymentIntents.confirm(id, paymentMethodId ? { payment_method: paymentMethodId } : {}, {
          idempotencyKey: `confirm:${id}`,
        }),
      );
      return { status: intent.status };
    },
    async cancelPaymentIntent(id) {
      await call(() => stripe.paymentIntents.cancel(id));
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await call(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },
    async cancelSubscription(subscriptionId) {
      await call(() => stripe.subscriptions.cancel(subscriptionId));
    },
    async createRefund(input) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountMinor, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    },
  };
}
