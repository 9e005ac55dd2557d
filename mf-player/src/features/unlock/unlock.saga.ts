/**
 * Unlocking a paid episode with coins (product.md#unlocks). With too few coins the wallet's unlock sheet opens over
 * the episode (`wallet/openUnlockSheet`); when the wallet cannot be loaded the viewer goes to the coin
 * store (/coins) and comes back to the episode afterwards. The wallet asks for an unlock with
 * `player/unlockEpisode` (after buying coins, or from its sheet), and tells of episodes it unlocked
 * itself (the series total) with `wallet/episodesUnlocked`, after which the episode lists are read again. Otherwise the API charges the episode; the
 * episode is then marked unlocked in the series' list and as the current episode, its stream address
 * is fetched, and `player/episodeUnlocked` carries the new balance to the header.
 *
 * The write and what it does to the cached episodes are the endpoint's (unlock.api.ts).
 *
 * An automatic unlock (the viewer's opt-in auto-unlock for the series, started by the paywall) asks the
 * API with `automatic: true`; when it goes through, a toast says what it spent and what is left of the
 * limit. When the cap, the setting or the balance stops it, nothing opens by itself: the paywall stays
 * with a line saying why.
 */
import {
  ANALYTICS_EVENTS,
  type ApiError,
  baseApi,
  episodesUnlocked,
  episodeUnlocked,
  episodeUnlockRequested,
  errorMessage,
  navigationRequested,
  paths,
  remoteJoined,
  runMutation,
  SAGA_MUTATION,
  selectCoinBalance,
  showToast,
  track,
  unlockSheetRequested,
} from '@cliffhanger/shared';
import type { Action } from '@reduxjs/toolkit';
import { call, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  autoUnlockCleared,
  autoUnlockStopped,
  paywallLeft,
  unlockFailed,
  unlockRequested,
  unlockReset,
  unlockSucceeded,
} from '../../lib/playback.slice';
import { PLAYER_EPISODES_TAG, type PlayerEpisode, playerApi } from '../../lib/player.api';
import { playerT } from '../../messages';
import { autoUnlockToast, balanceStopMessage } from './auto-unlock-rules';
import { refusedByAutoUnlock, type UnlockResult, unlockApi } from './unlock.api';
import { loadWalletSheet, walletSheetReady } from './wallet-sheet';

/** The unlock's own refusals, in the page's language when they are read. */
export const UNLOCK_MESSAGES = {
  get unavailable() {
    return playerT('unlock.unavailable');
  },
  get generic() {
    return playerT('unlock.generic');
  },
};

/** Charges the episode; the endpoint marks it unlocked in the cache, with its stream address. */
export function* postUnlock(episodeId: number, seriesId: number, automatic = false) {
  const result: UnlockResult = yield* runMutation(
    unlockApi.endpoints.playerUnlockEpisode.initiate({ episodeId, seriesId, automatic }, SAGA_MUTATION),
  );
  return result;
}

/** The coin store, with the way back to the episode. */
export const coinStorePath = (returnTo: string) => `${paths.coins()}?returnTo=${encodeURIComponent(returnTo)}`;

/** Short of coins: the unlock sheet over the episode, or the coin store when the wallet is not there. */
export function* offerCoins(payload: ReturnType<typeof unlockRequested>['payload'], needed: number) {
  const openable: boolean | null = yield call(sheetOpenable, payload.episodeId);
  if (openable === null) return;
  if (openable) {
    const cached: { data?: PlayerEpisode } = yield select(
      playerApi.endpoints.playerEpisode.select(String(payload.episodeId)),
    );
    const listed: { data?: PlayerEpisode[] } = yield select(
      playerApi.endpoints.playerSeriesEpisodes.select(String(payload.seriesId)),
    );
    const number =
      cached.data?.episode_number ?? listed.data?.find((episode) => episode.id === payload.episodeId)?.episode_number;
    yield put(
      unlockSheetRequested({
        episodeId: payload.episodeId,
        seriesId: payload.seriesId,
        episodeNumber: number ?? 0,
        coinCost: payload.coinCost,
        returnTo: payload.returnTo,
      }),
    );
    return;
  }
  yield call(goToCoinStore, needed, payload.returnTo);
}

/**
 * Whether the wallet's sheet can take the request: it may still be loading when the viewer taps Unlock
 * straight away. A sheet that cannot be loaded (the remote's load time-out) means the coin store; a loaded
 * one mounts with the paywall and joins the wallet to the page, announced by `shell/remoteJoined`, and the
 * request waits for that — unless the paywall goes first (the viewer left the episode): then null, and nothing
 * opens.
 */
export function* sheetOpenable(episodeId: number) {
  if (!walletSheetReady()) {
    try {
      yield call(loadWalletSheet);
    } catch {
      return false;
    }
  }
  const joined: boolean = yield select((state: Record<string, unknown>) => state.wallet !== undefined);
  if (joined) return true;
  const { left }: { left?: unknown } = yield race({
    joined: take((action: Action) => remoteJoined.match(action) && action.payload.remote === 'wallet'),
    left: take((action: Action) => paywallLeft.match(action) && action.payload.episodeId === episodeId),
  });
  return left === undefined ? true : null;
}

export function* goToCoinStore(needed: number, returnTo: string) {
  yield put(
    showToast({
      type: 'info',
      message: playerT('unlock.needMore', { count: needed }),
    }),
  );
  yield put(navigationRequested({ to: coinStorePath(returnTo) }));
}

