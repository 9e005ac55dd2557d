/**
 * Card payments: starting Checkout Sessions (coins, Gold), saved payment methods (exactly one default
 * per user), SetupIntents and PaymentIntents. Nothing here grants coins or Gold — that is the webhook's
 * job (webhook.service.ts) once the processor confirms the money.
 */
import { createHmac } from 'node:crypto';
import { detectLanguage } from '@cliffhanger/shared/languages';
import { localizedTitle } from '@cliffhanger/shared/localized-text';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Executor, PaymentMethodRow, PaymentRow, Trx, UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { RequestFacts } from '../../kernel/identity';
import { lockUser, moneyTransaction } from '../../kernel/money-transaction';
import { findPackage } from '../coins/coins.service';
import {
  claimOffer,
  describeOffer,
  recordOfferCheckout,
  releaseOfferOfPayment,
  releaseUnopenedClaim,
} from '../coins/first-purchase-offer.service';
import type { CoinPackage, GoldPlan } from '../settings/settings.schemas';
import { checkoutWords } from './checkout-words';
import {
  defaultMethodProviderId,
  deleteMethod,
  hasDefaultMethod,
  insertMethod,
  makeDefaultMethod,
  markDefaultMethod,
  methodByFingerprint,
  methodByProviderId,
  methodsOf,
  newestMethod,
  ownMethod,
} from './payment-methods.repository';
import { KEY_REUSED_MESSAGE, type PaymentProvider } from './payment-provider';
import * as repo from './payments.repository';
import { type PaymentsRuntime, requireProvider, viaProvider } from './payments-runtime';

/** Major units (what settings and clients use) to the processor's minor units, and back. */
export const toMinor = (amount: number) => Math.round(amount * 100);
export const fromMinor = (minor: number) => minor / 100;

// --- Where the browser goes ---------------------------------------------------------------------

/**
 * The product site to send the browser back to: the calling page's origin when it is one we serve
 * (the own host, PUBLIC_URL, CORS_ORIGINS, or a localhost dev server outside production), else
 * PUBLIC_URL, else this API's origin. Never an arbitrary origin, so checkout cannot become an open
 * redirect.
 */
export function productOrigin(ctx: AppContext, caller: RequestFacts): string {
  const { config } = ctx;
  const origin = caller.origin;
  const own = caller.apiOrigin;
  if (origin) {
    const allowed =
      origin === own ||
      origin === config.publicUrl ||
      config.corsOrigins.includes(origin) ||
      (config.devRoutes && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin));
    if (allowed) return origin;
  }
  return config.publicUrl ?? own;
}

// --- Customers and checkout -----------------------------------------------------------------------

async function knownCustomerId(ctx: AppContext, provider: PaymentProvider, userId: number): Promise<string | null> {
  return repo.customerIdOf(ctx.db, userId, provider.kind);
}

/**
 * Creates the user's customer at the processor only; nothing is stored yet. A guest's customer has no
 * address, so the processor's checkout asks for one: the receipt goes there, and the guest gets back
 * what it paid for through it (webhook.service.ts records it, auth's guestKeptWith finds it).
 */
function createCustomer(provider: PaymentProvider, user: UserRow): Promise<string> {
  return viaProvider(() => provider.createCustomer({ id: user.id, email: user.email }));
}

async function rememberCustomer(
  ctx: AppContext,
  db: Executor,
  provider: PaymentProvider,
  userId: number,
  customerId: string,
): Promise<void> {
  await repo.upsertCustomer(db, { userId, provider: provider.kind, customerId, at: nowIso(ctx) });
}

async function customerIdFor(ctx: AppContext, provider: PaymentProvider, user: UserRow): Promise<string> {
  const known = await knownCustomerId(ctx, provider, user.id);
  if (known) return known;
  const customerId = await createCustomer(provider, user);
  await rememberCustomer(ctx, ctx.db, provider, user.id, customerId);
  return customerId;
}

/**
 * Where the browser comes back to after paying or cancelling: a path of the product site (checked by
 * the route's schema) and, optionally, the episode to unlock once the coins are in.
 */
export interface ReturnTo {
  path: string;
  unlockEpisodeId?: number;
}

export type Purchase = { kind: 'coins'; pkg: CoinPackage } | { kind: 'gold'; plan: GoldPlan };

const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** A pack's coins in English, as the payment row keeps them. */
export function describePackage(pkg: CoinPackage): string {
  return checkoutWords('en').coins(pkg.coins, pkg.bonus_coins);
}

