import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN } from '../constants';
import { setLanguage } from '../i18n/i18n';
import { readStored, writeStored } from '../storage/local-storage';
import { readAccessToken, readRefreshToken, storeTokens } from '../storage/tokens';
import { authorize, createApiClient, onAuthLost } from './api-client';
import { fetchCoinBalance } from './coin-balance';
import { manualClock } from './manual-clock';
import { fetchProfile, USER_NOT_FOUND_MESSAGE } from './profile';
import { createTransportPolicy } from './transport-policy';

const request = (extra: Partial<InternalAxiosRequestConfig> = {}) =>
  authorize({ headers: new AxiosHeaders({ Authorization: 'Token static' }), ...extra } as InternalAxiosRequestConfig);

const hosts = {
  cdnHost: 'https://cdn.example.com',
  storageHost: 'https://storage.example.com',
  productHost: 'https://cliffhanger.example.com',
  pageOrigin: 'http://localhost',
};

/** A client on a clock of its own (waits are exact and instant), its retry waits recorded, a mock server behind it. */
function setup() {
  const delays: number[] = [];
  const clock = manualClock();
  const client = createApiClient({
    baseURL: '/api',
    policy: createTransportPolicy(clock),
    sleep: (ms) => {
      delays.push(ms);
      return clock.sleep(ms);
    },
    mediaHosts: () => hosts,
  });
  const server = new MockAdapter(client);
  return { client, server, delays, clock };
}

beforeEach(() => localStorage.clear());

describe('the main API client', () => {
  it('uses base /api, a 60 s timeout and no cookies', () => {
    const client = createApiClient();
    expect(client.defaults.baseURL).toBe('/api');
    expect(client.defaults.timeout).toBe(60_000);
    expect(client.defaults.withCredentials).toBe(false);
    expect(client.defaults.headers['Content-Type']).toBe('application/json');
  });

  it('sends the static Token header when no user token is stored', () => {
    expect(request().headers.get('Authorization')).toBe('Token static');
  });

  it('replaces the static header with Bearer from the stored access token', () => {
    storeTokens('user-token');
    expect(request().headers.get('Authorization')).toBe('Bearer user-token');
  });

  it('never sends a bypass token as the authorization header', () => {
    storeTokens('bypass_token_123');
    expect(request().headers.get('Authorization')).toBe('Token static');
  });

  it('asks for answers in the language the page shows', async () => {
    const { client, server } = setup();
    const asked: unknown[] = [];
    server.onGet('/series/').reply((config) => {
      asked.push(config.headers?.['Accept-Language']);
      return [200, {}];
    });
    await client.get('/series/');
    await setLanguage('ru');
    try {
      await client.get('/series/');
    } finally {
      await setLanguage('en');
    }
    expect(asked).toEqual(['en', 'ru']);
  });

  it('keeps a request’s own Token header', () => {
    storeTokens('user-token');
    expect(request({ staticToken: true }).headers.get('Authorization')).toBe('Token static');
  });

  it('names this browser’s device on every request, the same id each time, even on a guest signup', () => {
    const first = request({ staticToken: true }).headers.get(DEVICE_ID_HEADER);
    expect(first).toMatch(DEVICE_ID_PATTERN);
    expect(request().headers.get(DEVICE_ID_HEADER)).toBe(first);
    expect(readStored('device_id')).toBe(first);
  });

  it('makes a new device id when the stored one is not a valid id', () => {
    localStorage.setItem('device_id', JSON.stringify('bad id!'));
    expect(request().headers.get(DEVICE_ID_HEADER)).toMatch(DEVICE_ID_PATTERN);
  });
});

