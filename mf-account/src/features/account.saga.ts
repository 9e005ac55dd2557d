/**
 * The account remote's side effects, reacting to its finished API calls: a sign-in or registration
 * hands the session to the shell (`session/authenticated`), a password change keeps this device signed
 * in with its fresh tokens, a profile edit updates the session's user, clearing history tells the
 * other remotes (`history/cleared` empties continue watching), and signing out on every device asks
 * the shell to end this session too (`session/signOut`).
 */
import {
  ANALYTICS_EVENTS,
  authenticated,
  rememberUser,
  type SessionUser,
  selectCoinBalance,
  selectUser,
  showToast,
  signOutRequested,
  storeTokens,
  track,
  type User,
  userUpdated,
  watchHistoryCleared,
  watchHistoryEntryRemoved,
} from '@cliffhanger/shared';
import { put, select, spawn, takeEvery } from 'redux-saga/effects';
import { accountT } from '../messages';
import { authApi } from './auth/auth.api';
import { historyApi } from './history/history.api';
import { type ProfileChanges, profileApi } from './profile/profile.api';

type Fulfilled<T, A = unknown> = { payload: T; meta: { arg: { originalArgs: A } } };

export function* handOverSession({ payload }: Fulfilled<{ access: string; refresh: string; user: User }>) {
  yield put(authenticated(payload));
}

export function* welcomeNewAccount({ payload }: Fulfilled<{ user: User }>) {
  yield put(track(ANALYTICS_EVENTS.registered, { user_id: payload.user.id }));
}

export function* reportMagicLink() {
  yield put(track(ANALYTICS_EVENTS.magicLinkRequested));
}

export function* keepThisDevice({ payload }: Fulfilled<{ access?: string; refresh?: string }>) {
  if (payload.access) storeTokens(payload.access, payload.refresh);
  yield put(showToast({ type: 'success', message: accountT('toast.passwordChanged') }));
}

/** A first password was set: this device keeps its fresh session, and the tab now offers a change. */
export function* keepThisDeviceWithPassword({ payload }: Fulfilled<{ access?: string; refresh?: string }>) {
  if (payload.access) storeTokens(payload.access, payload.refresh);
  const before: SessionUser | null = yield select(selectUser);
  const balance: number = yield select(selectCoinBalance);
  if (before) {
    const user = { ...before, coin_balance: balance, has_password: true } as User;
    rememberUser(user);
    yield put(userUpdated({ user }));
  }
  yield put(showToast({ type: 'success', message: accountT('toast.passwordSet') }));
}

export function* followProfile({ payload, meta }: Fulfilled<User, ProfileChanges | undefined>) {
  const before: SessionUser | null = yield select(selectUser);
  const user = { ...before, ...payload } as User;
  rememberUser(user);
  yield put(userUpdated({ user }));
  // A language choice shows itself (the page switches); only an edit of the details is confirmed.
  const changed = Object.keys(meta?.arg?.originalArgs ?? {});
  if (changed.length === 1 && changed[0] === 'language') return;
  yield put(showToast({ type: 'success', message: accountT('toast.profileSaved') }));
}

export function* announceHistoryCleared() {
  yield put(watchHistoryCleared());
  yield put(showToast({ type: 'success', message: accountT('toast.historyCleared') }));
}

export function* announceEntryRemoved({ meta }: Fulfilled<unknown, { episode: { id: number } }>) {
  yield put(watchHistoryEntryRemoved({ episodeId: meta.arg.originalArgs.episode.id }));
}

export function* signOutHere() {
  yield put(signOutRequested());
  yield put(showToast({ type: 'success', message: accountT('toast.signedOutEverywhere') }));
}

function* watchAuth() {
  yield takeEvery(authApi.endpoints.accountLogin.matchFulfilled, handOverSession);
  yield takeEvery(authApi.endpoints.accountRegister.matchFulfilled, handOverSession);
  yield takeEvery(authApi.endpoints.accountRegister.matchFulfilled, welcomeNewAccount);
  yield takeEvery(authApi.endpoints.accountMagicLink.matchFulfilled, reportMagicLink);
  yield takeEvery(authApi.endpoints.accountChangePassword.matchFulfilled, keepThisDevice);
  yield takeEvery(authApi.endpoints.accountSetPassword.matchFulfilled, keepThisDeviceWithPassword);
  yield takeEvery(authApi.endpoints.accountLogoutAll.matchFulfilled, signOutHere);
}

function* watchProfile() {
  yield takeEvery(profileApi.endpoints.accountUpdateProfile.matchFulfilled, followProfile);
  yield takeEvery(historyApi.endpoints.accountClearHistory.matchFulfilled, announceHistoryCleared);
  yield takeEvery(historyApi.endpoints.accountRemoveHistoryEntry.matchFulfilled, announceEntryRemoved);
}

export function* accountSaga() {
  yield spawn(watchAuth);
  yield spawn(watchProfile);
}