/**
 * The processor's idempotency key for a client's key: scoped to the viewer (two viewers may pick the
 * same key) and to what it starts, and keyed with the server's secret, so nobody can derive another
 * viewer's session or payment from it.
 */
function processorKeyOf(
  runtime: PaymentsRuntime,
  what: 'checkout' | 'intent',
  userId: number,
  clientKey: string,
): string {
  return createHmac('sha256', runtime.webhookSecret).update(`${what}:${userId}:${clientKey}`).digest('hex');
}

/**
 * How long a checkout (or a card payment) may stay unpaid. Past it the payment is closed as expired
 * when the viewer's payments are next read (`closeAbandonedPayments`), and left out of the
 * transactions list: it moved neither money nor coins, and an hour of "awaiting payment" lines would
 * bury the real ones. The processor's own page closes at the same time (Stripe's `expires_at`). A
 * payment the processor still reports as paid later (a late webhook) is fulfilled as usual, once, and
 * listed as paid; a first-purchase offer the checkout held is given back to the viewer.
 */
export const PAYMENT_ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Closes the viewer's payments left unpaid for `PAYMENT_ABANDONED_AFTER_MS` (lazily, on read). */
export async function closeAbandonedPayments(ctx: AppContext, userId: number): Promise<void> {
  const before = new Date(ctx.now().getTime() - PAYMENT_ABANDONED_AFTER_MS).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const ids = await repo.expirePendingBefore(trx, userId, before, nowIso(ctx));
    for (const id of ids) await releaseOfferOfPayment(trx, id);
  });
}

/** Whether a recorded checkout is the one this purchase would start. */
function isSamePurchase(row: PaymentRow, userId: number, purchase: Purchase): boolean {
  if (row.user_id !== userId || row.kind !== purchase.kind) return false;
  return purchase.kind === 'coins' ? row.package_id === purchase.pkg.id : row.plan === purchase.plan.id;
}

/**
 * Starts a Checkout Session and records it as a pending payment. The answer's url is Stripe's hosted
 * page, or the dev provider's local page. A coin checkout of the first-purchase offer's package by an
 * eligible viewer carries the offer's price and coins (first-purchase-offer.service.ts).
 *
 * With an idempotency key, a resent start (double click, network retry, a retry after a crash) answers
 * the session the first one created instead of opening a second unpaid one: the processor answers the
 * same session for the same key, and the payment row, unique by session id, is written once. The same
 * key for a different purchase is refused with 409 and writes nothing.
 */
