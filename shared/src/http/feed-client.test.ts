import MockAdapter from 'axios-mock-adapter';
import { writeStored } from '../storage/local-storage';
import { storeTokens } from '../storage/tokens';
import { createFeedClient, FEED_REQUEST_FAILED_MESSAGE, feedRequest } from './feed-client';

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

  it('raises "API request failed" with the status text on errors', async () => {
    const client = createFeedClient('/feed-api');
    const server = new MockAdapter(client);
    server.onPost('/series/detail/').reply(() => [503, {}, {}]);
    const failure = feedRequest('/series/detail/', { series_id: 1 }, { client, userId: 4 });
    await expect(failure).rejects.toThrow(FEED_REQUEST_FAILED_MESSAGE);
    await expect(failure).rejects.toMatchObject({ status: 503 });
  });
});
