/**
 * Unlocking a paid episode with coins — the one service behind `POST /api/episodes/{id}/unlock/` and
 * the feed's `POST /feed-api/series/unlock/`. The rules follow `decideEpisodeAccess`:
 * - free episodes and Gold members: nothing to pay, nothing stored;
 * - already unlocked: nothing charged again;
 * - a paid episode of a Gold-exclusive series: 403 gold_required (coins cannot buy it);
 * - otherwise one transaction inserts the unlock row (unique per user and episode) and charges the
 *   cost through the ledger (reference `episode:<id>`); too few coins rolls both back → 402.
 */
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { findVisibleEpisode } from '../catalogue/catalogue.repository';
import { EPISODE_NOT_FOUND_MESSAGE } from '../catalogue/catalogue.service';
import { LEDGER_REASONS } from '../coins/coins.service';
import { moneyDb } from '../coins/money.tables';
import { applyEntry, lockUser, moneyTransaction } from '../coins/money-transaction';
import { assertCanSpend } from '../users/guest-merge.service';
import { isGoldMember } from '../users/users.service';

export type UnlockVia = 'coins' | 'already_unlocked' | 'free' | 'gold';

export interface UnlockAnswer {
  unlocked: true;
  charged: number;
  balance: number;
  episode_id: number;
  /** How the viewer got access: paid now, paid before, free episode, or Gold membership. */
  via: UnlockVia;
  message: string;
}

export const GOLD_REQUIRED_MESSAGE = 'This episode belongs to a Gold-exclusive series. Join Gold to watch it.';

const MESSAGES: Record<UnlockVia, (cost: number) => string> = {
  coins: (cost) => `Episode unlocked for ${cost} coins`,
  already_unlocked: () => 'You already unlocked this episode; nothing was charged',
  free: () => 'This episode is free; nothing was charged',
  gold: () => 'Gold members watch every episode; nothing was charged',
};

class InsufficientCoins extends Error {
  constructor(readonly balance: number) {
    super('insufficient coins');
  }
}

function answer(episodeId: number, via: UnlockVia, charged: number, balance: number): UnlockAnswer {
  return { unlocked: true, charged, balance, episode_id: episodeId, via, message: MESSAGES[via](charged) };
}

export async function unlockEpisode(ctx: AppContext, viewer: UserRow, episodeId: number): Promise<UnlockAnswer> {
  const episode = await findVisibleEpisode(ctx.db, episodeId, nowIso(ctx));
  if (!episode) throw notFound(EPISODE_NOT_FOUND_MESSAGE);
  const cost = episode.coin_cost;
  if (episode.is_free || cost <= 0) return answer(episode.id, 'free', 0, viewer.coin_balance);
  if (isGoldMember(viewer, ctx.now())) return answer(episode.id, 'gold', 0, viewer.coin_balance);

  const unlocked = await moneyDb(ctx)
    .selectFrom('episode_unlocks')
    .select('id')
    .where('user_id', '=', viewer.id)
    .where('episode_id', '=', episode.id)
    .executeTakeFirst();
  if (unlocked) return answer(episode.id, 'already_unlocked', 0, viewer.coin_balance);
  if (episode.series_is_gold_exclusive) throw forbidden(GOLD_REQUIRED_MESSAGE, { reason: 'gold_required' });

  try {
    return await moneyTransaction(ctx, async (trx) => {
      // A merge of this guest that committed since the request was authenticated ends its spending.
      assertCanSpend(await lockUser(ctx, trx, viewer.id));
      const at = nowIso(ctx);
      // Insert-first: of two concurrent unlocks of one episode, only one inserts; the other waits
      // for it (PostgreSQL) or runs after it (SQLite) and finds the row.
      const inserted = await trx
        .insertInto('episode_unlocks')
        .values({ user_id: viewer.id, episode_id: episode.id, coin_cost: cost, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        const row = await trx
          .selectFrom('users')
          .select('coin_balance')
          .where('id', '=', viewer.id)
          .executeTakeFirstOrThrow();
        return answer(episode.id, 'already_unlocked', 0, row.coin_balance);
      }
      const charge = await applyEntry(trx, {
        userId: viewer.id,
        delta: -cost,
        reason: LEDGER_REASONS.unlock,
        reference: `episode:${episode.id}`,
        createdAt: at,
      });
      if (charge.applied) return answer(episode.id, 'coins', cost, charge.balance);
      // Paid before under this reference (e.g. the unlock row was moved away): keep access, no charge.
      if (charge.why === 'duplicate') return answer(episode.id, 'already_unlocked', 0, charge.balance);
      throw new InsufficientCoins(charge.balance);
    });
  } catch (error) {
    if (error instanceof InsufficientCoins) {
      throw new HttpError(402, `Not enough coins: this episode costs ${cost} coins and you have ${error.balance}`, {
        coin_cost: cost,
        balance: error.balance,
        reason: 'insufficient_coins',
      });
    }
    throw error;
  }
}

/** The feed API names an episode by series and number; the first season's episode wins a tie. */
export async function episodeIdByNumber(ctx: AppContext, seriesId: number, number: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('episodes')
    .select('id')
    .where('series_id', '=', seriesId)
    .where('episode_number', '=', number)
    .orderBy('season_number')
    .executeTakeFirst();
  if (!row) throw notFound(EPISODE_NOT_FOUND_MESSAGE);
  return row.id;
}