export async function startCheckout(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  caller: RequestFacts,
  viewer: UserRow,
  purchase: Purchase,
  idempotencyKey?: string,
  returnTo?: ReturnTo,
): Promise<{ session_id: string; url: string }> {
  const provider = requireProvider(runtime);
  const customerId = await customerIdFor(ctx, provider, viewer);
  const processorKey =
    idempotencyKey === undefined ? undefined : processorKeyOf(runtime, 'checkout', viewer.id, idempotencyKey);
  // A checkout abandoned earlier gives back the offer it held, so this one may carry it.
  await closeAbandonedPayments(ctx, viewer.id);
  // The first-purchase offer, when this checkout gets it: its price and coins replace the package's.
  const offer =
    purchase.kind === 'coins' ? await claimOffer(ctx, viewer.id, purchase.pkg.id, processorKey ?? null) : null;
  const coins = purchase.kind === 'coins' ? (offer?.coins ?? purchase.pkg.coins + purchase.pkg.bonus_coins) : 0;
  const site = productOrigin(ctx, caller);
  const page = returnTo?.path ?? (purchase.kind === 'coins' ? '/coins' : '/gold-subscription');
  // Back on a page that is not the store, the page needs to know what was bought (and what to unlock).
  const back = returnTo
    ? `&kind=${purchase.kind}${returnTo.unlockEpisodeId ? `&unlock=${returnTo.unlockEpisodeId}` : ''}`
    : '';
  // The processor's page names the purchase in the viewer's language, and shows its own words in it too.
  const language = detectLanguage(viewer.language, caller.languages);
  const words = checkoutWords(language);
  const item =
    purchase.kind === 'coins'
      ? (() => {
          const coinsWords = offer
            ? words.offer(offer.coins)
            : words.coins(purchase.pkg.coins, purchase.pkg.bonus_coins);
          return {
            name: `${localizedTitle(purchase.pkg, language)}: ${coinsWords}`,
            description: offer ? `${localizedTitle(offer, language)} (${coinsWords})` : coinsWords,
            amountMinor: toMinor(offer?.price ?? purchase.pkg.price),
            currency: purchase.pkg.currency,
          };
        })()
      : {
          name: localizedTitle(purchase.plan, language),
          description: words.gold(purchase.plan.interval),
          amountMinor: toMinor(purchase.plan.price),
          currency: purchase.plan.currency,
          interval: purchase.plan.interval,
        };
  const metadata: Record<string, string> =
    purchase.kind === 'coins'
      ? {
          kind: 'coins',
          user_id: String(viewer.id),
          package_id: String(purchase.pkg.id),
          coins: String(coins),
          ...(offer ? { first_purchase_offer: 'true' } : {}),
        }
      : { kind: 'gold', user_id: String(viewer.id), plan: purchase.plan.id, interval: purchase.plan.interval };
  const successUrl = `${site}${page}?checkout=success${back}&session_id=${SESSION_PLACEHOLDER}`;
  const cancelUrl = `${site}${page}?checkout=cancelled${back}`;

  let session: Awaited<ReturnType<PaymentProvider['createCheckoutSession']>>;
  try {
    session = await viaProvider(() =>
      provider.createCheckoutSession({
        mode: purchase.kind === 'coins' ? 'payment' : 'subscription',
        userId: viewer.id,
        customerId,
        item,
        metadata,
        successUrl,
        cancelUrl,
        apiOrigin: caller.apiOrigin,
        locale: language,
        idempotencyKey: processorKey,
        expiresAt: Math.floor((ctx.now().getTime() + PAYMENT_ABANDONED_AFTER_MS) / 1000),
      }),
    );
  } catch (error) {
    // No checkout opened: the offer stays the viewer's.
    if (offer) await releaseUnopenedClaim(ctx, viewer.id);
    throw error;
  }
  const at = nowIso(ctx);
  const db = ctx.db;
  // A repeated key names a session already recorded: keep the first row.
  await repo.insertPaymentOnce(db, {
    user_id: viewer.id,
    kind: purchase.kind,
    status: 'pending',
    provider: provider.kind,
    provider_ref: session.id,
    amount_minor: item.amountMinor,
    currency: item.currency,
    coins,
    package_id: purchase.kind === 'coins' ? purchase.pkg.id : null,
    plan: purchase.kind === 'gold' ? purchase.plan.id : null,
    description:
      purchase.kind === 'coins'
        ? offer
          ? describeOffer(offer)
          : describePackage(purchase.pkg)
        : `${purchase.plan.title} subscription`,
    success_url: successUrl.replace(SESSION_PLACEHOLDER, encodeURIComponent(session.id)),
    cancel_url: `${cancelUrl}&session_id=${encodeURIComponent(session.id)}`,
    failure_message: null,
    created_at: at,
    updated_at: at,
  });
  const recorded = await repo.paymentByRef(db, session.id);
  if (!recorded) throw new Error(`The checkout ${session.id} was not recorded`);
  const same = isSamePurchase(recorded, viewer.id, purchase);
  if (offer) {
    // A repeated key answers the checkout its first start opened; only one opened with the offer holds it.
    const carriesOffer = same && recorded.amount_minor === item.amountMinor && recorded.coins === coins;
    if (carriesOffer) await recordOfferCheckout(ctx, viewer.id, recorded.id);
    else await releaseUnopenedClaim(ctx, viewer.id);
  }
  if (!same) throw conflict(KEY_REUSED_MESSAGE);
  return { session_id: session.id, url: session.url };
}

// --- Payment methods ------------------------------------------------------------------------------

export interface PaymentMethodDto {
  id: number;
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: string;
}

function toMethodDto(row: PaymentMethodRow): PaymentMethodDto {
  return {
    id: row.id,
    payment_method_id: row.provider_payment_method_id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    is_default: Boolean(row.is_default),
    created_at: row.created_at,
  };
}

export async function listPaymentMethods(ctx: AppContext, userId: number): Promise<PaymentMethodDto[]> {
  return (await methodsOf(ctx.db, userId)).map(toMethodDto);
}

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  mir: 'Mir',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
};
const brandLabel = (brand: string) => BRAND_LABELS[brand] ?? brand;
const expiryLabel = (row: { exp_month: number; exp_year: number }) =>
  `${String(row.exp_month).padStart(2, '0')}/${String(row.exp_year % 100).padStart(2, '0')}`;

