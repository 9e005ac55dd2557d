/** SQL of a viewer's transactions: coin ledger lines and payments, one list newest first. */
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import type { PageWindow } from '../../kernel/paging';

/** The ids of the guests merged into this account. */
export async function mergedGuestIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('merged_into_user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** The ledger reasons the list leaves out: purchases (listed by their payment) and the merge's pair. */
export interface LeftOutReasons {
  purchase: string;
  mergeIn: string;
  mergeOut: string;
}

/**
 * The account's ledger lines (and its merged guests', `as_guest`) with its payments, newest first, read
 * with `paginate()`.
 */
export function transactionPages(db: Executor, userId: number, guestIds: number[], leaveOut: LeftOutReasons) {
  const ledgerRows = () =>
    db
      .selectFrom('coin_ledger')
      .where('reason', '!=', leaveOut.purchase)
      .where((eb) =>
        guestIds.length === 0
          ? eb('user_id', '=', userId)
          : eb.or([
              eb.and([eb('user_id', '=', userId), eb('reason', '!=', leaveOut.mergeIn)]),
              eb.and([eb('user_id', 'in', guestIds), eb('reason', '!=', leaveOut.mergeOut)]),
            ]),
      );
  const ledger = ledgerRows().select([
    sql<string>`'ledger'`.as('source'),
    'id',
    'created_at',
    'reason as type',
    'delta as coins',
    'reference',
    sql<number | null>`null`.as('amount_minor'),
    sql<string | null>`null`.as('currency'),
    sql<string>`'succeeded'`.as('status'),
    sql<string | null>`null`.as('description'),
    sql<string | null>`null`.as('plan'),
    // A guest's running balance is not this account's: only the account's own rows carry one.
    sql<number | null>`case when user_id = ${userId} then balance_after else null end`.as('balance_after'),
    sql<number>`0`.as('refunded_minor'),
    sql<string | null>`null`.as('dispute_status'),
    sql<number>`case when user_id = ${userId} then 0 else 1 end`.as('as_guest'),
  ]);
  // A checkout left unpaid moved neither money nor coins: it is not a transaction (payments.service.ts).
  const paymentRows = () => db.selectFrom('payments').where('user_id', '=', userId).where('status', '!=', 'expired');
  const payments = paymentRows().select([
    sql<string>`'payment'`.as('source'),
    'id',
    'created_at',
    'kind as type',
    'coins',
    'provider_ref as reference',
    'amount_minor',
    'currency',
    'status',
    'description',
    'plan',
    sql<number | null>`null`.as('balance_after'),
    'refunded_minor',
    'dispute_status',
    sql<number>`case when merged_from_user_id is null then 0 else 1 end`.as('as_guest'),
  ]);
  return {
    rows: ({ limit, offset }: PageWindow) =>
      ledger
        .unionAll(payments)
        .orderBy('created_at', 'desc')
        .orderBy('source', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    // Ledger lines and payments together.
    count: async () => {
      const [ledgerCount, paymentCount] = await Promise.all([
        ledgerRows()
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
        paymentRows()
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { count: Number(ledgerCount.count) + Number(paymentCount.count) };
    },
  };
}

/** The coins still owed under these references by these users. */
export function debtsOf(db: Executor, userIds: number[], references: string[]) {
  return db
    .selectFrom('coin_debts')
    .select(['reference', 'coins'])
    .where('user_id', 'in', userIds)
    .where('reference', 'in', references)
    .execute();
}
