/**
 * The public profile lookup (product.md#accounts): once the session has started it polls every 2 s, paused while the
 * tab is hidden. When the flags change (a purchase, a subscription, a verified email) the profile is
 * read again and remotes hear about a new balance or Gold status through the bus. Errors are swallowed
 * (product.md#accounts): the next poll tries again, and is its only retry. A failing lookup is not
 * hammered: after each failure in a row the wait doubles (4 s, 8 s … up to a minute), and never ends
 * before a `Retry-After` the API gave.
 */
import {
  apiClient,
  balanceChanged,
  FeedRequestError,
  feedRequest,
  fetchProfile,
  forgetSession,
  goldStatusChanged,
  PROFILE_POLL_BACKOFF_CAP_MS,
  PROFILE_POLL_MS,
  type PublicProfileFlags,
  profileFlagsReceived,
  rememberUser,
  type SessionState,
  selectSession,
  signedOut,
  type User,
  UserNotFoundError,
  userUpdated,
} from '@cliffhanger/shared';
import { type EventChannel, eventChannel } from 'redux-saga';
import { call, delay, put, race, select, take } from 'redux-saga/effects';
import { sessionStarted } from './session.saga';

export const PUBLIC_VIEW_PATH = '/user/public-view/';

export function visibilityChannel(doc: Document): EventChannel<DocumentVisibilityState> {
  return eventChannel((emit) => {
    const onChange = () => emit(doc.visibilityState);
    doc.addEventListener('visibilitychange', onChange);
    return () => doc.removeEventListener('visibilitychange', onChange);
  });
}

export function flagsDiffer(a: PublicProfileFlags | null, b: PublicProfileFlags): boolean {
  return !a || (Object.keys(b) as Array<keyof PublicProfileFlags>).some((key) => a[key] !== b[key]);
}

/** Reads the profile again and tells remotes what changed. */
export function* refreshProfile() {
  const before: SessionState = yield select(selectSession);
  try {
    const user: User = yield call(fetchProfile, apiClient());
    rememberUser(user);
    yield put(userUpdated({ user }));
    if (user.coin_balance !== before.balance) yield put(balanceChanged({ balance: user.coin_balance, reason: 'sync' }));
    if (user.is_gold_member !== before.isGold) {
      const end = user.subscription?.current_period_end ?? null;
      yield put(goldStatusChanged({ isGold: user.is_gold_member, periodEnd: end }));
    }
  } catch (error) {
    if (error instanceof UserNotFoundError) {
      forgetSession();
      yield put(signedOut());
    }
  }
}

/** What one poll found: nothing to say, or a failure and how long the API asked to be left alone. */
export type PollResult = { ok: true } | { ok: false; retryAfterMs?: number };

export function* pollPublicProfileOnce() {
  const session: SessionState = yield select(selectSession);
  if (!session.user) return { ok: true }; // a local guest has no profile on the server
  try {
    const flags: PublicProfileFlags = yield call(
      feedRequest,
      PUBLIC_VIEW_PATH,
      {},
      { userId: session.user.id, maxRetries: 0 },
    );
    if (!flagsDiffer(session.flags, flags)) return { ok: true };
    yield put(profileFlagsReceived(flags));
    if (session.flags) yield call(refreshProfile);
    return { ok: true };
  } catch (error) {
    // swallowed (product.md#accounts); only the wait before the next poll grows
    return { ok: false, retryAfterMs: error instanceof FeedRequestError ? error.retryAfterMs : undefined };
  }
}

/** The wait before the next poll after `failures` failed polls in a row, or what a `Retry-After` asked for. */
export function nextPollDelay(failures: number, retryAfterMs = 0): number {
  const backoff =
    failures === 0 ? PROFILE_POLL_MS : Math.min(PROFILE_POLL_MS * 2 ** failures, PROFILE_POLL_BACKOFF_CAP_MS);
  return Math.max(backoff, retryAfterMs);
}

export function* profilePollSaga(doc: Document = document) {
  yield take(sessionStarted.type);
  const visibility: EventChannel<DocumentVisibilityState> = yield call(visibilityChannel, doc);
  let failures = 0;
  try {
    while (true) {
      if (doc.visibilityState === 'hidden') {
        yield take(visibility); // paused until the tab is shown again
        continue;
      }
      const result: PollResult = yield call(pollPublicProfileOnce);
      failures = result.ok ? 0 : failures + 1;
      const wait = nextPollDelay(failures, result.ok ? 0 : result.retryAfterMs);
      yield race({ next: delay(wait), visibility: take(visibility) });
    }
  } finally {
    visibility.close();
  }
}