/**
 * Saves a card; the first one becomes the default. Adding the same payment method again answers it
 * unchanged; the same card under a new payment method (same fingerprint, same viewer) is refused with
 * 409, politely, and the new copy is detached.
 */
export async function addPaymentMethod(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  viewer: UserRow,
  paymentMethodId: string,
): Promise<{ created: boolean; method: PaymentMethodDto }> {
  const provider = requireProvider(runtime);
  // The processor checks the card first; only a card it accepted leads to any row here (a new
  // viewer's customer included), so an unknown or refused card answers its 4xx having stored nothing.
  const known = await knownCustomerId(ctx, provider, viewer.id);
  const customerId = known ?? (await createCustomer(provider, viewer));
  const card = await viaProvider(() => provider.attachPaymentMethod(paymentMethodId, customerId));
  const result = await moneyTransaction(ctx, async (trx) => {
    await lockUser(ctx, trx, viewer.id);
    if (!known) await rememberCustomer(ctx, trx, provider, viewer.id, customerId);
    const existing = await methodByProviderId(trx, viewer.id, paymentMethodId);
    if (existing) return { created: false, row: existing };
    if (card.fingerprint) {
      const same = await methodByFingerprint(trx, viewer.id, card.fingerprint);
      if (same) return { created: false, row: same, duplicate: true };
    }
    const hasDefault = await hasDefaultMethod(trx, viewer.id);
    const row = await insertMethod(trx, {
      user_id: viewer.id,
      provider_payment_method_id: paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: card.fingerprint ?? null,
      is_default: !hasDefault,
      created_at: nowIso(ctx),
    });
    return { created: true, row, duplicate: false };
  });
  if ('duplicate' in result && result.duplicate) {
    // The new copy goes back; the card already saved stays as it was.
    await viaProvider(() => provider.detachPaymentMethod(paymentMethodId)).catch(() => undefined);
    throw conflict(
      `This card is already saved: ${brandLabel(result.row.brand)} ending ${result.row.last4}, expiring ${expiryLabel(result.row)}. You do not need to add it again.`,
    );
  }
  if (result.created && result.row.is_default) {
    await viaProvider(() => provider.setDefaultPaymentMethod(customerId, paymentMethodId));
  }
  return { created: result.created, method: toMethodDto(result.row) };
}

/**
 * Runs `change` on one of the viewer's own cards in a money transaction that holds the viewer's lock;
 * a card that is not theirs (or no longer there) answers 404 having changed nothing.
 */
async function changeOwnMethod<T>(
  ctx: AppContext,
  userId: number,
  id: number,
  change: (trx: Trx, target: PaymentMethodRow) => Promise<T>,
): Promise<T> {
  const outcome = await moneyTransaction(ctx, async (trx) => {
    await lockUser(ctx, trx, userId);
    const target = await ownMethod(trx, userId, id);
    return target ? { changed: await change(trx, target) } : null;
  });
  if (!outcome) throw notFound('Payment method not found');
  return outcome.changed;
}

/** Marks one card as the default and every other card of the user as not. */
export async function setDefaultPaymentMethod(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  viewer: UserRow,
  id: number,
): Promise<PaymentMethodDto[]> {
  const provider = requireProvider(runtime);
  const row = await changeOwnMethod(ctx, viewer.id, id, async (trx, target) => {
    await makeDefaultMethod(trx, viewer.id, id);
    return target;
  });
  const customerId = await customerIdFor(ctx, provider, viewer);
  await viaProvider(() => provider.setDefaultPaymentMethod(customerId, row.provider_payment_method_id));
  return listPaymentMethods(ctx, viewer.id);
}

/** Removes a card; when it was the default, the most recently added remaining card takes over. */
export async function deletePaymentMethod(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  viewer: UserRow,
  id: number,
): Promise<PaymentMethodDto[]> {
  const provider = requireProvider(runtime);
  const outcome = await changeOwnMethod(ctx, viewer.id, id, async (trx, target) => {
    await deleteMethod(trx, id);
    let promoted: PaymentMethodRow | undefined;
    if (target.is_default) {
      promoted = await newestMethod(trx, viewer.id);
      if (promoted) await markDefaultMethod(trx, promoted.id);
    }
    return { target, promoted };
  });
  await viaProvider(() => provider.detachPaymentMethod(outcome.target.provider_payment_method_id));
  if (outcome.promoted) {
    const customerId = await customerIdFor(ctx, provider, viewer);
    await viaProvider(() =>
      provider.setDefaultPaymentMethod(customerId, outcome.promoted?.provider_payment_method_id ?? ''),
    );
  }
  return listPaymentMethods(ctx, viewer.id);
}

