/**
 * Who may play an episode — the one rule the stream endpoint, episode answers (is_unlocked, and whether
 * playback addresses are included) and the feed API (`locked`) share:
 * - a free episode (`isFreeEpisode`) plays for everybody, even in a Gold-exclusive series (it is the
 *   teaser);
 * - a Gold member plays everything;
 * - an episode the viewer unlocked (an episode_unlocks row) plays;
 * - otherwise a Gold-exclusive series needs Gold ('gold_required') and any other paid episode needs
 *   an unlock with coins ('locked').
 */
/**
 * Whether an episode is free: marked free, or costing no coins outside a Gold exclusive. A paid episode
 * of a Gold exclusive carries no coin price at all (it opens with Gold only), so its 0 is not "free".
 */
export function isFreeEpisode(episode: { is_free: unknown; coin_cost: number }, goldExclusive: boolean): boolean {
  return Boolean(episode.is_free) || (!goldExclusive && episode.coin_cost <= 0);
}

export type AccessDecision =
  | { allowed: true; via: 'free' | 'gold' | 'unlocked' }
  | { allowed: false; reason: 'locked' | 'gold_required' };

export interface AccessFacts {
  isFree: boolean;
  coinCost: number;
  seriesIsGoldExclusive: boolean;
  viewerIsGold: boolean;
  viewerUnlocked: boolean;
}

export function decideEpisodeAccess(facts: AccessFacts): AccessDecision {
  if (isFreeEpisode({ is_free: facts.isFree, coin_cost: facts.coinCost }, facts.seriesIsGoldExclusive)) {
    return { allowed: true, via: 'free' };
  }
  if (facts.viewerIsGold) return { allowed: true, via: 'gold' };
  if (facts.viewerUnlocked) return { allowed: true, via: 'unlocked' };
  return { allowed: false, reason: facts.seriesIsGoldExclusive ? 'gold_required' : 'locked' };
}
