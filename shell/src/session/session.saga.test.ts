import {
  apiClient,
  authenticated,
  balanceChanged,
  currentLanguage,
  feedClient,
  GUEST_REGISTRATION_TIMEOUT_MS,
  goldStatusChanged,
  guestCreated,
  initialSessionState,
  LANGUAGE_STORAGE_KEY,
  localGuestStarted,
  readAccessToken,
  readCookie,
  removeCookie,
  type SessionState,
  setGuestCookie,
  setLanguage,
  signedIn,
  signedOut,
  storeTokens,
  type User,
  userUpdated,
} from '@cliffhanger/shared';
import MockAdapter from 'axios-mock-adapter';
import { runSaga, type Saga } from 'redux-saga';
import { buildGuestSignup, RegistrationBackoff, randomGuestAge, randomGuestId, registrationBackoff } from './guest';
import { addressWithoutMagicLink, isValidMagicLink, magicLinkTokenFrom } from './magic-link.saga';
import { flagsDiffer, nextPollDelay, pollPublicProfileOnce, refreshProfile } from './profile-poll.saga';
import {
  connectSession,
  continueAsNewGuest,
  createGuest,
  logout,
  restoreSession,
  startSession,
  storeAuthentication,
} from './session.saga';

type Action = { type: string; payload?: unknown };

const user = (extra: Partial<User> = {}) =>
  ({
    id: 7,
    email: 'ann@example.com',
    username: 'ann',
    is_guest: false,
    is_staff: false,
    is_superuser: false,
    is_gold_member: false,
    coin_balance: 10,
    subscription: null,
    ...extra,
  }) as User;

let server: MockAdapter;

async function run(saga: Saga, state: Partial<SessionState> = {}, ...args: unknown[]) {
  const dispatched: Action[] = [];
  const result = await runSaga(
    {
      dispatch: (action: Action) => dispatched.push(action),
      getState: () => ({ session: { ...initialSessionState, ...state } }),
    },
    saga,
    ...args,
  ).toPromise();
  return { dispatched, result, types: dispatched.map((a) => a.type) };
}

beforeEach(() => {
  localStorage.clear();
  removeCookie('guest_id');
  removeCookie('user_id');
  server = new MockAdapter(apiClient());
  window.history.replaceState(null, '', '/');
  registrationBackoff.succeeded();
});
afterEach(() => {
  server.restore();
  jest.useRealTimers();
});

describe('the guest signup payload', () => {
  it('makes a guest id of 20 random alphanumerics', () => {
    expect(randomGuestId()).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(randomGuestId()).not.toBe(randomGuestId());
  });

  it('picks an age from 21 to 55', () => {
    expect(randomGuestAge(() => 0)).toBe(21);
    expect(randomGuestAge(() => 0.9999)).toBe(55);
  });

  it('sends gender 2, poll answers, web and an email at the guest domain', () => {
    const payload = buildGuestSignup('abcdefghij0123456789');
    expect(payload).toMatchObject({ id: 'abcdefghij0123456789', gender: 2, web: true });
    expect(payload.email).toBe('abcdefghij0123456789@guest.cliffhanger.app');
    expect(Object.keys(payload).filter((key) => key.startsWith('poll_')).length).toBeGreaterThan(1);
  });
});

