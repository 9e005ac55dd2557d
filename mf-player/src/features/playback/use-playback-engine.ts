/**
 * Binds a PlaybackEngine to each of the player's two <video> slots (see video-deck.ts): the active
 * slot plays the current episode; once it can play, the standby slot loads the next episode to its
 * first frame, paused and muted. Moving on to that episode promotes the standby instead of loading
 * it again. Every engine is torn down when its slot's source goes and when the player unmounts.
 * When a slot's signed address is refused (expired), its engine asks `renew` for a fresh address of
 * the slot's episode.
 */
import { PlaybackEngine, type PlaybackErrorKind } from '@cliffhanger/shared/hls';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { rememberHls } from '../../lib/hls-of-video';
import { PLAYBACK_ERROR_MESSAGES } from '../../messages';
import {
  arrangeDeck,
  type Deck,
  type DeckSource,
  EMPTY_DECK,
  otherSlot,
  type SlotIndex,
  sourceKey,
} from './video-deck';

export interface EngineStatus {
  error: { kind: PlaybackErrorKind; message: string } | null;
  recovering: boolean;
  retry: () => void;
}

export interface PlaybackDeck extends EngineStatus {
  deck: Deck;
  videoRefs: readonly [RefObject<HTMLVideoElement | null>, RefObject<HTMLVideoElement | null>];
  /** The <video> on screen (the active slot's). */
  activeVideo: () => HTMLVideoElement | null;
  /**
   * Starts the pre-buffered video of `episodeId` at once, in the viewer's own tap, before the screen
   * re-renders for the new episode (which then shows it). Answers the <video> now playing it, or null
   * when that episode is not pre-buffered and ready: the re-render loads it as usual.
   */
  startStandby: (episodeId: number) => HTMLVideoElement | null;
}

type Pair<T> = readonly [T, T];
const set = <T>(pair: Pair<T>, slot: SlotIndex, value: T): Pair<T> =>
  pair[slot] === value ? pair : slot === 0 ? [value, pair[1]] : [pair[0], value];

/** A fresh playback address of an episode (the API's stream answer), or null when there is none. */
export type RenewSource = (episodeId: number) => Promise<string | null>;

