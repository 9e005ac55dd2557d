/**
 * Refunds and disputes: money that goes back to the payer takes back what it bought.
 *
 * - A payment is found through the charge's payment intent (or invoice), among the payments this API
 *   recorded; a charge of anything else changes nothing.
 * - The processor reports cumulative figures (a charge's `amount_refunded`, a dispute's amount and
 *   status). The payment keeps the latest of them, and the coins to take back are recomputed from them:
 *
 *       coins to take back = ceil(coins × min(price, refunded + held by a dispute) / price)
 *
 *   where a dispute holds its amount while open or lost, and nothing once won. Rounding up means the
 *   viewer never keeps a coin whose money went back to them, and a full refund takes back exactly every
 *   coin however many partial refunds came before it. Each event moves only the difference from what
 *   was already taken back (`coins_reversed`), so a replay, or a late event older than one already
 *   applied, moves nothing.
 * - Taking back: the ledger takes what the balance has (never below zero), and the rest becomes a
 *   `coin_debts` row the viewer sees; their next coins pay it first (kernel/coin-ledger.ts).
 * - Giving back (a dispute won): the payment's own open debt is cancelled first, then the rest is
 *   credited — exactly what the hold took, whether it came from the balance or was owed and paid since.
 * - Gold: a subscription payment fully refunded, or whose dispute is lost, ends the Gold it paid for
 *   at once; a partial refund (a goodwill gesture) leaves it. The subscription is then cancelled at the
 *   processor, after the commit, so it does not bill again.
 */
import { nowIso } from '../../context';
import type { DisputeState, PaymentRow, Trx } from '../../db/schema';
import { applyEntry, lockUser } from '../../kernel/money-transaction';
import { syncGold } from '../users/gold-membership.repository';
import {
  activeSubscriptionsOf,
  coinBalanceOf,
  insertDebt,
  openDebtsOfPayment,
  paymentById,
  reduceDebt,
  succeededPaymentOfIntent,
  succeededPaymentOfInvoice,
  updatePayment,
} from './payment-reversals.repository';
import { updateSubscription } from './webhook.repository';
import type { EventContext } from './webhook-event';

/** Ledger reasons of reversals; the transactions list describes each. */
export const REVERSAL_REASONS = {
  refunded: 'payment_refunded',
  disputed: 'payment_disputed',
  restored: 'dispute_won',
} as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const idOf = (value: unknown): string | null => str(value) ?? (isObject(value) ? str(value.id) : null);

/** The recorded payment a charge or dispute is about: by payment intent, else by invoice. */
async function paymentOfCharge(trx: Trx, intentId: string | null, invoiceId: string | null) {
  if (intentId) {
    const byIntent = await succeededPaymentOfIntent(trx, intentId);
    if (byIntent) return byIntent;
  }
  return invoiceId ? succeededPaymentOfInvoice(trx, invoiceId) : undefined;
}

/** The payment re-read under its owner's lock, so concurrent events of one payment apply one by one. */
async function lockedPayment(e: EventContext, found: PaymentRow): Promise<PaymentRow> {
  await lockUser(e.ctx, e.trx, found.user_id);
  return paymentById(e.trx, found.id);
}

/**
 * The reason staff gave for the newest refund of a charge, when the event lists its refunds (newest
 * first, as the processor does): a refund made from the admin carries it in its metadata.
 */
export function staffNoteOfCharge(charge: Json): string | null {
  const refunds = isObject(charge.refunds) && Array.isArray(charge.refunds.data) ? charge.refunds.data : [];
  const newest: unknown = refunds[0];
  if (!isObject(newest) || !isObject(newest.metadata)) return null;
  return str(newest.metadata.staff_note)?.slice(0, 500) ?? null;
}

/** `charge.refunded`: full or partial; `amount_refunded` is the charge's running total. */
export async function onChargeRefunded(e: EventContext): Promise<boolean> {
  const charge = e.event.object;
  const refunded = int(charge.amount_refunded);
  const found = await paymentOfCharge(e.trx, idOf(charge.payment_intent), idOf(charge.invoice));
  if (!found || refunded === null || refunded < 0) return false;
  if (str(charge.currency) && str(charge.currency) !== found.currency) return false;
  const payment = await lockedPayment(e, found);
  const total = Math.min(payment.amount_minor, refunded);
  // Refunds only grow: an older event arriving late says less than what is already known.
  if (total <= payment.refunded_minor) return false;
  const updated = { ...payment, refunded_minor: total };
  await updatePayment(e.trx, payment.id, { refunded_minor: total, updated_at: nowIso(e.ctx) });
  await reconcile(e, updated, REVERSAL_REASONS.refunded, staffNoteOfCharge(charge));
  return true;
}

function disputeOutcome(status: unknown): DisputeState {
  // 'won', 'warning_closed' (an inquiry closed without a chargeback), 'prevented': the money stays ours.
  return status === 'lost' ? 'lost' : 'won';
}

