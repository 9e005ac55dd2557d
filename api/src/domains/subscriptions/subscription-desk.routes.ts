/**
 * /api/admin/users/:id/gold/comp/ and /api/admin/subscriptions/:id/{extend,reactivate,end}/: the staff's
 * Gold desk (superusers; 403 for other staff). 409: the change no longer applies (already Gold, ended,
 * not set to cancel, the period moved, nothing to refund); the message says why.
 */
import type { AppContext } from '../../context';
import { ErrorSchema, IdParams, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import type { PaymentsRuntime } from '../payments/payments-runtime';
import { CompBody, EndNowBody, ExtendBody, ReactivateBody } from './subscription-desk.schemas';
import * as desk from './subscription-desk.service';
import { SubscriptionSchema } from './subscriptions.schemas';

export async function subscriptionDeskRoutes(
  app: TypedFastify,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsRuntime },
) {
  const tags = ['admin'];
  const preHandler = app.requireStaff;
  const response = withErrors({ 200: SubscriptionSchema, 409: ErrorSchema });
  app.post(
    '/admin/users/:id/gold/comp/',
    { preHandler, schema: { tags, params: IdParams, body: CompBody, response } },
    (request) => desk.compGold(ctx, viewerOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin/subscriptions/:id/extend/',
    { preHandler, schema: { tags, params: IdParams, body: ExtendBody, response } },
    (request) => desk.extendSubscription(ctx, viewerOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin/subscriptions/:id/reactivate/',
    { preHandler, schema: { tags, params: IdParams, body: ReactivateBody, response } },
    (request) => desk.reactivateSubscription(ctx, payments, viewerOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin/subscriptions/:id/end/',
    { preHandler, schema: { tags, params: IdParams, body: EndNowBody, response } },
    (request) => desk.endSubscriptionNow(ctx, payments, viewerOf(request), request.params.id, request.body),
  );
}
