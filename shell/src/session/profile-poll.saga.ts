/**
 * The public profile lookup (product.md#accounts): once the session has started it polls every 2 s, paused while the
 * tab is hidden. When the flags change (a purchase, a subscription, a verified email) the profile is
 * read again and remotes hear about a new balance or Gold status through the bus. Errors are swallowed
 * (product.md#accounts): the next poll tries again.
 */
import {
  apiClient,
  balanceChanged,
  feedRequest,
  fetchProfile,
  forgetSession,
  goldStatusChanged,
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

export function* pollPublicProfileOnce() {
  const session: SessionState = yield select(selectSession);
  if (!session.user) return; // a local guest has no profile on the server
  try {
    const flags: PublicProfileFlags = yield call(feedRequest, PUBLIC_VIEW_PATH, {}, { userId: session.user.id });
    if (!flagsDiffer(session.flags, flags)) return;
    yield put(profileFlagsReceived(flags));
    if (session.flags) yield call(refreshProfile);
  } catch {
    // swallowed (product.md#accounts)
  }
}

export function* profilePollSaga(doc: Document = document) {
  yield take(sessionStarted.type);
  const visibility: EventChannel<DocumentVisibilityState> = yield call(visibilityChannel, doc);
  try {
    while (true) {
      if (doc.visibilityState === 'hidden') {
        yield take(visibility); // paused until the tab is shown again
        continue;
      }
      yield call(pollPublicProfileOnce);
      yield race({ next: delay(PROFILE_POLL_MS), visibility: take(visibility) });
    }
  } finally {
    visibility.close();
  }
}
