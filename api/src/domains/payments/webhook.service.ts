/**
 * The payment webhook: `POST /api/payments/webhook/` and the dev provider's checkout page both end
 * here, so fulfilment has exactly one code path, and it starts with signature verification.
 *
 * - The signature is checked by the Stripe SDK on the raw body (any changed byte fails), with the
 *   SDK's 300 s tolerance against replays of old deliveries; a delivery dated more than the same
 *   tolerance in the future is refused too (the SDK checks only the past).
 * - Only what this API started is fulfilled: a checkout session or payment intent is looked up by id
 *   among the payments it recorded, and price, coins and plan come from that record, never from the
 *   event's metadata. The event must also be of the payment's kind (a coin checkout cannot give Gold,
 *   a Gold checkout cannot give coins, a card payment's intent cannot pay a checkout) and for the
 *   amount and currency recorded.
 * - Refunds and disputes (`charge.refunded`, `charge.dispute.created`/`closed`) take back exactly
 *   what the payment granted (payment-reversals.ts).
 * - Idempotency: the event id is inserted into processed_events first, in the same transaction as
 *   the effect. A redelivery (or a concurrent duplicate) finds the id and changes nothing.
 * - Durability: the transaction is synced to disk before the processor gets its 200, since it will
 *   never deliver the event again (see `MoneyTransactionOptions.durable`).
 * - Effects are themselves idempotent where two different events describe the same payment (a
 *   checkout's `completed` and `async_payment_succeeded`): coins carry the ledger reference
 *   `checkout:<session id>`; subscription periods only move forward, and a subscription's status
 *   follows the newest event (events may arrive in any order).
 */
import Stripe from 'stripe';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { PaymentRow, ProviderKind, SubscriptionStatus, Trx } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { applyEntry, lockUser, moneyTransaction } from '../../kernel/money-transaction';
import { LEDGER_REASONS } from '../coins/coins.service';
import { releaseOfferOfPayment } from '../coins/first-purchase-offer.service';
import { getSetting } from '../settings/settings.service';
import { addInterval, syncGold } from '../users/gold-membership.repository';
import { userExists } from '../users/users.repository';
import { onChargeRefunded, onDispute } from './payment-reversals';
import {
  insertPaymentOnce,
  markPremium,
  openGoldCheckout,
  paymentByRef,
  rememberFirstInvoice,
  setPaymentReferences,
  setPaymentStatus,
  setReceiptEmail,
} from './payments.repository';
import {
  insertSubscription,
  recordEventOnce,
  subscriptionByProviderId,
  updateSubscription,
} from './webhook.repository';
import { type EventContext, receiptAddress, type VerifiedEvent } from './webhook-event';

