/**
 * product.md#payments: saved payment methods, SetupIntents, PaymentIntents, the transactions list, the
 * provider webhook and — with the dev provider — the local checkout page. The webhook route keeps
 * the raw request body: the signature covers the exact bytes, so they must not be re-serialised.
 */
import type { Language } from '@cliffhanger/shared/languages';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { PaymentRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { answerLanguage } from '../../http/messages/answer-language';
import { markLanguage, viewerLanguage } from '../../http/messages/viewer-language';
import { ErrorSchema, IdParams, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { requestFacts, viewerOf } from '../../kernel/identity';
import { CheckoutAnswer, PurchaseBody } from '../coins/coins.schemas';
import { findPackage } from '../coins/coins.service';
import { cardProblems, devPaymentMethodFor, readDevPaymentMethod } from './dev-cards';
import {
  cancelPendingPayment,
  checkoutIncludes,
  checkoutPage,
  checkoutQuery,
  DEV_CHECKOUT_CSP,
  disputeDevPayment,
  findDevSession,
  mayUseDevSession,
  notFoundPage,
  notYoursPage,
  payDevSession,
  refundDevPayment,
} from './dev-checkout';
import { confirmPaymentIntent } from './intent-confirmation';
import { devCustomerId } from './payment-provider';
import {
  AddPaymentMethodBody,
  ConfirmAnswerSchema,
  ConfirmBody,
  CreateIntentBody,
  DevCardAnswer,
  DevCardBody,
  DevCheckoutActionAnswers,
  DevCheckoutPageAnswers,
  DevCheckoutQuery,
  DevDisputeParams,
  DevRefundParams,
  DevSessionParams,
  IntentAnswer,
  PaymentMethodList,
  PaymentMethodSchema,
  PaymentsConfigAnswer,
  SetupIntentAnswer,
  TransactionsPageSchema,
  TransactionsQuery,
  WebhookAnswerSchema,
} from './payments.schemas';
import {
  addPaymentMethod,
  createPaymentIntent,
  createSetupIntent,
  deletePaymentMethod,
  listPaymentMethods,
  setDefaultPaymentMethod,
  startCheckout,
} from './payments.service';
import type { PaymentsRuntime } from './payments-runtime';
import { listTransactions } from './transactions.service';
import { receiveWebhook } from './webhook.service';
import { receiptAddress } from './webhook-event';

type Options = { ctx: AppContext; payments: PaymentsRuntime };

export async function paymentsRoutes(app: TypedFastify, options: Options) {
  checkoutRoutes(app, options);
  paymentMethodRoutes(app, options);
  paymentRoutes(app, options);
  await webhookRoutes(app, options);
  if (options.payments.provider?.kind === 'dev') await app.register(devCheckoutRoutes, options);
}

const tags = ['payments'];

/** A coin purchase's checkout, and the provider's public settings the checkout pages read. */
function checkoutRoutes(app: TypedFastify, { ctx, payments }: Options) {
  // A coin purchase only starts a checkout: the coins arrive with the verified payment webhook, never
  // with the browser's return.
  app.post(
    '/coins/purchase/',
    {
      preHandler: app.requireUser,
      // 409: the idempotency key already started a different purchase. 503: payments are not configured,
      // or the database was too busy to claim the first-purchase offer (try again).
      schema: {
        tags: ['coins'],
        body: PurchaseBody,
        response: withErrors({ 200: CheckoutAnswer, 409: ErrorSchema, 503: ErrorSchema }),
      },
    },
    async (request) => {
      const pkg = await findPackage(ctx, request.body.package_id);
      if (!pkg) throw notFound(`No coin package with id ${request.body.package_id}`);
      return startCheckout(
        ctx,
        payments,
        requestFacts(ctx, request),
        viewerOf(request),
        { kind: 'coins', pkg },
        request.body.idempotency_key,
        request.body.return_to === undefined
          ? undefined
          : { path: request.body.return_to, unlockEpisodeId: request.body.unlock_episode_id },
      );
    },
  );

  app.get('/payments/config/', { schema: { tags, response: withErrors({ 200: PaymentsConfigAnswer }) } }, () => ({
    provider: payments.config.mode,
    publishable_key: payments.config.mode === 'stripe' ? payments.config.publishableKey : null,
  }));
}

/** The viewer's saved cards: list, add (with the dev provider's card check), set up, delete, make default. */
function paymentMethodRoutes(app: TypedFastify, { ctx, payments }: Options) {
  const preHandler = app.requireUser;

  app.get(
    '/payment-methods/',
    { preHandler, schema: { tags, response: withErrors({ 200: PaymentMethodList }) } },
    (request) => listPaymentMethods(ctx, viewerOf(request).id),
  );

  app.post(
    '/payment-methods/',
    {
      preHandler,
      schema: {
        tags,
        body: AddPaymentMethodBody,
        // 409: the same card (by its fingerprint) is already saved.
        response: withErrors({ 200: PaymentMethodSchema, 201: PaymentMethodSchema, 409: ErrorSchema }),
      },
    },
    async (request, reply) => {
      const { created, method } = await addPaymentMethod(
        ctx,
        payments,
        viewerOf(request),
        request.body.payment_method_id,
      );
      return reply.status(created ? 201 : 200).send(method);
    },
  );

  if (payments.provider?.kind === 'dev') {
    // The dev provider's stand-in for a processor's card field: checks the card, answers a payment
    // method id to save with POST /payment-methods/. Nothing is stored here and the number is not kept.
    app.post(
      '/dev-payment-methods/',
      { preHandler, schema: { tags, body: DevCardBody, response: withErrors({ 200: DevCardAnswer }) } },
      (request) => {
        const problems = cardProblems(request.body, ctx.now());
        const first = problems[0];
        if (first) throw badRequest(first.message, { errors: problems });
        const customer = devCustomerId(viewerOf(request).id);
        const id = devPaymentMethodFor(payments.webhookSecret, customer, request.body);
        const card = readDevPaymentMethod(payments.webhookSecret, customer, id);
        if (!card) throw badRequest('This card could not be read. Please check it.');
        return {
          payment_method_id: id,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
        };
      },
    );
  }

  app.post(
    '/payment-methods/setup-intent/',
    { preHandler, schema: { tags, response: withErrors({ 200: SetupIntentAnswer }) } },
    (request) => createSetupIntent(ctx, payments, viewerOf(request)),
  );

  app.delete(
    '/payment-methods/:id/',
    { preHandler, schema: { tags, params: IdParams, response: withErrors({ 200: PaymentMethodList }) } },
    (request) => deletePaymentMethod(ctx, payments, viewerOf(request), request.params.id),
  );

  app.post(
    '/payment-methods/:id/set-default/',
    { preHandler, schema: { tags, params: IdParams, response: withErrors({ 200: PaymentMethodList }) } },
    (request) => setDefaultPaymentMethod(ctx, payments, viewerOf(request), request.params.id),
  );
}

/** One-off payment intents and the viewer's transactions. */
function paymentRoutes(app: TypedFastify, { ctx, payments }: Options) {
  const preHandler = app.requireUser;

  app.post(
    '/payments/create-intent/',
    { preHandler, schema: { tags, body: CreateIntentBody, response: withErrors({ 200: IntentAnswer }) } },
    (request) => createPaymentIntent(ctx, payments, viewerOf(request), request.body),
  );

  app.post(
    '/payments/confirm/',
    { preHandler, schema: { tags, body: ConfirmBody, response: withErrors({ 200: ConfirmAnswerSchema }) } },
    (request) => confirmPaymentIntent(ctx, payments, viewerOf(request), request.body.payment_intent_id),
  );

  app.get(
    '/transactions/',
    {
      preHandler,
      schema: { tags, querystring: TransactionsQuery, response: withErrors({ 200: TransactionsPageSchema }) },
    },
    async (request, reply) =>
      listTransactions(
        ctx,
        viewerOf(request).id,
        request.query,
        '/api/transactions/',
        await answerLanguage(request, reply),
      ),
  );
}

/** The processor's events, read as raw bytes so their signature can be verified. */
async function webhookRoutes(app: TypedFastify, { ctx, payments }: Options) {
  await app.register(async (webhook: TypedFastify) => {
    // Whatever the declared type, the handler gets the bytes as sent; verification decides.
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/payments/webhook/',
      {
        config: { rateLimit: false },
        schema: {
          tags,
          summary: 'Payment processor events (Stripe format), verified by the Stripe-Signature header',
          response: withErrors({ 200: WebhookAnswerSchema }),
        },
      },
      (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const provider = payments.provider;
        return receiveWebhook(
          ctx,
          {
            webhookSecret: payments.webhookSecret,
            provider: provider?.kind ?? 'stripe',
            cancelSubscription: provider
              ? (id) =>
                  provider.cancelSubscription(id).catch((error: unknown) => {
                    request.log.warn(
                      { err: error, subscription: id },
                      'could not cancel a subscription whose payment came back',
                    );
                  })
              : undefined,
          },
          body,
          Array.isArray(signature) ? signature[0] : signature,
        );
      },
    );
  });
}

/** A dev checkout page's answer: HTML under the checkout's own content security policy, never cached. */
const html = (reply: FastifyReply) =>
  reply
    .header('content-security-policy', DEV_CHECKOUT_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');

type CheckoutRequest = FastifyRequest & {
  params: { session_id: string };
  query: Static<typeof DevCheckoutQuery>;
};

/** The page's language: the one the checkout was started in, else the viewer's. */
const pageLanguage = async (request: CheckoutRequest): Promise<Language> =>
  request.query.lang ?? (await viewerLanguage(request));

async function devCheckoutRoutes(app: TypedFastify, { ctx, payments }: Options) {
  // The pages answer HTML; a malformed session id or body gets the usual JSON error.
  const base = { tags: ['payments'], querystring: DevCheckoutQuery };
  const pageAnswers = { ...withErrors({}), ...DevCheckoutPageAnswers };
  const actionAnswers = { ...withErrors({}), ...DevCheckoutActionAnswers };
  const action = { preHandler: app.optionalUser };
  // The page's forms post form-encoded bodies (Pay carries the receipt address; the others are empty).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  /** The checkout of the request when the caller may act on it; otherwise the answer is already sent. */
  async function ownSession(request: CheckoutRequest, reply: FastifyReply): Promise<PaymentRow | null> {
    const payment = await findDevSession(ctx, request.params.session_id);
    if (!payment) {
      const language = await pageLanguage(request);
      markLanguage(reply, language);
      await html(reply).status(404).send(notFoundPage(language));
      return null;
    }
    if (!(await mayUseDevSession(ctx, payments, payment, { token: request.query.token, viewer: request.viewer }))) {
      const language = await pageLanguage(request);
      markLanguage(reply, language);
      await html(reply).status(403).send(notYoursPage(language));
      return null;
    }
    return payment;
  }

  /** After Pay or Cancel: back to the product's success or cancel address. */
  const backToProduct = async (reply: FastifyReply, sessionId: string) => {
    const after = await findDevSession(ctx, sessionId);
    const target = after?.status === 'succeeded' ? after.success_url : after?.cancel_url;
    return reply.redirect(target ?? '/', 303);
  };
  /** After a processor event: the receipt again, showing what it did. */
  const backToReceipt = async (reply: FastifyReply, request: CheckoutRequest) =>
    reply.redirect(
      `/api/dev-checkout/${encodeURIComponent(request.params.session_id)}${checkoutQuery(request.query.token, await pageLanguage(request))}`,
      303,
    );

  app.get(
    '/dev-checkout/:session_id',
    {
      ...action,
      schema: { ...base, params: DevSessionParams, summary: 'Local test checkout page', response: pageAnswers },
    },
    async (request, reply) => {
      const payment = await ownSession(request, reply);
      if (!payment) return reply;
      const language = await pageLanguage(request);
      markLanguage(reply, language);
      const includes = await checkoutIncludes(ctx, payment, language);
      const email = request.viewer?.is_guest === false ? request.viewer.email : null;
      return html(reply).send(checkoutPage(payment, { token: request.query.token, language, includes, email }));
    },
  );

  const body = Type.Optional(Type.Unknown());
  app.post(
    '/dev-checkout/:session_id/pay',
    { ...action, schema: { ...base, params: DevSessionParams, body, response: actionAnswers } },
    async (request, reply) => {
      const payment = await ownSession(request, reply);
      if (!payment) return reply;
      // The receipt address is optional here (Stripe's page asks for it); one that is not an address
      // brings the page back with the reason, and nothing is paid.
      const typed = String((request.body as { email?: unknown } | undefined)?.email ?? '').trim();
      const receiptEmail = receiptAddress(typed);
      if (typed !== '' && !receiptEmail && payment.status === 'pending') {
        const language = await pageLanguage(request);
        markLanguage(reply, language);
        const includes = await checkoutIncludes(ctx, payment, language);
        const page = checkoutPage(payment, {
          token: request.query.token,
          language,
          includes,
          email: typed,
          badEmail: true,
        });
        return html(reply).status(400).send(page);
      }
      if (payment.status === 'pending') await payDevSession(ctx, payments, payment, receiptEmail);
      return backToProduct(reply, payment.provider_ref);
    },
  );

  app.post(
    '/dev-checkout/:session_id/cancel',
    { ...action, schema: { ...base, params: DevSessionParams, body, response: actionAnswers } },
    async (request, reply) => {
      const payment = await ownSession(request, reply);
      if (!payment) return reply;
      await cancelPendingPayment(ctx, payment);
      return backToProduct(reply, payment.provider_ref);
    },
  );

  app.post(
    '/dev-checkout/:session_id/refund/:share',
    {
      ...action,
      schema: {
        ...base,
        params: DevRefundParams,
        body,
        summary: 'Refund a paid test checkout',
        response: actionAnswers,
      },
    },
    async (request, reply) => {
      const payment = await ownSession(request, reply);
      if (!payment) return reply;
      await refundDevPayment(ctx, payments, payment, request.params.share);
      return backToReceipt(reply, request);
    },
  );

  app.post(
    '/dev-checkout/:session_id/dispute/:step',
    {
      ...action,
      schema: {
        ...base,
        params: DevDisputeParams,
        body,
        summary: 'Open or close a dispute of a paid test checkout',
        response: actionAnswers,
      },
    },
    async (request, reply) => {
      const payment = await ownSession(request, reply);
      if (!payment) return reply;
      await disputeDevPayment(ctx, payments, payment, request.params.step);
      return backToReceipt(reply, request);
    },
  );
}
