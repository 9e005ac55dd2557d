/**
 * The payments of one app, made once at start from its configuration: the card processor (Stripe, the
 * local dev provider, or none) and the secret that signs its webhooks. Routes hand it to the services
 * that talk to the processor.
 */

import type { PaymentsConfig } from '../../config';
import { HttpError } from '../../http/errors';
import { createDevProvider, type PaymentProvider, PaymentProviderError } from './payment-provider';
import { createStripeProvider } from './stripe.provider';

export interface PaymentsRuntime {
  config: PaymentsConfig;
  /** null when payments are disabled (production without Stripe keys). */
  provider: PaymentProvider | null;
  webhookSecret: string;
}

export function createPaymentsRuntime(config: PaymentsConfig): PaymentsRuntime {
  const provider =
    config.mode === 'stripe' && config.stripeSecretKey
      ? createStripeProvider(config.stripeSecretKey)
      : config.mode === 'dev'
        ? createDevProvider(config.webhookSecret)
        : null;
  return { config, provider, webhookSecret: config.webhookSecret };
}

export function requireProvider(runtime: PaymentsRuntime): PaymentProvider {
  if (!runtime.provider) {
    throw new HttpError(503, 'Payments are not configured on this server. Please try again later.');
  }
  return runtime.provider;
}

/** Processor errors (unknown card, declined, outage) become clear 4xx/502 answers. */
export async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HttpError(error.statusCode, error.message);
    throw error;
  }
}
