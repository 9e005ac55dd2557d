import { type Episode, MediaImage, paths } from '@cliffhanger/shared';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { clampProgress } from './progress';

export type EpisodeAccess = 'free' | 'unlocked' | 'locked';

export function accessOf(episode: Pick<Episode, 'is_free' | 'is_unlocked'>): EpisodeAccess {
  if (episode.is_free) return 'free';
  return episode.is_unlocked ? 'unlocked' : 'locked';
}

export function accessLabel(episode: Pick<Episode, 'is_free' | 'is_unlocked' | 'coin_cost'>): string {
  switch (accessOf(episode)) {
    case 'free':
      return 'Free';
    case 'unlocked':
      return 'Unlocked';
    default:
      return `Locked · ${episode.coin_cost} ${episode.coin_cost === 1 ? 'coin' : 'coins'}`;
  }
}

/** One episode in a series' grid: number, title, free / coin cost / locked / unlocked, and progress. */
export function EpisodeTile({ episode, seriesId }: { episode: Episode; seriesId: number }) {
  const access = accessOf(episode);
  const progress = Math.round(clampProgress(episode.progress));
  const status = accessLabel(episode);
  return (
    <Link
      to={paths.episode(seriesId, episode.id)}
      className={`episode-tile episode-tile--${access}`}
      aria-label={`Episode ${episode.episode_number}: ${episode.title}. ${status}${progress ? `, ${progress}% watched` : ''}`}
    >
      <span className="episode-thumb-wrap">
        <MediaImage src={episode.thumbnail} className="episode-thumb" alt="" />
        <span className={`episode-badge episode-badge--${access}`} aria-hidden="true">
          {access === 'locked' ? (
            <>
              <Icon name="lock" size={12} />
              {episode.coin_cost}
            </>
          ) : (
            status
          )}
        </span>
        <span className="episode-number" aria-hidden="true">
          {episode.episode_number}
        </span>
      </span>
      <span className="episode-title" aria-hidden="true">
        {episode.title}
      </span>
      {progress > 0 && (
        <span className="progress-track" aria-hidden="true">
          <span className="progress-fill" style={{ width: `${progress}%` }} />
        </span>
      )}
    </Link>
  );
}
