/**
 * The hidden follow prompt (product.md#shell): the left Shift key pressed 4 times, each press within 2 s of the
 * last, opens it. Opening asks the server (`GET /api/rewards/`) whether the viewer collected the reward
 * already; then the prompt says so instead of offering it again. Continue opens the product's social
 * page and claims the 100-coin reward through `POST /api/rewards/follow/` (answers { balance, credited },
 * and credits once per viewer whatever the browser sends); the outcome is a toast, and a reward that is
 * not available yet (404) is explained politely rather than failing.
 */
import {
  ANALYTICS_EVENTS,
  type ApiError,
  apiClient,
  balanceChanged,
  FOLLOW_PROMPT_COINS,
  type FollowReward,
  type RewardsOverview,
  runMutation,
  runtimeConfig,
  SAGA_MUTATION,
  SHIFT_SEQUENCE_PRESSES,
  SHIFT_SEQUENCE_RESET_MS,
  showToast,
  track,
} from '@cliffhanger/shared';
import { type EventChannel, eventChannel } from 'redux-saga';
import { call, put, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { shellT } from '../layout/messages';
import { followPromptApi } from './follow-prompt.api';
import {
  followPromptOpened,
  followRewardKnown,
  followRewardRequested,
  followRewardSettled,
} from './follow-prompt.slice';

export interface ShiftSequence {
  count: number;
  lastAt: number;
}

/** Counts left-Shift presses; a press more than 2 s after the previous one starts a new count. */
export function nextShiftSequence(sequence: ShiftSequence, at: number): ShiftSequence {
  const count = at - sequence.lastAt <= SHIFT_SEQUENCE_RESET_MS ? sequence.count + 1 : 1;
  return { count, lastAt: at };
}

/** True when the key went to a place where the viewer types: a text field, a text area, a select or editable text. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return !!element.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
}

/** Emits the time of each left-Shift press (held-key repeats and keys typed into fields are not presses). */
export function leftShiftChannel(target: Window): EventChannel<number> {
  return eventChannel((emit) => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target)) return;
      if (event.code === 'ShiftLeft' && !event.repeat) emit(event.timeStamp || Date.now());
    };
    target.addEventListener('keydown', onKeyDown);
    return () => target.removeEventListener('keydown', onKeyDown);
  });
}

export function* watchShiftSequence(target: Window = window) {
  const presses: EventChannel<number> = yield call(leftShiftChannel, target);
  let sequence: ShiftSequence = { count: 0, lastAt: Number.NEGATIVE_INFINITY };
  try {
    while (true) {
      const at: number = yield take(presses);
      sequence = nextShiftSequence(sequence, at);
      if (sequence.count >= SHIFT_SEQUENCE_PRESSES) {
        sequence = { count: 0, lastAt: Number.NEGATIVE_INFINITY };
        yield put(followPromptOpened());
        yield put(track(ANALYTICS_EVENTS.followPromptOpened));
      }
    }
  } finally {
    presses.close();
  }
}

function openSocialPage() {
  window.open(runtimeConfig().socialFollowUrl, '_blank', 'noopener,noreferrer');
}

export function* claimFollowReward() {
  try {
    openSocialPage();
  } catch {
    // a blocked pop-up does not stop the reward
  }
  try {
    const data: FollowReward | null = yield* runMutation(
      followPromptApi.endpoints.shellClaimFollowReward.initiate(undefined, SAGA_MUTATION),
    );
    yield put(followRewardSettled({ claimed: true }));
    if (typeof data?.balance === 'number')
      yield put(balanceChanged({ balance: data.balance, reason: 'follow_prompt' }));
    if (data?.credited) {
      yield put(track(ANALYTICS_EVENTS.followRewardClaimed, { coins: FOLLOW_PROMPT_COINS }));
      yield put(
        showToast({
          type: 'success',
          title: shellT('follow.added', { count: FOLLOW_PROMPT_COINS }),
          message: shellT('follow.thanks'),
        }),
      );
    } else {
      yield put(showToast({ type: 'info', message: shellT('follow.already') }));
    }
  } catch (caught) {
    const status = (caught as Partial<ApiError> | null)?.status;
    yield put(followRewardSettled({ claimed: false }));
    yield put(
      showToast(
        status === 404
          ? { type: 'warning', message: shellT('follow.notYet') }
          : status === 401
            ? { type: 'warning', message: shellT('follow.signIn') }
            : { type: 'error', message: shellT('follow.failed') },
      ),
    );
  }
}

/** Whether the viewer collected the follow reward already, as the server knows it (nothing on failure). */
export function* checkFollowReward() {
  try {
    const { data }: { data: RewardsOverview } = yield call(() => apiClient().get<RewardsOverview>('/rewards/'));
    if (typeof data?.follow?.claimed === 'boolean') yield put(followRewardKnown({ claimed: data.follow.claimed }));
  } catch {
    // without an answer the prompt offers the reward, and the server still credits it once only
  }
}

export function* followPromptSaga() {
  yield takeLeading(followRewardRequested.type, claimFollowReward);
  yield takeLatest(followPromptOpened.type, checkFollowReward);
  yield call(watchShiftSequence);
}
