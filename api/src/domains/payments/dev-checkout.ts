/**
 * The dev provider's side of Stripe: the local checkout page (`GET /api/dev-checkout/{session_id}`)
 * and the Stripe-format events its Pay button and `POST /api/payments/confirm/` send. Events are
 * signed with the webhook secret and go through `receiveWebhook`, the handler behind
 * `POST /api/payments/webhook/`, so the dev path verifies signatures exactly like the real one.
 *
 * Event and subscription ids derive from the session or intent id: pressing Pay twice delivers the
 * same events again, which the handler recognises as duplicates.
 *
 * Only the user who started a checkout can act on it: every page and button needs the address the API
 * gave that user (its `token`, see devCheckoutToken) or that user's own Bearer token. Once paid, the
 * page is a receipt that can also send what the processor sends later — a full or partial refund, a
 * dispute and its outcome — so refunds and chargebacks can be tried without a Stripe account.
 */
import type { Language } from '@cliffhanger/shared/languages';
import { localizedTitle } from '@cliffhanger/shared/localized-text';
import Stripe from 'stripe';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { PaymentRow, UserRow } from '../../db/schema';
import { moneyTransaction } from '../../kernel/money-transaction';
import { releaseOfferOfPayment } from '../coins/first-purchase-offer.service';
import { getSetting } from '../settings/settings.service';
import { addInterval } from '../users/gold-membership.repository';
import { checkoutWords } from './checkout-words';
import { isDevCheckoutToken } from './payment-provider';
import { cancelIfPending, devCheckoutPayment, guestsMergedInto } from './payments.repository';
import type { PaymentsRuntime } from './payments-runtime';
import { receiveWebhook, type WebhookAnswer } from './webhook.service';

const DEV_API_VERSION = '2025-10-29.clover';

type Json = Record<string, unknown>;

const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const suffixOf = (id: string) => id.replace(/^[a-z]+_dev_/, '');

export function devEvent(id: string, type: string, object: Json, created: number): Json {
  return {
    id,
    object: 'event',
    api_version: DEV_API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Signs an event like Stripe does and hands it to the webhook handler. */
export async function deliverDevEvent(ctx: AppContext, runtime: PaymentsRuntime, event: Json): Promise<WebhookAnswer> {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: runtime.webhookSecret });
  return receiveWebhook(
    ctx,
    { webhookSecret: runtime.webhookSecret, provider: 'dev' },
    Buffer.from(payload),
    signature,
  );
}

export async function findDevSession(ctx: AppContext, sessionId: string): Promise<PaymentRow | undefined> {
  return devCheckoutPayment(ctx.db, sessionId);
}

/**
 * The events Stripe sends when a checkout is paid: the session (with the address the receipt goes to,
 * when one was given), and for Gold its first invoice.
 */
