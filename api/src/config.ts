/**
 * The API's configuration: one typed object built once from the environment (`configFromEnv`) and
 * passed to `buildApp`. Tests build it directly (`testConfig` in test/support) so nothing reads
 * `process.env` behind their back. Every variable read here is listed in api/ENV.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { STAFF_GRANT_LIMIT } from '@cliffhanger/shared/constants';

export type DatabaseConfig =
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; connectionString: string; schema?: string };

export interface MailConfig {
  /** `smtp://user:pass@host:port` (or smtps://). Without it mail goes to the outbox file. */
  smtpUrl: string | null;
  from: string;
  /** JSON-lines file the outbox appends to when no SMTP server is configured. */
  outboxPath: string;
}

export interface PasswordHashConfig {
  /** argon2id cost; tests lower it, production keeps the library defaults. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * The API's request limits (http/rate-limit.ts). A request with a valid access token counts against its
 * user wherever it comes from; only requests without one count against their client address, so a
 * crowd behind one address (a carrier's CGNAT, an office) is never refused for sharing it.
 */
export interface RateLimitConfig {
  /** Requests per minute per client address without a valid access token, across /api and /feed-api. */
  anonymousPerMinute: number;
  /** Requests per minute per signed-in user (a valid access token), from any number of tabs and addresses. */
  userPerMinute: number;
  /** Requests per minute per client address on sign-in, registration, password reset and magic links. */
  sensitivePerMinute: number;
  /** New guests (`POST /api/user/signup/`) per minute per client address. */
  guestSignupsPerMinute: number;
}

/** The defaults; why these numbers: docs/features.md (rate limits) and api/ENV.md. */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  anonymousPerMinute: 1_200,
  userPerMinute: 1_200,
  sensitivePerMinute: 30,
  guestSignupsPerMinute: 120,
};

/**
 * Free coins (rewards, the magic-link welcome) a day, per client address and per device, however many
 * guests they come through (kernel/free-coin-pool.ts); 0 turns that bound off.
 */
export interface FreeCoinLimits {
  perAddressPerDay: number;
  perDevicePerDay: number;
}

/** About 60 people's biggest day per address, three per device (docs/features.md, api/ENV.md). */
export const DEFAULT_FREE_COIN_LIMITS: FreeCoinLimits = { perAddressPerDay: 20_000, perDevicePerDay: 1_000 };

export interface CacheConfig {
  /** How long a user's public-view poll answer may be reused (writes to the user invalidate it sooner); 0 = off. */
  publicViewSeconds: number;
  /** How long a catalogue answer may be reused (catalogue writes invalidate it sooner); 0 = off. */
  catalogueSeconds: number;
}

export interface ServerTimeouts {
  /** The whole request (headers and body) must arrive within this; the browser gives up at 60 s anyway. */
  requestMs: number;
  /** The request headers must arrive within this. */
  headersMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection with no traffic at all in either direction is closed after this. */
  idleMs: number;
  /** Open connections one client address may hold at once; further ones are closed at once. 0 = no cap. */
  maxConnectionsPerClient: number;
}

/** Defaults for `ServerTimeouts`, listed in .env.example and api/ENV.md. */
export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 60_000,
  headersMs: 10_000,
  keepAliveMs: 5_000,
  idleMs: 60_000,
  // A hundred browsers behind one address, 6 connections each (docs/security.md).
  maxConnectionsPerClient: 1_024,
};

export type DevToolsSetting = 'off' | 'local' | 'open';

/** DEV_TOOLS: `local` (default outside production), `open` (a demo deployment), `off` (default in production). */
export function devToolsFromEnv(env: NodeJS.ProcessEnv): DevToolsSetting {
  const raw = env.DEV_TOOLS?.trim().toLowerCase();
  if (!raw) return env.NODE_ENV === 'production' ? 'off' : 'local';
  if (raw === 'off' || raw === 'local' || raw === 'open') return raw;
  throw new Error(`DEV_TOOLS must be off, local or open, got "${env.DEV_TOOLS}"`);
}

/** REMOTE_RELEASES_URL without its trailing slashes; an address that is neither absolute nor a path is refused. */
export function remoteReleasesUrlFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.REMOTE_RELEASES_URL?.trim().replace(/\/+$/, '');
  if (!raw) return undefined;
  if (!/^(https?:\/\/[^/\s]+(\/\S*)?|\/\S*)$/.test(raw)) {
    throw new Error(`REMOTE_RELEASES_URL must be an http(s) address or a path, got "${env.REMOTE_RELEASES_URL}"`);
  }
  return raw;
}

