/**
 * The captions (CC) button of the player and its menu: Off and each language of the episode by its
 * label, then the text size. A menu of radio items for assistive technology, driven by the arrow keys,
 * Home and End; Escape (or a tap elsewhere) closes it and gives the focus back to the button. The
 * choice is remembered in this browser and applied to every next episode (caption-tracks.ts); the
 * button is hidden while the episode has no captions.
 */
import { CAPTION_SIZES, type CaptionSize, type EpisodeSubtitles } from '@cliffhanger/shared';
import { type KeyboardEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { HLS_ATTACHED_EVENT } from '../../lib/hls-of-video';
import {
  type CaptionSource,
  type CaptionTrack,
  captionSourceFor,
  initialCaptions,
  OFF,
  storeCaptionSize,
  storeCaptions,
  storedCaptionSize,
  storedCaptions,
  trackIndexFor,
} from './caption-tracks';
import { followCueLayout } from './cue-layout';
import { useCaptionsT } from './messages';
import './captions.css';

export interface CaptionsMenuProps {
  /** The <video> on screen (it changes when the next episode's pre-buffered video is swapped in). */
  video: () => HTMLVideoElement | null;
  episode: { id: number; subtitles?: EpisodeSubtitles | null };
  series?: { audio_language?: string | null } | null;
}

/**
 * The captions of the video on screen, from hls.js once it is attached, else the browser's own; `version`
 * counts their changes.
 */
function useCaptionSource(video: () => HTMLVideoElement | null, episodeId: number) {
  const [source, setSource] = useState<CaptionSource | null>(null);
  const [version, changed] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new episode may be played by the same <video>
  useEffect(() => {
    const element = video();
    if (!element) return;
    let unsubscribe = () => {};
    const attach = () => {
      unsubscribe();
      const next = captionSourceFor(element);
      unsubscribe = next.subscribe(changed);
      setSource(next);
      changed();
    };
    attach();
    element.addEventListener(HLS_ATTACHED_EVENT, attach);
    return () => {
      element.removeEventListener(HLS_ATTACHED_EVENT, attach);
      unsubscribe();
    };
  }, [video, episodeId]);

  return { source, version };
}

export function CaptionsMenu({ video, episode, series }: CaptionsMenuProps) {
  const { t, language } = useCaptionsT();
  /** The viewer's choice (a language tag or `off`); null until they make one. */
  const [chosen, setChosen] = useState<string | null>(storedCaptions);
  const [size, setSize] = useState<CaptionSize>(storedCaptionSize);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const { source, version } = useCaptionSource(video, episode.id);

  // Until the playlist is read, the episode's own list says which captions it has.
  const fromSource = source?.known() ? source.tracks() : null;
  const tracks: CaptionTrack[] =
    fromSource ?? (episode.subtitles ?? []).map(({ language: tag, label }) => ({ language: tag, label }));
  const wanted = initialCaptions(tracks, chosen, language, series?.audio_language);
  const shown = trackIndexFor(tracks, wanted);

  // Shows the wanted captions whenever the tracks arrive or something else switched them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` counts the source's changes
  useEffect(() => {
    if (!source?.known()) return;
    const index = trackIndexFor(source.tracks(), wanted);
    if (source.selected() !== index) source.select(index);
  }, [source, version, wanted]);

  // Captions on a phone stay clear of the rail on the right.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the video on screen changes with the episode
  useEffect(() => {
    const element = video();
    return element ? followCueLayout(element) : undefined;
  }, [video, episode.id]);

  // The size is the video's (its ::cue styles read it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the video on screen changes with the episode
  useEffect(() => {
    const element = video();
    if (element) element.dataset.captionSize = size;
  }, [video, episode.id, size]);

  // Open: the checked item takes the focus; a tap outside closes the menu.
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && !menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (tracks.length === 0) return null;

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const chooseLanguage = (choice: string) => {
    setChosen(choice);
    storeCaptions(choice);
    close();
  };
  const chooseSize = (next: CaptionSize) => {
    setSize(next);
    storeCaptionSize(next);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    menuKeyDown(event, menu.current, close, () => setOpen(false));

  const label = shown >= 0 ? tracks[shown]?.label : undefined;
  return (
    <div className="player-captions" data-no-swipe="">
      <button
        ref={button}
        type="button"
        className={`player-btn player-captions-button${label ? ' is-on' : ''}`}
        aria-label={label ? t('buttonOn', { label }) : t('button')}
        title={label ? t('buttonOn', { label }) : t('button')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((now) => !now)}
      >
        <CcMark />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('menu')}
          className="player-captions-menu"
          onKeyDown={onKeyDown}
        >
          {/* biome-ignore lint/a11y/useSemanticElements: a group of a menu's radio items, which a fieldset is not */}
          <div role="group" aria-label={t('languages')}>
            <MenuRadio checked={shown === -1} onSelect={() => chooseLanguage(OFF)}>
              {t('off')}
            </MenuRadio>
            {tracks.map((track, index) => (
              <MenuRadio
                key={`${track.language} ${track.label}`}
                checked={index === shown}
                lang={track.language || undefined}
                onSelect={() => chooseLanguage(track.language)}
              >
                {track.label}
              </MenuRadio>
            ))}
          </div>
          <hr className="player-captions-separator" />
          {/* biome-ignore lint/a11y/useSemanticElements: a group of a menu's radio items, which a fieldset is not */}
          <div role="group" aria-label={t('size')}>
            <p className="player-captions-heading" aria-hidden="true">
              {t('size')}
            </p>
            {CAPTION_SIZES.map((option) => (
              <MenuRadio key={option} checked={option === size} onSelect={() => chooseSize(option)}>
                {t(`size.${option}`)}
              </MenuRadio>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function MenuRadio({
  checked,
  lang,
  onSelect,
  children,
}: {
  checked: boolean;
  lang?: string;
  onSelect: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      lang={lang}
      className="player-captions-item"
      onClick={onSelect}
    >
      <span className="player-captions-check" aria-hidden="true">
        {checked ? '✓' : ''}
      </span>
      {children}
    </button>
  );
}

/** The CC mark is drawn, not written, so the button's only text is its name. */
function CcMark() {
  return (
    <svg className="player-captions-cc" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect x="2" y="5" width="20" height="14" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M10.5 10.2a2.5 2.5 0 1 0 0 3.6M17 10.2a2.5 2.5 0 1 0 0 3.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The menu's keys: arrows, Home and End move between its items, Escape closes it, Tab leaves it. */
function menuKeyDown(
  event: KeyboardEvent<HTMLDivElement>,
  menu: HTMLDivElement | null,
  close: () => void,
  leave: () => void,
) {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
  switch (event.key) {
    case 'ArrowDown':
      focus(at + 1);
      break;
    case 'ArrowUp':
      focus(at - 1);
      break;
    case 'Home':
      focus(0);
      break;
    case 'End':
      focus(items.length - 1);
      break;
    case 'Escape':
      close();
      break;
    case 'Tab':
      leave();
      return;
    default:
      return;
  }
  // Handled here: the player's own shortcuts (arrows move between episodes) leave it alone.
  event.preventDefault();
  event.stopPropagation();
}