/** Stripe's own default: a delivery signed more than 5 minutes ago is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type Json = Record<string, unknown>;

export interface WebhookAnswer {
  received: true;
  event_id: string;
  type: string;
  duplicate: boolean;
  handled: boolean;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const int = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : null;
};
/** An id field that Stripe sends either as a string or, when expanded, as an object with an id. */
const idOf = (value: unknown): string | null => str(value) ?? (isObject(value) ? str(value.id) : null);
const metadataOf = (object: Json): Json => (isObject(object.metadata) ? object.metadata : {});
const isoFromUnix = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The `t=` of a Stripe-Signature header (seconds), or null when there is none. */
function signedAt(signature: string): number | null {
  for (const part of signature.split(',')) {
    const [key, value] = part.split('=');
    if (key?.trim() === 't' && value !== undefined && /^\d{1,12}$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}

export function verifyWebhook(
  secret: string,
  rawBody: Buffer,
  signature: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): VerifiedEvent {
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  const at = signedAt(signature);
  // A signature dated ahead of our clock would stay "fresh" for as long as it is ahead: refuse it.
  if (at !== null && at - nowSeconds > WEBHOOK_TOLERANCE_SECONDS) {
    throw badRequest('Webhook signature verification failed: Timestamp outside the tolerance zone (in the future)');
  }
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'invalid signature';
    throw badRequest(`Webhook signature verification failed: ${reason}`);
  }
  if (!isObject(event) || !str(event.id) || !str(event.type) || !isObject(event.data) || !isObject(event.data.object)) {
    throw badRequest('The webhook body is not a Stripe event');
  }
  const created = int(event.created) ?? Math.floor(Date.now() / 1000);
  return { id: event.id as string, type: event.type as string, created, object: event.data.object };
}

export interface WebhookRuntime {
  webhookSecret: string;
  provider: ProviderKind;
  /**
   * Cancels a subscription at the processor (after a refund or a lost dispute ended its Gold). Its
   * failure is the caller's to log; the answer to the processor does not depend on it.
   */
  cancelSubscription?: (subscriptionId: string) => Promise<void>;
}

export async function receiveWebhook(
  ctx: AppContext,
  runtime: WebhookRuntime,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const event = verifyWebhook(runtime.webhookSecret, rawBody, signature);
  // Read before the transaction: on SQLite nothing outside `trx` may run while it is open.
  const plans = await getSetting(ctx, 'gold_plans');
  const afterCommit: string[] = [];
  const answer = await moneyTransaction(
    ctx,
    async (trx) => {
      if (!(await recordEventOnce(trx, { id: event.id, type: event.type, at: nowIso(ctx) }))) {
        return { received: true as const, event_id: event.id, type: event.type, duplicate: true, handled: false };
      }
      afterCommit.length = 0;
      const handled = await applyEvent({ ctx, trx, event, plans, provider: runtime.provider, afterCommit });
      return { received: true as const, event_id: event.id, type: event.type, duplicate: false, handled };
    },
    // Once answered, the processor never sends this event again: the commit must outlive a power cut.
    { durable: true },
  );
  for (const subscriptionId of afterCommit) {
    // Gold already ended here; should the processor be unreachable, its next renewal is a new payment.
    await runtime.cancelSubscription?.(subscriptionId).catch(() => undefined);
  }
  return answer;
}

async function applyEvent(e: EventContext): Promise<boolean> {
  switch (e.event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onCheckoutPaid(e);
    case 'checkout.session.async_payment_failed':
      return markPayment(e, str(e.event.object.id), 'failed', 'The payment did not go through');
    case 'checkout.session.expired':
      return markPayment(e, str(e.event.object.id), 'canceled', null);
    case 'invoice.paid':
      return onInvoicePaid(e);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return onSubscriptionChanged(e);
    case 'payment_intent.succeeded':
      return onIntentSucceeded(e);
    case 'payment_intent.payment_failed':
      return onIntentFailed(e);
    case 'charge.refunded':
      return onChargeRefunded(e);
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return onDispute(e);
    default:
      return false;
  }
}

async function findPayment(trx: Trx, providerRef: string | null): Promise<PaymentRow | undefined> {
  if (!providerRef) return undefined;
  return paymentByRef(trx, providerRef);
}

/** The id when such a user exists (ids in metadata are only as good as the row they name). */
async function existingUser(trx: Trx, userId: number | null): Promise<number | null> {
  if (userId === null) return null;
  return (await userExists(trx, userId)) ? userId : null;
}

async function markPayment(e: EventContext, ref: string | null, status: 'failed' | 'canceled', message: string | null) {
  const payment = await findPayment(e.trx, ref);
  // A payment closed here as abandoned may still be refused or closed by the processor: it stays unpaid.
  if (payment?.status !== 'pending' && payment?.status !== 'expired') return false;
  const closed = payment.status === 'expired' && status === 'canceled' ? 'expired' : status;
  await setPaymentStatus(e.trx, payment.id, closed, message, nowIso(e.ctx));
  // A checkout that carried the first-purchase offer and was never paid gives the offer back.
  await releaseOfferOfPayment(e.trx, payment.id);
  return true;
}

async function markSucceeded(e: EventContext, payment: PaymentRow) {
  const at = nowIso(e.ctx);
  await setPaymentStatus(e.trx, payment.id, 'succeeded', null, at);
  await markPremium(e.trx, payment.user_id, at);
}

async function creditPurchase(e: EventContext, payment: PaymentRow, reference: string) {
  await lockUser(e.ctx, e.trx, payment.user_id);
  if (payment.coins > 0) {
    await applyEntry(e.trx, {
      userId: payment.user_id,
      delta: payment.coins,
      reason: LEDGER_REASONS.purchase,
      reference,
      createdAt: nowIso(e.ctx),
    });
  }
  await markSucceeded(e, payment);
}

/**
 * The checkout this API started under this session id, when the session is what that checkout was
 * for: the mode of its kind, and — when the session states them — the amount and currency recorded.
 * A session made anywhere else (the dashboard, a payment link, a forged metadata block) finds nothing.
 */
async function paymentForSession(e: EventContext, session: Json): Promise<PaymentRow | undefined> {
  const payment = await findPayment(e.trx, str(session.id));
  if (!payment || (payment.kind !== 'coins' && payment.kind !== 'gold')) return undefined;
  const mode = str(session.mode);
  if (mode && mode !== (payment.kind === 'gold' ? 'subscription' : 'payment')) return undefined;
  return matchesRecord(payment, session.amount_total, session.currency) ? payment : undefined;
}

/** Whether an amount and currency the processor states (when it states them) are the recorded ones. */
function matchesRecord(payment: PaymentRow, amount: unknown, currency: unknown): boolean {
  const minor = int(amount);
  const code = str(currency);
  return (minor === null || minor === payment.amount_minor) && (code === null || code === payment.currency);
}

async function onCheckoutPaid(e: EventContext): Promise<boolean> {
  const session = e.event.object;
  const paid =
    e.event.type === 'checkout.session.async_payment_succeeded' ||
    session.payment_status === 'paid' ||
    session.payment_status === 'no_payment_required';
  // Bank transfers and vouchers complete the checkout before the money arrives; wait for
  // checkout.session.async_payment_succeeded.
  if (!paid) return false;
  const payment = await paymentForSession(e, session);
  if (!payment) return false;
  // What a later refund or dispute will name: the session's payment intent, or its first invoice.
  const at = nowIso(e.ctx);
  await setPaymentReferences(
    e.trx,
    payment.id,
    {
      payment_intent_id: payment.payment_intent_id ?? idOf(session.payment_intent),
      invoice_id: payment.invoice_id ?? idOf(session.invoice),
      subscription_id: payment.subscription_id ?? idOf(session.subscription),
    },
    at,
  );
  const details = session.customer_details as { email?: unknown } | null | undefined;
  const receiptEmail = receiptAddress(details?.email ?? session.customer_email);
  if (receiptEmail) await setReceiptEmail(e.trx, payment.id, receiptEmail);
  if (payment.kind === 'coins') {
    await creditPurchase(e, payment, `checkout:${payment.provider_ref}`);
    return true;
  }
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return false;
  await lockUser(e.ctx, e.trx, payment.user_id);
  const plan = payment.plan ?? 'monthly';
  await upsertSubscription(e, {
    userId: payment.user_id,
    plan,
    subscriptionId,
    // Provisional until invoice.paid or customer.subscription.updated name the exact period end.
    periodEnd: addInterval(isoFromUnix(e.event.created), intervalOf(e, plan)),
    periodRule: 'extend',
    status: 'active',
    cancelAtPeriodEnd: null,
  });
  await markSucceeded(e, payment);
  await syncGold(e.trx, payment.user_id, nowIso(e.ctx));
  return true;
}

function intervalOf(e: EventContext, plan: string): 'month' | 'year' {
  return e.plans.find((candidate) => candidate.id === plan)?.interval ?? (plan === 'yearly' ? 'year' : 'month');
}

/** The subscription id and metadata of an invoice, in the current and the pre-2025 API shapes. */
function invoiceSubscription(invoice: Json): { id: string | null; metadata: Json } {
  const parent = isObject(invoice.parent) ? invoice.parent : {};
  const details = isObject(parent.subscription_details)
    ? parent.subscription_details
    : isObject(invoice.subscription_details)
      ? invoice.subscription_details
      : {};
  return { id: idOf(details.subscription) ?? idOf(invoice.subscription), metadata: metadataOf(details) };
}

/** The payment intent of an invoice: `payment_intent` before Stripe's 2025 API, `payments` after. */
function invoiceIntent(invoice: Json): string | null {
  const direct = idOf(invoice.payment_intent);
  if (direct) return direct;
  const payments = isObject(invoice.payments) && Array.isArray(invoice.payments.data) ? invoice.payments.data : [];
  for (const entry of payments) {
    const payment = isObject(entry) && isObject(entry.payment) ? entry.payment : null;
    const intent = payment ? idOf(payment.payment_intent) : null;
    if (intent) return intent;
  }
  return null;
}

/**
 * Whose Gold a subscription event is about: the owner of a subscription we already know, or else the
 * user named by its metadata only when that user started a Gold checkout here that is not yet tied to
 * another subscription (subscription events may arrive before the checkout's). Plan from our records.
 */
async function subscriptionOwner(
  e: EventContext,
  subscriptionId: string,
  metadata: Json,
): Promise<{ userId: number; plan: string } | null> {
  const existing = await subscriptionByProviderId(e.trx, subscriptionId);
  if (existing) return { userId: existing.user_id, plan: existing.plan };
  const userId = await existingUser(e.trx, int(metadata.user_id));
  if (userId === null) return null;
  const checkout = await openGoldCheckout(e.trx, userId, subscriptionId);
  return checkout ? { userId, plan: checkout.plan ?? 'monthly' } : null;
}

async function onInvoicePaid(e: EventContext): Promise<boolean> {
  const invoice = e.event.object;
  const { id: subscriptionId, metadata } = invoiceSubscription(invoice);
  if (!subscriptionId) return false;
  const owner = await subscriptionOwner(e, subscriptionId, metadata);
  if (!owner) return false;
  const { userId, plan } = owner;
  const lines = isObject(invoice.lines) && Array.isArray(invoice.lines.data) ? invoice.lines.data : [];
  const ends = lines
    .map((line) => (isObject(line) && isObject(line.period) ? int(line.period.end) : null))
    .filter((end): end is number => end !== null);
  const periodEnd =
    ends.length > 0 ? isoFromUnix(Math.max(...ends)) : addInterval(isoFromUnix(e.event.created), intervalOf(e, plan));

  await lockUser(e.ctx, e.trx, userId);
  await upsertSubscription(e, {
    userId,
    plan,
    subscriptionId,
    periodEnd,
    periodRule: 'extend',
    status: 'active',
    cancelAtPeriodEnd: null,
  });
  // Renewals are payments of their own in the transactions list; the first invoice is the checkout's.
  const invoiceId = str(invoice.id);
  const intentId = invoiceIntent(invoice);
  if (invoiceId && invoice.billing_reason === 'subscription_create') {
    // The first invoice is the checkout's payment: remember what its refund will name.
    await rememberFirstInvoice(e.trx, userId, { invoiceId, intentId, subscriptionId });
  }
  if (invoiceId && invoice.billing_reason !== 'subscription_create') {
    const at = nowIso(e.ctx);
    await insertPaymentOnce(e.trx, {
      user_id: userId,
      kind: 'gold',
      status: 'succeeded',
      provider: e.provider,
      provider_ref: invoiceId,
      amount_minor: Math.max(0, int(invoice.amount_paid) ?? 0),
      currency: str(invoice.currency) ?? 'rub',
      coins: 0,
      package_id: null,
      plan,
      description: `Gold ${plan} renewal`,
      success_url: null,
      cancel_url: null,
      failure_message: null,
      created_at: at,
      updated_at: at,
      payment_intent_id: intentId,
      invoice_id: invoiceId,
      subscription_id: subscriptionId,
    });
  }
  await markPremium(e.trx, userId, null);
  await syncGold(e.trx, userId, nowIso(e.ctx));
  return true;
}

function statusFromStripe(status: unknown): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      // 'incomplete' (first payment pending) and 'paused' change nothing here.
      return null;
  }
}

