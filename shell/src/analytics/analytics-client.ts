/**
 * The analytics adapter around `amplitude-js` (§7, §9). The library is imported only when `start()`
 * is called (after the first screen) and only when a key is configured, so it costs nothing on the
 * first screen and nothing at all without a key. Calls made before `start()` wait in a queue; calls
 * after a start without a key (or a failed load) warn once per action and do nothing (§5). Nothing in
 * here ever throws into the caller.
 */
import {
  ANALYTICS_EMPTY_VALUE,
  ANALYTICS_SESSION_TIMEOUT_MS,
  analyticsUserId,
  analyticsUserProperties,
  type RevenueInput,
  revenuePayload,
  type User,
} from '@cliffhanger/shared';
import type { AmplitudeClient, Config } from 'amplitude-js';

type Action = 'track' | 'identify' | 'revenue';
type Call = (client: AmplitudeClient, library: AmplitudeLibrary) => void;
type AmplitudeLibrary = typeof import('amplitude-js');

/**
 * amplitude-js takes its endpoint as host and path without the scheme and picks the scheme itself:
 * a relative endpoint is served by this page's host, over this page's scheme.
 */
export function amplitudeEndpoint(endpoint: string, location: Pick<Location, 'host' | 'protocol'>) {
  const absolute = /^https?:\/\//i.test(endpoint);
  const url = absolute ? new URL(endpoint) : null;
  return {
    apiEndpoint: url
      ? `${url.host}${url.pathname}`
      : `${location.host}${endpoint.startsWith('/') ? '' : '/'}${endpoint}`,
    forceHttps: url ? url.protocol === 'https:' : location.protocol === 'https:',
  };
}

export function amplitudeOptions(endpoint: string, location: Pick<Location, 'host' | 'protocol'>): Config {
  return {
    ...amplitudeEndpoint(endpoint, location),
    sessionTimeout: ANALYTICS_SESSION_TIMEOUT_MS,
    includeUtm: true,
    includeReferrer: true,
    saveEvents: true,
    logLevel: 'WARN',
  };
}

export class Analytics {
  private state: 'waiting' | 'loading' | 'ready' | 'off' = 'waiting';
  private client: AmplitudeClient | null = null;
  private library: AmplitudeLibrary | null = null;
  private queue: Call[] = [];
  private warned = new Set<Action>();

  constructor(
    private readonly load: () => Promise<AmplitudeLibrary> = () =>
      import(/* webpackChunkName: "amplitude" */ 'amplitude-js').then((m) => (m.default ?? m) as AmplitudeLibrary),
  ) {}

  /** Loads and initialises the library; without a key analytics stays off. */
  async start(
    config: { apiKey: string; endpoint: string },
    location: Pick<Location, 'host' | 'protocol'> = window.location,
  ) {
    if (this.state !== 'waiting') return;
    if (!config.apiKey) {
      this.state = 'off';
      this.flush();
      return;
    }
    this.state = 'loading';
    try {
      const library = await this.load();
      const client = library.getInstance();
      client.init(config.apiKey, undefined, amplitudeOptions(config.endpoint, location));
      this.client = client;
      this.library = library;
      this.state = 'ready';
    } catch (error) {
      console.warn('[cliffhanger] analytics could not start', error);
      this.state = 'off';
    }
    this.flush();
  }

  track(event: string, properties?: Record<string, unknown>) {
    this.run('track', (client) => client.logEvent(event, properties));
  }

  identify(user: User | null) {
    this.run('identify', (client, library) => {
      client.setUserId(user ? analyticsUserId(user) : null);
      const identify = new library.Identify();
      for (const [key, value] of Object.entries(analyticsUserProperties(user))) identify.set(key, value as string);
      client.identify(identify);
    });
  }

  revenue(input: RevenueInput) {
    this.run('revenue', (client, library) => {
      const payload = revenuePayload(input);
      const revenue = new library.Revenue()
        .setPrice(payload.price)
        .setQuantity(payload.quantity)
        .setProductId(payload.productId || ANALYTICS_EMPTY_VALUE);
      client.logRevenueV2(revenue);
    });
  }

  private run(action: Action, call: Call) {
    if (this.state === 'waiting' || this.state === 'loading') {
      this.queue.push(call);
      return;
    }
    if (this.state === 'off' || !this.client || !this.library) {
      if (!this.warned.has(action)) {
        this.warned.add(action);
        console.warn(`[cliffhanger] analytics is not initialised: ${action} was not sent`);
      }
      return;
    }
    try {
      call(this.client, this.library);
    } catch (error) {
      console.warn(`[cliffhanger] analytics ${action} failed`, error);
    }
  }

  private flush() {
    const queued = this.queue;
    this.queue = [];
    for (const call of queued) {
      if (this.client && this.library) this.run('track', call);
      else if (!this.warned.has('track')) {
        this.warned.add('track');
        console.warn('[cliffhanger] analytics is not initialised: queued events were not sent');
      }
    }
  }
}

/** The page's one adapter. */
export const analytics = new Analytics();
