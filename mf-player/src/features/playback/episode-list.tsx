import { Icon, isEpisodeWatched, localizedTitle, MediaImage } from '@cliffhanger/shared';
import { accessLabel, episodeAccess } from '../../lib/episode-access';
import type { PlayerEpisode } from '../../lib/player.api';
import { clampProgress } from '../../lib/progress-rules';
import { usePlayerT } from '../../messages';

/**
 * The series' episodes beside the desktop player; the current one is marked for screen readers too.
 * Each says, like the phone's drawer, whether it is free, unlocked, costs coins or needs Gold (a Gold
 * exclusive shows no coin price).
 * Until `thumbnails` is set (the video's first frame is on screen) each thumbnail is an empty frame of
 * its size: eight images would otherwise take the connections the video's first requests need.
 */
export function EpisodeList({
  episodes,
  currentId,
  goldExclusive,
  thumbnails = true,
  onSelect,
}: {
  episodes: PlayerEpisode[];
  currentId: number;
  goldExclusive: boolean;
  thumbnails?: boolean;
  onSelect: (episode: PlayerEpisode) => void;
}) {
  const { t, language } = usePlayerT();
  return (
    <nav className="player-episodes" aria-label={t('episodes.title')}>
      <h2 className="player-episodes-title">{t('episodes.title')}</h2>
      <ol>
        {episodes.map((episode) => {
          const access = episodeAccess(episode, goldExclusive);
          const locked = access === 'coins' || access === 'gold';
          const progress = Math.round(clampProgress(episode.progress));
          return (
            <li key={episode.id}>
              <button
                type="button"
                className="player-episode"
                aria-current={episode.id === currentId ? 'true' : undefined}
                onClick={() => onSelect(episode)}
              >
                {thumbnails ? (
                  <MediaImage src={episode.thumbnail} className="player-episode-thumb" alt="" />
                ) : (
                  <span className="player-episode-thumb" />
                )}
                <span className="player-episode-text">
                  <span>
                    {t('view.episode', { number: episode.episode_number })}
                    <span className="ch-visually-hidden">: {localizedTitle(episode, language)}</span>
                  </span>
                  <span className={locked ? 'player-episode-locked' : 'ch-muted'}>
                    {locked && <Icon name="lock" size={14} />}
                    {accessLabel(episode, access, t)}
                    {isEpisodeWatched(episode) ? ` · ${t('episodes.watched')}` : progress > 0 ? ` · ${progress}%` : ''}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