/** current_period_end moved from the subscription to its items in Stripe's 2025 API; read both. */
function subscriptionPeriodEnd(subscription: Json): number | null {
  const items = isObject(subscription.items) && Array.isArray(subscription.items.data) ? subscription.items.data : [];
  const itemEnds = items
    .map((item) => (isObject(item) ? int(item.current_period_end) : null))
    .filter((end): end is number => end !== null);
  return int(subscription.current_period_end) ?? (itemEnds.length > 0 ? Math.max(...itemEnds) : null);
}

async function onSubscriptionChanged(e: EventContext): Promise<boolean> {
  const subscription = e.event.object;
  const subscriptionId = str(subscription.id);
  if (!subscriptionId) return false;
  const deleted = e.event.type === 'customer.subscription.deleted';
  const status = deleted ? 'canceled' : statusFromStripe(subscription.status);
  if (!status) return false;
  const owner = await subscriptionOwner(e, subscriptionId, metadataOf(subscription));
  if (!owner) return false;
  const { userId, plan } = owner;
  const end = subscriptionPeriodEnd(subscription);
  const endedAt = int(subscription.ended_at) ?? int(subscription.canceled_at) ?? e.event.created;
  const periodEnd = deleted
    ? isoFromUnix(Math.min(end ?? endedAt, endedAt))
    : end !== null
      ? isoFromUnix(end)
      : addInterval(isoFromUnix(e.event.created), intervalOf(e, plan));

  await lockUser(e.ctx, e.trx, userId);
  await upsertSubscription(e, {
    userId,
    plan,
    subscriptionId,
    periodEnd,
    periodRule: deleted ? 'shorten' : 'set',
    status,
    cancelAtPeriodEnd: deleted ? false : subscription.cancel_at_period_end === true,
  });
  await syncGold(e.trx, userId, nowIso(e.ctx));
  return true;
}

