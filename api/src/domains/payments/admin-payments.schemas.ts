/** Schemas of the staff's payments desk (`/api/admin/payments/`); the answers are the shared contracts. */
import { PAYMENT_STATUSES } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';
import { Id, PageQuery } from '../../http/schemas';

export {
  AdminPaymentDetailSchema,
  AdminPaymentSchema,
  PaymentRefundAnswer,
  PaymentRefundBody,
} from '@cliffhanger/shared/contracts';

const DateText = Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}' });

export const AdminPaymentQuery = Type.Object({
  ...PageQuery,
  /** Part of the payer's e-mail address or username, or a user or payment id. */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  user_id: Type.Optional(Id),
  status: Type.Optional(Type.Union(PAYMENT_STATUSES.map((status) => Type.Literal(status)))),
  /** Minor units, inclusive. */
  min_amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  max_amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  /** YYYY-MM-DD (or an ISO instant); `to` includes its whole day. */
  from: Type.Optional(DateText),
  to: Type.Optional(DateText),
});