describe('guest creation', () => {
  it('registers the guest with the static Token header and stores its tokens, user and cookie', async () => {
    server.onPost('/user/signup/').reply(200, { access: 'ga', refresh: 'gr', user: user({ is_guest: true, id: 9 }) });
    const { types } = await run(createGuest);
    expect(server.history.post[0].headers?.Authorization).toMatch(/^Token /);
    expect(readAccessToken()).toBe('ga');
    expect(localStorage.getItem('refresh_token')).toBe('gr');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').id).toBe(9);
    expect(readCookie('guest_id')).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(types).toContain(guestCreated.type);
  });

  it('retries the registration once after 1 s and succeeds', async () => {
    jest.useFakeTimers();
    server
      .onPost('/user/signup/')
      .replyOnce(500)
      .onPost('/user/signup/')
      .replyOnce(200, { access: 'ga', refresh: 'gr', user: user({ is_guest: true }) });
    const done = run(createGuest);
    await jest.advanceTimersByTimeAsync(999);
    expect(server.history.post).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    const { dispatched } = await done;
    expect(server.history.post).toHaveLength(2);
    expect(dispatched.find((a) => a.type === guestCreated.type)?.payload).toMatchObject({ localOnly: false });
  });

  it('continues with a local guest tagged as a failed registration when both attempts fail', async () => {
    jest.useFakeTimers();
    server.onPost('/user/signup/').reply(500);
    const done = run(createGuest);
    await jest.advanceTimersByTimeAsync(1_000);
    const { dispatched, types } = await done;
    expect(server.history.post).toHaveLength(2);
    expect(types).toEqual(expect.arrayContaining([localGuestStarted.type, guestCreated.type]));
    expect(dispatched.find((a) => a.type === guestCreated.type)?.payload).toEqual({ user: null, localOnly: true });
    const tag = dispatched.find((a) => a.type === 'analytics/track');
    expect(tag?.payload).toMatchObject({
      event: '7.7 Guest Registration Failed',
      properties: { registration_failed: true },
    });
    const local = JSON.parse(localStorage.getItem('guest_state') ?? '{}');
    expect(Object.keys(local).sort()).toEqual(['balance', 'id', 'lastUpdated', 'purchases', 'watchHistory']);
    expect(readAccessToken()).toBeNull();
  });

  it('continues locally when the answer is unusable on both attempts', async () => {
    jest.useFakeTimers();
    server.onPost('/user/signup/').reply(200, { nothing: true });
    const done = run(createGuest);
    await jest.advanceTimersByTimeAsync(1_000);
    const { dispatched } = await done;
    expect(dispatched.find((a) => a.type === guestCreated.type)?.payload).toEqual({ user: null, localOnly: true });
  });
});

describe('after a failed registration', () => {
  async function failBoth() {
    jest.useFakeTimers();
    // 500, not 503: the tab's transport would remember a 503 as trouble of the API across tests.
    server.onPost('/user/signup/').reply(500);
    const done = run(createGuest);
    await jest.advanceTimersByTimeAsync(1_000);
    await done;
    jest.useRealTimers();
  }

  it('sends each attempt once (no transport retries) with a time limit of its own', async () => {
    await failBoth();
    expect(server.history.post).toHaveLength(2);
    expect(server.history.post[0]).toMatchObject({ maxRetries: 0, timeout: GUEST_REGISTRATION_TIMEOUT_MS });
  });

  it('registers nobody by itself during the back-off: a sign-out or a lost session goes on locally, sending nothing', async () => {
    await failBoth();
    const { dispatched, types } = await run(continueAsNewGuest);
    expect(server.history.post).toHaveLength(2);
    expect(dispatched.find((a) => a.type === guestCreated.type)?.payload).toEqual({ user: null, localOnly: true });
    // The failure was tagged once, when it happened.
    expect(types).not.toContain('analytics/track');
  });

  it('makes exactly one attempt when the visitor presses Try again, and connects them when it succeeds', async () => {
    await failBoth();
    server.resetHandlers();
    server.onPost('/user/signup/').replyOnce(500);
    await run(connectSession);
    expect(server.history.post).toHaveLength(3);
    server.onPost('/user/signup/').replyOnce(200, { access: 'ga', refresh: 'gr', user: user({ is_guest: true }) });
    const { dispatched } = await run(connectSession);
    expect(server.history.post).toHaveLength(4);
    expect(dispatched.find((a) => a.type === guestCreated.type)?.payload).toMatchObject({ localOnly: false });
    expect(readAccessToken()).toBe('ga');
  });

  it('waits 5 minutes after a failure, doubling with each further one up to an hour', () => {
    const backoff = new RegistrationBackoff();
    expect(backoff.allows(0)).toBe(true);
    backoff.failed(0);
    expect(backoff.allows(5 * 60_000 - 1)).toBe(false);
    expect(backoff.allows(5 * 60_000)).toBe(true);
    backoff.failed(0);
    expect(backoff.allows(10 * 60_000 - 1)).toBe(false);
    for (let i = 0; i < 10; i += 1) backoff.failed(0);
    expect(backoff.allows(60 * 60_000)).toBe(true);
    backoff.succeeded();
    expect(backoff.allows(0)).toBe(true);
  });
});

