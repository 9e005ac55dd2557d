/**
 * The main API's HTTP client (product.md#requests): base `/api`, JSON, a 60 s timeout and no cookies.
 * Every request carries the static `Token` header unless a stored access token replaces it with
 * `Bearer`; a request that sets its own Token header keeps it, and a bypass token is never sent.
 * Every request also carries `Accept-Language` with the page's language, so messages come back in it.
 *
 * Every request first passes the tab's transport policy (`transport-policy.ts`): its API's gate (one
 * request at a time, backing off, while the API is in trouble; never before a `Retry-After`) and the
 * tab's request budget. The response step then applies the transport rules of product.md#requests, in
 * this order:
 *   1. 401: one refresh with the refresh token (concurrent 401s, of any client, share it), then the
 *      request is replayed; without a refresh token, or when the refresh fails, the tokens are cleared
 *      and the error passed on. A sign-in's 401 is a refused password, passed on as it is.
 *   2. Network errors, time-outs, HTTP/2 protocol errors and 502/503/504: retried up to 3 times, waiting
 *      1 s × the attempt number (and at least what a `Retry-After` asks, when that is short enough to wait).
 *   3. Then, once retries are spent: an HTTP/2 protocol error answers `{ results: [], count: 0 }`; a
 *      request that got no answer at all (a CORS refusal looks exactly like this in a browser, status 0)
 *      answers empty data with status 200.
 *   4. The per-endpoint 404 fallbacks; every other 4xx (429 included) is passed on.
 * Successful answers get their media addresses rewritten (`media-addresses.ts`).
 */
import axios, { AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
  DEVICE_ID_HEADER,
  GATE_PATIENCE_MS,
  MAX_RETRIES,
  REQUEST_TIMEOUT_MS,
  RETRY_AFTER_PATIENCE_MS,
  RETRY_DELAY_MS,
  RETRY_STATUSES,
} from '../constants';
import { currentLanguage } from '../i18n/i18n';
import { readStored, writeStored } from '../storage/local-storage';
import { clearTokens, isBypassToken, readAccessToken, readRefreshToken, storeTokens } from '../storage/tokens';
import { runtimeConfig } from './config';
import { type MediaHosts, rewriteMediaAddresses } from './media-addresses';
import {
  type GateName,
  type Outcome,
  outcomeOfStatus,
  type Ticket,
  type TransportPolicy,
  transportPolicy,
} from './transport-policy';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Keep the static `Token` header even when a user token is stored (guest signup, product.md#requests). */
    staticToken?: boolean;
    /** How many times the transport has already retried this request. */
    retryAttempt?: number;
    /** Set on a request that must not start a token refresh (the refresh itself, a replay). */
    skipAuthRefresh?: boolean;
    /** At most this many transport retries (default MAX_RETRIES): a poll's next round is its retry. */
    maxRetries?: number;
    /** The pass the transport policy gave this attempt, settled by its answer. */
    transportTicket?: Ticket;
    /** Until when the request and its retries may wait for their turn (GATE_PATIENCE_MS after the first). */
    transportDeadline?: number;
  }
}

export const TOKEN_REFRESH_PATH = '/auth/token/refresh/';

/**
 * Requests whose 401 answers the credentials they carry (a wrong password), not an expired session:
 * refreshing and replaying would send the same refused sign-in a second time.
 */
export const CREDENTIAL_CHECK_PATHS: readonly string[] = ['/auth/login/'];

function checksCredentials(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return CREDENTIAL_CHECK_PATHS.some((known) => path === known || path.endsWith(`/api${known}`));
}

/** Every request says which language the page shows, so the API answers its messages in it (issue #21). */
export function speakPageLanguage(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.headers.set('Accept-Language', currentLanguage());
  return config;
}

/**
 * This browser's device id (random, kept in storage): the API bounds free coins per device a day beside
 * per address (product.md#rewards), so viewers sharing one address are told apart.
 */
export function deviceId(): string {
  const stored = readStored('device_id');
  if (stored) return stored;
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  writeStored('device_id', made);
  return made;
}

export function authorize(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.headers.set(DEVICE_ID_HEADER, deviceId());
  if (config.staticToken) return config;
  const token = readAccessToken();
  if (token && !isBypassToken(token)) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
}

/**
 * A JSON client for one of our APIs: the request time limit, the static API token by default and the
 * signed-in viewer's bearer token in its place once there is one (both the API and the feed clients).
 */
