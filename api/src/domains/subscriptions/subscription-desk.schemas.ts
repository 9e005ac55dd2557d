/** Bodies of the staff's Gold desk (/api/admin/users/:id/gold/comp/, /api/admin/subscriptions/:id/…). */
import { Type } from '@sinclair/typebox';

const Reason = Type.String({ minLength: 1, maxLength: 500 });
const Days = Type.Integer({ minimum: 1, maximum: 366 });

export const CompBody = Type.Object({ days: Days, reason: Reason }, { additionalProperties: false });
export const ExtendBody = Type.Object(
  {
    days: Days,
    reason: Reason,
    /** The period end the staff saw: days are added only to that one. */
    period_end: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export const ReactivateBody = Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false });
export const EndNowBody = Type.Object({ refund: Type.Boolean(), reason: Reason }, { additionalProperties: false });