describe('media address rewriting on answers', () => {
  it('rewrites content-delivery addresses to the storage host on the media fields only', async () => {
    const { client, server } = setup();
    server.onGet('/series/1/').reply(200, {
      cover_image: 'https://cdn.example.com/covers/1.webp',
      title: 'https://cdn.example.com/not-a-media-field',
      seasons: [{ thumbnail: 'https://cdn.example.com/t.jpg' }],
    });
    const { data } = await client.get('/series/1/');
    expect(data.cover_image).toBe('https://storage.example.com/covers/1.webp');
    expect(data.title).toBe('https://cdn.example.com/not-a-media-field');
    expect(data.seasons[0].thumbnail).toBe('https://storage.example.com/t.jpg');
  });

  it('prefixes /media/ and /thumbnails/ paths with the product host', async () => {
    const { client, server } = setup();
    server.onGet('/episodes/1/').reply(200, { video_url: '/media/e1/master.m3u8', thumbnail: '/thumbnails/e1.jpg' });
    const { data } = await client.get('/episodes/1/');
    expect(data.video_url).toBe('https://cliffhanger.example.com/media/e1/master.m3u8');
    expect(data.thumbnail).toBe('https://cliffhanger.example.com/thumbnails/e1.jpg');
  });
});

describe('404 fallbacks per endpoint', () => {
  it('answers a 404 profile with empty data and status 404, which the profile step reports as "User not found"', async () => {
    const { client, server } = setup();
    server.onGet('/users/profile/').reply(404, { detail: 'gone' });
    const response = await client.get('/users/profile/');
    expect(response.status).toBe(404);
    expect(response.data).toBeNull();
    await expect(fetchProfile(client)).rejects.toThrow(USER_NOT_FOUND_MESSAGE);
  });

  it.each(['/users/continue-watching/', '/users/watch-history/'])(
    'answers a 404 on %s with an empty list and status 200',
    async (path) => {
      const { client, server } = setup();
      server.onGet(path).reply(404);
      const response = await client.get(path);
      expect(response.status).toBe(200);
      expect(response.data).toEqual([]);
    },
  );

  it('answers a 404 coin balance with balance 0 and status 200', async () => {
    const { client, server } = setup();
    server.onGet('/users/coins/balance/').reply(404);
    const response = await client.get('/users/coins/balance/');
    expect(response).toMatchObject({ status: 200, data: { balance: 0 } });
  });

  it('answers a 404 active subscription with none', async () => {
    const { client, server } = setup();
    server.onGet('/subscriptions/active/').reply(404);
    const response = await client.get('/subscriptions/active/');
    expect(response.status).toBe(200);
    expect(response.data).toBeNull();
  });

  it('passes other 4xx answers on as errors', async () => {
    const { client, server } = setup();
    server.onGet('/series/5/').reply(404, { detail: 'Series not found' });
    server.onPost('/episodes/1/unlock/').reply(402, { detail: 'Not enough coins' });
    await expect(client.get('/series/5/')).rejects.toMatchObject({ response: { status: 404 } });
    await expect(client.post('/episodes/1/unlock/')).rejects.toMatchObject({ response: { status: 402 } });
  });
});

describe('retries', () => {
  it.each([502, 503, 504])('retries a %s up to 3 times, waiting 1 s × the attempt number', async (status) => {
    const { client, server, delays } = setup();
    server.onGet('/series/').reply(status);
    await expect(client.get('/series/')).rejects.toMatchObject({ response: { status } });
    expect(server.history.get).toHaveLength(4);
    expect(delays).toEqual([1_000, 2_000, 3_000]);
  });

  it('retries a time-out up to 3 times, then passes it on', async () => {
    const { client, server, delays } = setup();
    server.onGet('/series/').timeout();
    await expect(client.get('/series/')).rejects.toMatchObject({ code: 'ECONNABORTED' });
    expect(delays).toEqual([1_000, 2_000, 3_000]);
  });

  it('recovers when a retry succeeds', async () => {
    const { client, server } = setup();
    server
      .onGet('/series/')
      .replyOnce(503)
      .onGet('/series/')
      .replyOnce(200, { results: [1], count: 1 });
    await expect(client.get('/series/')).resolves.toMatchObject({ data: { results: [1] } });
  });

  it('retries a network error, then treats the missing answer (CORS or status 0) as empty data with status 200', async () => {
    const { client, server, delays } = setup();
    server.onGet('/categories/').networkError();
    const response = await client.get('/categories/');
    expect(delays).toEqual([1_000, 2_000, 3_000]);
    expect(response.status).toBe(200);
    expect(response.data).toBeNull();
  });

  it('retries an HTTP/2 protocol error with growing delays, then answers an empty results list', async () => {
    const { client, server, delays } = setup();
    server
      .onGet('/series/')
      .reply((config) =>
        Promise.reject(new AxiosError('net::ERR_HTTP2_PROTOCOL_ERROR', 'ERR_HTTP2_PROTOCOL_ERROR', config as never)),
      );
    const response = await client.get('/series/');
    expect(delays).toEqual([1_000, 2_000, 3_000]);
    expect(response).toMatchObject({ status: 200, data: { results: [], count: 0 } });
  });
});