// --- Frontends -----------------------------------------------------------------------------------

export const REMOTE_NAMES = ['catalog', 'player', 'wallet', 'account', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Remote locations from the environment: `REMOTES_JSON` (a whole map) then `REMOTE_<NAME>_URL`. */
export function remoteOverridesFromEnv(env: NodeJS.ProcessEnv): Partial<Record<RemoteName, string>> {
  const overrides: Partial<Record<RemoteName, string>> = {};
  if (env.REMOTES_JSON) {
    const parsed = JSON.parse(env.REMOTES_JSON) as Record<string, unknown>;
    for (const name of REMOTE_NAMES) if (typeof parsed[name] === 'string') overrides[name] = parsed[name] as string;
  }
  for (const name of REMOTE_NAMES) {
    const value = env[`REMOTE_${name.toUpperCase()}_URL`];
    if (value) overrides[name] = value;
  }
  return overrides;
}

/**
 * What the browser may know of the server's configuration (`window.__CLIFFHANGER__`): public keys and
 * addresses only — never a secret. Each is optional; the frontends fall back to same-origin defaults.
 */
export function browserConfigFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const pairs: Array<[string, string | undefined]> = [
    ['cdnHost', env.CDN_HOST],
    ['storageHost', env.STORAGE_HOST],
    ['productHost', env.PUBLIC_URL],
    ['sentryDsn', env.SENTRY_DSN],
    ['amplitudeApiKey', env.AMPLITUDE_API_KEY],
    ['amplitudeEndpoint', env.AMPLITUDE_ENDPOINT],
    ['stripePublishableKey', env.STRIPE_PUBLISHABLE_KEY],
    ['feedApiBaseUrl', env.FEED_API_BASE_URL],
    ['socialFollowUrl', env.SOCIAL_FOLLOW_URL],
  ];
  return Object.fromEntries(pairs.filter((pair): pair is [string, string] => !!pair[1]));
}

// --- Payments ------------------------------------------------------------------------------------

/**
 * STRIPE_SECRET_KEY set → Stripe; unset → the dev provider (a local checkout paying by a signed,
 * Stripe-format webhook), which production allows only with PAYMENTS_DEV_PROVIDER=true, else 503.
 * The rest is in api/ENV.md.
 */
export type PaymentsMode = 'stripe' | 'dev' | 'disabled';

export interface PaymentsConfig {
  mode: PaymentsMode;
  stripeSecretKey: string | null;
  /** Handed to the browser (GET /api/payments/config/) for Stripe.js; never a secret. */
  publishableKey: string | null;
  webhookSecret: string;
  /** Coins a plain staff member may grant in one go; above it, a superuser must. */
  staffGrantLimit: number;
}

function staffGrantLimitFrom(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return STAFF_GRANT_LIMIT;
  const limit = Number(text);
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new Error(`STAFF_GRANT_LIMIT must be a whole number of coins, 0 or more (got "${text}")`);
  }
  return limit;
}

export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv): PaymentsConfig {
  const varDir = fromRoot(env.VAR_DIR ?? 'var');
  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  const devAllowed = env.NODE_ENV !== 'production' || env.PAYMENTS_DEV_PROVIDER === 'true';
  return {
    mode: stripeSecretKey ? 'stripe' : devAllowed ? 'dev' : 'disabled',
    stripeSecretKey,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() || null,
    webhookSecret:
      env.STRIPE_WEBHOOK_SECRET?.trim() ||
      keptSecret(varDir, 'stripe-webhook-secret', () => `whsec_${randomBytes(32).toString('base64url')}`),
    staffGrantLimit: staffGrantLimitFrom(env.STAFF_GRANT_LIMIT),
  };
}

// --- Media in an object store -------------------------------------------------------------------

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address; none means AWS S3 itself. */
  endpoint: string | null;
  /** Both or neither: without keys the SDK's own chain (environment, profile, instance role) is used. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Where the bucket's objects are publicly readable; the default is derived from the endpoint. */
  publicUrl: string | null;
  /** `endpoint/bucket/key` addressing rather than `bucket.endpoint/key`; most S3-compatible stores want it. */
  forcePathStyle: boolean;
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) address, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) address, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

/**
 * The object-store settings from MEDIA_S3_* variables, or null when MEDIA_S3_BUCKET is not set (media
 * then stays in the local folder). A half-configured store is an error at start, never a silent fallback.
 */
