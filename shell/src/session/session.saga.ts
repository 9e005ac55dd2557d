/**
 * The session (product.md#accounts), owned by the shell.
 *
 * Start: a magic link in the address wins; otherwise a saved session is restored (the stored token is
 * checked against the profile); otherwise the stored token and user are used as they are when the
 * profile cannot be reached; otherwise a guest is created. A profile that answers 404 forgets the
 * stored user and tokens; any other failure keeps them while a token is still stored.
 *
 * Guest creation: register with the API (static Token header); on failure retry once after 1 s; when
 * both fail continue with a local guest and tag it in analytics as a failed registration. Each attempt
 * is one request (no transport retries) given GUEST_REGISTRATION_TIMEOUT_MS. After such a failure no
 * registration is made by itself for a long back-off (`RegistrationBackoff`): a sign-out or a lost
 * session meanwhile goes on locally at once. A screen that needs the server offers "Try again", which
 * makes one attempt (`session/connect`).
 *
 * Afterwards: the tokens that an account screen hands over are stored, sign-out and a lost refresh
 * forget everything, and every bus event remotes follow is dispatched from here. Whoever is signed out
 * goes on browsing as a new guest, as on a first visit, so the list, history and unlocks keep working
 * and nothing of the previous person's guest carries over on a shared device.
 */
import {
  ANALYTICS_EVENTS,
  type AuthResponse,
  apiClient,
  authenticated,
  currentLanguage,
  fetchProfile,
  forgetSession,
  GUEST_COOKIE_NAME,
  GUEST_REGISTRATION_RETRY_DELAY_MS,
  GUEST_REGISTRATION_TIMEOUT_MS,
  type GuestSignupPayload,
  guestCreated,
  isLanguage,
  localGuestStarted,
  newLocalGuest,
  onAuthLost,
  readAccessToken,
  readLocalGuest,
  readRefreshToken,
  readStoredUser,
  rememberUser,
  removeCookie,
  removeStored,
  sessionConnectRequested,
  setGuestCookie,
  setLanguage,
  setUserIdCookie,
  signedIn,
  signedOut,
  signOutRequested,
  storeTokens,
  track,
  type User,
  UserNotFoundError,
  writeLocalGuest,
  writeStored,
} from '@cliffhanger/shared';
import { createAction } from '@reduxjs/toolkit';
import { type EventChannel, eventChannel } from 'redux-saga';
import { call, delay, fork, put, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { buildGuestSignup, randomGuestId, registrationBackoff } from './guest';
import { verifyMagicLinkFromAddress } from './magic-link.saga';

/** The shell's own fact: the session has started (signed in, restored, or a guest). */
export const sessionStarted = createAction('shell/sessionStarted');

export const GUEST_SIGNUP_PATH = '/user/signup/';

export function* registerGuest(payload: GuestSignupPayload) {
  const client = apiClient();
  const { data }: { data: AuthResponse } = yield call([client, client.post], GUEST_SIGNUP_PATH, payload, {
    staticToken: true,
    maxRetries: 0,
    timeout: GUEST_REGISTRATION_TIMEOUT_MS,
  });
  if (!data?.access || !data.user) throw new Error('The guest signup answered no session');
  return data;
}

function rememberGuest(guestId: string) {
  writeStored('is_guest', true);
  setGuestCookie(guestId);
}

const now = () => Date.now();

/** Registers `payload`, once or with the one retry after 1 s; answers the session or the last failure. */
function* attemptRegistration(payload: GuestSignupPayload, attempts: 1 | 2) {
  let failure: unknown = null;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    if (attempt > 1) yield delay(GUEST_REGISTRATION_RETRY_DELAY_MS);
    try {
      const answer: AuthResponse = yield call(registerGuest, payload);
      registrationBackoff.succeeded();
      return { answer, failure: null };
    } catch (error) {
      failure = error;
    }
  }
  registrationBackoff.failed(yield call(now));
  return { answer: null, failure };
}

/**
 * Creates the guest: registered when the server answers, else kept in this browser. `attempts` is 2 on
 * the visitor's arrival (the retry after 1 s), 1 when they press "Try again"; a registration nobody asked
 * for is skipped while the back-off after a failure lasts.
 */
