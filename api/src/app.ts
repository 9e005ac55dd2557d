/**
 * Builds the Fastify application: external plugins first (security headers, CORS, rate limits,
 * OpenAPI), then media, then the domains under /api and /feed-api, and last (optionally) the built
 * frontends. `server.ts` runs it; tests call `buildApp` with their own configuration and `inject`.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import { createAppCaches, registerCaches } from './cache/app-caches';
import { type AppConfig, DEFAULT_SERVER_TIMEOUTS, paymentsConfigFromEnv } from './config';
import type { AppContext } from './context';
import { createDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { adminRoutes } from './domains/admin/admin.routes';
import { analyticsRoutes } from './domains/analytics/analytics.routes';
import { authRoutes } from './domains/auth/auth.routes';
import { keepCoinsRoutes } from './domains/auth/keep-coins.routes';
import { catalogueRoutes } from './domains/catalogue/catalogue.routes';
import { CategorySchema, EpisodeSchema, SeriesSchema } from './domains/catalogue/catalogue.schemas';
import { catalogueStaffRoutes } from './domains/catalogue/catalogue-staff.routes';
import { coinsRoutes } from './domains/coins/coins.routes';
import { devRoutes } from './domains/dev/dev.routes';
import { feedRoutes } from './domains/feed/feed.routes';
import { forYouRoutes } from './domains/feed/for-you.routes';
import { healthRoutes } from './domains/health/health.routes';
import { mediaPlugin } from './domains/media/media.plugin';
import { paymentsRoutes } from './domains/payments/payments.routes';
import { createPaymentsRuntime } from './domains/payments/payments-runtime';
import { signedPlaybackPlugin } from './domains/playback/playback.routes';
import { releasesRoutes } from './domains/releases/releases.routes';
import { rewardsRoutes } from './domains/rewards/rewards.routes';
import { settingsRoutes } from './domains/settings/settings.routes';
import { subscriptionDeskRoutes } from './domains/subscriptions/subscription-desk.routes';
import { subscriptionsRoutes } from './domains/subscriptions/subscriptions.routes';
import { unlocksRoutes } from './domains/unlocks/unlocks.routes';
import { usersRoutes } from './domains/users/users.routes';
import { UserSchema } from './domains/users/users.schemas';
import { viewingRoutes } from './domains/viewing/viewing.routes';
import { capConnectionsPerClient } from './http/connection-cap';
import { registerCors } from './http/cors';
import { errorHandler } from './http/errors';
import { DEV_PROVIDER_ROUTES, DEV_TOOL_ROUTES, guardLocalOnly } from './http/local-only';
import { registerAnswerLanguage } from './http/messages/answer-language';
import { registerNulCharacterCheck } from './http/nul-characters';
import { acceptMissingBodies, documentOptionalBodies } from './http/optional-body';
import { registerPublicCaching } from './http/public-caching';
import { registerRateLimits } from './http/rate-limit';
import { loggerOptions } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import type { TypeBoxTypeProvider, TypedFastify } from './http/type-provider';
import { registerAuthHooks } from './kernel/identity';
import { createMailer, type Mailer } from './mail/mailer';
import { createMediaUrlRewriter } from './media-urls';
import { createPasswordHasher } from './passwords';

export interface AppDependencies {
  /** An open database; by default one is opened from `config.database` and closed with the app. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  now?: () => Date;
  /** Run migrations while building (default true). */
  migrate?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * Request bodies are validated strictly (a string is never silently turned into a number), while
 * query strings and path parameters, which are always text, are coerced to their declared types.
 */
function createValidatorCompiler() {
  const strictAjv = addFormats(
    new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: true, strict: false }),
  );
  const coercingAjv = addFormats(
    new Ajv({ allErrors: false, coerceTypes: 'array', removeAdditional: true, useDefaults: true, strict: false }),
  );
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema);
}

/** What a start has opened so far, to release if it fails half-way. */
interface Opened {
  release?: () => Promise<unknown>;
}

export async function buildApp(config: AppConfig, deps: AppDependencies = {}): Promise<TypedFastify> {
  const opened: Opened = {};
  try {
    return await assembleApp(config, deps, opened);
  } catch (error) {
    // A start that failed half-way (a folder that cannot be made, a plugin refusing its settings)
    // releases what it had opened — the database, Redis, timers — before the failure is reported.
    await opened.release?.().catch(() => undefined);
    throw error;
  }
}

