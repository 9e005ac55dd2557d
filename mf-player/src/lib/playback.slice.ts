/**
 * The player's serialisable state (no hls.js instance lives in Redux): the viewer's autoplay-next
 * choice, the unlock in progress (by hand or automatic), why auto-unlock stopped at an episode, and the
 * episodes already counted as watched this visit.
 */

import type { Id } from '@cliffhanger/shared';
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type UnlockStatus = 'idle' | 'unlocking' | 'failed';

export interface PlaybackState {
  autoplayNext: boolean;
  unlock: { episodeId: Id | null; status: UnlockStatus; error: string | null; automatic?: boolean };
  /** The episode where auto-unlock stopped (cap or balance) and the words saying why; null when none. */
  autoUnlockStop: { episodeId: Id; message: string } | null;
  /** Episodes marked watched on this page; each is marked once. */
  watched: Id[];
  /** When each episode's progress was last sent (ms since epoch). */
  savedAt: Record<string, number>;
}

export const initialPlaybackState: PlaybackState = {
  autoplayNext: true,
  unlock: { episodeId: null, status: 'idle', error: null },
  autoUnlockStop: null,
  watched: [],
  savedAt: {},
};

export interface EpisodeRef {
  episodeId: Id;
  seriesId: Id;
}

export interface PlaybackSample extends EpisodeRef {
  position: number;
  duration: number;
  /** Where the episode's credits start (seconds); null or absent: the default (shared/src/watched.ts). */
  creditsStart?: number | null;
}

export const playbackSlice = createSlice({
  name: 'playback',
  initialState: initialPlaybackState,
  reducers: {
    autoplayNextToggled(state) {
      state.autoplayNext = !state.autoplayNext;
    },
    /** `automatic`: the player unlocks by itself under the viewer's auto-unlock setting for the series. */
    unlockRequested(
      state,
      action: PayloadAction<EpisodeRef & { coinCost: number; returnTo: string; automatic?: boolean }>,
    ) {
      const { episodeId, automatic } = action.payload;
      state.unlock = { episodeId, status: 'unlocking', error: null, ...(automatic ? { automatic: true } : {}) };
    },
    autoUnlockStopped(state, action: PayloadAction<{ episodeId: Id; message: string }>) {
      state.autoUnlockStop = action.payload;
    },
    autoUnlockCleared(state) {
      state.autoUnlockStop = null;
    },
    unlockSucceeded(state) {
      state.unlock = { episodeId: null, status: 'idle', error: null };
    },
    unlockFailed(state, action: PayloadAction<{ episodeId: Id; message: string }>) {
      state.unlock = { episodeId: action.payload.episodeId, status: 'failed', error: action.payload.message };
    },
    unlockReset(state) {
      state.unlock = initialPlaybackState.unlock;
    },
    playbackStarted(_state, _action: PayloadAction<EpisodeRef & { episodeNumber: number }>) {},
    playbackTicked(_state, _action: PayloadAction<PlaybackSample>) {},
    playbackPaused(_state, _action: PayloadAction<PlaybackSample>) {},
    /** The viewer is leaving the episode: another route, another episode, or the page is hidden. */
    playbackLeft(_state, _action: PayloadAction<PlaybackSample & { pageHidden?: boolean }>) {},
    /** The viewer moved on to the next episode: the one left counts as watched. */
    episodeAdvanced(_state, _action: PayloadAction<PlaybackSample>) {},
    progressSent(state, action: PayloadAction<{ episodeId: Id; at: number }>) {
      state.savedAt[String(action.payload.episodeId)] = action.payload.at;
    },
    watchedMarked(state, action: PayloadAction<{ episodeId: Id }>) {
      if (!state.watched.includes(action.payload.episodeId)) state.watched.push(action.payload.episodeId);
    },
  },
});

export const {
  autoplayNextToggled,
  unlockRequested,
  autoUnlockStopped,
  autoUnlockCleared,
  unlockSucceeded,
  unlockFailed,
  unlockReset,
  playbackStarted,
  playbackTicked,
  playbackPaused,
  playbackLeft,
  episodeAdvanced,
  progressSent,
  watchedMarked,
} = playbackSlice.actions;

/** The paywall of an episode left the screen: a request for the wallet's sheet waiting on it lapses. */
export const paywallLeft = createAction<{ episodeId: Id }>('player/paywallLeft');

export type PlayerState = { player: PlaybackState };
export const selectPlayback = (state: PlayerState) => state.player;
export const selectAutoplayNext = (state: PlayerState) => state.player.autoplayNext;
export const selectUnlock = (state: PlayerState) => state.player.unlock;
export const selectAutoUnlockStop = (state: PlayerState) => state.player.autoUnlockStop;