export function* createGuest(attempts: 1 | 2 = 2) {
  const existing = readLocalGuest();
  const guestId = existing?.id ?? randomGuestId();
  const payload = buildGuestSignup(guestId);
  const allowed: boolean = attempts === 1 || registrationBackoff.allows(yield call(now));
  const { answer, failure }: { answer: AuthResponse | null; failure: unknown } = allowed
    ? yield call(attemptRegistration, payload, attempts)
    : { answer: null, failure: new Error('Registration paused after a recent failure') };
  rememberGuest(guestId);
  if (answer) {
    storeTokens(answer.access, answer.refresh);
    rememberUser(answer.user);
    setUserIdCookie(answer.user.id);
    yield put(guestCreated({ user: answer.user, localOnly: false }));
    yield put(track(ANALYTICS_EVENTS.guestCreated, { guest_id: guestId }));
    return;
  }
  const local = writeLocalGuest(existing ?? newLocalGuest(guestId));
  yield put(localGuestStarted({ balance: local.balance }));
  yield put(guestCreated({ user: null, localOnly: true }));
  if (!allowed) return;
  yield put(
    track(ANALYTICS_EVENTS.guestRegistrationFailed, {
      guest_id: guestId,
      registration_failed: true,
      reason: failure instanceof Error ? failure.message : 'unknown',
    }),
  );
}

/** "Try again" on a screen that needs the server: one registration attempt for a visitor kept locally. */
export function* connectSession() {
  if (readAccessToken()) return;
  yield call(createGuest, 1);
}

/** Restores the saved session; answers whether someone is signed in afterwards. */
export function* restoreSession() {
  if (!readAccessToken()) return false;
  const stored = readStoredUser();
  try {
    const user: User = yield call(fetchProfile, apiClient());
    rememberUser(user);
    setUserIdCookie(user.id);
    yield put(signedIn({ user }));
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundError) {
      forgetSession();
      return false;
    }
    // The profile could not be reached: keep the stored token and user while a token is still stored.
    if (stored && readAccessToken()) {
      yield put(signedIn({ user: stored }));
      return true;
    }
    if (!readAccessToken()) removeStored('user', 'is_admin');
    return false;
  }
}

export function* startSession() {
  const viaMagicLink: boolean = yield call(verifyMagicLinkFromAddress);
  if (!viaMagicLink) {
    const restored: boolean = yield call(restoreSession);
    if (!restored) yield call(createGuest);
  }
  yield put(sessionStarted());
}

/**
 * A viewer who signs in gets the page in the language saved on their account (issue #21), when it
 * differs from the one shown: the account's choice wins over this browser's.
 */
export function* followAccountLanguage(user: Pick<User, 'language'>) {
  const language = user.language;
  if (isLanguage(language) && language !== currentLanguage()) yield call(setLanguage, language);
}

export function* storeAuthentication({ payload }: ReturnType<typeof authenticated>) {
  storeTokens(payload.access, payload.refresh);
  rememberUser(payload.user);
  setUserIdCookie(payload.user.id);
  if (!payload.user.is_guest) {
    removeStored('is_guest');
    removeCookie(GUEST_COOKIE_NAME);
  }
  yield put(signedIn({ user: payload.user }));
  yield call(followAccountLanguage, payload.user);
  yield put(track(ANALYTICS_EVENTS.signedIn, { user_id: payload.user.id }));
}

export function* logout() {
  const refresh = readRefreshToken();
  try {
    if (refresh) {
      const client = apiClient();
      yield call([client, client.post], '/auth/logout/', { refresh });
    }
  } catch {
    // the local session ends whatever the server answers (product.md#accounts)
  }
  forgetSession();
  yield put(signedOut());
  yield put(track(ANALYTICS_EVENTS.signedOut));
}

/** After a sign-out the visitor is a new guest: a fresh guest id, never the one the account started as. */
export function* continueAsNewGuest() {
  if (readAccessToken()) return; // someone signed in again meanwhile
  removeStored('guest_state', 'is_guest');
  removeCookie(GUEST_COOKIE_NAME);
  yield call(createGuest);
}

/** The transport clears the tokens when a refresh fails; the store follows. */
export function authLostChannel(): EventChannel<true> {
  return eventChannel((emit) => onAuthLost(() => emit(true)));
}

function* watchAuthLost() {
  const channel: EventChannel<true> = yield call(authLostChannel);
  while (true) {
    yield take(channel);
    forgetSession();
    yield put(signedOut());
  }
}

export function* sessionSaga() {
  yield takeEvery(authenticated.type, storeAuthentication);
  yield takeEvery(signOutRequested.type, logout);
  yield takeLatest(signedOut.type, continueAsNewGuest);
  yield takeLeading(sessionConnectRequested.type, connectSession);
  yield fork(watchAuthLost);
  yield call(startSession);
}
