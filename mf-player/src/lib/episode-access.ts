/**
 * How an episode may be watched — free, for its coin price, with Gold only, or already unlocked — and the
 * words the episode list and the drawer show for it.
 */
import type { usePlayerT } from '../messages';
import type { PlayerEpisode } from './player.api';

/** Locked: neither free nor unlocked for this viewer (the paywall shows over its poster). */
export function isLocked(episode: Pick<PlayerEpisode, 'is_free' | 'is_unlocked'>): boolean {
  return !episode.is_free && !episode.is_unlocked;
}

export type EpisodeAccess = 'free' | 'coins' | 'gold' | 'unlocked';

/** How an episode may be watched: free, for its coin price, with Gold only, or already unlocked. */
export function episodeAccess(episode: PlayerEpisode, goldExclusive: boolean): EpisodeAccess {
  if (episode.is_free) return 'free';
  if (episode.is_unlocked) return 'unlocked';
  return goldExclusive ? 'gold' : 'coins';
}

type PlayerT = ReturnType<typeof usePlayerT>['t'];

/** The words a tile or row shows for its access: a Gold-only episode says Gold, never a coin price. */
export function accessLabel(episode: PlayerEpisode, access: EpisodeAccess, t: PlayerT): string {
  if (access === 'free') return t('episodes.free');
  if (access === 'unlocked') return t('episodes.unlocked');
  if (access === 'gold') return t('episodes.gold');
  return t('coins', { count: episode.coin_cost });
}
