/**
 * The staff's payments desk: find payments, read one with its history, and refund one.
 *
 * A refund goes through the card processor — Stripe's refund API, or in local mode the same signed
 * `charge.refunded` event the dev provider's receipt page sends — and the coins and Gold it takes back
 * come only from that event's reversal (payment-reversals.ts). Nothing here touches the ledger, so a
 * refund is never counted twice however often the request or the event arrives.
 *
 * Refunds are for superusers: they send money out of the business. Other staff read the desk.
 * Refunds of one payment in this process run one at a time, so each reads what the ones before it
 * refunded; the same idempotency key refunds once (it is looked up in the audit log).
 */
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { PaymentRow, UserRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { paginate } from '../../kernel/paging';
import { idInSearch } from '../catalogue/catalogue-editing.schemas';
import * as repo from './admin-payments.repository';
import type { AdminPaymentQuery, PaymentRefundBody } from './admin-payments.schemas';
import { refundDevAmount } from './dev-checkout';
import { type PaymentsRuntime, requireProvider, viaProvider } from './payments-runtime';

const PAYMENT_MISSING = 'Payment not found';

type ListedPayment = NonNullable<Awaited<ReturnType<typeof repo.paymentRow>>>;

function toAdminPayment(row: ListedPayment, owed: number, card: string | null) {
  const fullyBack = row.refunded_minor >= row.amount_minor || row.dispute_status === 'lost';
  return {
    id: row.id,
    user_id: row.user_id,
    user_email: row.user_is_guest ? null : row.user_email,
    user_username: row.user_username,
    kind: row.kind,
    description: row.description,
    package_id: row.package_id,
    plan: row.plan,
    amount_minor: row.amount_minor,
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    card_last4: card,
    refunded_minor: row.refunded_minor,
    disputed_minor: row.disputed_minor,
    dispute_status: row.dispute_status,
    coins: row.coins,
    coins_reversed: row.coins_reversed,
    coins_owed: owed,
    gold_ended: row.kind === 'gold' && row.status === 'succeeded' && fullyBack,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function described(ctx: AppContext, rows: ListedPayment[]) {
  const [owed, cards] = await Promise.all([
    repo.owedByPayment(
      ctx.db,
      rows.map((row) => row.id),
    ),
    repo.cardDigitsOf(ctx.db, [...new Set(rows.map((row) => row.user_id))]),
  ]);
  return rows.map((row) => toAdminPayment(row, owed.get(row.id) ?? 0, cards.get(row.user_id) ?? null));
}

/** A date (YYYY-MM-DD) or instant as the ISO text payments are stored with; `to` a day includes that day. */
function instant(value: string | undefined, endOfDay: boolean): string | undefined {
  if (!value) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(day ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(at.getTime())) throw new HttpError(400, `Not a date: ${value}`);
  if (day && endOfDay) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

export async function listPayments(ctx: AppContext, query: Static<typeof AdminPaymentQuery>) {
  const text = query.search?.trim();
  const found = await paginate(
    query,
    20,
    repo.paymentPages(ctx.db, {
      text,
      id: text ? idInSearch(text) : null,
      userId: query.user_id,
      status: query.status,
      minAmount: query.min_amount,
      maxAmount: query.max_amount,
      from: instant(query.from, false),
      to: instant(query.to, true),
    }),
  );
  return { results: await described(ctx, found.rows), count: found.count, page: found.page, limit: found.limit };
}

async function listedPayment(ctx: AppContext, id: number) {
  const row = await repo.paymentRow(ctx.db, id);
  if (!row) throw notFound(PAYMENT_MISSING);
  const [payment] = await described(ctx, [row]);
  return payment as ReturnType<typeof toAdminPayment>;
}

function staffAction(row: Awaited<ReturnType<typeof repo.staffActionsOn>>[number]) {
  const after = row.after_json ? (JSON.parse(row.after_json) as { amount_minor?: number; reason?: string }) : {};
  return {
    id: row.id,
    action: row.action,
    actor_email: row.actor_email,
    amount_minor: typeof after.amount_minor === 'number' ? after.amount_minor : null,
    reason: typeof after.reason === 'string' ? after.reason : null,
    created_at: row.created_at,
  };
}

export async function paymentDetail(ctx: AppContext, id: number) {
  const record = await repo.paymentRecord(ctx.db, id);
  if (!record) throw notFound(PAYMENT_MISSING);
  const [payment, ledger, debts, actions] = await Promise.all([
    listedPayment(ctx, id),
    repo.ledgerOfPayment(ctx.db, record),
    repo.debtsOfPayment(ctx.db, id),
    repo.staffActionsOn(ctx.db, id),
  ]);
  return {
    payment,
    refundable_minor: refundable(record),
    ledger,
    debts,
    staff_actions: actions.map(staffAction),
  };
}

const refundable = (payment: PaymentRow) =>
  payment.status === 'succeeded' ? Math.max(0, payment.amount_minor - payment.refunded_minor) : 0;

/** Refunds of one payment, one after another in this process (see the header). */
const refundQueues = new Map<number, Promise<unknown>>();

function oneAtATime<T>(paymentId: number, work: () => Promise<T>): Promise<T> {
  const previous = refundQueues.get(paymentId) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  refundQueues.set(paymentId, settled);
  void settled.then(() => {
    if (refundQueues.get(paymentId) === settled) refundQueues.delete(paymentId);
  });
  return next;
}

/** The refund this key already made of this payment, if any. */
async function earlierRefund(ctx: AppContext, paymentId: number, key: string) {
  const actions = await repo.staffActionsOn(ctx.db, paymentId);
  return actions.find(
    (row) =>
      row.action === repo.PAYMENT_REFUND_ACTION &&
      row.after_json !== null &&
      (JSON.parse(row.after_json) as { idempotency_key?: string }).idempotency_key === key,
  );
}

function checkRefundable(payment: PaymentRow, amount: number) {
  if (payment.status !== 'succeeded') throw new HttpError(409, 'Only a payment that went through can be refunded');
  const left = refundable(payment);
  if (left === 0) throw new HttpError(409, 'This payment has been refunded in full already');
  if (payment.dispute_status === 'open') {
    throw new HttpError(409, 'This payment is disputed: the bank holds its money until the dispute closes');
  }
  if (amount > left) {
    throw new HttpError(409, `At most ${left} (minor units) of this payment can still be refunded`, {
      refundable: left,
    });
  }
}

async function sendRefund(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  payment: PaymentRow,
  refund: { amount: number; note: string; key: string },
) {
  const provider = requireProvider(runtime);
  if (payment.provider === 'dev' && provider.kind === 'dev') {
    const answer = await refundDevAmount(ctx, runtime, payment, refund);
    if (!answer || answer.duplicate || !answer.handled) {
      throw new HttpError(409, 'This payment changed while the refund was on its way; nothing more was refunded');
    }
    return;
  }
  const intent = payment.payment_intent_id ?? (payment.kind === 'intent' ? payment.provider_ref : null);
  if (payment.provider !== provider.kind || !provider.createRefund || !intent) {
    throw new HttpError(409, 'This payment cannot be refunded from here: refund it in the card processor dashboard');
  }
  const createRefund = provider.createRefund.bind(provider);
  await viaProvider(() =>
    createRefund({
      paymentIntentId: intent,
      amountMinor: refund.amount,
      metadata: { staff_note: refund.note, payment_id: String(payment.id) },
      idempotencyKey: `admin-refund:${payment.id}:${refund.key}`,
    }),
  );
}

export async function refundPayment(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  actor: UserRow,
  paymentId: number,
  body: Static<typeof PaymentRefundBody>,
) {
  if (!actor.is_superuser) throw forbidden('Only a superuser can refund a payment');
  const reason = body.reason.trim();
  if (reason.length < 3) throw new HttpError(400, 'Please say why this payment is refunded');
  return oneAtATime(paymentId, async () => {
    const before = await repo.paymentRecord(ctx.db, paymentId);
    if (!before) throw notFound(PAYMENT_MISSING);
    if (await earlierRefund(ctx, paymentId, body.idempotency_key)) {
      return { applied: false, refunded_minor: before.refunded_minor, payment: await listedPayment(ctx, paymentId) };
    }
    const amount = body.amount_minor ?? refundable(before);
    checkRefundable(before, amount);
    await sendRefund(ctx, runtime, before, { amount, note: reason, key: body.idempotency_key });
    const after = await repo.paymentRecord(ctx.db, paymentId);
    await recordAudit(ctx.db, {
      actor,
      action: repo.PAYMENT_REFUND_ACTION,
      entity: 'payment',
      entityId: paymentId,
      before: { refunded_minor: before.refunded_minor, coins_reversed: before.coins_reversed },
      after: {
        amount_minor: amount,
        reason,
        idempotency_key: body.idempotency_key,
        refunded_minor: after?.refunded_minor,
        coins_reversed: after?.coins_reversed,
      },
      at: nowIso(ctx),
    });
    return { applied: true, refunded_minor: after?.refunded_minor ?? 0, payment: await listedPayment(ctx, paymentId) };
  });
}
