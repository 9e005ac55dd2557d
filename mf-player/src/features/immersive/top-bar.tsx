/**
 * The phone player's top bar: back, the episode's number out of the series' count, and the sound
 * switch. Back returns to the screen the player was opened from, past every episode moved through
 * since; opened from a shared link (nothing before it), to the series page.
 */
import { Icon, paths } from '@cliffhanger/shared';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePlayerT } from '../../messages';

/** The router's position in the tab's history (0 for the first page of the tab). */
const historyIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/** Back to where the player was opened (call it when the player opens: moving between episodes adds entries). */
export function useBackToOpener(seriesId: number): () => void {
  const navigate = useNavigate();
  /** Where in the tab's history the player was opened. */
  const openedAt = useRef(historyIndex());
  return useCallback(() => {
    const now = historyIndex();
    const entry = openedAt.current;
    if (entry > 0) navigate(-Math.max(1, now - entry + 1));
    else navigate(paths.series(seriesId));
  }, [navigate, seriesId]);
}

export function TopBar({
  seriesTitle,
  episodeNumber,
  count,
  onBack,
  sound,
}: {
  seriesTitle: string;
  episodeNumber: number;
  /** The series' episodes (the count shows when there is more than one). */
  count: number;
  onBack: () => void;
  /** The sound switch, for an episode that plays. */
  sound?: { muted: boolean; toggle: () => void };
}) {
  const { t } = usePlayerT();
  return (
    <div className="player-top" data-no-swipe="">
      <button type="button" className="player-btn player-back" aria-label={t('view.back')} onClick={onBack}>
        <Icon name="back" size={24} />
      </button>
      <h1 className="player-top-title">
        <span className="ch-visually-hidden">{seriesTitle} · </span>
        {t('view.episode', { number: episodeNumber })}
        {count > 1 && <span className="player-top-count"> / {count}</span>}
      </h1>
      {sound && (
        <button
          type="button"
          className="player-btn"
          aria-label={sound.muted ? t('view.unmute') : t('view.mute')}
          aria-pressed={sound.muted}
          onClick={sound.toggle}
        >
          <Icon name={sound.muted ? 'soundOff' : 'soundOn'} size={22} />
        </button>
      )}
    </div>
  );
}
