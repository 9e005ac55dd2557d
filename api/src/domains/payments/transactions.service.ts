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

import type { Paginated, Transaction } from '@cliffhanger/shared/entities';
import { DEFAULT_LANGUAGE, type Language } from '@cliffhanger/shared/languages';
import { localizedTitle } from '@cliffhanger/shared/localized-text';
import type { AppContext } from '../../context';
import type { PaymentStatus } from '../../db/schema';
import { DEBT_SETTLEMENT_REASON } from '../../kernel/coin-ledger';
import { pageLinks, paginate } from '../../kernel/paging';
import { episodesWithSeriesTitles } from '../catalogue/catalogue.repository';
import { parseTranslations } from '../catalogue/translations';
import { LEDGER_REASONS } from '../coins/coins.service';
import { getSetting } from '../settings/settings.service';
import { REVERSAL_REASONS } from './payment-reversals';
import { closeAbandonedPayments, fromMinor } from './payments.service';
import { type PaymentOutcome, type TransactionWords, transactionWords } from './transaction-words';
import * as repo from './transactions.repository';

/**
 * The ledger reasons of a guest merge (declared by the users domain, which sits above this one and
 * moves the coins; payments only reads them).
 */
const MERGE = { in: 'guest_merge_in', out: 'guest_merge_out', forfeit: 'guest_merge_forfeit' } as const;

/**
 * A line as answered (`Transaction`, the shared contract), whose `status` is a payment's stored status
 * (a ledger row's is succeeded); ids are 'ledger-<id>' or 'payment-<id>', unique across both sources.
 */
type TransactionDto = Omit<Transaction, 'status'> & { status: PaymentStatus };

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
  plan: string | null,
): string {
  const base =
    kind === 'coins' || (kind === 'intent' && coins > 0)
      ? words.boughtCoins(description, coins)
      : kind === 'gold'
        ? words.gold(description, /renewal$/.test(description), plan)
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
): Promise<Paginated<TransactionDto>> {
  const words = transactionWords(language);
  const db = ctx.db;
  await closeAbandonedPayments(ctx, userId);
  // Guests merged into this account: their own lines are listed here too, marked as guest.
  const guestIds = await repo.mergedGuestIds(db, userId);
  // Purchases are listed through their payment rows, which carry the price; the merge's own pair of
  // lines is left out, since the guest's itemised lines already add up to the coins it moved.
  const { rows, count } = await paginate(
    query,
    query.limit,
    repo.transactionPages(db, userId, guestIds, {
      purchase: LEDGER_REASONS.purchase,
      mergeIn: MERGE.in,
      mergeOut: MERGE.out,
    }),
  );

  const episodeIds = rows
    .filter(
      (row) =>
        row.source === 'ledger' && (row.type === LEDGER_REASONS.unlock || row.type === LEDGER_REASONS.autoUnlock),
    )
    .map((row) => Number(row.reference?.replace(/^episode:/, '')))
    .filter((id) => Number.isSafeInteger(id));
  const episodes = new Map<number, string>();
  if (episodeIds.length > 0) {
    const found = await episodesWithSeriesTitles(db, episodeIds);
    for (const row of found) {
      const series = {
        title: row.series_title,
        title_en: row.series_title_en,
        translations: parseTranslations(row.series_translations),
      };
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
    const found = await repo.debtsOf(db, [userId, ...guestIds], reversalRefs);
    for (const debt of found) debts.set(debt.reference, debt.coins);
  }

  // Gold lines name their plan in this language, while the plan is still offered.
  const plans = new Map<string, string>();
  if (rows.some((row) => row.source === 'payment' && row.plan)) {
    for (const plan of await getSetting(ctx, 'gold_plans')) plans.set(plan.id, localizedTitle(plan, language));
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
        : describePayment(
            words,
            row.type,
            status,
            row.description ?? '',
            Number(row.coins),
            {
              amount: Number(row.amount_minor ?? 0),
              refunded: Number(row.refunded_minor ?? 0),
              dispute: row.dispute_status,
            },
            row.plan ? (plans.get(row.plan) ?? null) : null,
          ),
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
