/**
 * What auto-unlock does at a locked episode, and the words the player shows for it. Pure functions of
 * the viewer's setting, the episode's price and the balance; the server checks the same rules again.
 */
import { AUTO_UNLOCK_CAP_EPISODES, type AutoUnlockSetting } from '@cliffhanger/shared';
import { coinsText, playerT } from '../../messages';

export type AutoUnlockDecision = 'off' | 'unlock' | 'cap' | 'balance';

export function autoUnlockDecision(
  setting: AutoUnlockSetting | undefined,
  cost: number,
  balance: number,
): AutoUnlockDecision {
  if (!setting?.enabled) return 'off';
  if (setting.spent + cost > setting.cap) return 'cap';
  if (balance < cost) return 'balance';
  return 'unlock';
}

/** "5 coins", in the page's language at call time. */
export const coins = (n: number) => coinsText(n);

/** "your 24-coin limit is used up" / "only 6 coins of your 24-coin limit are left". */
export function limitLeft(left: number, cap: number): string {
  const capCoins = coinsText(cap, 'coinsFor');
  if (left <= 0) return playerT('autoUnlock.limitUsedUp', { cap, capCoins });
  return playerT('autoUnlock.limitLeft', { count: left, cap, capCoins });
}

/** Why auto-unlock stopped: the next episode would pass the viewer's limit. */
export function capStopMessage(setting: AutoUnlockSetting, cost: number): string {
  const left = Math.max(0, setting.cap - setting.spent);
  return playerT('autoUnlock.capStop', { cost: coinsText(cost, 'coinsFor'), limit: limitLeft(left, setting.cap) });
}

/** Why auto-unlock paused: the balance cannot pay the next episode. */
export function balanceStopMessage(cost: number, balance: number): string {
  return playerT('autoUnlock.balanceStop', { cost: coinsText(cost, 'coinsFor'), balance: coins(balance) });
}

/** The line the paywall shows when auto-unlock is on but stops at this episode; null otherwise. */
export function autoUnlockStopMessage(
  decision: AutoUnlockDecision,
  setting: AutoUnlockSetting | undefined,
  cost: number,
  balance: number,
): string | null {
  if (decision === 'cap' && setting) return capStopMessage(setting, cost);
  if (decision === 'balance') return balanceStopMessage(cost, balance);
  return null;
}

/** The toast of an automatic unlock: what it spent, and what is left of the limit. */
export function autoUnlockToast(charged: number, episodeNumber: number | undefined, setting: AutoUnlockSetting) {
  const episode = episodeNumber
    ? playerT('autoUnlock.toastEpisode', { number: episodeNumber })
    : playerT('autoUnlock.toastNextEpisode');
  return playerT('autoUnlock.toast', { charged: coins(charged), episode, left: coins(setting.left) });
}

/** The caps offered when turning auto-unlock on: a few episodes' worth at the series' price. */
export function capChoices(price: number): Array<{ episodes: number; coins: number }> {
  return AUTO_UNLOCK_CAP_EPISODES.map((episodes) => ({ episodes, coins: episodes * price }));
}

/** The price auto-unlock plans with: the next locked episode's, else the series' highest; 0 when none is paid. */
export function planningPrice(
  episodes: ReadonlyArray<{ is_free: boolean; is_unlocked: boolean; coin_cost: number }>,
): number {
  const paid = episodes.filter((episode) => !episode.is_free && episode.coin_cost > 0);
  const next = paid.find((episode) => !episode.is_unlocked);
  return next?.coin_cost ?? paid.reduce((max, episode) => Math.max(max, episode.coin_cost), 0);
}