/** `charge.dispute.created` holds what the disputed amount bought; `charge.dispute.closed` settles it. */
export async function onDispute(e: EventContext): Promise<boolean> {
  const dispute = e.event.object;
  const amount = int(dispute.amount);
  const found = await paymentOfCharge(e.trx, idOf(dispute.payment_intent), null);
  if (!found || amount === null || amount < 0) return false;
  if (str(dispute.currency) && str(dispute.currency) !== found.currency) return false;
  const payment = await lockedPayment(e, found);
  const closed = e.event.type === 'charge.dispute.closed';
  const state: DisputeState = closed ? disputeOutcome(dispute.status) : 'open';
  // A closed dispute stays closed: its `created` arriving late changes nothing.
  if (payment.dispute_status === state || (!closed && payment.dispute_status !== null)) return false;
  const disputed = Math.min(payment.amount_minor, amount);
  const updated = { ...payment, dispute_status: state, disputed_minor: disputed };
  await updatePayment(e.trx, payment.id, {
    dispute_status: state,
    disputed_minor: disputed,
    updated_at: nowIso(e.ctx),
  });
  await reconcile(e, updated, state === 'won' ? REVERSAL_REASONS.restored : REVERSAL_REASONS.disputed);
  return true;
}

/** The coins this payment should have taken back, by the rule in the header. */
export function coinsToReverse(
  payment: Pick<PaymentRow, 'coins' | 'amount_minor' | 'refunded_minor' | 'disputed_minor' | 'dispute_status'>,
): number {
  if (payment.coins <= 0) return 0;
  const held = payment.dispute_status === 'open' || payment.dispute_status === 'lost' ? payment.disputed_minor : 0;
  const back = payment.refunded_minor + held;
  if (payment.amount_minor <= 0) return back > 0 ? payment.coins : 0;
  const share = Math.min(payment.amount_minor, back);
  // Integers all the way: coins × share fits easily in a double's exact range.
  return Math.ceil((payment.coins * share) / payment.amount_minor);
}

async function reconcile(e: EventContext, payment: PaymentRow, reason: string, note: string | null = null) {
  const at = nowIso(e.ctx);
  const target = coinsToReverse(payment);
  const change = target - payment.coins_reversed;
  const reference = `payment:${payment.id}:${e.event.id}`;
  if (change > 0) await takeBack(e, payment, change, { reason, reference, note }, at);
  else if (change < 0) await giveBack(e, payment, -change, reference, at);
  if (change !== 0) {
    await updatePayment(e.trx, payment.id, { coins_reversed: target });
  }
  const goldLost =
    payment.kind === 'gold' && (payment.refunded_minor >= payment.amount_minor || payment.dispute_status === 'lost');
  if (goldLost) await endGold(e, payment, at);
}

async function takeBack(
  e: EventContext,
  payment: PaymentRow,
  coins: number,
  { reason, reference, note }: { reason: string; reference: string; note: string | null },
  at: string,
) {
  const fromBalance = Math.min(await coinBalanceOf(e.trx, payment.user_id), coins);
  // Written even when the balance is empty, so the viewer's history shows what happened and why.
  const entry = await applyEntry(e.trx, {
    userId: payment.user_id,
    delta: -fromBalance,
    reason,
    reference,
    note,
    createdAt: at,
  });
  if (!entry.applied) throw new Error(`reversal of payment ${payment.id} refused: ${entry.why}`);
  const owed = coins - fromBalance;
  if (owed > 0) await insertDebt(e.trx, { userId: payment.user_id, paymentId: payment.id, reference, coins: owed, at });
}

async function giveBack(e: EventContext, payment: PaymentRow, coins: number, reference: string, at: string) {
  // What is still owed for this payment was never taken: cancel it rather than credit it.
  const debts = await openDebtsOfPayment(e.trx, payment.id);
  let left = coins;
  for (const debt of debts) {
    if (left === 0) break;
    const cancelled = Math.min(left, debt.outstanding);
    await reduceDebt(e.trx, debt.id, cancelled, at);
    left -= cancelled;
  }
  const entry = await applyEntry(e.trx, {
    userId: payment.user_id,
    delta: left,
    reason: REVERSAL_REASONS.restored,
    reference,
    createdAt: at,
  });
  if (!entry.applied) throw new Error(`restoring payment ${payment.id} refused: ${entry.why}`);
}

/** Ends the Gold a payment paid for now; answers nothing, remembers what to cancel at the processor. */
async function endGold(e: EventContext, payment: PaymentRow, at: string) {
  const rows = await activeSubscriptionsOf(e.trx, payment.user_id, payment.subscription_id);
  const eventAt = new Date(e.event.created * 1000).toISOString();
  for (const row of rows) {
    await updateSubscription(e.trx, row.id, {
      status: 'canceled',
      cancel_at_period_end: false,
      current_period_end: [row.current_period_end, at].sort()[0] as string,
      last_event_at: [row.last_event_at, eventAt].sort()[1] as string,
      updated_at: at,
    });
    e.afterCommit.push(row.provider_subscription_id);
  }
  await syncGold(e.trx, payment.user_id, at);
}
