/**
 * Unlocking a paid episode with coins — the one service behind `POST /api/episodes/{id}/unlock/` and
 * the feed's `POST /feed-api/series/unlock/`. The rules follow `decideEpisodeAccess`:
 * - free episodes and Gold members: nothing to pay, nothing stored;
 * - already unlocked: nothing charged again;
 * - a paid episode of a Gold-exclusive series: 403 gold_required (coins cannot buy it);
 * - otherwise one transaction inserts the unlock row (unique per user and episode) and charges the
 *   cost through the ledger (reference `episode:<id>`); too few coins rolls both back → 402.
 * - an automatic unlock (the player's opt-in auto-unlock) also records the spend against the viewer's
 *   cap for the series in the same transaction, with its own ledger reason (`auto_unlock`); when
 *   auto-unlock is off or the episode would pass the cap, 409 and nothing changes.
 */

import type { AutoUnlockSetting, UnlockAnswer } from '@cliffhanger/shared/entities';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { applyEntry, assertCanSpend, lockUser, moneyTransaction } from '../../kernel/money-transaction';
import { episodeIdOfNumber, findVisibleEpisode } from '../catalogue/catalogue.repository';
import { EPISODE_NOT_FOUND_MESSAGE } from '../catalogue/catalogue.service';
import { isFreeEpisode } from '../catalogue/episode-access';
import { LEDGER_REASONS } from '../coins/coins.service';
import { isGoldMember } from '../users/users.service';
import { findAutoUnlock, spendAgainstCap } from './auto-unlock.repository';
import { autoUnlockRefused, settingOf } from './auto-unlock.service';
import { coinBalanceOf, hasUnlocked, insertUnlockOnce, paidBefore } from './unlocks.repository';

/** How the viewer got access: paid now, paid before, free episode, or Gold membership. */
export type UnlockVia = UnlockAnswer['via'];

export type { UnlockAnswer };

export interface UnlockOptions {
  /** The player unlocks by itself under the viewer's auto-unlock setting for the series. */
  automatic?: boolean;
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

/** An automatic unlock the setting does not allow; thrown inside the transaction so it rolls back. */
class AutoUnlockStopped extends Error {
  constructor(readonly setting: AutoUnlockSetting) {
    super('auto-unlock stopped');
  }
}

/** Whether the viewer paid for this episode before, by hand or automatically (whatever its unlock row). */
function answer(episodeId: number, via: UnlockVia, charged: number, balance: number): UnlockAnswer {
  return { unlocked: true, charged, balance, episode_id: episodeId, via, message: MESSAGES[via](charged) };
}

export async function unlockEpisode(
  ctx: AppContext,
  viewer: UserRow,
  episodeId: number,
  options: UnlockOptions = {},
): Promise<UnlockAnswer> {
  const episode = await findVisibleEpisode(ctx.db, episodeId, nowIso(ctx));
  if (!episode) throw notFound(EPISODE_NOT_FOUND_MESSAGE);
  const automatic = options.automatic === true;
  const seriesId = episode.series_id;
  // Answers that charge nothing leave the cap alone; an automatic request still learns where it stands.
  const free = async (via: UnlockVia, balance: number): Promise<UnlockAnswer> => {
    if (!automatic) return answer(episode.id, via, 0, balance);
    const setting = settingOf(seriesId, await findAutoUnlock(ctx.db, viewer.id, seriesId));
    return { ...answer(episode.id, via, 0, balance), automatic: true, auto_unlock: setting };
  };
  const cost = episode.coin_cost;
  if (isFreeEpisode(episode, Boolean(episode.series_is_gold_exclusive))) return free('free', viewer.coin_balance);
  if (isGoldMember(viewer, ctx.now())) return free('gold', viewer.coin_balance);

  if (await hasUnlocked(ctx.db, viewer.id, episode.id)) return free('already_unlocked', viewer.coin_balance);
  if (episode.series_is_gold_exclusive) throw forbidden(GOLD_REQUIRED_MESSAGE, { reason: 'gold_required' });

  try {
    return await moneyTransaction(ctx, async (trx) => {
      // A merge of this guest that committed since the request was authenticated ends its spending.
      assertCanSpend(await lockUser(ctx, trx, viewer.id));
      const at = nowIso(ctx);
      // Insert-first: of two concurrent unlocks of one episode, only one inserts; the other waits
      // for it (PostgreSQL) or runs after it (SQLite) and finds the row.
      const inserted = await insertUnlockOnce(trx, { userId: viewer.id, episodeId: episode.id, coinCost: cost, at });
      const reference = `episode:${episode.id}`;
      if (!inserted || (await paidBefore(trx, viewer.id, reference))) {
        const balance = await coinBalanceOf(trx, viewer.id);
        if (!automatic) return answer(episode.id, 'already_unlocked', 0, balance);
        const setting = settingOf(seriesId, await findAutoUnlock(trx, viewer.id, seriesId));
        return { ...answer(episode.id, 'already_unlocked', 0, balance), automatic, auto_unlock: setting };
      }
      let setting: AutoUnlockSetting | undefined;
      if (automatic) {
        // The cap is checked and the spend recorded in one conditional update, before the charge.
        const spent = await spendAgainstCap(trx, viewer.id, seriesId, cost, at);
        if (!spent) throw new AutoUnlockStopped(settingOf(seriesId, await findAutoUnlock(trx, viewer.id, seriesId)));
        setting = settingOf(seriesId, spent);
      }
      const charge = await applyEntry(trx, {
        userId: viewer.id,
        delta: -cost,
        reason: automatic ? LEDGER_REASONS.autoUnlock : LEDGER_REASONS.unlock,
        reference,
        createdAt: at,
      });
      if (charge.applied && setting) {
        return {
          ...answer(episode.id, 'coins', cost, charge.balance),
          message: `${cost} ${cost === 1 ? 'coin' : 'coins'} spent: episode ${episode.episode_number} unlocked automatically`,
          automatic: true,
          auto_unlock: setting,
        };
      }
      if (charge.applied) return answer(episode.id, 'coins', cost, charge.balance);
      // Paid before under this reference (e.g. the unlock row was moved away): keep access, no charge.
      if (charge.why === 'duplicate') return answer(episode.id, 'already_unlocked', 0, charge.balance);
      throw new InsufficientCoins(charge.balance);
    });
  } catch (error) {
    if (error instanceof AutoUnlockStopped) {
      throw autoUnlockRefused(error.setting, episode.episode_number, cost);
    }
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
  const id = await episodeIdOfNumber(ctx.db, seriesId, number);
  if (id === undefined) throw notFound(EPISODE_NOT_FOUND_MESSAGE);
  return id;
}