export async function createSetupIntent(ctx: AppContext, runtime: PaymentsRuntime, viewer: UserRow) {
  const provider = requireProvider(runtime);
  const customerId = await customerIdFor(ctx, provider, viewer);
  const intent = await viaProvider(() => provider.createSetupIntent(customerId));
  return { client_secret: intent.client_secret, setup_intent_id: intent.id };
}

// --- Payment intents ------------------------------------------------------------------------------

export interface IntentDto {
  payment_intent_id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  coins: number;
}

/** Whether a recorded card payment is the one this request would start. */
function isSameIntent(row: PaymentRow, userId: number, input: IntentInput, amountMinor: number): boolean {
  return (
    row.user_id === userId &&
    row.kind === 'intent' &&
    row.package_id === (input.package_id ?? null) &&
    row.amount_minor === amountMinor &&
    row.currency === input.currency
  );
}

interface IntentInput {
  amount: number;
  currency: string;
  package_id?: number;
  idempotency_key?: string;
}

/**
 * A card payment of `amount` (major units). With a package_id the amount must be that package's
 * price, and the package's coins are credited when the processor reports success.
 *
 * With an idempotency key (one per tap on Buy), a resent or repeated request answers the payment the
 * first one started, never a second one: the processor answers the same intent for the same key and
 * the payment row, unique by intent id, is written once. The same key for another purchase is refused
 * with 409 and writes nothing.
 */
export async function createPaymentIntent(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  viewer: UserRow,
  input: IntentInput,
): Promise<IntentDto> {
  const provider = requireProvider(runtime);
  let coins = 0;
  let description = 'Card payment';
  if (input.package_id !== undefined) {
    const pkg = await findPackage(ctx, input.package_id);
    if (!pkg) throw notFound(`No coin package with id ${input.package_id}`);
    if (toMinor(pkg.price) !== toMinor(input.amount) || pkg.currency !== input.currency) {
      throw badRequest(`Package ${pkg.id} costs ${pkg.price} ${pkg.currency}`, {
        price: pkg.price,
        currency: pkg.currency,
      });
    }
    coins = pkg.coins + pkg.bonus_coins;
    description = describePackage(pkg);
  }
  const amountMinor = toMinor(input.amount);
  const customerId = await customerIdFor(ctx, provider, viewer);
  const metadata: Record<string, string> = { kind: 'intent', user_id: String(viewer.id) };
  if (input.package_id !== undefined) metadata.package_id = String(input.package_id);
  const idempotencyKey =
    input.idempotency_key === undefined
      ? undefined
      : processorKeyOf(runtime, 'intent', viewer.id, input.idempotency_key);
  const intent = await viaProvider(() =>
    provider.createPaymentIntent({ amountMinor, currency: input.currency, customerId, metadata, idempotencyKey }),
  );
  const at = nowIso(ctx);
  await repo.insertPaymentOnce(ctx.db, {
    user_id: viewer.id,
    kind: 'intent',
    status: 'pending',
    provider: provider.kind,
    provider_ref: intent.id,
    amount_minor: amountMinor,
    currency: input.currency,
    coins,
    package_id: input.package_id ?? null,
    plan: null,
    description,
    success_url: null,
    cancel_url: null,
    failure_message: null,
    created_at: at,
    updated_at: at,
  });
  const recorded = await repo.paymentByRef(ctx.db, intent.id);
  if (!recorded || !isSameIntent(recorded, viewer.id, input, amountMinor)) throw conflict(KEY_REUSED_MESSAGE);
  return {
    payment_intent_id: intent.id,
    client_secret: intent.client_secret,
    amount: input.amount,
    currency: input.currency,
    status: intent.status,
    coins,
  };
}

export async function findOwnPayment(ctx: AppContext, viewer: UserRow, providerRef: string): Promise<PaymentRow> {
  const row = await repo.paymentOfUserByRef(ctx.db, viewer.id, providerRef);
  if (!row) throw notFound('Payment not found');
  return row;
}

export async function defaultPaymentMethodId(ctx: AppContext, userId: number): Promise<string | null> {
  return defaultMethodProviderId(ctx.db, userId);
}
