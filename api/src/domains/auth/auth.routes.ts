/**
 * /api/auth/* and /api/user/signup/ (product.md#accounts). Thin: validation by
 * schema, rules in auth.service.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { OPTIONAL_BODY } from '../../http/optional-body';
import { perAddressLimit } from '../../http/rate-limit';
import { ErrorSchema, MessageSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { requestFacts, viewerOf } from '../../kernel/identity';
import {
  AuthAnswerSchema,
  ChangePasswordBody,
  ConfirmResetAnswer,
  ConfirmResetBody,
  EmailBody,
  GuestSignupBody,
  LoginBody,
  LogoutBody,
  MagicLinkRequestBody,
  MagicLinkVerifyAnswer,
  RefreshBody,
  RegisterBody,
  SetPasswordBody,
  TokenBody,
  TokenPairSchema,
} from './auth.schemas';
import * as auth from './auth.service';

const GENERIC_RESET_ANSWER = 'If an account exists for that address, we have sent a link to reset its password.';
const GENERIC_MAGIC_LINK_ANSWER = 'Check your inbox: we have sent you a sign-in link.';

const tags = ['auth'];

export async function authRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  /** Login, reset and magic-link requests invite guessing and mail flooding: a tight per-address limit. */
  const sensitive = perAddressLimit(ctx.config.rateLimit.sensitivePerMinute, '1 minute');
  sessionRoutes(app, ctx, sensitive);
  passwordRoutes(app, ctx, sensitive);
  magicLinkRoutes(app, ctx, sensitive);
  guestSignupRoute(app, ctx);
}

type RouteLimit = ReturnType<typeof perAddressLimit>;

/** Signing in and up, signing out (here or everywhere) and renewing a session. */
function sessionRoutes(app: TypedFastify, ctx: AppContext, sensitive: RouteLimit) {
  app.post(
    '/auth/login/',
    { config: sensitive, schema: { tags, body: LoginBody, response: withErrors({ 200: AuthAnswerSchema }) } },
    (request) => auth.login(ctx, requestFacts(ctx, request), request.body),
  );

  app.post(
    '/auth/register/',
    {
      config: sensitive,
      schema: { tags, body: RegisterBody, response: withErrors({ 201: AuthAnswerSchema, 409: ErrorSchema }) },
    },
    async (request, reply) =>
      reply.status(201).send(await auth.register(ctx, requestFacts(ctx, request), request.body)),
  );

  app.post(
    '/auth/logout/',
    {
      // The client may call logout with no body at all; that is an empty request, not a malformed one.
      schema: { [OPTIONAL_BODY]: true, tags, body: LogoutBody, response: withErrors({ 200: MessageSchema }) },
    },
    async (request) => {
      await auth.logout(ctx, request.body?.refresh);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/auth/logout-all/',
    {
      preHandler: app.requireUser,
      schema: { tags, response: withErrors({ 200: Type.Object({ signed_out: Type.Literal(true) }) }) },
    },
    async (request) => {
      await auth.logoutEverywhere(ctx, viewerOf(request).id);
      return { signed_out: true as const };
    },
  );

  app.post(
    '/auth/token/refresh/',
    // A count of its own per address, so an anonymous flood from the address never ends sessions.
    {
      config: perAddressLimit(ctx.config.rateLimit.anonymousPerMinute, '1 minute'),
      schema: { tags, body: RefreshBody, response: withErrors({ 200: TokenPairSchema }) },
    },
    (request) => auth.refreshSession(ctx, request.body.refresh),
  );
}

/** Confirming the address, resetting a forgotten password, and changing or setting one. */
function passwordRoutes(app: TypedFastify, ctx: AppContext, sensitive: RouteLimit) {
  app.post(
    '/auth/verify-email/',
    { schema: { tags, body: TokenBody, response: withErrors({ 200: MessageSchema }) } },
    async (request) => {
      await auth.verifyEmail(ctx, request.body.token);
      return { message: 'Your e-mail address is confirmed' };
    },
  );

  app.post(
    '/auth/reset-password/',
    { config: sensitive, schema: { tags, body: EmailBody, response: withErrors({ 200: MessageSchema }) } },
    async (request) => {
      await auth.requestPasswordReset(ctx, requestFacts(ctx, request), request.body.email);
      return { message: GENERIC_RESET_ANSWER };
    },
  );

  app.post(
    '/auth/confirm-reset-password/',
    {
      config: sensitive,
      schema: { tags, body: ConfirmResetBody, response: withErrors({ 200: ConfirmResetAnswer }) },
    },
    async (request) => {
      const { guest_merged } = await auth.confirmPasswordReset(
        ctx,
        requestFacts(ctx, request),
        request.body.token,
        request.body.password,
      );
      return { message: 'Your password has been changed. Sign in with the new one.', guest_merged };
    },
  );

  app.post(
    '/auth/change-password/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        body: ChangePasswordBody,
        response: withErrors({
          200: Type.Object({ message: Type.String(), access: Type.String(), refresh: Type.String() }),
        }),
      },
    },
    async (request) => {
      const tokens = await auth.changePassword(ctx, viewerOf(request), request.body);
      return { message: 'Your password has been changed', ...tokens };
    },
  );

  app.post(
    '/auth/set-password/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        body: SetPasswordBody,
        // 409: the account has a password already (change it with the current one, or reset it by e-mail).
        response: withErrors({
          200: Type.Object({ message: Type.String(), access: Type.String(), refresh: Type.String() }),
          409: ErrorSchema,
        }),
      },
    },
    async (request) => {
      const tokens = await auth.setFirstPassword(ctx, viewerOf(request), request.body);
      return { message: 'Your password has been set', ...tokens };
    },
  );
}