export async function payDevSession(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  payment: PaymentRow,
  receiptEmail: string | null,
): Promise<void> {
  const created = unix(nowIso(ctx));
  const suffix = suffixOf(payment.provider_ref);
  const customer = `cus_dev_${payment.user_id}`;
  const metadata: Record<string, string> = { kind: payment.kind, user_id: String(payment.user_id) };
  if (payment.kind === 'coins') {
    metadata.package_id = String(payment.package_id ?? '');
    metadata.coins = String(payment.coins);
  }
  const session: Json = {
    id: payment.provider_ref,
    object: 'checkout.session',
    mode: payment.kind === 'gold' ? 'subscription' : 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: payment.amount_minor,
    currency: payment.currency,
    customer,
    client_reference_id: String(payment.user_id),
    customer_details: { email: receiptEmail },
    metadata,
    payment_intent: payment.kind === 'coins' ? `pi_dev_${suffix}` : null,
    invoice: payment.kind === 'gold' ? `in_dev_${suffix}` : null,
    subscription: null,
  };
  if (payment.kind === 'coins') {
    await deliverDevEvent(
      ctx,
      runtime,
      devEvent(`evt_dev_${suffix}_completed`, 'checkout.session.completed', session, created),
    );
    return;
  }
  const plan = (await getSetting(ctx, 'gold_plans')).find((candidate) => candidate.id === payment.plan);
  const interval = plan?.interval ?? 'month';
  metadata.plan = payment.plan ?? 'monthly';
  metadata.interval = interval;
  const subscriptionId = `sub_dev_${suffix}`;
  const start = nowIso(ctx);
  const invoice: Json = {
    id: `in_dev_${suffix}`,
    object: 'invoice',
    billing_reason: 'subscription_create',
    status: 'paid',
    payment_intent: `pi_dev_${suffix}`,
    amount_paid: payment.amount_minor,
    currency: payment.currency,
    customer,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata } },
    lines: { object: 'list', data: [{ period: { start: unix(start), end: unix(addInterval(start, interval)) } }] },
  };
  await deliverDevEvent(
    ctx,
    runtime,
    devEvent(
      `evt_dev_${suffix}_completed`,
      'checkout.session.completed',
      { ...session, subscription: subscriptionId },
      created,
    ),
  );
  await deliverDevEvent(ctx, runtime, devEvent(`evt_dev_${suffix}_invoice`, 'invoice.paid', invoice, created));
}

/**
 * Whether the caller may act on this checkout: they hold the address the API gave its owner, or they
 * are the owner signed in. A guest who signed in to an account since then still holds its address.
 */
export async function mayUseDevSession(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  payment: PaymentRow,
  access: { token: string | undefined; viewer: UserRow | null },
): Promise<boolean> {
  if (access.viewer) return access.viewer.id === payment.user_id;
  const { token } = access;
  if (!token) return false;
  if (isDevCheckoutToken(runtime.webhookSecret, payment.provider_ref, payment.user_id, token)) return true;
  const merged = await guestsMergedInto(ctx.db, payment.user_id);
  return merged.some((guestId) => isDevCheckoutToken(runtime.webhookSecret, payment.provider_ref, guestId, token));
}

/** The charge behind a paid checkout as the processor reports it, with `amount_refunded` so far. */
function devCharge(payment: PaymentRow, refunded: number, newestRefund?: Json): Json {
  const suffix = suffixOf(payment.provider_ref);
  return {
    ...(newestRefund ? { refunds: { object: 'list', data: [newestRefund] } } : {}),
    id: `ch_dev_${suffix}`,
    object: 'charge',
    amount: payment.amount_minor,
    amount_refunded: refunded,
    currency: payment.currency,
    customer: `cus_dev_${payment.user_id}`,
    payment_intent: payment.payment_intent_id ?? (payment.kind === 'intent' ? payment.provider_ref : null),
    invoice: payment.invoice_id,
    paid: true,
    refunded: refunded >= payment.amount_minor,
    status: 'succeeded',
  };
}

/**
 * Refunds half of the price, or all that is left, as `charge.refunded`. The event id names the new
 * refunded total, so pressing the same button twice on the same page sends the same event again.
 */
export async function refundDevPayment(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  payment: PaymentRow,
  share: 'half' | 'rest',
): Promise<WebhookAnswer | null> {
  const left = payment.amount_minor - payment.refunded_minor;
  if (payment.status !== 'succeeded' || left <= 0) return null;
  const amount = share === 'half' ? Math.max(1, Math.min(left, Math.floor(payment.amount_minor / 2))) : left;
  const total = payment.refunded_minor + amount;
  const suffix = suffixOf(payment.provider_ref);
  return deliverDevEvent(
    ctx,
    runtime,
    devEvent(`evt_dev_${suffix}_refunded_${total}`, 'charge.refunded', devCharge(payment, total), unix(nowIso(ctx))),
  );
}

/**
 * A refund of `amount` made from the admin, sent as the processor's `charge.refunded` with the new
 * refunded total (the same event id as the receipt page's button for that total) and the refund,
 * whose metadata carries the staff's reason to the ledger row. Null when that much is not refundable.
 */
