/**
 * The one way a coin balance changes: a conditional balance update and an append-only ledger row,
 * written together inside the caller's transaction. The balance can never go below zero (the update
 * is `WHERE coin_balance + delta >= 0`, plus a CHECK constraint), and an entry with a reference is
 * applied at most once per (user, reason, reference).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export interface LedgerEntry {
  userId: number;
  /** Positive credits, negative charges. */
  delta: number;
  /** e.g. 'registration_bonus', 'guest_merge_in', 'guest_merge_out', 'unlock', 'purchase'. */
  reason: string;
  /** Makes the entry idempotent: the same (user, reason, reference) is applied once. */
  reference: string | null;
  createdAt: string;
}

export type LedgerResult =
  | { applied: true; balance: number }
  | { applied: false; why: 'duplicate' | 'insufficient_funds'; balance: number };

type Executor = Kysely<Database> | Transaction<Database>;

async function currentBalance(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('coin_balance').where('id', '=', userId).executeTakeFirst();
  return row?.coin_balance ?? 0;
}

/** Must run inside a transaction (`db.transaction().execute(trx => applyLedgerEntry(trx, …))`). */
export async function applyLedgerEntry(trx: Transaction<Database>, entry: LedgerEntry): Promise<LedgerResult> {
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
  await trx
    .insertInto('coin_ledger')
    .values({
      user_id: entry.userId,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference,
      balance_after: updated.coin_balance,
      created_at: entry.createdAt,
    })
    .execute();
  return { applied: true, balance: updated.coin_balance };
}

export function ledgerOf(db: Executor, userId: number) {
  return db.selectFrom('coin_ledger').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
}
