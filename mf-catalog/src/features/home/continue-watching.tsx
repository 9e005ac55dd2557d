import {
  isEpisodeWatched,
  localizedTitle,
  MediaImage,
  paths,
  type Series,
  selectUser,
  useSharedSelector,
} from '@cliffhanger/shared';
import { Link } from 'react-router-dom';
import { Carousel, CarouselItem } from '../../lib/carousel';
import { type ContinueWatchingEntry, useCatalogContinueWatchingQuery } from '../../lib/catalogue.api';
import { clampProgress } from '../../lib/progress';
import { useCatalogT } from '../../messages';

export function ContinueWatchingCard({
  entry,
  onOpen,
}: {
  entry: ContinueWatchingEntry;
  onOpen?: (series: Series) => void;
}) {
  const progress = Math.round(clampProgress(entry.progress));
  const { episode, series } = entry;
  const { t, language } = useCatalogT();
  const title = localizedTitle(series, language);
  return (
    <Link
      to={paths.episode(series.id, episode.id)}
      className="resume-card"
      aria-label={t('continue.label', { series: title, number: episode.episode_number, percent: progress })}
      onClick={() => onOpen?.(series)}
    >
      <MediaImage src={episode.thumbnail ?? series.poster_image} className="resume-thumb" alt="" />
      <span className="resume-title">{title}</span>
      <span className="ch-muted resume-episode">{t('continue.episode', { number: episode.episode_number })}</span>
      <span className="progress-track" aria-hidden="true">
        <span className="progress-fill" style={{ width: `${progress}%` }} />
      </span>
    </Link>
  );
}

/** Continue watching, with a progress bar per episode; hidden when there is nothing to resume. */
export function ContinueWatching({
  onOpen,
  onScrolled,
}: {
  onOpen?: (series: Series) => void;
  onScrolled?: () => void;
} = {}) {
  const user = useSharedSelector(selectUser);
  const { t } = useCatalogT();
  const { data } = useCatalogContinueWatchingQuery(undefined, { skip: !user });
  // What reached its credits is watched, not to be resumed (the server leaves it out too).
  const entries = (data ?? []).filter(
    (entry) =>
      !isEpisodeWatched({ ...entry.episode, progress: entry.progress, position_seconds: entry.position_seconds }),
  );
  if (entries.length === 0) return null;
  return (
    <Carousel title={t('home.continueWatching')} className="carousel--resume" onScrolled={onScrolled}>
      {entries.map((entry) => (
        <CarouselItem key={entry.id}>
          <ContinueWatchingCard entry={entry} onOpen={onOpen} />
        </CarouselItem>
      ))}
    </Carousel>
  );
}
