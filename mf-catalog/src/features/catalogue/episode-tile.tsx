import { type Episode, Icon, isEpisodeWatched, localizedTitle, MediaImage, paths } from '@cliffhanger/shared';
import { Link } from 'react-router-dom';
import { clampProgress } from '../../lib/progress';
import { catalogT, useCatalogT } from '../../messages';

export type EpisodeAccess = 'free' | 'unlocked' | 'locked' | 'gold';

/**
 * How an episode opens for this viewer. In a Gold exclusive, a paid episode the viewer cannot play
 * opens only with Gold (the API's `gold_required`, see episode-access.ts): it is marked Gold, never
 * with a coin price nobody can pay.
 */
export function accessOf(episode: Pick<Episode, 'is_free' | 'is_unlocked'>, goldOnly = false): EpisodeAccess {
  if (episode.is_free) return 'free';
  if (episode.is_unlocked) return 'unlocked';
  return goldOnly ? 'gold' : 'locked';
}

/** How an episode opens, in words in the page's language at call time ("Locked · 7 coins"). */
export function accessLabel(episode: Pick<Episode, 'is_free' | 'is_unlocked' | 'coin_cost'>, goldOnly = false): string {
  switch (accessOf(episode, goldOnly)) {
    case 'free':
      return catalogT('episode.free');
    case 'unlocked':
      return catalogT('episode.unlocked');
    case 'gold':
      return catalogT('episode.gold');
    default:
      return catalogT('episode.locked', { count: episode.coin_cost });
  }
}

/** A duration as a clock shows it: 95 → "1:35"; 3 725 → "1:02:05". */
export function clockDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A duration as said aloud, in the page's language at call time: 95 → "1 min 35 s". */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return [
    m > 0 ? catalogT('duration.minutes', { count: m }) : '',
    s > 0 || m === 0 ? catalogT('duration.seconds', { count: s }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * One episode in a series' grid: number, title, duration, free / coin cost / Gold / unlocked, and a
 * progress bar only when the viewer has watched some of it.
 */
export function EpisodeTile({
  episode,
  seriesId,
  goldOnly = false,
}: {
  episode: Episode;
  seriesId: number;
  /** The series is a Gold exclusive: its paid episodes open with Gold, not coins. */
  goldOnly?: boolean;
}) {
  const { t, language } = useCatalogT();
  const access = accessOf(episode, goldOnly);
  const title = localizedTitle(episode, language);
  // Watched (into its credits) reads as all of it, as everywhere else.
  const progress = isEpisodeWatched(episode) ? 100 : Math.round(clampProgress(episode.progress));
  const status = accessLabel(episode, goldOnly);
  const duration = Math.max(Number(episode.duration) || 0, 0);
  const spoken = [
    t('episode.name', { number: episode.episode_number, title }),
    duration ? `${spokenDuration(duration)}.` : '',
    status,
    progress ? `, ${t('episode.watched', { percent: progress })}` : '',
  ]
    .filter(Boolean)
    .join(' ')
    .replace(' ,', ',');
  return (
    <Link to={paths.episode(seriesId, episode.id)} className={`episode-tile episode-tile--${access}`}>
      {/* The name comes from this text (not an aria-label), so what is seen and what is heard agree. */}
      <span className="ch-visually-hidden">{spoken}</span>
      <span className="episode-thumb-wrap">
        <MediaImage src={episode.thumbnail} className="episode-thumb" alt="" />
        <span className={`episode-badge episode-badge--${access}`} aria-hidden="true">
          {access === 'locked' ? (
            <>
              <Icon name="lock" size={12} />
              {episode.coin_cost}
            </>
          ) : access === 'gold' ? (
            'Gold'
          ) : (
            status
          )}
        </span>
        {duration > 0 && (
          <span className="episode-duration" aria-hidden="true">
            {clockDuration(duration)}
          </span>
        )}
        <span className="episode-number" aria-hidden="true">
          {episode.episode_number}
        </span>
      </span>
      <span className="episode-title" aria-hidden="true">
        {title}
      </span>
      {progress > 0 && (
        <span className="progress-track" aria-hidden="true">
          <span className="progress-fill" style={{ width: `${progress}%` }} />
        </span>
      )}
    </Link>
  );
}
