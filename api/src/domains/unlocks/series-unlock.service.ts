/**
 * "Unlock all N remaining episodes for X coins": the quote the unlock sheet shows and the purchase it
 * offers. The total is always the server's — the sum of the coin costs of the series' on-show paid
 * episodes the viewer has not unlocked yet — and the purchase charges exactly that, in one transaction
 * that writes one unlock row and one ledger line (`episode:<id>`) per episode, as single unlocks do.
 * A total the browser was shown travels back only as a check: when it differs (a price changed, an
 * episode was unlocked meanwhile, or the number was forged), nothing is charged and 409 tells the
 * current total.
 */
import type { SeriesUnlockAnswer, SeriesUnlockQuote } from '@cliffhanger/shared/entities';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Executor, Trx, UserRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { applyEntry, assertCanSpend, lockUser, moneyTransaction } from '../../kernel/money-transaction';
import { episodesOfSeries, findVisibleSeries } from '../catalogue/catalogue.repository';
import { LEDGER_REASONS } from '../coins/coins.service';
import { isGoldMember } from '../users/users.service';
import { insertUnlock, unlockedAmong } from './unlocks.repository';
import { GOLD_REQUIRED_MESSAGE } from './unlocks.service';

export type { SeriesUnlockAnswer, SeriesUnlockQuote };

const SERIES_NOT_FOUND_MESSAGE = 'Series not found';

/** Reads through `db` only: inside a money transaction, another connection would wait for this one. */
async function lockedPaidEpisodes(ctx: AppContext, db: Executor, viewer: UserRow, seriesId: number) {
  const at = nowIso(ctx);
  const catalogue = db;
  const series = await findVisibleSeries(catalogue, seriesId, at);
  if (!series) throw notFound(SERIES_NOT_FOUND_MESSAGE);
  if (series.is_gold_exclusive) throw forbidden(GOLD_REQUIRED_MESSAGE, { reason: 'gold_required' });
  if (isGoldMember(viewer, ctx.now())) return [];
  const episodes = (await episodesOfSeries(catalogue, seriesId, at)).filter(
    (episode) => !episode.is_free && episode.coin_cost > 0,
  );
  if (episodes.length === 0) return [];
  const done = await unlockedAmong(
    db,
    viewer.id,
    episodes.map((episode) => episode.id),
  );
  return episodes.filter((episode) => !done.has(episode.id));
}

function quoteOf(seriesId: number, episodes: Array<{ id: number; coin_cost: number }>, balance: number) {
  return {
    series_id: seriesId,
    episode_ids: episodes.map((episode) => episode.id),
    episodes: episodes.length,
    coins: episodes.reduce((sum, episode) => sum + episode.coin_cost, 0),
    balance,
  };
}

export async function quoteSeriesUnlock(
  ctx: AppContext,
  viewer: UserRow,
  seriesId: number,
): Promise<SeriesUnlockQuote> {
  const episodes = await lockedPaidEpisodes(ctx, ctx.db, viewer, seriesId);
  return quoteOf(seriesId, episodes, viewer.coin_balance);
}

class TotalChanged extends Error {
  constructor(readonly quote: SeriesUnlockQuote) {
    super('total changed');
  }
}
class TooFewCoins extends Error {
  constructor(readonly quote: SeriesUnlockQuote) {
    super('too few coins');
  }
}

export async function unlockSeries(
  ctx: AppContext,
  viewer: UserRow,
  seriesId: number,
  shownCoins: number,
): Promise<SeriesUnlockAnswer> {
  try {
    return await moneyTransaction(ctx, async (trx: Trx) => {
      const user = await lockUser(ctx, trx, viewer.id);
      assertCanSpend(user);
      const balance = user?.coin_balance ?? 0;
      const episodes = await lockedPaidEpisodes(ctx, trx, user ?? viewer, seriesId);
      const quote = quoteOf(seriesId, episodes, balance);
      if (shownCoins !== quote.coins) throw new TotalChanged(quote);
      if (quote.coins > balance) throw new TooFewCoins(quote);
      const at = nowIso(ctx);
      let after = balance;
      for (const episode of episodes) {
        await insertUnlock(trx, { userId: viewer.id, episodeId: episode.id, coinCost: episode.coin_cost, at });
        const charge = await applyEntry(trx, {
          userId: viewer.id,
          delta: -episode.coin_cost,
          reason: LEDGER_REASONS.unlock,
          reference: `episode:${episode.id}`,
          createdAt: at,
        });
        // A duplicate reference means it was paid before (its unlock row moved away): no second charge.
        if (charge.applied || charge.why === 'duplicate') after = charge.balance;
        else throw new TooFewCoins(quote);
      }
      const charged = balance - after;
      return {
        ...quote,
        balance: after,
        unlocked_ids: quote.episode_ids,
        charged,
        message:
          quote.episodes === 0
            ? 'Every episode of this series is already open to you; nothing was charged'
            : `${quote.episodes} ${quote.episodes === 1 ? 'episode' : 'episodes'} unlocked for ${charged} coins`,
      };
    });
  } catch (error) {
    if (error instanceof TotalChanged) {
      throw new HttpError(
        409,
        `The total for this series is now ${error.quote.coins} coins for ${error.quote.episodes} episodes. Nothing was charged; please check the new total.`,
        { ...error.quote, reason: 'total_changed' },
      );
    }
    if (error instanceof TooFewCoins) {
      throw new HttpError(
        402,
        `Not enough coins: unlocking the rest of this series costs ${error.quote.coins} coins and you have ${error.quote.balance}`,
        { coin_cost: error.quote.coins, balance: error.quote.balance, reason: 'insufficient_coins' },
      );
    }
    throw error;
  }
}
