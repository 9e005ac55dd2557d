/**
 * Payment settings from the environment (listed in api/ENV.md):
 * - STRIPE_SECRET_KEY set → real Stripe Checkout Sessions, SetupIntents and PaymentIntents;
 * - unset → the built-in dev provider (a local checkout page that pays by sending a signed,
 *   Stripe-format webhook to the same handler). In production the dev provider would hand out coins
 *   for free, so there it needs PAYMENTS_DEV_PROVIDER=true; otherwise payments answer 503.
 * STRIPE_WEBHOOK_SECRET verifies webhooks; without it one is generated into var/ like the JWT secret.
 * STAFF_GRANT_LIMIT: the most coins a staff member without superuser rights may grant at once
 * (default 1000); larger grants need a superuser.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { REPO_ROOT } from '../../config';

export type PaymentsMode = 'stripe' | 'dev' | 'disabled';

export interface PaymentsConfig {
  mode: PaymentsMode;
  stripeSecretKey: string | null;
  /** Handed to the browser (GET /api/payments/config/) for Stripe.js; never a secret. */
  publishableKey: string | null;
  webhookSecret: string;
  /** Coins a plain staff member may grant in one go; above it, a superuser must. */
  staffGrantLimit: number;
}

export const DEFAULT_STAFF_GRANT_LIMIT = 1000;

function staffGrantLimitFrom(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_STAFF_GRANT_LIMIT;
  const limit = Number(text);
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new Error(`STAFF_GRANT_LIMIT must be a whole number of coins, 0 or more (got "${text}")`);
  }
  return limit;
}

function loadOrCreateWebhookSecret(env: NodeJS.ProcessEnv, varDir: string): string {
  const configured = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (configured) return configured;
  const file = resolve(varDir, 'stripe-webhook-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const varDirSetting = env.VAR_DIR ?? 'var';
  const varDir = isAbsolute(varDirSetting) ? varDirSetting : resolve(REPO_ROOT, varDirSetting);
  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  const devAllowed = env.NODE_ENV !== 'production' || env.PAYMENTS_DEV_PROVIDER === 'true';
  return {
    mode: stripeSecretKey ? 'stripe' : devAllowed ? 'dev' : 'disabled',
    stripeSecretKey,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() || null,
    webhookSecret: loadOrCreateWebhookSecret(env, varDir),
    staffGrantLimit: staffGrantLimitFrom(env.STAFF_GRANT_LIMIT),
  };
}
