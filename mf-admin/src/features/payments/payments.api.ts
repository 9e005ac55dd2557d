/**
 * The staff's payments desk (/api/admin/payments/*) as RTK Query endpoints. Answers are tagged
 * 'Payments'; a refund invalidates them and 'Admin' (a viewer's balance and debt change with it).
 */
import { baseApi } from '@cliffhanger/shared';
import type { AdminPaymentDetailSchema, AdminPaymentSchema, PaymentRefundAnswer } from '@cliffhanger/shared/contracts';
import type { Static } from '@sinclair/typebox';
import type { PageOf } from '../../lib/api/admin.types';

export type AdminPayment = Static<typeof AdminPaymentSchema>;
export type AdminPaymentDetail = Static<typeof AdminPaymentDetailSchema>;
export type RefundAnswer = Static<typeof PaymentRefundAnswer>;
export interface RefundRequest {
  id: number;
  amount_minor?: number;
  reason: string;
  idempotency_key: string;
}

type Query = Record<string, string | number | undefined>;
const clean = (query: Query) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));

export const paymentsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Payments', 'Admin'] }).injectEndpoints({
  endpoints: (build) => ({
    adminPayments: build.query<PageOf<AdminPayment>, Query>({
      query: (params) => ({ url: '/admin/payments/', params: clean(params) }),
      providesTags: ['Payments'],
    }),
    adminPayment: build.query<AdminPaymentDetail, number>({
      query: (id) => ({ url: `/admin/payments/${id}/` }),
      providesTags: ['Payments'],
    }),
    adminRefundPayment: build.mutation<RefundAnswer, RefundRequest>({
      query: ({ id, ...body }) => ({ url: `/admin/payments/${id}/refund/`, method: 'POST', body }),
      invalidatesTags: ['Payments', 'Admin'],
    }),
  }),
});