interface SubscriptionChange {
  userId: number;
  plan: string;
  subscriptionId: string;
  periodEnd: string;
  /** extend: never move the end back (payments); set: the provider's value; shorten: an ending. */
  periodRule: 'extend' | 'set' | 'shorten';
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean | null;
}

/**
 * Creates or updates a subscription from one event. Status and cancel flag follow only events at
 * least as new as the last one applied, so a late `updated` cannot undo a `deleted`; paid periods
 * only ever extend the end.
 */
async function upsertSubscription(e: EventContext, change: SubscriptionChange) {
  const at = nowIso(e.ctx);
  const eventAt = isoFromUnix(e.event.created);
  const row = await subscriptionByProviderId(e.trx, change.subscriptionId);
  if (!row) {
    await insertSubscription(e.trx, {
      user_id: change.userId,
      plan: change.plan,
      name: 'Gold',
      status: change.status,
      provider: e.provider,
      provider_subscription_id: change.subscriptionId,
      current_period_end: change.periodEnd,
      cancel_at_period_end: change.cancelAtPeriodEnd ?? false,
      last_event_at: eventAt,
      created_at: at,
      updated_at: at,
    });
    return;
  }
  const fresh = eventAt >= row.last_event_at;
  // ISO-8601 UTC strings sort like the instants they name.
  const [earlier, later] = [change.periodEnd, row.current_period_end].sort();
  const periodEnd =
    change.periodRule === 'extend'
      ? (later as string)
      : change.periodRule === 'shorten'
        ? (earlier as string)
        : fresh
          ? change.periodEnd
          : row.current_period_end;
  await updateSubscription(e.trx, row.id, {
    current_period_end: periodEnd,
    ...(fresh
      ? {
          status: change.status,
          last_event_at: eventAt,
          ...(change.cancelAtPeriodEnd !== null ? { cancel_at_period_end: change.cancelAtPeriodEnd } : {}),
        }
      : {}),
    updated_at: at,
  });
}

async function onIntentSucceeded(e: EventContext): Promise<boolean> {
  const intent = e.event.object;
  const payment = await findPayment(e.trx, str(intent.id));
  // Only a card payment this API started, for the amount it recorded; checkouts are paid as sessions.
  if (payment?.kind !== 'intent' || !matchesRecord(payment, intent.amount, intent.currency)) return false;
  await creditPurchase(e, payment, `intent:${payment.provider_ref}`);
  return true;
}

async function onIntentFailed(e: EventContext): Promise<boolean> {
  const intent = e.event.object;
  const ref = str(intent.id);
  const error = isObject(intent.last_payment_error) ? intent.last_payment_error : {};
  const message = str(error.message) ?? 'The payment failed';
  const payment = await findPayment(e.trx, ref);
  const at = nowIso(e.ctx);
  if (payment) {
    // A success already recorded stays a success; a late failure of an earlier attempt changes nothing.
    if (payment.status === 'succeeded') return false;
    await setPaymentStatus(e.trx, payment.id, 'failed', message, at);
    return true;
  }
  // An intent this API did not start is nobody's payment here.
  return false;
}