export function s3StorageConfigFromEnv(env: NodeJS.ProcessEnv): S3StorageConfig | null {
  const value = (name: string) => env[name]?.trim() || null;
  const bucket = value('MEDIA_S3_BUCKET');
  const others = Object.keys(env).filter((name) => name.startsWith('MEDIA_S3_') && value(name) !== null);
  if (!bucket) {
    if (others.length > 0) throw new Error(`MEDIA_S3_BUCKET is required when ${others.join(', ')} is set`);
    return null;
  }
  const accessKeyId = value('MEDIA_S3_ACCESS_KEY_ID');
  const secretAccessKey = value('MEDIA_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new Error('Set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither');
  }
  const endpoint = value('MEDIA_S3_ENDPOINT');
  const pathStyle = value('MEDIA_S3_FORCE_PATH_STYLE');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new Error(`MEDIA_S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  }
  const publicUrl = value('MEDIA_S3_PUBLIC_URL');
  return {
    bucket,
    region: value('MEDIA_S3_REGION') ?? 'us-east-1',
    endpoint: endpoint ? httpUrl('MEDIA_S3_ENDPOINT', endpoint) : null,
    accessKeyId,
    secretAccessKey,
    publicUrl: publicUrl ? httpUrl('MEDIA_S3_PUBLIC_URL', publicUrl) : null,
    forcePathStyle: pathStyle === null ? endpoint !== null : pathStyle === 'true',
  };
}

export interface AppConfig {
  database: DatabaseConfig;
  /**
   * Redis for what several API processes share: rate limits, the public-view cache and catalogue
   * invalidations. Null or absent keeps them in the process (right for a single process).
   */
  redisUrl?: string | null;
  /** Prefix of every Redis key and channel, so deployments (or test runs) can share one Redis. */
  redisPrefix?: string;
  /** Answer caches (see api/src/cache); absent turns them off, as test configurations do. */
  cache?: CacheConfig;
  port: number;
  host: string;
  /** Absolute product origin used in e-mailed links and, when set, to prefix media paths (product.md#requests). */
  publicUrl: string | null;
  /** Host names for the media rewrite (product.md#requests): addresses on `cdnHost` are answered on `storageHost`. */
  cdnHost: string | null;
  storageHost: string | null;
  mediaRoot: string;
  /**
   * How long an unfinished resumable upload is kept after it started (MEDIA_UPLOAD_EXPIRY_HOURS); then its
   * parts are deleted. Absent: 24 hours.
   */
  mediaUploadExpiryMs?: number;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  magicLinkTtlSeconds: number;
  /**
   * How long signed playback addresses live (PLAYBACK_TTL_SECONDS, which is also the most). A shorter
   * lifetime lets a test watch addresses expire in the browser; absent: the full lifetime.
   */
  playbackTtlSeconds?: number;
  /** The public static token the web client sends as `Authorization: Token <x>` when signed out. */
  staticApiToken: string;
  corsOrigins: string[];
  bodyLimitBytes: number;
  /** Trust X-Forwarded-* from a reverse proxy (client address for rate limits, protocol). */
  trustProxy: boolean;
  rateLimit: RateLimitConfig;
  /** Free coins per address and device a day; absent: `DEFAULT_FREE_COIN_LIMITS`. */
  freeCoins?: FreeCoinLimits;
  passwordHash: PasswordHashConfig;
  mail: MailConfig;
  /**
   * Enables the dev-only routes (`GET /api/dev/outbox`). On outside production; in production only when
   * a demo deployment sets DEV_TOOLS=local or DEV_TOOLS=open.
   */
  devRoutes: boolean;
  /**
   * Whether the dev-only routes and the keyless payment stand-in (the dev checkout and the dev
   * provider's money routes) answer clients on other machines. False (the default): loopback only.
   */
  devToolsOpen?: boolean;
  /** Server time-outs and the per-client connection cap (slow or idle clients are cut off). */
  timeouts?: ServerTimeouts;
  serveFrontends: boolean;
  frontendsRoot: string;
  /**
   * Where published remote versions live (`<remote>/<version>/`, REMOTE_RELEASES_DIR); absent:
   * `<frontendsRoot>/var/remote-releases`.
   */
  remoteReleasesDir?: string;
  /**
   * The public address the published versions are served at (REMOTE_RELEASES_URL), e.g. the API's own
   * `https://api.example.com/remotes` when the pages are on another origin, or a CDN that mirrors the
   * folder; absent: `/remotes` on the site itself.
   */
  remoteReleasesUrl?: string;
  logger: boolean;
  /** What the request log writes when `logger` is on; absent: `requestLogFromEnv({})`'s defaults. */
  requestLog?: RequestLogConfig;
  /**
   * The card processor and its webhook secret (STRIPE_*, PAYMENTS_DEV_PROVIDER, STAFF_GRANT_LIMIT);
   * absent: `paymentsConfigFromEnv({})`, the dev provider with a secret kept in var/.
   */
  payments?: PaymentsConfig;
  /** The object store finished media goes to (MEDIA_S3_*); null or absent keeps media in `mediaRoot`. */
  mediaStorage?: S3StorageConfig | null;
  /** Remote addresses that replace the built shell's remotes.json entries (REMOTES_JSON, REMOTE_<NAME>_URL). */
  remoteOverrides?: Partial<Record<RemoteName, string>>;
  /** The public settings the served pages get (`window.__CLIFFHANGER__`); absent: none. */
  browserConfig?: Record<string, string>;
}

/**
 * The request log is cheap by default: a fast successful answer writes nothing at `info`, only at
 * `debug` (LOG_LEVEL=debug is the full access log). Answers of 500 and above are logged at `error`,
 * and any answer slower than `slowRequestMs` at `info`, with method, address, status and time.
 */
export interface RequestLogConfig {
  /** pino level: fatal, error, warn, info (default), debug, trace or silent. */
  level: string;
  /** Answers that take at least this long are logged at info; 0 logs every answer at info. */
  slowRequestMs: number;
  /** Where the log lines go (standard output when absent). */
  destination?: { write(line: string): void };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL (info) and SLOW_REQUEST_MS (1000). */
export function requestLogFromEnv(env: NodeJS.ProcessEnv): RequestLogConfig {
  const level = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return { level, slowRequestMs: intFromEnv(env, 'SLOW_REQUEST_MS', 1000) };
}

/** The repository root (api/src/config.ts → ../../). */
export const REPO_ROOT = resolve(__dirname, '..', '..');

export const ACCESS_TOKEN_MAX_TTL_SECONDS = 15 * 60;
export const MAGIC_LINK_MAX_TTL_SECONDS = 15 * 60;
/** How long a signed playback address lives (before its rounding up to the next 10-minute step). */
export const PLAYBACK_TTL_SECONDS = 60 * 60;

function fromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** Strips a scheme and trailing slash so `https://cdn.example.com/` and `cdn.example.com` compare equal. */
export function normaliseHost(value: string | undefined): string | null {
  if (!value || value.trim() === '') return null;
  return value
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/**
 * The signing secret for access tokens. A deployment sets JWT_SECRET; a fresh checkout gets a random
 * one written to var/ so tokens survive restarts without anybody having to invent a secret.
 */
export function loadOrCreateJwtSecret(env: NodeJS.ProcessEnv, varDir: string): string {
  const configured = env.JWT_SECRET?.trim();
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return configured;
  }
  return keptSecret(varDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}

/** The secret kept in `varDir/name`, made by `make` and written there (owner-only) on first use. */
function keptSecret(varDir: string, name: string, make: () => string): string {
  const file = resolve(varDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = make();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** API_WORKERS: how many processes `server.ts` runs behind its port (node:cluster); 1 by default. */
export function workersFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return Math.max(1, intFromEnv(env, 'API_WORKERS', 1));
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const devTools = devToolsFromEnv(env);
  const varDir = fromRoot(env.VAR_DIR ?? 'var');
  const port = intFromEnv(env, 'PORT', 8080);
  const databaseUrl = env.DATABASE_URL?.trim();
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || null;
  const accessTtl = intFromEnv(env, 'ACCESS_TOKEN_TTL_SECONDS', ACCESS_TOKEN_MAX_TTL_SECONDS);
  const magicTtl = intFromEnv(env, 'MAGIC_LINK_TTL_SECONDS', MAGIC_LINK_MAX_TTL_SECONDS);
  return {
    database: databaseUrl
      ? { kind: 'postgres', connectionString: databaseUrl }
      : { kind: 'sqlite', path: fromRoot(env.SQLITE_PATH ?? 'var/cliffhanger.db') },
    redisUrl: env.REDIS_URL?.trim() || null,
    redisPrefix: env.REDIS_PREFIX?.trim() || 'cliffhanger:',
    cache: {
      // Writes invalidate both at once; these only bound what a lost invalidation could leave behind.
      publicViewSeconds: intFromEnv(env, 'PUBLIC_VIEW_CACHE_SECONDS', 30),
      // Within the product's admin-to-site sync (≤ 5 s, product.md#sync) even if an invalidation were lost.
      catalogueSeconds: Math.min(intFromEnv(env, 'CATALOGUE_CACHE_SECONDS', 5), 5),
    },
    port,
    // Only this machine can reach a started instance unless HOST says otherwise.
    host: env.HOST?.trim() || '127.0.0.1',
    publicUrl,
    cdnHost: normaliseHost(env.CDN_HOST),
    storageHost: normaliseHost(env.STORAGE_HOST),
    mediaRoot: fromRoot(env.MEDIA_ROOT ?? 'var/media'),
    mediaUploadExpiryMs: Math.max(1, intFromEnv(env, 'MEDIA_UPLOAD_EXPIRY_HOURS', 24)) * 3_600_000,
    jwtSecret: loadOrCreateJwtSecret(env, varDir),
    // The spec's security bar: access tokens live at most 15 minutes, magic links expire within 15.
    accessTokenTtlSeconds: Math.min(accessTtl, ACCESS_TOKEN_MAX_TTL_SECONDS),
    refreshTokenTtlSeconds: intFromEnv(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600),
    magicLinkTtlSeconds: Math.min(magicTtl, MAGIC_LINK_MAX_TTL_SECONDS),
    playbackTtlSeconds: Math.min(intFromEnv(env, 'PLAYBACK_TTL_SECONDS', PLAYBACK_TTL_SECONDS), PLAYBACK_TTL_SECONDS),
    staticApiToken: env.API_STATIC_TOKEN?.trim() || 'cliffhanger-web',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    bodyLimitBytes: intFromEnv(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    trustProxy: env.TRUST_PROXY === 'true',
    rateLimit: {
      anonymousPerMinute: intFromEnv(env, 'RATE_LIMIT_PER_MINUTE', DEFAULT_RATE_LIMITS.anonymousPerMinute),
      userPerMinute: intFromEnv(env, 'USER_RATE_LIMIT_PER_MINUTE', DEFAULT_RATE_LIMITS.userPerMinute),
      sensitivePerMinute: intFromEnv(env, 'AUTH_RATE_LIMIT_PER_MINUTE', DEFAULT_RATE_LIMITS.sensitivePerMinute),
      guestSignupsPerMinute: intFromEnv(
        env,
        'GUEST_SIGNUP_RATE_LIMIT_PER_MINUTE',
        DEFAULT_RATE_LIMITS.guestSignupsPerMinute,
      ),
    },
    freeCoins: {
      perAddressPerDay: intFromEnv(env, 'FREE_COINS_PER_ADDRESS_PER_DAY', DEFAULT_FREE_COIN_LIMITS.perAddressPerDay),
      perDevicePerDay: intFromEnv(env, 'FREE_COINS_PER_DEVICE_PER_DAY', DEFAULT_FREE_COIN_LIMITS.perDevicePerDay),
    },
    // OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): safe and quick enough on 2 cores.
    passwordHash: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    mail: {
      smtpUrl: env.SMTP_URL?.trim() || null,
      from: env.MAIL_FROM?.trim() || 'Cliffhanger <no-reply@cliffhanger.local>',
      outboxPath: resolve(varDir, 'outbox.jsonl'),
    },
    devRoutes: devTools !== 'off',
    devToolsOpen: devTools === 'open',
    timeouts: {
      requestMs: intFromEnv(env, 'REQUEST_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.requestMs),
      headersMs: intFromEnv(env, 'HEADERS_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.headersMs),
      keepAliveMs: intFromEnv(env, 'KEEP_ALIVE_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.keepAliveMs),
      idleMs: intFromEnv(env, 'IDLE_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.idleMs),
      maxConnectionsPerClient: intFromEnv(
        env,
        'MAX_CONNECTIONS_PER_CLIENT',
        DEFAULT_SERVER_TIMEOUTS.maxConnectionsPerClient,
      ),
    },
    serveFrontends: env.SERVE_FRONTENDS ? env.SERVE_FRONTENDS !== 'false' : true,
    frontendsRoot: REPO_ROOT,
    remoteReleasesDir: fromRoot(env.REMOTE_RELEASES_DIR?.trim() || 'var/remote-releases'),
    remoteReleasesUrl: remoteReleasesUrlFromEnv(env),
    logger: env.LOG_LEVEL !== 'silent',
    requestLog: requestLogFromEnv(env),
    payments: paymentsConfigFromEnv(env),
    mediaStorage: s3StorageConfigFromEnv(env),
    remoteOverrides: remoteOverridesFromEnv(env),
    browserConfig: browserConfigFromEnv(env),
  };
}
