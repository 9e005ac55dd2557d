/**
 * The dev provider's side of Stripe: the local checkout page (`GET /api/dev-checkout/{session_id}`)
 * and the Stripe-format events its Pay button and `POST /api/payments/confirm/` send. Events are
 * signed with the webhook secret and go through `receiveWebhook`, the handler behind
 * `POST /api/payments/webhook/`, so the dev path verifies signatures exactly like the real one.
 *
 * Event and subscription ids derive from the session or intent id: pressing Pay twice delivers the
 * same events again, which the handler recognises as duplicates.
 */
import Stripe from 'stripe';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { PaymentRow } from '../coins/money.tables';
import { moneyDb } from '../coins/money.tables';
import { getSetting } from '../settings/settings.service';
import { addInterval } from '../subscriptions/subscriptions.repository';
import type { PaymentsRuntime } from './payments.service';
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
  return moneyDb(ctx)
    .selectFrom('payments')
    .selectAll()
    .where('provider_ref', '=', sessionId)
    .where('provider', '=', 'dev')
    .where('kind', 'in', ['coins', 'gold'])
    .executeTakeFirst();
}

/** The events Stripe sends when a checkout is paid: the session, and for Gold its first invoice. */
export async function payDevSession(ctx: AppContext, runtime: PaymentsRuntime, payment: PaymentRow): Promise<void> {
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
    metadata,
    payment_intent: payment.kind === 'coins' ? `pi_dev_${suffix}` : null,
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

export async function cancelDevSession(ctx: AppContext, payment: PaymentRow): Promise<void> {
  await moneyDb(ctx)
    .updateTable('payments')
    .set({ status: 'canceled', updated_at: nowIso(ctx) })
    .where('id', '=', payment.id)
    .where('status', '=', 'pending')
    .execute();
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

function formatPrice(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** No scripts at all: the page is two plain forms, so it works with JavaScript off and under any CSP. */
export const DEV_CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Cliffhanger test checkout</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; background: #111; color: #f5f5f5; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem; background: #1c1c1c; border-radius: 12px; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; }
  dt { color: #bbb; } dd { margin: 0; font-weight: 600; }
  .note { color: #ccc; font-size: .9rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
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

export function checkoutPage(payment: PaymentRow): string {
  const what = payment.kind === 'gold' ? 'Gold subscription' : 'Coins';
  const details = `<dl>
  <dt>Product</dt><dd>${escapeHtml(what)}</dd>
  <dt>Includes</dt><dd>${escapeHtml(payment.description)}</dd>
  <dt>Price</dt><dd>${escapeHtml(formatPrice(payment.amount_minor, payment.currency))}${payment.kind === 'gold' && payment.plan ? ` <span class="note">(${escapeHtml(payment.plan)})</span>` : ''}</dd>
</dl>`;
  const action = `/api/dev-checkout/${encodeURIComponent(payment.provider_ref)}`;
  if (payment.status === 'pending') {
    return layout(
      `Pay for ${what}`,
      `<h1>Confirm your purchase</h1>
${details}
<p class="note">This is the local test checkout: no card is charged. Paying sends a signed payment event to the server, exactly as the card processor would.</p>
<div class="actions">
  <form method="post" action="${action}/pay"><button type="submit" class="pay">Pay ${escapeHtml(formatPrice(payment.amount_minor, payment.currency))}</button></form>
  <form method="post" action="${action}/cancel"><button type="submit" class="cancel">Cancel</button></form>
</div>`,
    );
  }
  const done = payment.status === 'succeeded';
  const back = done ? payment.success_url : payment.cancel_url;
  return layout(
    done ? 'Already paid' : 'Checkout closed',
    `<h1>${done ? 'This purchase is already paid' : 'This checkout was cancelled'}</h1>
${details}
${back ? `<div class="actions"><a class="button pay" href="${escapeHtml(back)}">Back to Cliffhanger</a></div>` : ''}`,
  );
}

export function notFoundPage(): string {
  return layout(
    'Checkout not found',
    '<h1>Checkout not found</h1>\n<p>This checkout does not exist. Start the purchase again from the store.</p>',
  );
}
