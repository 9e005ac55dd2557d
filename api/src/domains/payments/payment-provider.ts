/**
 * What the payments domain needs from a card processor. Two implementations: Stripe through its SDK
 * (stripe.provider.ts) and the dev provider below, which keeps everything local so a fresh checkout
 * can buy coins and Gold without any account. Neither grants anything: fulfilment happens only in
 * the webhook handler, after signature verification.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Language } from '@cliffhanger/shared/languages';
import type { ProviderKind } from '../../db/schema';
import type { CardDetails } from './card-details';
import { devCardNeedsAuthentication, readDevPaymentMethod } from './dev-cards';

export interface CheckoutRequest {
  mode: 'payment' | 'subscription';
  userId: number;
  customerId: string;
  item: { name: string; description: string; amountMinor: number; currency: string; interval?: 'month' | 'year' };
  metadata: Record<string, string>;
  /** May contain `{CHECKOUT_SESSION_ID}`, which is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  /** Where this API is reachable from the browser (the dev provider's checkout page lives there). */
  apiOrigin: string;
  /** The viewer's language: the processor's page speaks it (Stripe's `locale`, the dev page's `lang`). */
  locale: Language;
  /**
   * Makes a repeated request answer the session the first one created (Stripe's Idempotency-Key,
   * kept by Stripe for 24 hours, as long as a session stays open). Already scoped to the user and
   * unguessable; the same key with different parameters is refused with a 409.
   */
  idempotencyKey?: string;
  /** When the processor's page stops taking the payment (unix seconds; Stripe's `expires_at`). */
  expiresAt?: number;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  createCustomer(user: { id: number; email: string | null }): Promise<string>;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  createSetupIntent(customerId: string): Promise<{ id: string; client_secret: string }>;
  /** Attaches a card to the customer and answers what it is; an unknown card is a client error. */
  attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<CardDetails>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  createPaymentIntent(input: {
    amountMinor: number;
    currency: string;
    customerId: string;
    metadata: Record<string, string>;
    /** Like a checkout's: the same key answers the same intent. */
    idempotencyKey?: string;
  }): Promise<{ id: string; client_secret: string; status: string }>;
  /** Confirms with a saved card; answers the processor's status (fulfilment still waits for the webhook). */
  confirmPaymentIntent(id: string, paymentMethodId: string | null): Promise<{ status: string }>;
  /** Gives up an intent that will not be paid as it is (its bank wants the cardholder: the payment page takes over). */
  cancelPaymentIntent(id: string): Promise<void>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a subscription now (its payment was refunded or lost to a dispute): it bills no more. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Gives money back to the payer (Stripe's refund API). The coins and Gold follow only from the
   * `charge.refunded` event the processor sends after. The dev provider has none: its refunds are
   * signed events sent at once (dev-checkout.ts, refundDevAmount).
   */
  createRefund?(input: {
    paymentIntentId: string;
    amountMinor: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string; status: string }>;
}

/** A client-side problem reported by the processor (unknown card, declined …): answered as a 4xx. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/** The answer to an idempotency key sent again for a different purchase (both providers, 409). */
export const KEY_REUSED_MESSAGE =
  'This idempotency key was already used to start a different purchase. Please use a new key for a new purchase.';

export const devId = (prefix: string) => `${prefix}_dev_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/**
 * Stripe's documented test payment methods, so the same ids work with either provider.
 * `pm_card_chargeDeclined` saves fine and is declined when charged, like in Stripe's test mode.
 */
const DEV_CARDS: Record<string, CardDetails> = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', exp_month: 12, exp_year: 2034 },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034 },
  pm_card_amex: { brand: 'amex', last4: '8431', exp_month: 12, exp_year: 2034 },
  pm_card_mir: { brand: 'mir', last4: '0000', exp_month: 12, exp_year: 2034 },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2034 },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2034 },
};

export const DEV_DECLINED_CARD = 'pm_card_chargeDeclined';
/** Saves fine; charged off-session, its bank asks the cardholder to confirm (3-D Secure), like Stripe's. */
export const DEV_AUTHENTICATION_CARD = 'pm_card_authenticationRequired';

/**
 * The dev checkout's proof that the caller holds the address the API gave the user who started the
 * checkout: a keyed hash of the session id and that user's id. Only the answer to that user's own
 * purchase request carries it, so knowing a session id (it travels in return addresses) is not enough.
 */
export function devCheckoutToken(secret: string, sessionId: string, userId: number): string {
  return createHmac('sha256', secret).update(`dev-checkout:${sessionId}:${userId}`).digest('base64url');
}

export function isDevCheckoutToken(secret: string, sessionId: string, userId: number, token: string): boolean {
  const expected = Buffer.from(devCheckoutToken(secret, sessionId, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `secret` signs the checkout addresses (devCheckoutToken); the payments runtime passes its webhook secret. */
/** The dev provider's customer of a user (its customers are derived, never stored at a processor). */
export const devCustomerId = (userId: number) => `cus_dev_${userId}`;

export function createDevProvider(secret: string): PaymentProvider {
  return {
    kind: 'dev',
    async createCustomer(user) {
      return devCustomerId(user.id);
    },
    async createCheckoutSession(request) {
      // Like Stripe, the same key names the same session; the service compares what it was for.
      const id = request.idempotencyKey ? `cs_dev_${request.idempotencyKey.slice(0, 32)}` : devId('cs');
      const token = devCheckoutToken(secret, id, request.userId);
      return { id, url: `${request.apiOrigin}/api/dev-checkout/${id}?token=${token}&lang=${request.locale}` };
    },
    async createSetupIntent() {
      const id = devId('seti');
      return { id, client_secret: `${id}_secret_${randomBytes(8).toString('hex')}` };
    },
    async attachPaymentMethod(paymentMethodId, customerId) {
      // A card typed into this customer's dev card form (POST /api/dev-payment-methods/), or a test id.
      const typed = readDevPaymentMethod(secret, customerId, paymentMethodId);
      if (typed) return typed;
      const card = DEV_CARDS[paymentMethodId];
      if (!card) {
        throw new PaymentProviderError(
          `Unknown payment method ${paymentMethodId}. The dev provider accepts cards entered in its card form and ${Object.keys(DEV_CARDS).join(', ')}.`,
          400,
        );
      }
      return { ...card, fingerprint: `test_${paymentMethodId}` };
    },
    async detachPaymentMethod() {},
    async setDefaultPaymentMethod() {},
    async createPaymentIntent(input) {
      const id = input.idempotencyKey ? `pi_dev_${input.idempotencyKey.slice(0, 32)}` : devId('pi');
      return { id, client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`, status: 'requires_confirmation' };
    },
    async confirmPaymentIntent(_id, paymentMethodId) {
      if (!paymentMethodId) return { status: 'requires_payment_method' };
      if (paymentMethodId === DEV_AUTHENTICATION_CARD || devCardNeedsAuthentication(secret, paymentMethodId))
        return { status: 'requires_action' };
      return { status: paymentMethodId === DEV_DECLINED_CARD ? 'requires_payment_method' : 'succeeded' };
    },
    async cancelPaymentIntent() {},
    async setCancelAtPeriodEnd() {},
    async cancelSubscription() {},
  };
}