export function usePlaybackDeck(
  current: DeckSource | null,
  upcoming: DeckSource | null,
  renew?: RenewSource,
): PlaybackDeck {
  const first = useRef<HTMLVideoElement>(null);
  const second = useRef<HTMLVideoElement>(null);
  const videoRefs = useMemo(() => [first, second] as const, []);
  const engines = useRef<[PlaybackEngine | null, PlaybackEngine | null]>([null, null]);
  const [errors, setErrors] = useState<Pair<EngineStatus['error']>>([null, null]);
  const [recovering, setRecovering] = useState<Pair<boolean>>([false, false]);
  /** The source each slot can play (its `canplay` came), by key. */
  const [ready, setReady] = useState<Pair<string | null>>([null, null]);
  const [attempts, setAttempts] = useState<Pair<number>>([0, 0]);

  // The standby loads only once the current episode can play, so it never competes with its start.
  const [deck, setDeck] = useState<Deck>(() => arrangeDeck(EMPTY_DECK, current, null));
  const onScreen = arrangeDeck(deck, current, null).active;
  const currentReady = current !== null && ready[onScreen] === sourceKey(current);
  const arranged = arrangeDeck(deck, current, currentReady ? upcoming : null);
  if (arranged !== deck) setDeck(arranged); // derived from the props, before anything is committed

  const slotsNow = useRef(deck.slots);
  slotsNow.current = deck.slots;
  const renewNow = useRef(renew);
  renewNow.current = renew;

  const engineFor = useCallback(
    (slot: SlotIndex): PlaybackEngine | null => {
      const video = videoRefs[slot].current;
      if (!video) return null;
      engines.current[slot] ??= new PlaybackEngine(video, {
        renewSource: async () => {
          const source = slotsNow.current[slot];
          return source && renewNow.current ? renewNow.current(source.episodeId) : null;
        },
        onFatal: (kind) => {
          setRecovering((r) => set(r, slot, false));
          setErrors((e) => set(e, slot, { kind, message: PLAYBACK_ERROR_MESSAGES[kind] }));
        },
        onRecovering: () => setRecovering((r) => set(r, slot, true)),
        onAttached: (hls) => rememberHls(video, hls),
      });
      return engines.current[slot];
    },
    [videoRefs],
  );

  // Every engine goes with the player.
  useEffect(
    () => () => {
      for (const engine of engines.current) engine?.teardown();
      engines.current = [null, null];
    },
    [],
  );

  /** The slot whose video plays (ahead of `deck.active` between a tap and the re-render it causes). */
  const playing = useRef<SlotIndex>(deck.active);
  /** Moves playback to slot `to` with the viewer's sound settings; the video it replaces stops. */
  const handOver = useCallback(
    (to: SlotIndex) => {
      const leaving = videoRefs[playing.current].current;
      const arriving = videoRefs[to].current;
      playing.current = to;
      if (!leaving || !arriving || leaving === arriving) return;
      arriving.muted = leaving.muted;
      arriving.volume = leaving.volume;
      arriving.playbackRate = leaving.playbackRate;
      leaving.pause();
    },
    [videoRefs],
  );
  const promote = useCallback(
    (to: SlotIndex): boolean => {
      if (playing.current === to) return true;
      if (!engines.current[to]?.promote()) return false;
      handOver(to);
      return true;
    },
    [handOver],
  );

  const latest = useRef({ deck, ready });
  latest.current = { deck, ready };
  const startStandby = useCallback(
    (episodeId: number): HTMLVideoElement | null => {
      const { deck: now, ready: canPlay } = latest.current;
      const slot = otherSlot(now.active);
      const source = now.slots[slot];
      if (source?.episodeId !== episodeId || canPlay[slot] !== sourceKey(source) || !promote(slot)) return null;
      const video = videoRefs[slot].current;
      // The view plays it again once it re-renders; a refused start is handled there.
      video?.play()?.catch(() => undefined);
      return video;
    },
    [promote, videoRefs],
  );

  // A swap: the standby becomes the episode on screen with the viewer's sound settings, the video it
  // replaces stops (its slot then takes the next upcoming episode). Runs before the slots reload.
  useLayoutEffect(() => {
    const to = deck.active;
    const source = deck.slots[to];
    if (playing.current === to || !source || promote(to)) return;
    // Nothing to promote (the standby failed or was emptied): load the episode afresh on screen.
    handOver(to);
    setErrors((e) => set(e, to, null));
    void engineFor(to)?.load(source.src, source.start, 'play');
  }, [deck, engineFor, promote, handOver]);

  useSlot(0, deck, attempts[0], engineFor, videoRefs, setReady, setErrors, setRecovering);
  useSlot(1, deck, attempts[1], engineFor, videoRefs, setReady, setErrors, setRecovering);

  const active = deck.active;
  const retry = useCallback(() => setAttempts((a) => set(a, active, a[active] + 1)), [active]);
  const activeVideo = useCallback(() => videoRefs[active].current, [videoRefs, active]);
  return {
    deck,
    videoRefs,
    activeVideo,
    startStandby,
    error: errors[active],
    recovering: recovering[active],
    retry,
  };
}

/** Loads a slot's source when it changes (or on Retry): to play if the slot is on screen, else standby. */
function useSlot(
  slot: SlotIndex,
  deck: Deck,
  attempt: number,
  engineFor: (slot: SlotIndex) => PlaybackEngine | null,
  videoRefs: PlaybackDeck['videoRefs'],
  setReady: (update: (pair: Pair<string | null>) => Pair<string | null>) => void,
  setErrors: (update: (pair: Pair<EngineStatus['error']>) => Pair<EngineStatus['error']>) => void,
  setRecovering: (update: (pair: Pair<boolean>) => Pair<boolean>) => void,
) {
  const source = deck.slots[slot];
  const key = sourceKey(source);
  // A layout effect: the first request for the video leaves before the browser paints the new screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the source's key and Retry reload a slot; a role change is a promotion
  useLayoutEffect(() => {
    const engine = engineFor(slot);
    const video = videoRefs[slot].current;
    if (!engine || !video) return;
    setErrors((e) => set(e, slot, null));
    setRecovering((r) => set(r, slot, false));
    if (!source) {
      engine.teardown();
      return;
    }
    const standby = slot !== deck.active;
    const onCanPlay = () => setReady((r) => set(r, slot, key));
    const onPlaying = () => setRecovering((r) => set(r, slot, false));
    video.addEventListener('canplay', onCanPlay);
    video.addEventListener('playing', onPlaying);
    if (standby) {
      video.pause();
      video.muted = true;
    }
    void engine.load(source.src, source.start, standby ? 'standby' : 'play');
    return () => {
      video.removeEventListener('canplay', onCanPlay);
      video.removeEventListener('playing', onPlaying);
      setReady((r) => set(r, slot, null));
    };
  }, [key, attempt]);
}