export async function refundDevAmount(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  payment: PaymentRow,
  refund: { amount: number; note: string; key: string },
): Promise<WebhookAnswer | null> {
  const left = payment.amount_minor - payment.refunded_minor;
  if (payment.status !== 'succeeded' || refund.amount > left || refund.amount <= 0) return null;
  const total = payment.refunded_minor + refund.amount;
  const suffix = suffixOf(payment.provider_ref);
  const refundObject = {
    id: `re_dev_${suffix}_${total}`,
    object: 'refund',
    amount: refund.amount,
    currency: payment.currency,
    metadata: { staff_note: refund.note, request: refund.key },
    status: 'succeeded',
  };
  const charge = devCharge(payment, total, refundObject);
  return deliverDevEvent(
    ctx,
    runtime,
    devEvent(`evt_dev_${suffix}_refunded_${total}`, 'charge.refunded', charge, unix(nowIso(ctx))),
  );
}

/** Opens a dispute over the whole price, or closes the open one as won or lost. */
export async function disputeDevPayment(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  payment: PaymentRow,
  step: 'open' | 'won' | 'lost',
): Promise<WebhookAnswer | null> {
  if (payment.status !== 'succeeded') return null;
  if (step === 'open' ? payment.dispute_status !== null : payment.dispute_status !== 'open') return null;
  const suffix = suffixOf(payment.provider_ref);
  const charge = devCharge(payment, payment.refunded_minor);
  const dispute: Json = {
    id: `dp_dev_${suffix}`,
    object: 'dispute',
    amount: payment.amount_minor - payment.refunded_minor,
    currency: payment.currency,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    reason: 'fraudulent',
    status: step === 'open' ? 'needs_response' : step,
  };
  const type = step === 'open' ? 'charge.dispute.created' : 'charge.dispute.closed';
  const id = `evt_dev_${suffix}_dispute_${step === 'open' ? 'created' : 'closed'}`;
  return deliverDevEvent(ctx, runtime, devEvent(id, type, dispute, unix(nowIso(ctx))));
}

/** A payment still pending becomes cancelled (one already settled stays as it is). */
export async function cancelPendingPayment(ctx: AppContext, payment: PaymentRow): Promise<void> {
  await moneyTransaction(ctx, async (trx) => {
    // A cancelled checkout that carried the first-purchase offer gives the offer back.
    if (await cancelIfPending(trx, payment.id, nowIso(ctx))) await releaseOfferOfPayment(trx, payment.id);
  });
}

/** The dev provider's answer to confirming an intent with a saved card: succeeded, or declined. */
export async function settleDevIntent(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  payment: PaymentRow,
  outcome: 'succeeded' | 'declined',
): Promise<void> {
  const suffix = suffixOf(payment.provider_ref);
  const intent: Json = {
    id: payment.provider_ref,
    object: 'payment_intent',
    amount: payment.amount_minor,
    currency: payment.currency,
    customer: `cus_dev_${payment.user_id}`,
    metadata: { kind: 'intent', user_id: String(payment.user_id) },
    status: outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
    last_payment_error: outcome === 'succeeded' ? null : { code: 'card_declined', message: 'Your card was declined.' },
  };
  const type = outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
  await deliverDevEvent(ctx, runtime, devEvent(`evt_dev_${suffix}_${outcome}`, type, intent, unix(nowIso(ctx))));
}

