/**
 * Who is calling. The only source of identity is a verified `Authorization: Bearer <access token>`;
 * no route trusts a user id from a body or query. The web client sends the public static
 * `Authorization: Token <x>` when signed out, which means "anonymous".
 *
 * `app.requireUser`  — preHandler: 401 unless a valid token of an active user is present.
 * `app.optionalUser` — preHandler: resolves the caller when a token is present, anonymous otherwise
 *                      (an invalid or expired Bearer token is still a 401, so the client refreshes).
 * `app.requireStaff` — preHandler: like requireUser, then 403 unless is_staff or is_superuser.
 * `request.viewer`   — the caller's user row, or null.
 */
import { STAFF_ACCESS_REQUIRED } from '@cliffhanger/shared/constants';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';
import { acceptedLanguages } from '../http/messages/viewer-language';
import { bearerToken, verifyAccessToken } from '../http/tokens';
import { savedLanguageOf } from './accounts.repository';
import { deviceIdOf, type FreeCoinSource } from './free-coin-pool';

/** A client address as the free-coin pools key it, as the rate limits do (an IPv6 address by its /64). */
const addressKeyOf = (ip: string) => normalizeIP(ip);

declare module 'fastify' {
  interface FastifyRequest {
    viewer: UserRow | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    optionalUser: (request: FastifyRequest) => Promise<void>;
    requireStaff: (request: FastifyRequest) => Promise<void>;
  }
}

export const SIGN_IN_REQUIRED = 'Authentication credentials were not provided. Sign in and try again.';
const INVALID_TOKEN = 'Your session has expired or the token is invalid. Sign in again.';

export { bearerToken };

async function resolveViewer(ctx: AppContext, request: FastifyRequest): Promise<UserRow | null> {
  const token = bearerToken(request);
  if (token === null) return null;
  const userId = verifyAccessToken(token, ctx.config.jwtSecret, ctx.now().getTime());
  if (userId === null) throw unauthorized(INVALID_TOKEN);
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  // A disabled account, or a guest whose data moved to an account, loses its sessions at once.
  if (!user || !user.is_active || user.merged_into_user_id !== null) throw unauthorized(INVALID_TOKEN);
  return user;
}

/** The language saved on the account a valid Bearer token names, for answers of routes that did not load the viewer. */
async function savedLanguageOfToken(ctx: AppContext, token: string): Promise<string | null> {
  const userId = verifyAccessToken(token, ctx.config.jwtSecret, ctx.now().getTime());
  if (userId === null) return null;
  try {
    return await savedLanguageOf(ctx.db, userId);
  } catch {
    return null;
  }
}

export function registerAuthHooks(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('viewer', null);
  app.decorate('savedLanguageOfRequest', (request: FastifyRequest) => {
    const token = bearerToken(request);
    return token === null ? null : savedLanguageOfToken(ctx, token);
  });
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.viewer = await resolveViewer(ctx, request);
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.viewer = await resolveViewer(ctx, request);
    if (!request.viewer) throw unauthorized(SIGN_IN_REQUIRED);
  });
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    request.viewer = await resolveViewer(ctx, request);
    if (!request.viewer) throw unauthorized(SIGN_IN_REQUIRED);
    if (!request.viewer.is_staff && !request.viewer.is_superuser) {
      // The one 403 that means "not staff": the staff area answers it with its sign-in page.
      throw forbidden('Staff access is required', { code: STAFF_ACCESS_REQUIRED });
    }
  });
}

/**
 * What a service may know of the request it serves, read once by the route: services take these plain
 * values and never the request itself.
 */
export interface RequestFacts {
  /**
   * The user id the request's Bearer token names when the token is valid, else null; never throws,
   * because an expired guest token must not stop somebody from signing in.
   */
  sessionUserId: number | null;
  /** The Origin header the browser sent, if any. */
  origin: string | undefined;
  /** This API's origin as the browser reached it. */
  apiOrigin: string;
  /** Where work finished after the answer reports its failures. */
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The languages `Accept-Language` asks for, most preferred first (for mail sent on the request's behalf). */
  languages: readonly string[];
  /** Where free coins claimed by the request come from (its address, its device if named). */
  freeCoinSource: FreeCoinSource;
}

/** The user id a valid Bearer token names, else null (`RequestFacts.sessionUserId`). */
export function sessionUserIdOf(ctx: AppContext, request: FastifyRequest): number | null {
  const token = bearerToken(request);
  return token ? verifyAccessToken(token, ctx.config.jwtSecret, ctx.now().getTime()) : null;
}

export function requestFacts(ctx: AppContext, request: FastifyRequest): RequestFacts {
  return {
    sessionUserId: sessionUserIdOf(ctx, request),
    origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
    apiOrigin: `${request.protocol}://${request.host}`,
    log: request.log,
    languages: acceptedLanguages(request.headers['accept-language']),
    freeCoinSource: freeCoinSourceOf(request),
  };
}

/** Where free coins a request claims come from: its client address, and its device when it names one. */
export function freeCoinSourceOf(request: FastifyRequest): FreeCoinSource {
  return { address: addressKeyOf(request.ip), deviceId: deviceIdOf(request.headers) };
}

/** The viewer of a request that passed `requireUser`. */
export function viewerOf(request: FastifyRequest): UserRow {
  if (!request.viewer) throw unauthorized(SIGN_IN_REQUIRED);
  return request.viewer;
}