/** The episode's number, from the cached episode or the series' list. */
function* episodeNumberOf(episodeId: number, seriesId: number) {
  const cached: { data?: PlayerEpisode } = yield select(playerApi.endpoints.playerEpisode.select(String(episodeId)));
  const listed: { data?: PlayerEpisode[] } = yield select(
    playerApi.endpoints.playerSeriesEpisodes.select(String(seriesId)),
  );
  const number: number | undefined =
    cached.data?.episode_number ?? listed.data?.find((episode) => episode.id === episodeId)?.episode_number;
  return number;
}

/** Tells the page the episode is unlocked, with the new balance. */
function* episodeNowUnlocked(episodeId: number, seriesId: number, coinCost: number, answer: UnlockResult) {
  yield put(episodeUnlocked({ episodeId, seriesId, coinCost: answer.charged ?? coinCost, balance: answer.balance }));
}

/** An unlock the player makes by itself under the viewer's auto-unlock for the series. */
export function* autoUnlockEpisode({ payload }: ReturnType<typeof unlockRequested>) {
  const { episodeId, seriesId, coinCost } = payload;
  yield put(autoUnlockCleared());
  try {
    const answer: UnlockResult = yield call(postUnlock, episodeId, seriesId, true);
    yield call(episodeNowUnlocked, episodeId, seriesId, coinCost, answer);
    if (answer.via === 'coins' && answer.charged > 0 && answer.auto_unlock) {
      const number: number | undefined = yield call(episodeNumberOf, episodeId, seriesId);
      yield put(showToast({ type: 'success', message: autoUnlockToast(answer.charged, number, answer.auto_unlock) }));
      yield put(
        track(ANALYTICS_EVENTS.episodeUnlocked, {
          episode_id: episodeId,
          series_id: seriesId,
          coins: answer.charged,
          automatic: true,
        }),
      );
    }
    yield put(unlockSucceeded());
  } catch (caught) {
    const refusal = caught as Partial<ApiError> | null;
    const data = (refusal?.data ?? {}) as { balance?: number; coin_cost?: number; message?: string };
    yield put(unlockReset());
    if (refusedByAutoUnlock(refusal)) {
      // The endpoint has the setting read again.
      yield put(autoUnlockStopped({ episodeId, message: data.message ?? playerT('unlock.autoStopped') }));
      return;
    }
    if (refusal?.status === 402 && typeof data.balance === 'number') {
      const message = balanceStopMessage(data.coin_cost ?? coinCost, data.balance);
      yield put(autoUnlockStopped({ episodeId, message }));
      return;
    }
    const message =
      refusal?.status === 404 ? UNLOCK_MESSAGES.unavailable : errorMessage(refusal, UNLOCK_MESSAGES.generic);
    yield put(autoUnlockStopped({ episodeId, message: playerT('unlock.autoFailed', { message }) }));
  }
}

export function* unlockEpisode(action: ReturnType<typeof unlockRequested>) {
  if (action.payload.automatic) {
    yield call(autoUnlockEpisode, action);
    return;
  }
  const { payload } = action;
  const { episodeId, seriesId, coinCost } = payload;
  const balance: number = yield select(selectCoinBalance);
  yield put(
    track(ANALYTICS_EVENTS.episodeUnlockRequested, {
      episode_id: episodeId,
      series_id: seriesId,
      coin_cost: coinCost,
      balance,
    }),
  );
  if (balance < coinCost) {
    yield put(unlockReset());
    yield call(offerCoins, payload, coinCost - balance);
    return;
  }
  try {
    const answer: UnlockResult = yield call(postUnlock, episodeId, seriesId);
    yield call(episodeNowUnlocked, episodeId, seriesId, coinCost, answer);
    yield put(track(ANALYTICS_EVENTS.episodeUnlocked, { episode_id: episodeId, series_id: seriesId, coins: coinCost }));
    yield put(unlockSucceeded());
  } catch (caught) {
    const refusal = caught as Partial<ApiError> | null;
    const data = (refusal?.data ?? {}) as { balance?: number; coin_cost?: number };
    if (typeof data.balance === 'number' && typeof data.coin_cost === 'number' && data.balance < data.coin_cost) {
      yield put(unlockReset());
      yield call(offerCoins, payload, data.coin_cost - data.balance);
      return;
    }
    const message =
      refusal?.status === 404 ? UNLOCK_MESSAGES.unavailable : errorMessage(refusal, UNLOCK_MESSAGES.generic);
    yield put(unlockFailed({ episodeId, message }));
  }
}

/** The wallet asks for an unlock (from its sheet, or once bought coins arrived). */
export function* unlockOnRequest({ payload }: ReturnType<typeof episodeUnlockRequested>) {
  yield put(unlockRequested(payload));
}

/** The wallet unlocked episodes itself (the series total): read the lists again, with their streams. */
export function* refreshUnlocked() {
  yield put(baseApi.util.invalidateTags([PLAYER_EPISODES_TAG]));
}

export function* unlockSaga() {
  yield takeLatest(unlockRequested.type, unlockEpisode);
  yield takeEvery(episodeUnlockRequested.type, unlockOnRequest);
  yield takeEvery(episodesUnlocked.type, refreshUnlocked);
}
