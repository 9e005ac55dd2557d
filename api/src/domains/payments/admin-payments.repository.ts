/** SQL of the staff's payments desk: payments found by viewer, status, amount and date, and one payment's history. */
import type { Executor } from '../../db/schema';
import type { PageWindow } from '../../kernel/paging';
import { containsText } from '../catalogue/catalogue.repository';

export interface PaymentFilter {
  /** Part of the payer's e-mail address or username. */
  text?: string;
  /** A user id or payment id the search text names, also matched. */
  id: number | null;
  userId?: number;
  status?: string;
  minAmount?: number;
  maxAmount?: number;
  /** ISO dates (inclusive from, exclusive to). */
  from?: string;
  to?: string;
}

const PAYMENT_COLUMNS = [
  'payments.id',
  'payments.user_id',
  'payments.kind',
  'payments.description',
  'payments.package_id',
  'payments.plan',
  'payments.amount_minor',
  'payments.currency',
  'payments.status',
  'payments.provider',
  'payments.refunded_minor',
  'payments.disputed_minor',
  'payments.dispute_status',
  'payments.coins',
  'payments.coins_reversed',
  'payments.created_at',
  'payments.updated_at',
  'users.email as user_email',
  'users.username as user_username',
  'users.is_guest as user_is_guest',
] as const;

function filtered(db: Executor, filter: PaymentFilter) {
  let q = db.selectFrom('payments').innerJoin('users', 'users.id', 'payments.user_id');
  if (filter.userId !== undefined) q = q.where('payments.user_id', '=', filter.userId);
  if (filter.status) q = q.where('payments.status', '=', filter.status as never);
  if (filter.minAmount !== undefined) q = q.where('payments.amount_minor', '>=', filter.minAmount);
  if (filter.maxAmount !== undefined) q = q.where('payments.amount_minor', '<=', filter.maxAmount);
  if (filter.from) q = q.where('payments.created_at', '>=', filter.from);
  if (filter.to) q = q.where('payments.created_at', '<', filter.to);
  const text = filter.text;
  if (text) {
    const id = filter.id;
    q = q.where((eb) =>
      eb.or([
        eb(containsText('users.email', text), '=', true),
        eb(containsText('users.username', text), '=', true),
        ...(id !== null ? [eb('users.id', '=', id), eb('payments.id', '=', id)] : []),
      ]),
    );
  }
  return q;
}

/** Payments matching the filter, newest first, read with `paginate()`. */
export function paymentPages(db: Executor, filter: PaymentFilter) {
  return {
    rows: ({ limit, offset }: PageWindow) =>
      filtered(db, filter)
        .select(PAYMENT_COLUMNS)
        .orderBy('payments.created_at', 'desc')
        .orderBy('payments.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    count: () =>
      filtered(db, filter)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  };
}

export function paymentRow(db: Executor, id: number) {
  return db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .select(PAYMENT_COLUMNS)
    .where('payments.id', '=', id)
    .executeTakeFirst();
}

/** Coins still owed for each payment. */
export async function owedByPayment(db: Executor, paymentIds: number[]): Promise<Map<number, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('coin_debts')
    .select(['payment_id', (eb) => eb.fn.sum<number | string>('outstanding').as('owed')])
    .where('payment_id', 'in', paymentIds)
    .groupBy('payment_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.payment_id), Number(row.owed ?? 0)]));
}

/** The last digits of each user's default saved card (else their newest card). */
export async function cardDigitsOf(db: Executor, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payment_methods')
    .select(['user_id', 'last4', 'is_default', 'id'])
    .where('user_id', 'in', userIds)
    .orderBy('id', 'asc')
    .execute();
  const digits = new Map<number, string>();
  for (const row of rows) {
    if (!digits.has(row.user_id) || row.is_default) digits.set(row.user_id, row.last4);
  }
  return digits;
}

/** The ledger rows a payment caused: its purchase credit (reference = the checkout or intent) and its reversals. */
export function ledgerOfPayment(db: Executor, payment: { id: number; user_id: number; provider_ref: string }) {
  return db
    .selectFrom('coin_ledger')
    .select(['id', 'delta', 'reason', 'reference', 'balance_after', 'note', 'created_at'])
    .where('user_id', '=', payment.user_id)
    .where((eb) =>
      eb.or([
        eb('reference', 'in', [`checkout:${payment.provider_ref}`, `intent:${payment.provider_ref}`]),
        eb('reference', 'like', `payment:${payment.id}:%`),
      ]),
    )
    .orderBy('id', 'asc')
    .execute();
}

export function debtsOfPayment(db: Executor, paymentId: number) {
  return db
    .selectFrom('coin_debts')
    .select(['id', 'coins', 'outstanding', 'created_at'])
    .where('payment_id', '=', paymentId)
    .orderBy('id', 'asc')
    .execute();
}

export const PAYMENT_REFUND_ACTION = 'payment.refund';

/** Staff actions on a payment kept in the audit log, oldest first. */
export function staffActionsOn(db: Executor, paymentId: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'action', 'actor_email', 'after_json', 'created_at'])
    .where('entity', '=', 'payment')
    .where('entity_id', '=', String(paymentId))
    .orderBy('id', 'asc')
    .execute();
}

/** The payment's processor reference (the dev events and the Stripe refund name the payment by it). */
export function paymentRecord(db: Executor, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}