describe('401 and the token refresh', () => {
  it('refreshes once with the refresh token and replays the request', async () => {
    const { client, server } = setup();
    storeTokens('old-access', 'refresh-1');
    server.onPost('/auth/token/refresh/', { refresh: 'refresh-1' }).reply(200, { access: 'new-access' });
    server
      .onGet('/users/profile/')
      .reply((config) => (config.headers?.Authorization === 'Bearer new-access' ? [200, { id: 1 }] : [401]));
    await expect(client.get('/users/profile/')).resolves.toMatchObject({ data: { id: 1 } });
    expect(readAccessToken()).toBe('new-access');
    expect(localStorage.getItem('auth_token')).toBe('new-access');
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { client, server } = setup();
    storeTokens('old-access', 'refresh-1');
    server.onPost('/auth/token/refresh/').reply(200, { access: 'new-access', refresh: 'refresh-2' });
    server.onGet(/.*/).reply((config) => (config.headers?.Authorization === 'Bearer new-access' ? [200, {}] : [401]));
    await Promise.all([client.get('/a/'), client.get('/b/'), client.get('/c/')]);
    expect(server.history.post.filter((call) => call.url === '/auth/token/refresh/')).toHaveLength(1);
    expect(readRefreshToken()).toBe('refresh-2');
  });

  it('clears the tokens and passes the 401 on when no refresh token is stored', async () => {
    const { client, server } = setup();
    storeTokens('old-access');
    const lost = jest.fn();
    const stop = onAuthLost(lost);
    server.onGet('/users/profile/').reply(401);
    await expect(client.get('/users/profile/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(readAccessToken()).toBeNull();
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });

  it('clears the tokens and passes the 401 on when the refresh fails', async () => {
    const { client, server } = setup();
    storeTokens('old-access', 'refresh-1');
    server.onPost('/auth/token/refresh/').reply(401);
    server.onGet('/users/profile/').reply(401);
    await expect(client.get('/users/profile/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(readAccessToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
  });
});

describe('a refused sign-in', () => {
  it('is sent once: its 401 is a wrong password, not an expired session to refresh and replay', async () => {
    const { client, server } = setup();
    storeTokens('guest-access', 'guest-refresh');
    server.onPost('/auth/token/refresh/').reply(200, { access: 'new-access' });
    server.onPost('/auth/login/').reply(401, { message: 'Invalid e-mail or password' });
    await expect(client.post('/auth/login/', { email: 'a@b.co', password: 'wrong' })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(server.history.post.map((call) => call.url)).toEqual(['/auth/login/']);
    // The guest's own session stays as it was.
    expect(readAccessToken()).toBe('guest-access');
    expect(readRefreshToken()).toBe('guest-refresh');
  });
});

describe('the coin balance three-step fallback', () => {
  it('reads /users/coins/balance/ first and remembers the answer', async () => {
    const { client, server } = setup();
    server.onGet('/users/coins/balance/').reply(200, { balance: 42 });
    await expect(fetchCoinBalance(client)).resolves.toBe(42);
    expect(readStored('coin_balance')).toBe(42);
  });

  it('falls back to /coins/balance/ when the first call fails', async () => {
    const { client, server } = setup();
    server.onGet('/users/coins/balance/').reply(500);
    server.onGet('/coins/balance/').reply(200, { balance: 7 });
    await expect(fetchCoinBalance(client)).resolves.toBe(7);
  });

  it('falls back to the stored coin_balance when both calls fail', async () => {
    const { client, server } = setup();
    writeStored('coin_balance', 15);
    server.onGet('/users/coins/balance/').reply(500);
    server.onGet('/coins/balance/').reply(403);
    await expect(fetchCoinBalance(client)).resolves.toBe(15);
  });
});
