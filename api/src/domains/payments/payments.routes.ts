/**
 * §7 Payments: saved payment methods, SetupIntents, PaymentIntents, the transactions list, the
 * provider webhook and — with the dev provider — the local checkout page. The webhook route keeps
 * the raw request body: the signature covers the exact bytes, so they must not be re-serialised.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { IdParams, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../auth/auth.hooks';
import {
  cancelDevSession,
  checkoutPage,
  DEV_CHECKOUT_CSP,
  findDevSession,
  notFoundPage,
  payDevSession,
} from './dev-checkout';
import { confirmPaymentIntent } from './intent-confirmation';
import {
  AddPaymentMethodBody,
  ConfirmAnswerSchema,
  ConfirmBody,
  CreateIntentBody,
  DevCheckoutActionAnswers,
  DevCheckoutPageAnswers,
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
  type PaymentsRuntime,
  setDefaultPaymentMethod,
} from './payments.service';
import { listTransactions } from './transactions.service';
import { receiveWebhook } from './webhook.service';

type Options = { ctx: AppContext; payments: PaymentsRuntime };

export async function paymentsRoutes(app: TypedFastify, { ctx, payments }: Options) {
  const tags = ['payments'];
  const preHandler = app.requireUser;

  app.get('/payments/config/', { schema: { tags, response: withErrors({ 200: PaymentsConfigAnswer }) } }, () => ({
    provider: payments.config.mode,
    publishable_key: payments.config.mode === 'stripe' ? payments.config.publishableKey : null,
  }));

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
        response: withErrors({ 200: PaymentMethodSchema, 201: PaymentMethodSchema }),
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
    (request) => listTransactions(ctx, viewerOf(request).id, request.query, '/api/transactions/'),
  );

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
        return receiveWebhook(
          ctx,
          { webhookSecret: payments.webhookSecret, provider: payments.provider?.kind ?? 'stripe' },
          body,
          Array.isArray(signature) ? signature[0] : signature,
        );
      },
    );
  });

  if (payments.provider?.kind === 'dev') await app.register(devCheckoutRoutes, { ctx, payments });
}

async function devCheckoutRoutes(app: TypedFastify, { ctx, payments }: Options) {
  // The pages answer HTML; a malformed session id or body gets the usual JSON error.
  const schema = { tags: ['payments'], params: DevSessionParams };
  const pageAnswers = { ...withErrors({}), ...DevCheckoutPageAnswers };
  const actionAnswers = { ...withErrors({}), ...DevCheckoutActionAnswers };
  // The page's forms post form-encoded (here: empty) bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  app.get(
    '/dev-checkout/:session_id',
    { schema: { ...schema, summary: 'Local test checkout page', response: pageAnswers } },
    async (request, reply) => {
      const payment = await findDevSession(ctx, request.params.session_id);
      reply
        .header('content-security-policy', DEV_CHECKOUT_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8');
      if (!payment) return reply.status(404).send(notFoundPage());
      return reply.send(checkoutPage(payment));
    },
  );

  app.post(
    '/dev-checkout/:session_id/pay',
    { schema: { ...schema, body: Type.Optional(Type.Unknown()), response: actionAnswers } },
    async (request, reply) => {
      const payment = await findDevSession(ctx, request.params.session_id);
      if (!payment) return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
      if (payment.status === 'pending') await payDevSession(ctx, payments, payment);
      const after = await findDevSession(ctx, request.params.session_id);
      const target = after?.status === 'succeeded' ? after.success_url : after?.cancel_url;
      return reply.redirect(target ?? '/', 303);
    },
  );

  app.post(
    '/dev-checkout/:session_id/cancel',
    { schema: { ...schema, body: Type.Optional(Type.Unknown()), response: actionAnswers } },
    async (request, reply) => {
      const payment = await findDevSession(ctx, request.params.session_id);
      if (!payment) return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
      await cancelDevSession(ctx, payment);
      const after = await findDevSession(ctx, request.params.session_id);
      const target = after?.status === 'succeeded' ? after.success_url : after?.cancel_url;
      return reply.redirect(target ?? '/', 303);
    },
  );
}