describe('session start', () => {
  it('restores a saved session from the profile', async () => {
    storeTokens('a', 'r');
    server.onGet('/users/profile/').reply(200, user({ is_staff: true }));
    const { dispatched, result } = await run(restoreSession);
    expect(result).toBe(true);
    expect(dispatched[0]).toEqual(signedIn({ user: user({ is_staff: true }) }));
    expect(localStorage.getItem('is_admin')).toBe('true');
  });

  it('uses the stored token and user when the profile cannot be reached', async () => {
    storeTokens('a', 'r');
    localStorage.setItem('user', JSON.stringify(user()));
    server.onGet('/users/profile/').reply(400);
    const { dispatched, result } = await run(restoreSession);
    expect(result).toBe(true);
    expect(dispatched[0].type).toBe(signedIn.type);
  });

  it('removes the stored user and tokens when the profile answers 404', async () => {
    storeTokens('a', 'r');
    localStorage.setItem('user', JSON.stringify(user()));
    server.onGet('/users/profile/').reply(404);
    const { result } = await run(restoreSession);
    expect(result).toBe(false);
    expect(readAccessToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('creates a guest when nothing is stored', async () => {
    server.onPost('/user/signup/').reply(200, { access: 'ga', refresh: 'gr', user: user({ is_guest: true }) });
    const { types } = await run(startSession);
    expect(types).toEqual(expect.arrayContaining([guestCreated.type, 'shell/sessionStarted']));
  });

  it('signs out whatever the server answers and clears tokens, user and admin flag', async () => {
    storeTokens('a', 'r');
    localStorage.setItem('user', JSON.stringify(user()));
    localStorage.setItem('is_admin', 'true');
    server.onPost('/auth/logout/').reply(500);
    const { types } = await run(logout);
    expect(types).toContain(signedOut.type);
    for (const key of ['access_token', 'auth_token', 'token', 'refresh_token', 'user', 'is_admin']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });
});

describe('after signing out', () => {
  it('goes on as a new guest with a fresh guest id, not the guest the account started as', async () => {
    setGuestCookie('OLDGUEST000000000000');
    localStorage.setItem(
      'guest_state',
      JSON.stringify({
        id: 'OLDGUEST000000000000',
        balance: 5,
        watchHistory: [],
        purchases: [],
        lastUpdated: Date.now(),
      }),
    );
    let sentId: string | undefined;
    server.onPost('/user/signup/').reply((config) => {
      sentId = JSON.parse(config.data).id;
      return [200, { access: 'ga', refresh: 'gr', user: user({ id: 8, is_guest: true }) }];
    });
    const { types } = await run(continueAsNewGuest);
    expect(types).toContain(guestCreated.type);
    expect(sentId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(sentId).not.toBe('OLDGUEST000000000000');
    expect(readCookie('guest_id')).toBe(sentId);
    expect(readAccessToken()).toBe('ga');
  });

  it('does not replace a session that was signed in again meanwhile', async () => {
    storeTokens('fresh', 'r');
    const { types } = await run(continueAsNewGuest);
    expect(types).toEqual([]);
    expect(readAccessToken()).toBe('fresh');
  });
});

describe('magic links', () => {
  it('reads the token from magic-link-auth or magic-link-registration', () => {
    expect(magicLinkTokenFrom('?magic-link-auth=abc')).toEqual({ param: 'magic-link-auth', token: 'abc' });
    expect(magicLinkTokenFrom('?x=1&magic-link-registration=def')?.token).toBe('def');
    expect(magicLinkTokenFrom('?x=1')).toBeNull();
  });

  it('accepts an answer only with success 1, an id and an email', () => {
    expect(isValidMagicLink({ success: 1, id: 1, email: 'a@b.c' })).toBe(true);
    expect(isValidMagicLink({ success: 0, id: 1, email: 'a@b.c' })).toBe(false);
    expect(isValidMagicLink({ success: 1, email: 'a@b.c' })).toBe(false);
    expect(isValidMagicLink({ success: 1, id: 1 })).toBe(false);
  });

  it('removes the parameter from the address and keeps the rest', () => {
    expect(addressWithoutMagicLink('https://x.app/series/3?magic-link-auth=abc&utm_source=mail#top')).toBe(
      '/series/3?utm_source=mail#top',
    );
  });

  it('verifies with the guest’s Bearer token, clears the guest cookie and flag and signs the user in', async () => {
    storeTokens('guest-access', 'guest-refresh');
    localStorage.setItem('is_guest', 'true');
    setGuestCookie('g123');
    window.history.replaceState(null, '', '/?magic-link-registration=tok123456789');
    const registered = user({ coin_balance: 100 });
    server.onPost('/auth/magic-link/verify/', { token: 'tok123456789' }).reply(200, {
      success: 1,
      id: 7,
      email: 'ann@example.com',
      access: 'real-access',
      refresh: 'real-refresh',
      user: registered,
    });
    const { dispatched } = await run(startSession);
    expect(server.history.post[0].headers?.Authorization).toBe('Bearer guest-access');
    expect(dispatched[0]).toEqual(signedIn({ user: registered }));
    expect(readAccessToken()).toBe('real-access');
    expect(localStorage.getItem('is_guest')).toBeNull();
    expect(readCookie('guest_id')).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('swallows a failed verification and continues with the normal start', async () => {
    window.history.replaceState(null, '', '/?magic-link-auth=expired');
    server.onPost('/auth/magic-link/verify/').reply(400, { detail: 'expired' });
    server.onPost('/user/signup/').reply(200, { access: 'ga', refresh: 'gr', user: user({ is_guest: true }) });
    const { types } = await run(startSession);
    expect(types).toContain(guestCreated.type);
    expect(window.location.search).toBe('');
  });
});

describe('the public profile poll', () => {
  const flags = { paying: false, registered: true, verified: true, has_active_subs: false };

  it('posts the user’s id to the public-view lookup and records new flags', async () => {
    const feed = new MockAdapter(feedClient());
    feed.onPost('/user/public-view/').reply(200, flags);
    const { dispatched } = await run(pollPublicProfileOnce, { user: user() });
    expect(JSON.parse(feed.history.post[0].data)).toEqual({ id: 7 });
    expect(dispatched).toEqual([{ type: 'session/profileFlagsReceived', payload: flags }]);
    feed.restore();
  });

  it('reads the profile again when the flags change and reports a new balance and Gold status', async () => {
    server.onGet('/users/profile/').reply(200, user({ coin_balance: 60, is_gold_member: true }));
    const { dispatched } = await run(refreshProfile, { user: user(), balance: 10, isGold: false });
    expect(dispatched.map((a) => a.type)).toEqual([userUpdated.type, balanceChanged.type, goldStatusChanged.type]);
    expect(dispatched[1].payload).toEqual({ balance: 60, reason: 'sync' });
  });

  it('asks the feed for no transport retries: the next poll is the retry', async () => {
    const feed = new MockAdapter(feedClient());
    feed.onPost('/user/public-view/').reply(500);
    const { result } = await run(pollPublicProfileOnce, { user: user() });
    expect(result).toEqual({ ok: false, retryAfterMs: undefined });
    expect(feed.history.post).toHaveLength(1);
    expect(feed.history.post[0]).toMatchObject({ maxRetries: 0 });
    feed.restore();
  });

  it('polls every 2 s while the lookup answers, and backs off 4 s, 8 s … up to a minute while it fails', () => {
    expect(nextPollDelay(0)).toBe(2_000);
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => nextPollDelay(failures))).toEqual([
      4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('never polls a refusing lookup again before the Retry-After it gave', () => {
    expect(nextPollDelay(1, 90_000)).toBe(90_000);
    expect(nextPollDelay(1, 1_000)).toBe(4_000);
  });

  it('tells changed flags from equal ones', () => {
    expect(flagsDiffer(null, flags)).toBe(true);
    expect(flagsDiffer(flags, { ...flags })).toBe(false);
    expect(flagsDiffer(flags, { ...flags, paying: true })).toBe(true);
  });
});

describe('the language of an account that signs in', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  const signIn = (account: User) =>
    run(storeAuthentication, {}, authenticated({ access: 'a', refresh: 'r', user: account }));

  it('switches the page to the language saved on the account', async () => {
    expect(currentLanguage()).toBe('en');
    await signIn(user({ language: 'ru' }));
    expect(currentLanguage()).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
  });

  it('keeps the page language when the account has none saved', async () => {
    await setLanguage('ru');
    await signIn(user({ language: null }));
    expect(currentLanguage()).toBe('ru');
    await signIn(user());
    expect(currentLanguage()).toBe('ru');
  });
});
