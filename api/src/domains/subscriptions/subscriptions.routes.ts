/**
 * /api/subscriptions/*: Gold plans, what Gold opens (counted from the catalogue), checkout, the active subscription (404 when none — the client
 * treats that as "no subscription", product.md#gold), cancel at period end and reactivate.
 */
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { requestFacts, viewerOf } from '../../kernel/identity';
import { CheckoutAnswer } from '../coins/coins.schemas';
import type { PaymentsRuntime } from '../payments/payments-runtime';
import { goldOffer } from './gold-offer.service';
import { CreateSubscriptionBody, GoldOfferSchema, PlansAnswer, SubscriptionSchema } from './subscriptions.schemas';
import {
  activeSubscription,
  createSubscription,
  NO_ACTIVE_SUBSCRIPTION,
  plans,
  setCancelAtPeriodEnd,
} from './subscriptions.service';

export async function subscriptionsRoutes(
  app: TypedFastify,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsRuntime },
) {
  const tags = ['subscriptions'];
  const preHandler = app.requireUser;
  const subscriptionAnswer = withErrors({ 200: SubscriptionSchema });

  app.get('/subscriptions/gold-offer/', { schema: { tags, response: withErrors({ 200: GoldOfferSchema }) } }, () =>
    goldOffer(ctx),
  );

  app.get('/subscriptions/plans/', { schema: { tags, response: withErrors({ 200: PlansAnswer }) } }, () => plans(ctx));

  app.post(
    '/subscriptions/create/',
    { preHandler, schema: { tags, body: CreateSubscriptionBody, response: withErrors({ 200: CheckoutAnswer }) } },
    (request) =>
      createSubscription(
        ctx,
        payments,
        requestFacts(ctx, request),
        viewerOf(request),
        request.body.plan,
        request.body.return_to,
      ),
  );

  app.get('/subscriptions/active/', { preHandler, schema: { tags, response: subscriptionAnswer } }, async (request) => {
    const active = await activeSubscription(ctx, viewerOf(request).id);
    if (!active) throw notFound(NO_ACTIVE_SUBSCRIPTION);
    return active;
  });

  app.post('/subscriptions/cancel/', { preHandler, schema: { tags, response: subscriptionAnswer } }, (request) =>
    setCancelAtPeriodEnd(ctx, payments, viewerOf(request), true),
  );

  app.post('/subscriptions/reactivate/', { preHandler, schema: { tags, response: subscriptionAnswer } }, (request) =>
    setCancelAtPeriodEnd(ctx, payments, viewerOf(request), false),
  );
}
