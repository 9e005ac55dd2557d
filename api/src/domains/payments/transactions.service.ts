/**
 * GET /api/transactions/: one list, newest first, of everything that moved coins or money — ledger
 * rows (unlocks, bonuses, rewards, grants …) and payments (coin packs, Gold, card payments, including
 * failed and cancelled ones). A coin purchase appears once, as its payment, not again as its ledger row.
 *
 * After a guest merge the guest's own lines stay itemised in the account's list, marked `as_guest`: its
 * ledger rows (earned, spent) and the payments it made (which moved to the account). The pair that
 * moved its coins over ("Coins moved from your guest profile" / "to your account") is left out: the
 * itemised lines already add up to those coins, so the lines shown sum to the balance, never twice.
 */
import { DEFAULT_LANGUAGE, type Language } from '@cliffhanger/shared/languages';
import { localizedTitle } from '@cliffhanger/shared/localized-text';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { DEBT_SETTLEMENT_REASON } from '../../kernel/coin-ledger';
import { pageLinks, paginate } from '../../kernel/paging';
import { parseTranslations } from '../catalogue/translations';
import { LEDGER_REASONS } from '../coins/coins.service';
import { REVERSAL_REASONS } from './payment-reversals';
import { fromMinor } from './payments.service';
import { type PaymentOutcome, type TransactionWords, transactionWords } from './transaction-words';

/**
 * The ledger reasons of a guest merge (declared by the users domain, which sits above this one and
 * moves the coins; payments only reads them).
 */
const MERGE = { in: 'guest_merge_in', out: 'guest_merge_out', forfeit: 'guest_merge_forfeit' } as const;

export interface TransactionDto {
  /** 'ledger-<id>' or 'payment-<id>': unique across both sources. */
  id: string;
  type: string;
  description: string;
  /** Money paid, in major units; null when only coins moved. */
  amount: number | null;
  currency: string | null;
  /** Coins added (positive) or spent (negative); 0 when none moved (e.g. Gold, a failed payment). */
  coins: number;
  /** Coins this row left owing (a refund or dispute of coins already spent); 0 for every other row. */
  owed: number;
  /** A line of a guest profile that was merged into this account (made while signed out, "as guest"). */
  as_guest: boolean;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  balance_after: number | null;
  created_at: string;
}

export interface TransactionsPage {
  results: TransactionDto[];
  count: number;
  next: string | null;
  previous: string | null;
}

function describeLedger(
  words: TransactionWords,
  reason: string,
  delta: number,
  reference: string | null,
  episodes: Map<number, string>,
  owed: number,
): string {
  const episode = () => {
    const id = Number(reference?.replace(/^episode:/, ''));
    return episodes.get(id) ?? words.unknownEpisode(id);
  };
  switch (reason) {
    case REVERSAL_REASONS.refunded:
      return words.refunded(words.owing(owed));
    case REVERSAL_REASONS.disputed:
      return words.disputed(words.owing(owed));
    case REVERSAL_REASONS.restored:
      return words.restored;
    case DEBT_SETTLEMENT_REASON:
      return words.debtSettled;
    case LEDGER_REASONS.unlock:
      return words.unlocked(episode());
    case LEDGER_REASONS.autoUnlock:
      return words.autoUnlocked(episode());
    case LEDGER_REASONS.dailyBonus:
      return words.dailyBonus;
    case LEDGER_REASONS.share: {
      const channel = reference?.split(':')[1] ?? '';
      return words.shared(words.channels[channel] ?? channel);
    }
    case LEDGER_REASONS.followPrompt:
      return words.followReward;
    case LEDGER_REASONS.registrationBonus:
      return words.welcomeBonus;
    case LEDGER_REASONS.staffGrant:
      return delta >= 0 ? words.staffGrant : words.staffCorrection;
    case LEDGER_REASONS.refund:
      return words.refund;
    case MERGE.in:
      return words.guestMergeIn;
    case MERGE.out:
      return words.guestMergeOut;
    case MERGE.forfeit:
      return words.guestMergeForfeit;
    case LEDGER_REASONS.purchase:
      return words.coinPurchase;
    default:
      return reason.replace(/_/g, ' ');
  }
}

function paymentOutcome(
  status: string,
  money: { amount: number; refunded: number; dispute: string | null },
): PaymentOutcome | null {
  if (money.dispute === 'open') return 'disputed';
  if (money.dispute === 'lost') return 'charged_back';
  if (money.refunded > 0) return money.refunded >= money.amount ? 'refunded' : 'partly_refunded';
  if (status === 'failed') return 'failed';
  if (status === 'canceled') return 'canceled';
  if (status === 'pending') return 'pending';
  return null;
}

function describePayment(
  words: TransactionWords,
  kind: string,
  status: string,
  description: string,
  coins: number,
  money: { amount: number; refunded: number; dispute: string | null },
): string {
  const base =
    kind === 'coins' || (kind === 'intent' && coins > 0)
      ? words.boughtCoins(description, coins)
      : kind === 'gold'
        ? words.gold(description, /renewal$/.test(description))
        : words.payment(description);
  const outcome = paymentOutcome(status, money);
  return outcome ? `${base} (${words.outcome[outcome]})` : base;
}

