/**
 * Who may play an episode — the one rule the stream endpoint, episode answers (is_unlocked, and whether
 * playback addresses are included) and the feed API (`locked`) share:
 * - a free episode (is_free, or costing 0 coins) plays for everybody, even in a Gold-exclusive series
 *   (it is the teaser);
 * - a Gold member plays everything;
 * - an episode the viewer unlocked (an episode_unlocks row) plays;
 * - otherwise a Gold-exclusive series needs Gold ('gold_required') and any other paid episode needs
 *   an unlock with coins ('locked').
 */
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
  if (facts.isFree || facts.coinCost <= 0) return { allowed: true, via: 'free' };
  if (facts.viewerIsGold) return { allowed: true, via: 'gold' };
  if (facts.viewerUnlocked) return { allowed: true, via: 'unlocked' };
  return { allowed: false, reason: facts.seriesIsGoldExclusive ? 'gold_required' : 'locked' };
}