export function createAuthorizedClient(baseURL: string): AxiosInstance {
  const client = axios.create({
    baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: false,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Token ${runtimeConfig().staticApiToken}`,
    },
  });
  client.interceptors.request.use(authorize);
  return client;
}

// ---------------------------------------------------------------------------------------------------
// Session loss: the shell listens so it can end the session in the store when the tokens are cleared.

type AuthLostListener = () => void;
const authLostListeners = new Set<AuthLostListener>();

/** Called whenever the transport clears the tokens after a failed refresh; answers an unsubscribe. */
export function onAuthLost(listener: AuthLostListener): () => void {
  authLostListeners.add(listener);
  return () => authLostListeners.delete(listener);
}

/**
 * Clears the tokens and tells the listeners, once per session lost: a request that carried no session
 * (a visitor kept only in this browser) has nothing to lose, and concurrent 401s lose it only once, so a
 * refused request never starts a new guest in a loop.
 */
function authLost(): void {
  if (!readAccessToken() && !readRefreshToken()) return;
  clearTokens();
  for (const listener of authLostListeners) listener();
}

// ---------------------------------------------------------------------------------------------------
// Classification of failures

/** The path of a request relative to the API base, without its query: 'users/profile/'. */
export function requestPath(config: Pick<InternalAxiosRequestConfig, 'url' | 'baseURL'>): string {
  let url = config.url ?? '';
  if (config.baseURL && url.startsWith(config.baseURL)) url = url.slice(config.baseURL.length);
  url = url.replace(/^https?:\/\/[^/]+/, '');
  return url.split('?')[0].replace(/^\/+/, '');
}

export function isHttp2ProtocolError(error: AxiosError): boolean {
  return /HTTP2|HTTP_2/i.test(`${error.code ?? ''} ${error.message ?? ''}`);
}

export function isTimeout(error: AxiosError): boolean {
  return error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message ?? '');
}

/** No answer at all: a dropped connection, or a CORS refusal, which a browser reports as status 0. */
export function isNoAnswer(error: AxiosError): boolean {
  return !error.response || error.response.status === 0;
}

export function isRetryable(error: AxiosError): boolean {
  if (isHttp2ProtocolError(error) || isTimeout(error)) return true;
  if (isNoAnswer(error)) return error.code !== 'ERR_CANCELED';
  return (RETRY_STATUSES as readonly number[]).includes(error.response?.status ?? -1);
}

/** The delay before retry number `attempt` (1-based): 1 s × the attempt number (product.md#requests). */
export function transportRetryDelay(attempt: number): number {
  return RETRY_DELAY_MS * attempt;
}

interface NotFoundFallback {
  path: RegExp;
  status: number;
  data: () => unknown;
}

/**
 * What a 404 answers instead of an error on the endpoints that have a fallback (product.md#requests). The profile keeps
 * its 404 status with empty data: the profile step turns it into "User not found".
 */
export const NOT_FOUND_FALLBACKS: readonly NotFoundFallback[] = [
  { path: /^users\/profile\/$/, status: 404, data: () => null },
  { path: /^users\/(continue-watching|watch-history)\/$/, status: 200, data: () => [] },
  { path: /^(users\/)?coins\/balance\/$/, status: 200, data: () => ({ balance: 0 }) },
  { path: /^subscriptions\/active\/$/, status: 200, data: () => null },
];

export function notFoundFallback(config: InternalAxiosRequestConfig): NotFoundFallback | undefined {
  if ((config.method ?? 'get').toLowerCase() !== 'get') return undefined;
  const path = requestPath(config);
  return NOT_FOUND_FALLBACKS.find((rule) => rule.path.test(path));
}

function answer<T>(config: InternalAxiosRequestConfig, status: number, data: T): AxiosResponse<T> {
  return { data, status, statusText: status === 200 ? 'OK' : 'Not Found', headers: {}, config };
}

// ---------------------------------------------------------------------------------------------------
// The transport policy on a client

/** What a failed request says about its API (transport-policy.ts): in trouble, there, or nothing. */
export function outcomeOf(error: AxiosError, now: number): Outcome {
  if (error.code === 'ERR_CANCELED') return { kind: 'none' };
  const status = isHttp2ProtocolError(error) || isTimeout(error) ? 0 : (error.response?.status ?? 0);
  return outcomeOfStatus(status, error.response?.headers?.['retry-after'], now);
}

/** The code of a request given up unsent because its API is backing off (transport-policy.ts). */
export const BACKING_OFF = 'ERR_BACKING_OFF';

export interface TransportOptions {
  gate: GateName;
  /** A policy of its own (tests); by default the tab's, looked up per request. */
  policy?: TransportPolicy;
  /** How the transport waits between retries; tests record the delays instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** The API's own rules once retries are spent: 404 fallbacks, no answer as empty data (the main API). */
  answersForFailures: boolean;
  /** The client that refreshes the tokens (the main API's); the client itself by default. */
  refresher?: () => AxiosInstance;
}

/**
 * Puts a client under the transport policy and the rules of product.md#requests (see the top of this
 * file): its requests wait for their API's gate and the tab's budget, 401s refresh once, failures that
 * may pass are retried, and the answers settle the gate.
 */
export function applyTransport(client: AxiosInstance, options: TransportOptions): AxiosInstance {
  const policy = () => options.policy ?? transportPolicy();
  const sleep = options.sleep ?? ((ms: number) => policy().clock.sleep(ms));
  const settle = (config: InternalAxiosRequestConfig | undefined, outcome: Outcome) => {
    const ticket = config?.transportTicket;
    if (!ticket || !config) return;
    config.transportTicket = undefined;
    policy().gate(options.gate).settle(ticket, outcome);
  };
  // Registered last, so it runs before the other request steps: the token is read once the wait is over.
  client.interceptors.request.use(async (config) => {
    const now = policy().clock.now();
    config.transportDeadline ??= now + GATE_PATIENCE_MS;
    const ticket = await policy().admit(options.gate, Math.max(0, config.transportDeadline - now));
    if (!ticket) throw new AxiosError('The API is backing off: the request was not sent', BACKING_OFF, config);
    config.transportTicket = ticket;
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      settle(response.config, { kind: 'answered' });
      return response;
    },
    async (error: AxiosError) => {
      const config = error.config;
      if (!config || error.code === BACKING_OFF) throw error;
      const outcome = outcomeOf(error, policy().clock.now());
      settle(config, outcome);
      const status = error.response?.status ?? 0;

      if (status === 401 && !config.skipAuthRefresh && !config.staticToken && !checksCredentials(config.url)) {
        const refresh = readRefreshToken();
        if (!refresh) {
          authLost();
          throw error;
        }
        try {
          await refreshSession(options.refresher?.() ?? client, refresh);
        } catch {
          authLost();
          throw error;
        }
        return client.request({ ...config, skipAuthRefresh: true });
      }

      const attempt = config.retryAttempt ?? 0;
      const retryAfter = outcome.kind === 'trouble' ? (outcome.retryAfterMs ?? 0) : 0;
      if (isRetryable(error) && attempt < (config.maxRetries ?? MAX_RETRIES) && retryAfter <= RETRY_AFTER_PATIENCE_MS) {
        await sleep(Math.max(transportRetryDelay(attempt + 1), retryAfter));
        return client.request({ ...config, retryAttempt: attempt + 1 });
      }
      if (!options.answersForFailures) throw error;

      if (isHttp2ProtocolError(error)) return answer(config, 200, { results: [], count: 0 });
      if (isNoAnswer(error) && !isTimeout(error) && error.code !== 'ERR_CANCELED') return answer(config, 200, null);

      if (status === 404) {
        const fallback = notFoundFallback(config);
        if (fallback) return answer(config, fallback.status, fallback.data());
      }
      throw error;
    },
  );
  return client;
}

// One refresh at a time for the whole page: every 401 that arrives while it runs, from any client,
// waits for the same answer.
let refreshing: Promise<void> | null = null;

function refreshSession(client: AxiosInstance, refresh: string): Promise<void> {
  refreshing ??= client
    .post<{ access: string; refresh?: string }>(
      TOKEN_REFRESH_PATH,
      { refresh },
      { staticToken: true, skipAuthRefresh: true },
    )
    .then(({ data }) => {
      if (!data?.access) throw new Error('The token refresh answered no access token');
      storeTokens(data.access, data.refresh);
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

// ---------------------------------------------------------------------------------------------------
// The client

export interface ApiClientOptions {
  baseURL?: string;
  /** How the transport waits between retries; tests record the delays instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** The hosts for media address rewriting, read per answer so a late runtime config applies. */
  mediaHosts?: () => MediaHosts;
  /** The tab's transport policy; tests give one with a clock of their own. */
  policy?: TransportPolicy;
}

export function defaultMediaHosts(): MediaHosts {
  const config = runtimeConfig();
  return {
    cdnHost: config.cdnHost,
    storageHost: config.storageHost,
    productHost: config.productHost,
    pageOrigin: typeof window !== 'undefined' ? window.location.origin : config.productHost,
  };
}

export function createApiClient(options: ApiClientOptions | string = {}): AxiosInstance {
  const {
    baseURL = runtimeConfig().apiBaseUrl,
    policy,
    sleep,
    mediaHosts = defaultMediaHosts,
  } = typeof options === 'string' ? { baseURL: options } : options;
  const client = createAuthorizedClient(baseURL);
  client.interceptors.request.use(speakPageLanguage);
  client.interceptors.response.use((response) => {
    response.data = rewriteMediaAddresses(response.data, mediaHosts());
    return response;
  });
  return applyTransport(client, { gate: 'api', policy, sleep, answersForFailures: true });
}

let shared: AxiosInstance | null = null;

/** The one main-API client of the page, shared by every remote through the `shared` singleton. */
export function apiClient(): AxiosInstance {
  shared ??= createApiClient();
  return shared;
}
