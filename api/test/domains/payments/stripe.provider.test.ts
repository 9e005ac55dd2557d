/**
 * The Stripe provider against a local stand-in for api.stripe.com: what the SDK sends for a checkout,
 * a setup intent and a saved card, and how Stripe's errors become client answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentProviderError } from '../../../src/domains/payments/payment-provider';
import { createStripeProvider } from '../../../src/domains/payments/stripe.provider';

interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

describe('Stripe provider', () => {
  let server: Server;
  let port: number;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const path = (request.url ?? '').split('?')[0] as string;
        const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
        seen.push({ method: request.method ?? '', path, form: new URLSearchParams(body), idempotencyKey });
        const reply = (status: number, json: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
          response.end(JSON.stringify(json));
        };
        if (path === '/v1/customers') return reply(200, { id: 'cus_test_1', object: 'customer' });
        if (path === '/v1/checkout/sessions' && idempotencyKey === 'key-used-for-another-package') {
          return reply(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        }
        if (path === '/v1/checkout/sessions')
          return reply(200, {
            id: 'cs_test_1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_1',
          });
        if (path === '/v1/setup_intents')
          return reply(200, { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_x' });
        if (path === '/v1/payment_methods/pm_card_visa/attach') {
          return reply(200, {
            id: 'pm_card_visa',
            object: 'payment_method',
            type: 'card',
            card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031, fingerprint: 'Xt5EWLLDS7FJjR1c' },
          });
        }
        if (path === '/v1/subscriptions/sub_refunded' && request.method === 'DELETE') {
          return reply(200, { id: 'sub_refunded', object: 'subscription', status: 'canceled' });
        }
        if (path === '/v1/refunds') {
          if (Number(new URLSearchParams(body).get('amount')) > 9900) {
            return reply(400, {
              error: { type: 'invalid_request_error', message: 'Refund amount is greater than unrefunded amount' },
            });
          }
          return reply(200, { id: 're_test_1', object: 'refund', status: 'succeeded' });
        }
        if (path.startsWith('/v1/payment_methods/')) {
          return reply(400, { error: { type: 'invalid_request_error', message: 'No such PaymentMethod: pm_missing' } });
        }
        return reply(500, { error: { type: 'api_error', message: 'boom' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () =>
    createStripeProvider('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

  it('creates a subscription checkout with inline prices and metadata on the subscription', async () => {
    const session = await provider().createCheckoutSession({
      mode: 'subscription',
      userId: 7,
      customerId: 'cus_test_1',
      item: { name: 'Gold monthly', description: 'Gold', amountMinor: 29900, currency: 'rub', interval: 'month' },
      metadata: { kind: 'gold', user_id: '7', plan: 'monthly' },
      successUrl: 'http://site/gold-subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://site/gold-subscription?checkout=cancelled',
      apiOrigin: 'http://api',
      locale: 'ru',
    });
    expect(session).toEqual({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const form = seen.find((request) => request.path === '/v1/checkout/sessions')?.form as URLSearchParams;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('customer')).toBe('cus_test_1');
    expect(form.get('client_reference_id')).toBe('7');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('29900');
    expect(form.get('line_items[0][price_data][currency]')).toBe('rub');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('metadata[user_id]')).toBe('7');
    expect(form.get('subscription_data[metadata][plan]')).toBe('monthly');
    expect(form.get('success_url')).toContain('{CHECKOUT_SESSION_ID}');
    // Stripe's own words on its page (buttons, card form) are in the viewer's language.
    expect(form.get('locale')).toBe('ru');
  });

  const coinsCheckout = (idempotencyKey?: string) =>
    provider().createCheckoutSession({
      mode: 'payment',
      userId: 7,
      customerId: 'cus_test_1',
      item: { name: 'Coins', description: '100 coins', amountMinor: 9900, currency: 'rub' },
      metadata: { kind: 'coins', user_id: '7', package_id: '1', coins: '100' },
      successUrl: 'http://site/coins?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://site/coins?checkout=cancelled',
      apiOrigin: 'http://api',
      locale: 'en',
      idempotencyKey,
    });

  it("sends a purchase's idempotency key to Stripe, so a resent start gets the same session", async () => {
    seen.length = 0;
    await coinsCheckout('0123abcd');
    await coinsCheckout();
    const starts = seen.filter((request) => request.path === '/v1/checkout/sessions');
    expect(starts.map((request) => request.idempotencyKey)).toEqual(['0123abcd', expect.any(String)]);
    // Without a key of ours, the SDK makes up a fresh one for its own retries.
    expect(starts[1]?.idempotencyKey).not.toBe('0123abcd');
  });

  it('refunds through Stripe with the staff reason in the metadata and our key, refusing more than was paid', async () => {
    seen.length = 0;
    const refund = (amountMinor: number) =>
      provider().createRefund?.({
        paymentIntentId: 'pi_test_1',
        amountMinor,
        metadata: { staff_note: 'Charged twice', payment_id: '4' },
        idempotencyKey: 'admin-refund:4:k1',
      });
    expect(await refund(4950)).toEqual({ id: 're_test_1', status: 'succeeded' });
    const sent = seen.find((request) => request.path === '/v1/refunds');
    expect(sent?.form.get('payment_intent')).toBe('pi_test_1');
    expect(sent?.form.get('amount')).toBe('4950');
    expect(sent?.form.get('metadata[staff_note]')).toBe('Charged twice');
    expect(sent?.idempotencyKey).toBe('admin-refund:4:k1');
    await expect(refund(9901)).rejects.toEqual(expect.objectContaining({ statusCode: 400 }));
  });

  it("answers Stripe's refusal of a key reused for other parameters with 409", async () => {
    await expect(coinsCheckout('key-used-for-another-package')).rejects.toEqual(
      expect.objectContaining({ statusCode: 409, message: expect.stringContaining('already used') }),
    );
  });

  it('creates setup intents and saves cards, answering their details', async () => {
    expect(await provider().createSetupIntent('cus_test_1')).toEqual({
      id: 'seti_1',
      client_secret: 'seti_1_secret_x',
    });
    expect(await provider().attachPaymentMethod('pm_card_visa', 'cus_test_1')).toEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 4,
      exp_year: 2031,
      fingerprint: 'Xt5EWLLDS7FJjR1c',
    });
    expect(
      seen.find((request) => request.path === '/v1/payment_methods/pm_card_visa/attach')?.form.get('customer'),
    ).toBe('cus_test_1');
  });

  it("turns Stripe's invalid-request errors into 400 and outages into 502", async () => {
    await expect(provider().attachPaymentMethod('pm_missing', 'cus_test_1')).rejects.toEqual(
      expect.objectContaining({ statusCode: 400, message: expect.stringContaining('No such PaymentMethod') }),
    );
    const outage = provider().setCancelAtPeriodEnd('sub_1', true);
    await expect(outage).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(outage).rejects.toEqual(expect.objectContaining({ statusCode: 502 }));
  });

  it('cancels a subscription at once when its payment came back (refund or lost dispute)', async () => {
    seen.length = 0;
    await provider().cancelSubscription('sub_refunded');
    expect(seen).toEqual([expect.objectContaining({ method: 'DELETE', path: '/v1/subscriptions/sub_refunded' })]);
    await expect(provider().cancelSubscription('sub_unknown')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
