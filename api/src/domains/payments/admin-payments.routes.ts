/**
 * /api/admin/payments/*: the staff's payments desk. Registered inside the admin's staff scope, whose
 * first hook already refused anybody who is not staff; a refund also needs a superuser (its service).
 */
import type { AppContext } from '../../context';
import { ErrorSchema, IdParams, Paged, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import {
  AdminPaymentDetailSchema,
  AdminPaymentQuery,
  AdminPaymentSchema,
  PaymentRefundAnswer,
  PaymentRefundBody,
} from './admin-payments.schemas';
import { listPayments, paymentDetail, refundPayment } from './admin-payments.service';
import type { PaymentsRuntime } from './payments-runtime';

const tags = ['admin'];

export function adminPaymentRoutes(app: TypedFastify, ctx: AppContext, payments: PaymentsRuntime) {
  app.get(
    '/payments/',
    { schema: { tags, querystring: AdminPaymentQuery, response: withErrors({ 200: Paged(AdminPaymentSchema) }) } },
    (request) => listPayments(ctx, request.query),
  );
  app.get(
    '/payments/:id/',
    { schema: { tags, params: IdParams, response: withErrors({ 200: AdminPaymentDetailSchema }) } },
    (request) => paymentDetail(ctx, request.params.id),
  );
  app.post(
    '/payments/:id/refund/',
    {
      // 403: not a superuser. 409: not paid, refunded in full already, disputed, more than is left, or
      // changed meanwhile. 502/503: the card processor could not be reached, or is not configured.
      schema: {
        tags,
        params: IdParams,
        body: PaymentRefundBody,
        response: withErrors({ 200: PaymentRefundAnswer, 409: ErrorSchema, 502: ErrorSchema, 503: ErrorSchema }),
      },
    },
    (request) => refundPayment(ctx, payments, viewerOf(request), request.params.id, request.body),
  );
}