async function assembleApp(config: AppConfig, deps: AppDependencies, opened: Opened): Promise<TypedFastify> {
  const database = deps.database ?? (await createDatabase(config.database));
  const ownsDatabase = deps.database === undefined;
  if (ownsDatabase) opened.release = () => database.db.destroy();
  if (deps.migrate !== false) {
    await migrateToLatest(database.db, config.database.kind === 'postgres' ? config.database.schema : undefined);
  }
  const mailer = deps.mailer ?? createMailer(config.mail);
  const caches = await createAppCaches(config, (message) => console.warn(message));

  const ctx: AppContext = {
    // Every write through ctx.db is seen by the caches, which invalidate what it changed.
    db: database.db.withPlugin(caches.writeObserver),
    dbKind: database.kind,
    config,
    mailer,
    passwords: createPasswordHasher(config.passwordHash),
    mediaUrl: createMediaUrlRewriter(config),
    now: deps.now ?? (() => new Date()),
  };

  const timeouts = config.timeouts ?? DEFAULT_SERVER_TIMEOUTS;
  const app = Fastify({
    // Cheap by default: errors and slow requests at info, every request only at debug (request-log.ts).
    ...loggerOptions(config),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Slow or stalled clients are cut off (a body trickled in byte by byte, headers never finished).
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.requestMs > 0 ? Math.min(timeouts.headersMs, timeouts.requestMs) : timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node checks those time-outs every 30 s by default; check every second so they hold to the second.
      connectionsCheckingInterval: 1000,
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (!config.trustProxy) capConnectionsPerClient(app.server, timeouts.maxConnectionsPerClient);

  registerCaches(ctx, caches);
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(createValidatorCompiler());
  app.setErrorHandler(errorHandler);
  registerAnswerLanguage(app);
  registerNulCharacterCheck(app);
  // Public reads (`config: { publicCache: true }`) carry Cache-Control and an ETag, and answer 304.
  registerPublicCaching(app);
  app.addHook('onClose', async () => {
    await mailer.close();
    await caches.close();
    if (ownsDatabase) await database.db.destroy();
  });
  opened.release = () => app.close();

  // --- External plugins ------------------------------------------------------------------------
  // Security headers, fixed at start (HSTS only over TLS), then the CORS allow-list.
  registerSecurityHeaders(app);
  registerCors(app, config);
  await registerRateLimits(app, {
    anonymousPerMinute: config.rateLimit.anonymousPerMinute,
    userPerMinute: config.rateLimit.userPerMinute,
    jwtSecret: config.jwtSecret,
    nowMs: () => ctx.now().getTime(),
    redis: caches.redis,
    redisPrefix: caches.prefix,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cliffhanger API',
        version: '1.0.0',
        description: 'Main API under /api and the media-feed API under /feed-api.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // A route whose schema carries OPTIONAL_BODY takes a bare request: its body is documented optional.
    transformObject: documentOptionalBodies,
  });
  acceptMissingBodies(app);
  // The interactive docs page at /api/docs, the OpenAPI document at /api/docs/json.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  for (const schema of [UserSchema, CategorySchema, SeriesSchema, EpisodeSchema]) app.addSchema(schema);
  registerAuthHooks(app, ctx);

  // --- Media and domains -----------------------------------------------------------------------
  await app.register(mediaPlugin, { mediaRoot: config.mediaRoot });
  await app.register(signedPlaybackPlugin, { ctx });

  await app.register((api: TypedFastify) => apiRoutes(api, ctx, config), { prefix: '/api' });

  await app.register(
    async (feedApi: TypedFastify) => {
      feedApi.setNotFoundHandler((request, reply) => {
        reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
      });
      await feedApi.register(feedRoutes, { ctx });
    },
    { prefix: '/feed-api' },
  );

  // --- Frontends (last, so its catch-all never shadows an API route) ----------------------------
  if (config.serveFrontends) {
    const { frontendsPlugin } = await import('./frontends/frontends.plugin');
    await app.register(frontendsPlugin, {
      rootDir: config.frontendsRoot,
      remoteOverrides: config.remoteOverrides ?? {},
      runtimeConfig: { ...config.browserConfig, staticApiToken: config.staticApiToken },
      releasesDir: config.remoteReleasesDir,
      releasesUrl: config.remoteReleasesUrl,
    });
  }

  return app;
}

/** Every route under /api: the domains' routes, with the local-only guard and the JSON not-found answer. */
async function apiRoutes(api: TypedFastify, ctx: AppContext, config: AppConfig) {
  api.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
  // Money: Stripe when STRIPE_SECRET_KEY is set, else the local dev provider (payments.config.ts).
  const payments = createPaymentsRuntime(config.payments ?? paymentsConfigFromEnv({}));
  // The dev outbox, the dev checkout and the dev provider's money routes answer this machine only:
  // registered before the routes, it gives those routes (and only those) their own guard hook.
  guardLocalOnly(
    api,
    [DEV_TOOL_ROUTES, ...(payments.provider?.kind === 'dev' ? [DEV_PROVIDER_ROUTES] : [])],
    config.devToolsOpen === true,
  );
  await api.register(healthRoutes, { ctx });
  await api.register(authRoutes, { ctx });
  await api.register(keepCoinsRoutes, { ctx });
  await api.register(usersRoutes, { ctx });
  await api.register(catalogueRoutes, { ctx });
  await api.register(forYouRoutes, { ctx });
  await api.register(viewingRoutes, { ctx });
  await api.register(settingsRoutes, { ctx });
  await api.register(coinsRoutes, { ctx, staffGrantLimit: payments.config.staffGrantLimit });
  await api.register(unlocksRoutes, { ctx });
  await api.register(subscriptionsRoutes, { ctx, payments });
  await api.register(paymentsRoutes, { ctx, payments });
  await api.register(rewardsRoutes, { ctx });
  await api.register(analyticsRoutes, { ctx });
  await api.register(catalogueStaffRoutes, { ctx });
  await api.register(adminRoutes, { ctx, payments });
  await api.register(subscriptionDeskRoutes, { ctx, payments });
  await api.register(releasesRoutes, { ctx });
  if (config.devRoutes) await api.register(devRoutes, { ctx });
}
