/**
 * The analytics adapter around `amplitude-js` (product.md#events), with two sinks:
 * - **first party**, always: every event goes to our own event store (`<api>/analytics/events`), which
 *   feeds the staff dashboard and analytics. Uploads are batched, unsent events wait in local storage and
 *   are retried, and when the page is hidden what is left goes out with `sendBeacon`, so closing a tab
 *   loses nothing. It needs no key.
 * - **Amplitude**, only when a key is configured: the same events, to Amplitude (or its configured
 *   endpoint).
 * The library is imported only when `start()` is called (after the first screen), so it costs nothing on
 * the first screen. Calls made before `start()` wait in a queue. Nothing in here ever throws into the
 * caller; a library that fails to load warns once per action.
 */
import {
  ANALYTICS_EMPTY_VALUE,
  ANALYTICS_SESSION_TIMEOUT_MS,
  analyticsUserId,
  analyticsUserProperties,
  FIRST_PARTY_ANALYTICS_BATCH,
  FIRST_PARTY_ANALYTICS_UPLOAD_MS,
  type RevenueInput,
  revenuePayload,
  type User,
} from '@cliffhanger/shared';
import type { AmplitudeClient, Config } from 'amplitude-js';

type Action = 'track' | 'identify' | 'revenue';
type Call = (client: AmplitudeClient, library: AmplitudeLibrary) => void;
type AmplitudeLibrary = typeof import('amplitude-js');
/** amplitude-js 8 has `sendEvents()` (upload now); its type definitions leave it out. */
type Flushable = AmplitudeClient & { sendEvents(): void };

/** The amplitude-js instance name of our own sink (the key it sends only names the source). */
export const FIRST_PARTY_INSTANCE = 'first-party';

/**
 * amplitude-js takes its endpoint as host and path without the scheme and picks the scheme itself:
 * a relative endpoint is served by this page's host, over this page's scheme.
 */
export function amplitudeEndpoint(endpoint: string, location: Pick<Location, 'host' | 'protocol'>) {
  const absolute = /^https?:\/\//i.test(endpoint);
  const url = absolute ? new URL(endpoint) : null;
  return {
    apiEndpoint: url
      ? `${url.host}${url.pathname === '/' ? '' : url.pathname}`
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

/** Our own sink: batched uploads, and what is left is sent with `sendBeacon` when the page goes away. */
export function firstPartyOptions(
  endpoint: string,
  location: Pick<Location, 'host' | 'protocol'>,
  flush: () => void,
): Config {
  return {
    ...amplitudeOptions(endpoint, location),
    batchEvents: true,
    eventUploadPeriodMillis: FIRST_PARTY_ANALYTICS_UPLOAD_MS,
    eventUploadThreshold: FIRST_PARTY_ANALYTICS_BATCH,
    // amplitude-js switches to the beacon transport while this runs on `pagehide`.
    onExitPage: flush,
  };
}

export interface AnalyticsStartConfig {
  /** Amplitude's key; empty means our own sink only. */
  apiKey: string;
  /** Where Amplitude events go when a key is set. */
  endpoint: string;
  /** Our own event store (absolute or relative to this page). */
  firstPartyEndpoint: string;
  /** Names the source in our store (the public static token); never a secret. */
  firstPartyKey: string;
}

export class Analytics {
  private state: 'waiting' | 'loading' | 'ready' | 'off' = 'waiting';
  private clients: AmplitudeClient[] = [];
  private library: AmplitudeLibrary | null = null;
  private queue: Array<{ action: Action; call: Call }> = [];
  private warned = new Set<Action>();

  constructor(
    private readonly load: () => Promise<AmplitudeLibrary> = () =>
      import(/* webpackChunkName: "amplitude" */ 'amplitude-js').then((m) => (m.default ?? m) as AmplitudeLibrary),
  ) {}

  /** Loads the library and starts our own sink, and Amplitude's when a key is configured. */
  async start(config: AnalyticsStartConfig, location: Pick<Location, 'host' | 'protocol'> = window.location) {
    if (this.state !== 'waiting') return;
    this.state = 'loading';
    try {
      const library = await this.load();
      const ours = library.getInstance(FIRST_PARTY_INSTANCE);
      ours.init(
        config.firstPartyKey,
        undefined,
        firstPartyOptions(config.firstPartyEndpoint, location, () => (ours as Flushable).sendEvents()),
      );
      const clients = [ours];
      if (config.apiKey) {
        const amplitude = library.getInstance();
        amplitude.init(config.apiKey, undefined, amplitudeOptions(config.endpoint, location));
        clients.push(amplitude);
      }
      this.clients = clients;
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
      this.queue.push({ action, call });
      return;
    }
    if (this.state === 'off' || !this.library || this.clients.length === 0) {
      if (!this.warned.has(action)) {
        this.warned.add(action);
        console.warn(`[cliffhanger] analytics could not start: ${action} was not sent`);
      }
      return;
    }
    for (const client of this.clients) {
      try {
        call(client, this.library);
      } catch (error) {
        console.warn(`[cliffhanger] analytics ${action} failed`, error);
      }
    }
  }

  private flush() {
    const queued = this.queue;
    this.queue = [];
    for (const { action, call } of queued) this.run(action, call);
  }
}

/** The page's one adapter. */
export const analytics = new Analytics();