/** Signing in by a link mailed to the address. */
function magicLinkRoutes(app: TypedFastify, ctx: AppContext, sensitive: RouteLimit) {
  app.post(
    '/auth/magic-link/',
    {
      config: sensitive,
      schema: {
        tags,
        body: MagicLinkRequestBody,
        response: withErrors({ 200: Type.Object({ success: Type.Literal(1), message: Type.String() }) }),
      },
    },
    async (request) => {
      await auth.requestMagicLink(ctx, requestFacts(ctx, request), request.body);
      return { success: 1 as const, message: GENERIC_MAGIC_LINK_ANSWER };
    },
  );

  app.post(
    '/auth/magic-link/verify/',
    { config: sensitive, schema: { tags, body: TokenBody, response: withErrors({ 200: MagicLinkVerifyAnswer }) } },
    (request) => auth.verifyMagicLink(ctx, requestFacts(ctx, request), request.body.token),
  );
}

function guestSignupRoute(app: TypedFastify, ctx: AppContext) {
  /**
   * A session is cheap and a crowd behind one address (a carrier, an office) all need one: a client
   * address gets GUEST_SIGNUP_RATE_LIMIT_PER_MINUTE new guests a minute, only to bound a flood. What a
   * guest could farm, free coins, is bounded per address and device elsewhere (kernel/free-coin-pool.ts).
   */
  const guestCreation = perAddressLimit(ctx.config.rateLimit.guestSignupsPerMinute, '1 minute');

  app.post(
    '/user/signup/',
    {
      config: guestCreation,
      schema: { tags, body: GuestSignupBody, response: withErrors({ 200: AuthAnswerSchema, 409: ErrorSchema }) },
    },
    async (request) => {
      // The web client sends its public static token here (product.md#requests); a different Token value is refused.
      const header = request.headers.authorization ?? '';
      const staticToken = /^Token\s+(\S+)$/i.exec(header)?.[1];
      if (staticToken !== undefined && staticToken !== ctx.config.staticApiToken)
        throw unauthorized('Invalid API token');
      return auth.guestSignup(ctx, request.body);
    },
  );
}
