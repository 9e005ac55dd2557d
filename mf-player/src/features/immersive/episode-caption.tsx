/** The phone player's caption under the video: the series, the episode's name and its description, opened with More. */
import { useId, useState } from 'react';
import { usePlayerT } from '../../messages';

export function EpisodeCaption({
  seriesTitle,
  episodeNumber,
  episodeTitle,
  description,
}: {
  seriesTitle: string;
  episodeNumber: number;
  episodeTitle: string;
  description: string | null | undefined;
}) {
  const { t } = usePlayerT();
  const descriptionId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="player-caption" data-no-swipe="">
      <p className="player-series">{seriesTitle}</p>
      <p className="player-episode-name">{t('view.episodeName', { number: episodeNumber, title: episodeTitle })}</p>
      {description && (
        <div className="player-description-row">
          <p id={descriptionId} className={`player-description${open ? ' player-description--open' : ''}`}>
            {description}
          </p>
          <button
            type="button"
            className="player-more"
            aria-expanded={open}
            aria-controls={descriptionId}
            onClick={() => setOpen((now) => !now)}
          >
            {open ? t('view.less') : t('view.more')}
          </button>
        </div>
      )}
    </div>
  );
}
