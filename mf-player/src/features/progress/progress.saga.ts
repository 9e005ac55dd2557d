/**
 * Progress while watching (product.md#player): saved at most every 10 s while playing, at once on pause and when
 * the viewer leaves (another route, another episode, the page hidden or closed — then with a keepalive
 * request that outlives the page), always clamped to 0–100. Once the viewer reaches the credits
 * (shared/src/watched.ts), or moves on to the next episode, the episode is marked watched once. Each save and mark is announced on the bus.
 */
import {
  ANALYTICS_EVENTS,
  episodeStarted,
  episodeWatched,
  fetchUnderPolicy,
  isWatchedAt,
  progressSaved,
  readAccessToken,
  runMutation,
  runtimeConfig,
  SAGA_MUTATION,
  track,
} from '@cliffhanger/shared';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import {
  episodeAdvanced,
  type PlaybackSample,
  type PlaybackState,
  playbackLeft,
  playbackPaused,
  playbackStarted,
  playbackTicked,
  progressSent,
  selectPlayback,
  watchedMarked,
} from '../../lib/playback.slice';
import { PROGRESS_SAVE_INTERVAL_MS, progressOf } from '../../lib/progress-rules';
import { progressApi } from './progress.api';

export function* putProgress(episodeId: number, progress: number, positionSeconds: number) {
  yield* runMutation(
    progressApi.endpoints.playerSaveProgress.initiate({ episodeId, progress, positionSeconds }, SAGA_MUTATION),
  );
}

/**
 * A save that survives the page going away (pagehide): fetch with keepalive, same auth as the client, under
 * the tab's transport policy. It cannot wait, so while the API backs off or the tab's budget is spent it is
 * not sent: the progress saved last stands.
 */
export async function putProgressKeepalive(episodeId: number, progress: number, positionSeconds: number) {
  const config = runtimeConfig();
  const token = readAccessToken();
  await fetchUnderPolicy(`${config.apiBaseUrl}/episodes/${episodeId}/watch-progress/`, {
    method: 'PUT',
    keepalive: true,
    credentials: 'omit',
    headers: {
      'Content-Type': 'application/json',
      Authorization: token ? `Bearer ${token}` : `Token ${config.staticApiToken}`,
    },
    body: JSON.stringify({ progress, position_seconds: positionSeconds }),
  });
}

export function* postWatched(episodeId: number) {
  yield* runMutation(progressApi.endpoints.playerMarkWatched.initiate(episodeId, SAGA_MUTATION));
}

const now = () => Date.now();

/** The viewer reached the episode's credits (its own mark, or the default). */
const inCredits = (sample: PlaybackSample) =>
  isWatchedAt({ duration: sample.duration, credits_start: sample.creditsStart }, sample.position);

export function* saveProgress(sample: PlaybackSample, keepalive = false) {
  const progress = progressOf(sample.position, sample.duration);
  const position = Math.max(0, Math.round(sample.position * 10) / 10);
  const at: number = yield call(now);
  yield put(progressSent({ episodeId: sample.episodeId, at }));
  try {
    yield call(keepalive ? putProgressKeepalive : putProgress, sample.episodeId, progress, position);
    yield put(progressSaved({ episodeId: sample.episodeId, seriesId: sample.seriesId, progress }));
  } catch {
    // A lost save is retried by the next tick, pause or leave; playback goes on.
  }
}

export function* markWatched(sample: PlaybackSample) {
  const { watched }: PlaybackState = yield select(selectPlayback);
  if (watched.includes(sample.episodeId)) return;
  yield put(watchedMarked({ episodeId: sample.episodeId }));
  try {
    yield call(postWatched, sample.episodeId);
    yield put(episodeWatched({ episodeId: sample.episodeId, seriesId: sample.seriesId }));
    yield put(track(ANALYTICS_EVENTS.episodeCompleted, { episode_id: sample.episodeId, series_id: sample.seriesId }));
  } catch {
    // Not fatal: the saved progress still says how far the viewer got.
  }
}

export function* onStarted({ payload }: ReturnType<typeof playbackStarted>) {
  const at: number = yield call(now);
  // The first periodic save comes one interval after the start; pause and leave save at once.
  yield put(progressSent({ episodeId: payload.episodeId, at }));
  yield put(
    episodeStarted({
      episode: { id: payload.episodeId, series: payload.seriesId, episode_number: payload.episodeNumber },
    }),
  );
  yield put(
    track(ANALYTICS_EVENTS.episodeStarted, {
      episode_id: payload.episodeId,
      series_id: payload.seriesId,
      episode_number: payload.episodeNumber,
    }),
  );
}

export function* onTick({ payload }: ReturnType<typeof playbackTicked>) {
  const state: PlaybackState = yield select(selectPlayback);
  if (inCredits(payload) && !state.watched.includes(payload.episodeId)) {
    yield call(saveProgress, payload);
    yield call(markWatched, payload);
    return;
  }
  const at: number = yield call(now);
  const last = state.savedAt[String(payload.episodeId)] ?? 0;
  if (at - last >= PROGRESS_SAVE_INTERVAL_MS) yield call(saveProgress, payload);
}

export function* onPaused({ payload }: ReturnType<typeof playbackPaused>) {
  yield call(saveProgress, payload);
}

export function* onLeft({ payload }: ReturnType<typeof playbackLeft>) {
  if (!(payload.position > 0)) return; // nothing watched: nothing to save
  yield call(saveProgress, payload, !!payload.pageHidden);
  if (inCredits(payload)) yield call(markWatched, payload);
}

export function* onAdvanced({ payload }: ReturnType<typeof episodeAdvanced>) {
  yield call(saveProgress, { ...payload, position: Math.max(payload.position, payload.duration) });
  yield call(markWatched, payload);
}

export function* progressSaga() {
  yield takeEvery(playbackStarted.type, onStarted);
  yield takeEvery(playbackTicked.type, onTick);
  yield takeEvery(playbackPaused.type, onPaused);
  yield takeEvery(playbackLeft.type, onLeft);
  yield takeEvery(episodeAdvanced.type, onAdvanced);
}