/** The viewer's lines, described in `language` (the request's, decided by the route). */
export async function listTransactions(
  ctx: AppContext,
  userId: number,
  query: { page: number; limit: number },
  path: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<TransactionsPage> {
  const words = transactionWords(language);
  const db = ctx.db;
  // Guests merged into this account: their own lines are listed here too, marked as guest.
  const guestIds = (await db.selectFrom('users').select('id').where('merged_into_user_id', '=', userId).execute()).map(
    (row) => row.id,
  );
  // Purchases are listed through their payment rows, which carry the price; the merge's own pair of
  // lines is left out, since the guest's itemised lines already add up to the coins it moved.
  const ledgerRows = () =>
    db
      .selectFrom('coin_ledger')
      .where('reason', '!=', LEDGER_REASONS.purchase)
      .where((eb) =>
        guestIds.length === 0
          ? eb('user_id', '=', userId)
          : eb.or([
              eb.and([eb('user_id', '=', userId), eb('reason', '!=', MERGE.in)]),
              eb.and([eb('user_id', 'in', guestIds), eb('reason', '!=', MERGE.out)]),
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
    // A guest's running balance is not this account's: only the account's own rows carry one.
    sql<number | null>`case when user_id = ${userId} then balance_after else null end`.as('balance_after'),
    sql<number>`0`.as('refunded_minor'),
    sql<string | null>`null`.as('dispute_status'),
    sql<number>`case when user_id = ${userId} then 0 else 1 end`.as('as_guest'),
  ]);
  const payments = db
    .selectFrom('payments')
    .where('user_id', '=', userId)
    .select([
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
      sql<number | null>`null`.as('balance_after'),
      'refunded_minor',
      'dispute_status',
      sql<number>`case when merged_from_user_id is null then 0 else 1 end`.as('as_guest'),
    ]);
  const { rows, count } = await paginate(query, query.limit, {
    rows: ({ limit, offset }) =>
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
        db
          .selectFrom('payments')
          .where('user_id', '=', userId)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { count: Number(ledgerCount.count) + Number(paymentCount.count) };
    },
  });

  const episodeIds = rows
    .filter(
      (row) =>
        row.source === 'ledger' && (row.type === LEDGER_REASONS.unlock || row.type === LEDGER_REASONS.autoUnlock),
    )
    .map((row) => Number(row.reference?.replace(/^episode:/, '')))
    .filter((id) => Number.isSafeInteger(id));
  const episodes = new Map<number, string>();
  if (episodeIds.length > 0) {
    const found = await db
      .selectFrom('episodes')
      .innerJoin('series', 'series.id', 'episodes.series_id')
      .select(['episodes.id', 'episodes.episode_number', 'series.title', 'series.title_en', 'series.translations'])
      .where('episodes.id', 'in', episodeIds)
      .execute();
    for (const row of found) {
      const series = { title: row.title, title_en: row.title_en, translations: parseTranslations(row.translations) };
      episodes.set(row.id, words.episode(localizedTitle(series, language), row.episode_number));
    }
  }

  // What each reversal on this page left owing (its debt row shares the ledger row's reference).
  const reversalRefs = rows
    .filter((row) => row.source === 'ledger' && row.reference && row.type !== DEBT_SETTLEMENT_REASON)
    .filter((row) => row.type === REVERSAL_REASONS.refunded || row.type === REVERSAL_REASONS.disputed)
    .map((row) => row.reference as string);
  const debts = new Map<string, number>();
  if (reversalRefs.length > 0) {
    const found = await db
      .selectFrom('coin_debts')
      .select(['reference', 'coins'])
      .where('user_id', 'in', [userId, ...guestIds])
      .where('reference', 'in', reversalRefs)
      .execute();
    for (const debt of found) debts.set(debt.reference, debt.coins);
  }

  const results: TransactionDto[] = rows.map((row) => {
    const fromLedger = row.source === 'ledger';
    const status = row.status as TransactionDto['status'];
    const owed = fromLedger && row.reference ? (debts.get(row.reference) ?? 0) : 0;
    return {
      id: `${row.source}-${row.id}`,
      type: fromLedger ? row.type : row.type === 'gold' ? 'subscription' : 'purchase',
      description: fromLedger
        ? describeLedger(words, row.type, Number(row.coins), row.reference, episodes, owed)
        : describePayment(words, row.type, status, row.description ?? '', Number(row.coins), {
            amount: Number(row.amount_minor ?? 0),
            refunded: Number(row.refunded_minor ?? 0),
            dispute: row.dispute_status,
          }),
      amount: row.amount_minor === null ? null : fromMinor(Number(row.amount_minor)),
      currency: row.currency,
      coins: fromLedger || status === 'succeeded' ? Number(row.coins) : 0,
      owed,
      as_guest: Number(row.as_guest) === 1,
      status,
      balance_after: row.balance_after === null ? null : Number(row.balance_after),
      created_at: row.created_at,
    };
  });

  // The links carry the page size only, whatever else the query held.
  return { results, count, ...pageLinks(path, { limit: query.limit }, query.page, query.limit, count) };
}
