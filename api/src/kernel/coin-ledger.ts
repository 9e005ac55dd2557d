/**
 * The one way a coin balance changes: a conditional balance update and an append-only ledger row,
 * written together inside the caller's transaction. The balance can never go below zero (the update
 * is `WHERE coin_balance + delta >= 0`, plus a CHECK constraint), and an entry with a reference is
 * applied at most once per (user, reason, reference).
 *
 * Coins a refund or dispute took back after the viewer had spent them are a debt (`coin_debts`), not a
 * negative balance. Every credit settles open debts first, oldest first: its own row credits the full
 * amount, and a `debt_settlement` row right after it takes what the debts need. One rule for every
 * credit — purchases, rewards, grants, merges — so no way of getting coins can step around a debt, and
 * the balance keeps equalling the sum of the ledger.
 */
import type { Executor, Trx } from '../db/schema';

/** The ledger reason of the row that pays off debts out of a credit. */
export const DEBT_SETTLEMENT_REASON = 'debt_settlement';

export interface LedgerEntry {
  userId: number;
  /** Positive credits, negative charges. */
  delta: number;
  /** e.g. 'registration_bonus', 'guest_merge_in', 'guest_merge_out', 'unlock', 'purchase'. */
  reason: string;
  /** Makes the entry idempotent: the same (user, reason, reference) is applied once. */
  reference: string | null;
  /** What staff wrote for a grant or deduction; staff read it on the user's ledger, viewers never. */
  note?: string | null;
  createdAt: string;
}

export type LedgerResult =
  | { applied: true; balance: number }
  | { applied: false; why: 'duplicate' | 'insufficient_funds'; balance: number };

async function currentBalance(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('coin_balance').where('id', '=', userId).executeTakeFirst();
  return row?.coin_balance ?? 0;
}

/** Must run inside a transaction (`db.transaction().execute(trx => applyLedgerEntry(trx, …))`). */
export async function applyLedgerEntry(trx: Trx, entry: LedgerEntry): Promise<LedgerResult> {
  if (entry.reference !== null) {
    const existing = await trx
      .selectFrom('coin_ledger')
      .select('id')
      .where('user_id', '=', entry.userId)
      .where('reason', '=', entry.reason)
      .where('reference', '=', entry.reference)
      .executeTakeFirst();
    if (existing) return { applied: false, why: 'duplicate', balance: await currentBalance(trx, entry.userId) };
  }
  const updated = await trx
    .updateTable('users')
    .set((eb) => ({ coin_balance: eb('coin_balance', '+', entry.delta) }))
    .where('id', '=', entry.userId)
    .where((eb) => eb(eb('coin_balance', '+', entry.delta), '>=', 0))
    .returning('coin_balance')
    .executeTakeFirst();
  if (!updated) {
    return { applied: false, why: 'insufficient_funds', balance: await currentBalance(trx, entry.userId) };
  }
  const row = await trx
    .insertInto('coin_ledger')
    .values({
      user_id: entry.userId,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference,
      balance_after: updated.coin_balance,
      note: entry.note ?? null,
      created_at: entry.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (entry.delta > 0) {
    const settled = await settleDebts(trx, entry, row.id);
    if (settled !== null) return { applied: true, balance: settled };
  }
  return { applied: true, balance: updated.coin_balance };
}

/** Marks up to `amount` coins of the user's open debts paid, oldest first. */
async function payDebts(trx: Trx, userId: number, amount: number, at: string) {
  const money = trx;
  const debts = await money
    .selectFrom('coin_debts')
    .select(['id', 'outstanding'])
    .where('user_id', '=', userId)
    .where('outstanding', '>', 0)
    .orderBy('id')
    .execute();
  const owed = debts.reduce((sum, debt) => sum + debt.outstanding, 0);
  let left = Math.min(amount, owed);
  const paying = left;
  for (const debt of debts) {
    if (left === 0) break;
    const paid = Math.min(left, debt.outstanding);
    await money
      .updateTable('coin_debts')
      .set((eb) => ({ outstanding: eb('outstanding', '-', paid), updated_at: at }))
      .where('id', '=', debt.id)
      .execute();
    left -= paid;
  }
  return paying;
}

/** Pays open debts, oldest first, out of a credit just applied; answers the new balance, or null if none. */
async function settleDebts(trx: Trx, credit: LedgerEntry, creditId: number): Promise<number | null> {
  const amount = await payDebts(trx, credit.userId, credit.delta, credit.createdAt);
  if (amount === 0) return null;
  const result = await applyLedgerEntry(trx, {
    userId: credit.userId,
    delta: -amount,
    reason: DEBT_SETTLEMENT_REASON,
    reference: `credit:${creditId}`,
    createdAt: credit.createdAt,
  });
  // The credit itself just added at least `amount`; a refusal here would be a broken invariant.
  if (!result.applied) throw new Error(`debt settlement refused for user ${credit.userId}: ${result.why}`);
  return result.balance;
}

/**
 * Moves one user's open debts to another (a guest merging into an account) and pays them at once out
 * of the coins the receiver holds, so nobody both holds and owes coins. Answers the coins paid.
 */
export async function moveDebts(
  trx: Trx,
  fromUserId: number,
  toUserId: number,
  at: string,
  reference: string,
): Promise<number> {
  const money = trx;
  await money
    .updateTable('coin_debts')
    .set({ user_id: toUserId, updated_at: at })
    .where('user_id', '=', fromUserId)
    .execute();
  const amount = await payDebts(trx, toUserId, await currentBalance(trx, toUserId), at);
  if (amount === 0) return 0;
  const result = await applyLedgerEntry(trx, {
    userId: toUserId,
    delta: -amount,
    reason: DEBT_SETTLEMENT_REASON,
    reference,
    createdAt: at,
  });
  if (!result.applied) throw new Error(`debt settlement refused for user ${toUserId}: ${result.why}`);
  return amount;
}

/** Coins the user owes from refunds and disputes of coins already spent. */
export async function owedCoins(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coin_debts')
    .select((eb) => eb.fn.sum<number | string | null>('outstanding').as('owed'))
    .where('user_id', '=', userId)
    .where('outstanding', '>', 0)
    .executeTakeFirst();
  return Number(row?.owed ?? 0);
}

export function ledgerOf(db: Executor, userId: number) {
  return db.selectFrom('coin_ledger').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
}
