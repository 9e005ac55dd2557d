/**
 * The captions of the episode on screen, wherever they come from: hls.js (its subtitle renditions of
 * the master playlist) or the browser's own HLS player (`video.textTracks`). And the rules of which
 * one shows: the viewer's last choice, remembered in this browser and applied to every next episode;
 * with no choice yet, the interface language's captions when the series is spoken in another
 * language, otherwise none.
 */
import {
  CAPTION_SIZES,
  CAPTIONS_SIZE_STORAGE_KEY,
  CAPTIONS_STORAGE_KEY,
  type CaptionSize,
  DEFAULT_LANGUAGE,
} from '@cliffhanger/shared';
import { hlsOf, SUBTITLE_EVENTS, type SubtitleHls } from '../../lib/hls-of-video';

export interface CaptionTrack {
  /** A language tag (`en`, `pt-BR`). */
  language: string;
  /** What the menu shows for it. */
  label: string;
}

/** What the menu needs of a source of captions. */
export interface CaptionSource {
  /** Whether the source knows its tracks yet (the playlist is parsed). */
  known(): boolean;
  tracks(): CaptionTrack[];
  /** The index of the track shown, -1 for none. */
  selected(): number;
  /** Shows track `index`, or none with -1. */
  select(index: number): void;
  /** Calls `onChange` whenever the tracks or the selection change; answers the unsubscribe. */
  subscribe(onChange: () => void): () => void;
}

export const OFF = 'off';
export const DEFAULT_CAPTION_SIZE: CaptionSize = 'medium';

export function hlsCaptionSource(hls: SubtitleHls): CaptionSource {
  const events = Object.values(SUBTITLE_EVENTS);
  return {
    known: () => (hls.levels?.length ?? 0) > 0,
    tracks: () => (hls.subtitleTracks ?? []).map((track) => ({ language: track.lang ?? '', label: track.name })),
    selected: () => (hls.subtitleDisplay ? hls.subtitleTrack : -1),
    select(index) {
      if (index < 0) {
        hls.subtitleDisplay = false;
        hls.subtitleTrack = -1;
        return;
      }
      hls.subtitleDisplay = true;
      hls.subtitleTrack = index;
    },
    subscribe(onChange) {
      for (const event of events) hls.on(event, onChange);
      return () => {
        for (const event of events) hls.off?.(event, onChange);
      };
    },
  };
}

const isCaptionTrack = (track: TextTrack) => track.kind === 'subtitles' || track.kind === 'captions';

export function nativeCaptionSource(video: HTMLVideoElement): CaptionSource {
  const list = () => [...(video.textTracks ?? [])].filter(isCaptionTrack);
  return {
    known: () => video.readyState >= HTMLMediaElement.HAVE_METADATA,
    tracks: () => list().map((track) => ({ language: track.language, label: track.label || track.language })),
    selected: () => list().findIndex((track) => track.mode === 'showing'),
    select(index) {
      list().forEach((track, i) => {
        const mode = i === index ? 'showing' : 'disabled';
        if (track.mode !== mode) track.mode = mode;
      });
    },
    subscribe(onChange) {
      // Not every environment makes the list an event target (jsdom does not).
      const tracks = typeof video.textTracks?.addEventListener === 'function' ? video.textTracks : null;
      const events = ['addtrack', 'removetrack', 'change'] as const;
      for (const event of events) tracks?.addEventListener(event, onChange);
      video.addEventListener('loadedmetadata', onChange);
      return () => {
        for (const event of events) tracks?.removeEventListener(event, onChange);
        video.removeEventListener('loadedmetadata', onChange);
      };
    },
  };
}

/** hls.js where it plays the video, else the browser's own tracks. */
export function captionSourceFor(video: HTMLVideoElement): CaptionSource {
  const hls = hlsOf(video);
  return hls ? hlsCaptionSource(hls) : nativeCaptionSource(video);
}

const base = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';

/** The track for `language`: the same tag, else the same language in another region; -1 when none. */
export function trackIndexFor(tracks: readonly CaptionTrack[], language: string | null): number {
  if (!language || language === OFF) return -1;
  const exact = tracks.findIndex((track) => track.language.toLowerCase() === language.toLowerCase());
  if (exact !== -1) return exact;
  return tracks.findIndex((track) => base(track.language) === base(language));
}

/**
 * The language whose captions show when an episode starts (or `off`): the viewer's stored choice;
 * with none, the interface language when the series is spoken in another one and the episode has its
 * captions; otherwise off.
 */
export function initialCaptions(
  tracks: readonly CaptionTrack[],
  stored: string | null,
  interfaceLanguage: string,
  audioLanguage: string | null | undefined,
): string {
  if (stored) return stored;
  // A series that does not say is spoken in the site's default language (English).
  const spoken = audioLanguage || DEFAULT_LANGUAGE;
  if (base(spoken) === base(interfaceLanguage)) return OFF;
  return trackIndexFor(tracks, interfaceLanguage) === -1 ? OFF : interfaceLanguage;
}

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or a full storage: the choice holds for this page only.
  }
}

/** The viewer's stored choice: a language tag, `off`, or null when they never chose. */
export const storedCaptions = (): string | null => read(CAPTIONS_STORAGE_KEY)?.trim() || null;
export const storeCaptions = (choice: string): void => write(CAPTIONS_STORAGE_KEY, choice);

export function storedCaptionSize(): CaptionSize {
  const size = read(CAPTIONS_SIZE_STORAGE_KEY);
  return (CAPTION_SIZES as readonly string[]).includes(size ?? '') ? (size as CaptionSize) : DEFAULT_CAPTION_SIZE;
}
export const storeCaptionSize = (size: CaptionSize): void => write(CAPTIONS_SIZE_STORAGE_KEY, size);
