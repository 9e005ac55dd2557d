/**
 * The event catalogue of the saga-driven bus: every action that crosses a remote's border is declared
 * here once. Facts are named `domain/pastTense`; requests are named `domain/verb`. Each entry says who
 * emits it; any remote may react to any event with `takeEvery` / `takeLatest` in its sagas.
 */
import { createAction } from '@reduxjs/toolkit';
import type { LedgerReason } from '../contracts/ledger';
import type { Episode, Id, Series, ToastType, User } from '../entities';
import type { RemoteId } from '../routes';

export interface ToastInput {
  type?: ToastType;
  title?: string;
  message: string;
  duration?: number;
}

// Session — emitted by the shell
export const signedIn = createAction<{ user: User }>('session/signedIn');
export const signedOut = createAction('session/signedOut');
export const guestCreated = createAction<{ user: User | null; localOnly: boolean }>('session/guestCreated');
export const userUpdated = createAction<{ user: User }>('session/userUpdated');
/** Request: an account screen asks the shell to store a fresh auth answer. */
export const authenticated = createAction<{ access: string; refresh: string; user: User }>('session/authenticated');
/** Request: any remote asks the shell to sign out. */
export const signOutRequested = createAction('session/signOut');
/** Request: a screen that needs the server asks the shell to connect a visitor kept only in this browser (one attempt). */
export const sessionConnectRequested = createAction('session/connect');

// Toasts — any remote requests, the shell shows
export const showToast = createAction<ToastInput>('toast/show');
export const dismissToast = createAction<{ id: string }>('toast/dismiss');

// Analytics — any remote requests, the shell forwards to the analytics adapter
export const trackEvent = createAction<{ event: string; properties?: Record<string, unknown> }>('analytics/track');

// Navigation — sagas request, the shell's router performs
export const navigationRequested = createAction<{ to: string; replace?: boolean }>('navigation/go');

// Wallet — emitted by mf-wallet (and by the shell when the profile reports a new balance)
export const balanceChanged = createAction<{ balance: number; reason: LedgerReason }>('wallet/balanceChanged');
export const goldStatusChanged = createAction<{ isGold: boolean; periodEnd: string | null }>(
  'wallet/goldStatusChanged',
);
/** Request: open the coin store, then come back to `returnTo`. */
export const openCoinStore = createAction<{ returnTo?: string }>('wallet/openStore');

/** The locked episode an unlock sheet is about (what the paywall shows). */
export interface UnlockSheetEpisode {
  episodeId: Id;
  seriesId: Id;
  episodeNumber: number;
  coinCost: number;
  /** The episode's own path, where paying or cancelling brings the viewer back. */
  returnTo: string;
}
/** Request (mf-player): open the wallet's unlock sheet over a locked episode. */
export const unlockSheetRequested = createAction<UnlockSheetEpisode>('wallet/openUnlockSheet');
/** Request (mf-wallet): unlock this episode with coins (the player charges and starts playback). */
export const episodeUnlockRequested = createAction<{
  episodeId: Id;
  seriesId: Id;
  coinCost: number;
  returnTo: string;
}>('player/unlockEpisode');
/** Fact (mf-wallet): episodes were unlocked outside the player (the series total); the player refreshes. */
export const episodesUnlocked = createAction<{ seriesId: Id; episodeIds: Id[]; balance: number }>(
  'wallet/episodesUnlocked',
);

// Player — emitted by mf-player
export const episodeUnlocked = createAction<{
  episodeId: Id;
  seriesId: Id;
  coinCost: number;
  balance: number;
}>('player/episodeUnlocked');
export const progressSaved = createAction<{ episodeId: Id; seriesId: Id; progress: number }>('player/progressSaved');
export const episodeWatched = createAction<{ episodeId: Id; seriesId: Id }>('player/episodeWatched');
export const episodeStarted = createAction<{ episode: Pick<Episode, 'id' | 'series' | 'episode_number'> }>(
  'player/episodeStarted',
);

// My list — emitted by whichever remote changed it (catalog, player)
export const seriesAddedToList = createAction<{ series: Series }>('myList/seriesAdded');
export const seriesRemovedFromList = createAction<{ seriesId: Id }>('myList/seriesRemoved');

// Watch history — emitted by mf-account
export const watchHistoryCleared = createAction('history/cleared');
export const watchHistoryEntryRemoved = createAction<{ episodeId: Id }>('history/entryRemoved');

// Catalogue — emitted by mf-admin when staff publish; the shell's sync service relays it to other tabs
export const catalogueChanged = createAction<{ seriesId?: Id; at: number }>('catalogue/changed');

// Federation — emitted by the shell
export const remoteLoaded = createAction<{ remote: RemoteId }>('shell/remoteLoaded');
export const remoteFailed = createAction<{ remote: RemoteId; message: string }>('shell/remoteFailed');
/**
 * Fact (the page's store, `registerModule`): a remote's state and sagas joined the page, so its requests are
 * handled from now on — a panel another remote shows (the wallet's unlock sheet) may join before any of its screens.
 */
export const remoteJoined = createAction<{ remote: RemoteId }>('shell/remoteJoined');

/** Every event of the catalogue, for contract tests and tooling. */
export const BUS_EVENTS = [
  signedIn,
  signedOut,
  guestCreated,
  userUpdated,
  authenticated,
  signOutRequested,
  sessionConnectRequested,
  showToast,
  dismissToast,
  trackEvent,
  navigationRequested,
  balanceChanged,
  goldStatusChanged,
  openCoinStore,
  unlockSheetRequested,
  episodeUnlockRequested,
  episodesUnlocked,
  episodeUnlocked,
  progressSaved,
  episodeWatched,
  episodeStarted,
  seriesAddedToList,
  seriesRemovedFromList,
  watchHistoryCleared,
  watchHistoryEntryRemoved,
  catalogueChanged,
  remoteLoaded,
  remoteFailed,
  remoteJoined,
] as const;

export const BUS_EVENT_TYPES: ReadonlySet<string> = new Set(BUS_EVENTS.map((event) => event.type));