// --- The page ---------------------------------------------------------------------------------------

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A price as the product writes it (shared formatMoney): whole amounts without kopecks, "499 ₽". */
function formatPrice(minor: number, currency: string, language: Language): string {
  const digits = minor % 100 === 0 ? 0 : 2;
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** No scripts at all: the page is two plain forms, so it works with JavaScript off and under any CSP. */
export const DEV_CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

function layout(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(checkoutWords(language).page.siteName)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; background: #111; color: #f5f5f5; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem; background: #1c1c1c; border-radius: 12px; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; }
  dt { color: #bbb; } dd { margin: 0; font-weight: 600; }
  .note { color: #ccc; font-size: .9rem; }
  .field { display: grid; gap: .35rem; margin: 1.25rem 0 0; }
  .field input { font: inherit; padding: .6rem .75rem; border-radius: 8px; border: 1px solid #777; background: #111; color: #f5f5f5; }
  .field input[aria-invalid="true"] { border-color: #ff6b6b; }
  .field input[aria-invalid="true"] + .note { color: #ff9b9b; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
  .pay { white-space: nowrap; }
  .actions--wrap { flex-wrap: wrap; }
  h2 { font-size: 1.1rem; margin: 2rem 0 .25rem; }
  button, a.button { font: inherit; padding: .7rem 1.4rem; border-radius: 8px; border: 2px solid transparent; cursor: pointer; text-decoration: none; }
  .pay { background: #f5c518; color: #111; font-weight: 700; }
  .cancel { background: transparent; color: #f5f5f5; border-color: #777; }
  button:focus-visible, a:focus-visible { outline: 3px solid #4da3ff; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** What a checkout's page and buttons need beside the payment. */
export interface CheckoutPageOptions {
  /** The address's proof of ownership; the page's forms carry it on. */
  token?: string;
  /** The receipt address to show in the form: the account's own, or what was typed before. */
  email?: string | null;
  /** The typed receipt address was not one: the form says so. */
  badEmail?: boolean;
  language: Language;
  /** What the purchase includes, in `language` (checkoutIncludes). */
  includes: string;
}

/** The query every form and link of a checkout page carries: its token and its language. */
export function checkoutQuery(token: string | undefined, language: Language): string {
  return `?${token ? `token=${encodeURIComponent(token)}&` : ''}lang=${language}`;
}

/**
 * What a checkout includes, in the page's language: in English the description kept with the payment;
 * in another language its coins, or its Gold plan's title in that language while the plan is offered.
 */
export async function checkoutIncludes(ctx: AppContext, payment: PaymentRow, language: Language): Promise<string> {
  if (language === 'en') return payment.description;
  const words = checkoutWords(language);
  if (payment.kind !== 'gold') return words.coins(payment.coins, 0);
  const plan = (await getSetting(ctx, 'gold_plans')).find((candidate) => candidate.id === payment.plan);
  return plan ? words.goldPlan(localizedTitle(plan, language)) : words.page.goldProduct;
}

export function checkoutPage(
  payment: PaymentRow,
  { token, language, includes, email, badEmail }: CheckoutPageOptions,
): string {
  const words = checkoutWords(language).page;
  const query = checkoutQuery(token, language);
  const what = payment.kind === 'gold' ? words.goldProduct : words.coinsProduct;
  const price = formatPrice(payment.amount_minor, payment.currency, language);
  // The plan's id stays beside an English price, as it was; other languages name the plan in "includes".
  const planNote =
    language === 'en' && payment.kind === 'gold' && payment.plan
      ? ` <span class="note">(${escapeHtml(payment.plan)})</span>`
      : '';
  const details = `<dl>
  <dt>${words.product}</dt><dd>${escapeHtml(what)}</dd>
  <dt>${words.includes}</dt><dd>${escapeHtml(includes)}</dd>
  <dt>${words.price}</dt><dd>${escapeHtml(price)}${planNote}</dd>
</dl>`;
  const action = `/api/dev-checkout/${encodeURIComponent(payment.provider_ref)}`;
  if (payment.status === 'pending') {
    return layout(
      language,
      words.payFor(what),
      `<h1>${words.confirm}</h1>
${details}
<p class="note">${escapeHtml(words.testNote)}</p>
<form method="post" action="${action}/pay${query}" id="pay"><p class="field">
  <label for="email">${escapeHtml(words.receiptEmail)}</label>
  <input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email ?? '')}" aria-describedby="email-note"${badEmail ? ' aria-invalid="true"' : ''}>
  <span id="email-note" class="note">${escapeHtml(badEmail ? words.badReceiptEmail : words.receiptEmailNote)}</span>
</p></form>
<div class="actions">
  <button type="submit" form="pay" class="pay">${escapeHtml(words.pay(price))}</button>
  <form method="post" action="${action}/cancel${query}"><button type="submit" class="cancel">${words.cancel}</button></form>
</div>`,
    );
  }
  const done = payment.status === 'succeeded';
  const back = done ? payment.success_url : payment.cancel_url;
  return layout(
    language,
    done ? words.receipt : words.closed,
    `<h1>${done ? receiptTitle(payment, language) : words.cancelled}</h1>
${details}
${done ? receiptState(payment, language) : ''}
${back ? `<div class="actions"><a class="button pay" href="${escapeHtml(back)}">${words.back}</a></div>` : ''}
${done ? processorActions(payment, action, query, language) : ''}`,
  );
}

function receiptTitle(payment: PaymentRow, language: Language): string {
  const words = checkoutWords(language).page;
  if (payment.dispute_status === 'lost') return words.chargedBack;
  if (payment.refunded_minor >= payment.amount_minor) return words.refunded;
  return words.paid;
}

function receiptState(payment: PaymentRow, language: Language): string {
  const words = checkoutWords(language).page;
  const rows: string[] = [];
  if (payment.refunded_minor > 0) {
    const all = payment.refunded_minor >= payment.amount_minor;
    rows.push(
      `<dt>${words.refundedRow}</dt><dd>${escapeHtml(formatPrice(payment.refunded_minor, payment.currency, language))}${all ? escapeHtml(words.inFull) : ''}</dd>`,
    );
  }
  if (payment.dispute_status) {
    rows.push(`<dt>${words.dispute}</dt><dd>${escapeHtml(words.disputeStates[payment.dispute_status])}</dd>`);
  }
  return rows.length > 0 ? `<dl>\n  ${rows.join('\n  ')}\n</dl>` : '';
}

/** What the card processor could report later, sent as signed events like the Pay button's. */
function processorActions(payment: PaymentRow, action: string, query: string, language: Language): string {
  const words = checkoutWords(language).page;
  const button = (path: string, label: string) =>
    `<form method="post" action="${action}/${path}${query}"><button type="submit" class="cancel">${escapeHtml(label)}</button></form>`;
  const buttons: string[] = [];
  if (payment.refunded_minor < payment.amount_minor && payment.dispute_status !== 'open') {
    if (payment.refunded_minor === 0) buttons.push(button('refund/half', words.refundHalf));
    buttons.push(button('refund/rest', payment.refunded_minor === 0 ? words.refundFull : words.refundRest));
  }
  if (payment.dispute_status === null && payment.refunded_minor < payment.amount_minor) {
    buttons.push(button('dispute/open', words.openDispute));
  }
  if (payment.dispute_status === 'open') {
    buttons.push(button('dispute/won', words.disputeWon), button('dispute/lost', words.disputeLost));
  }
  if (buttons.length === 0) return '';
  return `<h2>${words.laterEvents}</h2>
<p class="note">${escapeHtml(words.laterNote)}</p>
<div class="actions actions--wrap">
  ${buttons.join('\n  ')}
</div>`;
}

export function notYoursPage(language: Language): string {
  const words = checkoutWords(language).page;
  return layout(language, words.notAvailable, `<h1>${words.notYours}</h1>\n<p>${escapeHtml(words.notYoursHelp)}</p>`);
}

export function notFoundPage(language: Language): string {
  const words = checkoutWords(language).page;
  return layout(language, words.notFound, `<h1>${words.notFound}</h1>\n<p>${escapeHtml(words.notFoundHelp)}</p>`);
}
