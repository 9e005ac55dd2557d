import { ANALYTICS_EVENTS, signedIn, track, type User } from '@cliffhanger/shared';
import { runSaga, stdChannel } from 'redux-saga';
import { analyticsSaga, firstScreenShown } from './analytics.saga';
import { Analytics, amplitudeEndpoint, amplitudeOptions, FIRST_PARTY_INSTANCE } from './analytics-client';

const sinks = (apiKey: string, endpoint = '/e') => ({
  apiKey,
  endpoint,
  firstPartyEndpoint: '/api/analytics/events',
  firstPartyKey: 'cliffhanger-web',
});

function fakeClient() {
  return {
    init: jest.fn(),
    logEvent: jest.fn(),
    setUserId: jest.fn(),
    identify: jest.fn(),
    logRevenueV2: jest.fn(),
    sendEvents: jest.fn(),
  };
}

function fakeAmplitude() {
  /** Amplitude's default instance (only with a key) and our own sink's named instance. */
  const client = fakeClient();
  const ours = fakeClient();
  class Identify {
    props: Record<string, unknown> = {};
    set(key: string, value: unknown) {
      this.props[key] = value;
      return this;
    }
  }
  class Revenue {
    fields: Record<string, unknown> = {};
    setPrice(v: number) {
      this.fields.price = v;
      return this;
    }
    setQuantity(v: number) {
      this.fields.quantity = v;
      return this;
    }
    setProductId(v: string) {
      this.fields.productId = v;
      return this;
    }
  }
  const getInstance = (name?: string) => (name === FIRST_PARTY_INSTANCE ? ours : client);
  const library = { getInstance, Identify, Revenue };
  return { client, ours, load: jest.fn(async () => library as never) };
}

const location = { host: 'cliffhanger.test', protocol: 'https:' };

afterEach(() => jest.restoreAllMocks());

describe('the analytics adapter', () => {
  it('sends to /api/analytics/events on this host by default, and to a configured endpoint', () => {
    expect(amplitudeEndpoint('/api/analytics/events', location)).toEqual({
      apiEndpoint: 'cliffhanger.test/api/analytics/events',
      forceHttps: true,
    });
    expect(amplitudeEndpoint('http://collector.local/e', location)).toEqual({
      apiEndpoint: 'collector.local/e',
      forceHttps: false,
    });
  });

  it('tracks sessions with a session timeout', () => {
    expect(amplitudeOptions('/e', location).sessionTimeout).toBe(30 * 60_000);
  });

  it('sends every event to our own event store when no Amplitude key is configured', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, ours, load } = fakeAmplitude();
    const analytics = new Analytics(load);
    analytics.track('1.1 Home Viewed', { queued: true });
    await analytics.start(sinks(''), location);
    analytics.track('3.2 Episode Started', { episode_id: 3 });
    expect(ours.init).toHaveBeenCalledWith(
      'cliffhanger-web',
      undefined,
      expect.objectContaining({ apiEndpoint: 'cliffhanger.test/api/analytics/events', batchEvents: true }),
    );
    expect(ours.logEvent.mock.calls).toEqual([
      ['1.1 Home Viewed', { queued: true }],
      ['3.2 Episode Started', { episode_id: 3 }],
    ]);
    expect(client.init).not.toHaveBeenCalled();
    expect(client.logEvent).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends what is left with the page when it is hidden, so closing a tab loses nothing', async () => {
    const { ours, load } = fakeAmplitude();
    const analytics = new Analytics(load);
    await analytics.start(sinks(''), location);
    const options = ours.init.mock.calls[0][2] as { onExitPage: () => void };
    options.onExitPage();
    expect(ours.sendEvents).toHaveBeenCalledTimes(1);
  });

  it('loads the library only on start and sends what was queued before to both sinks with a key', async () => {
    const { client, ours, load } = fakeAmplitude();
    const analytics = new Analytics(load);
    analytics.track('1.1 Home Viewed', { a: 1 });
    expect(load).not.toHaveBeenCalled();
    await analytics.start(sinks('key', 'https://api.amplitude.com'), location);
    expect(client.init).toHaveBeenCalledWith(
      'key',
      undefined,
      expect.objectContaining({ apiEndpoint: 'api.amplitude.com', forceHttps: true }),
    );
    expect(client.logEvent).toHaveBeenCalledWith('1.1 Home Viewed', { a: 1 });
    expect(ours.logEvent).toHaveBeenCalledWith('1.1 Home Viewed', { a: 1 });
  });

  it('sends the user id and the properties email, username, premium and staff', async () => {
    const { client, load } = fakeAmplitude();
    const analytics = new Analytics(load);
    await analytics.start(sinks('key'), location);
    analytics.identify({ id: 4, email: 'a@b.c', username: 'ann', is_gold_member: true, is_staff: false } as User);
    expect(client.setUserId).toHaveBeenCalledWith('4');
    expect(client.identify.mock.calls[0][0].props).toEqual({
      email: 'a@b.c',
      username: 'ann',
      premium: true,
      staff: false,
    });
  });

  it('sends revenue as price, quantity and product id', async () => {
    const { client, load } = fakeAmplitude();
    const analytics = new Analytics(load);
    await analytics.start(sinks('key'), location);
    analytics.revenue({ price: 2.5, quantity: 3, productId: 'pack-100' });
    expect(client.logRevenueV2.mock.calls[0][0].fields).toEqual({ price: 2.5, quantity: 3, productId: 'pack-100' });
  });

  it('does not crash when the library fails to load', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const analytics = new Analytics(async () => {
      throw new Error('chunk failed');
    });
    await expect(analytics.start(sinks('key'), location)).resolves.toBeUndefined();
    expect(() => analytics.track('1.1 Home Viewed')).not.toThrow();
  });
});

describe('the analytics saga', () => {
  it('forwards analytics/track events from any remote and identifies the signed-in user', async () => {
    const { client, ours, load } = fakeAmplitude();
    const analytics = new Analytics(load);
    window.__CLIFFHANGER__ = { amplitudeApiKey: 'key', apiBaseUrl: 'https://api.cliffhanger.test/api/' };
    const channel = stdChannel();
    runSaga({ channel, dispatch: (a) => channel.put(a as never), getState: () => ({}) }, analyticsSaga, analytics);
    channel.put(track(ANALYTICS_EVENTS.episodeStarted, { episode_id: 3 }) as never);
    channel.put(firstScreenShown() as never);
    await new Promise((r) => setTimeout(r, 0));
    channel.put(signedIn({ user: { id: 8, email: 'x@y.z', username: 'x' } as User }) as never);
    expect(client.logEvent).toHaveBeenCalledWith('3.2 Episode Started', { episode_id: 3 });
    expect(client.setUserId).toHaveBeenCalledWith('8');
    // Our own store sits under the configured API address.
    expect(ours.init.mock.calls[0][2]).toEqual(
      expect.objectContaining({ apiEndpoint: 'api.cliffhanger.test/api/analytics/events' }),
    );
    expect(ours.logEvent).toHaveBeenCalledWith('3.2 Episode Started', { episode_id: 3 });
    delete window.__CLIFFHANGER__;
  });
});
