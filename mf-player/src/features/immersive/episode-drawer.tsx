/**
 * The phone player's episode drawer: a bottom sheet over the playing video with the series' seasons and
 * every episode as a numbered tile — its length, and whether it is free, costs coins, needs Gold, is
 * unlocked or was watched — and the series' auto-unlock control. Tapping a tile jumps to that episode.
 * Escape, the close button or a tap on the dimmed video above closes it; focus goes into the sheet on
 * open and back to the opener on close.
 */

import { Icon, isEpisodeWatched, localizedTitle } from '@cliffhanger/shared';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { accessLabel, type EpisodeAccess, episodeAccess } from '../../lib/episode-access';
import { formatTime } from '../../lib/format';
import type { PlayerEpisode } from '../../lib/player.api';
import { usePlayerT } from '../../messages';

/** Watched: marked so on this page, or its saved position reached the credits (shared/src/watched.ts). */
export function isWatched(episode: PlayerEpisode, watchedIds: readonly number[]): boolean {
  return watchedIds.includes(episode.id) || isEpisodeWatched(episode);
}

export function EpisodeDrawer({
  episodes,
  currentId,
  goldExclusive,
  watchedIds,
  autoplayNext,
  onToggleAutoplay,
  onSelect,
  onClose,
  children,
}: {
  episodes: PlayerEpisode[];
  currentId: number;
  goldExclusive: boolean;
  watchedIds: readonly number[];
  autoplayNext: boolean;
  onToggleAutoplay: () => void;
  onSelect: (episode: PlayerEpisode) => void;
  onClose: () => void;
  /** Series-wide settings shown under the head (the auto-unlock control). */
  children?: ReactNode;
}) {
  const { t } = usePlayerT();
  const titleId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  const seasons = useMemo(() => [...new Set(episodes.map((e) => e.season))].sort((a, b) => a - b), [episodes]);
  const currentSeason = episodes.find((e) => e.id === currentId)?.season ?? seasons[0] ?? 1;
  const [season, setSeason] = useState(currentSeason);
  const shown = episodes.filter((e) => e.season === season);

  // Focus moves into the sheet (on the episode playing, else its first control) and back out on close.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const target =
      sheet.current?.querySelector<HTMLElement>('[aria-current="true"]') ??
      sheet.current?.querySelector<HTMLElement>('button');
    target?.focus();
    return () => opener?.focus?.();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="player-drawer-layer">
      <button
        type="button"
        className="player-drawer-scrim"
        aria-label={t('episodes.close')}
        tabIndex={-1}
        onClick={onClose}
      />
      <div
        ref={sheet}
        className="player-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-no-swipe=""
        // Keys typed in the sheet drive the sheet, not the player's shortcuts.
        onKeyDown={(event) => {
          if (event.key === 'Tab') keepFocusInside(event, sheet.current);
          else if (event.key !== 'Escape') event.nativeEvent.stopPropagation();
        }}
      >
        <span className="player-drawer-handle" aria-hidden="true" />
        <div className="player-drawer-head">
          <h2 id={titleId} className="player-drawer-title">
            {t('episodes.title')}
          </h2>
          <span className="ch-muted player-drawer-count">{t('episodes.count', { count: episodes.length })}</span>
          <label className="player-autoplay player-drawer-autoplay">
            <input
              type="checkbox"
              role="switch"
              checked={autoplayNext}
              aria-checked={autoplayNext}
              onChange={onToggleAutoplay}
            />
            <span>{t('controls.autoplayNext')}</span>
          </label>
          <button type="button" className="player-btn" aria-label={t('episodes.close')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        {children}
        {seasons.length > 1 && (
          <fieldset className="player-drawer-seasons">
            <legend className="ch-visually-hidden">{t('episodes.seasons')}</legend>
            {seasons.map((s) => (
              <button
                key={s}
                type="button"
                className="player-drawer-season"
                aria-pressed={s === season}
                onClick={() => setSeason(s)}
              >
                {t('episodes.season', { number: s })}
              </button>
            ))}
          </fieldset>
        )}
        <ol className="player-drawer-grid">
          {shown.map((episode) => (
            <DrawerTile
              key={episode.id}
              episode={episode}
              access={episodeAccess(episode, goldExclusive)}
              watched={isWatched(episode, watchedIds)}
              current={episode.id === currentId}
              onSelect={onSelect}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}

/** One episode's tile: its number, length, access and whether it was watched; its spoken name says the same. */
function DrawerTile({
  episode,
  access,
  watched,
  current,
  onSelect,
}: {
  episode: PlayerEpisode;
  access: EpisodeAccess;
  watched: boolean;
  current: boolean;
  onSelect: (episode: PlayerEpisode) => void;
}) {
  const { t, language } = usePlayerT();
  // The spoken name starts with what the tile shows, in the same order (number, length,
  // access, watched), so a voice-control user can say what they see; the title follows.
  const label = [
    t('view.episode', { number: episode.episode_number }),
    formatTime(episode.duration),
    accessLabel(episode, access, t),
    watched ? t('episodes.watched') : null,
    localizedTitle(episode, language),
    current ? t('episodes.playingNow') : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li>
      <button
        type="button"
        className={`player-drawer-episode player-drawer-episode--${access}`}
        aria-current={current ? 'true' : undefined}
        aria-label={label}
        data-watched={watched ? '' : undefined}
        onClick={() => onSelect(episode)}
      >
        {/* The spaces keep the shown words apart for assistive tech; the flex layout ignores them. */}
        <span className="player-drawer-number">{episode.episode_number}</span>{' '}
        <span className="player-drawer-duration">{formatTime(episode.duration)}</span>{' '}
        <span className="player-drawer-access">
          {access === 'gold' && <Icon name="lock" size={12} />}
          {accessLabel(episode, access, t)}
        </span>
        {watched && (
          <>
            {' '}
            <span className="player-drawer-watched">
              <Icon name="check" size={12} /> {t('episodes.watched')}
            </span>
          </>
        )}
      </button>
    </li>
  );
}

/** Tab and Shift+Tab go round the sheet's controls, never out of the open dialog. */
function keepFocusInside(event: ReactKeyboardEvent, sheet: HTMLElement | null) {
  const focusable = [...(sheet?.querySelectorAll<HTMLElement>('button, input') ?? [])];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
