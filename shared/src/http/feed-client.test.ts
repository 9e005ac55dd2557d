import MockAdapter from 'axios-mock-adapter';
import { writeStored } from '../storage/local-storage';
import { storeTokens } from '../storage/tokens';
import { apiClient } from './api-client';
import { createFeedClient, FEED_REQUEST_FAILED_MESSAGE, feedRequest } from './feed-client';
import { manualClock } from './manual-clock';
import { createTransportPolicy } from './transport-policy';

beforeEach(() => localStorage.clear());

describe('the media-feed client', () => {
  it('POSTs with the token header and the stored user’s id in the body', async () => {
    const client = createFeedClient('/feed-api');
    const server = new MockAdapter(client);
    storeTokens('user-token');
    writeStored('user', { id: 31 } as never);
    server.onPost('/coin/status/').reply(200, { balance: 9 });
    await expect(feedRequest('/coin/status/', {}, { client })).resolves.toEqual({ balance: 9 });
    const call = server.history.post[0];
    expect(JSON.parse(call.data)).toEqual({ id: 31 });
    expect(call.headers?.Authorization).toBe('Bearer user-token');
  });

  it('raises "API request failed" with the status text once the transport’s 3 retries are spent', async () => {
    const clock = manualClock();
    const client = createFeedClient('/feed-api', createTransportPolicy(clock));
    const server = new MockAdapter(client);
    server.onPost('/series/detail/').reply(() => [503, {}, {}]);
    const failure = feedRequest('/series/detail/', { series_id: 1 }, { client, userId: 4 });
    await expect(failure).rejects.toThrow(FEED_REQUEST_FAILED_MESSAGE);
    await expect(failure).rejects.toMatchObject({ status: 503 });
    expect(server.history.post).toHaveLength(4);
    expect(clock.sleeps.filter((ms) => ms >= 1_000)).toEqual([1_000, 2_000, 3_000]);
  });

  it('says how long a refusing feed asked to be left alone, and a poll can ask for no retries', async () => {
    const client = createFeedClient('/feed-api', createTransportPolicy(manualClock()));
    const server = new MockAdapter(client);
    server.onPost('/user/public-view/').reply(() => [429, {}, { 'retry-after': '30' }]);
    const failure = feedRequest('/user/public-view/', {}, { client, userId: 4, maxRetries: 0 });
    await expect(failure).rejects.toMatchObject({ status: 429, retryAfterMs: 30_000 });
    expect(server.history.post).toHaveLength(1);
  });

  it('refreshes an expired session once through the main API and replays the call', async () => {
    const client = createFeedClient('/feed-api', createTransportPolicy(manualClock()));
    const server = new MockAdapter(client);
    storeTokens('old-access', 'refresh-1');
    const main = new MockAdapter(apiClient());
    main.onPost('/auth/token/refresh/').reply(200, { access: 'new-access' });
    server
      .onPost('/user/public-view/')
      .reply((config) => (config.headers?.Authorization === 'Bearer new-access' ? [200, { ok: true }] : [401]));
    await expect(feedRequest('/user/public-view/', {}, { client, userId: 4 })).resolves.toEqual({ ok: true });
    expect(main.history.post).toHaveLength(1);
    main.restore();
  });
});
