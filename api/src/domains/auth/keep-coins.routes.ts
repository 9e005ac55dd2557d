/**
 * POST /api/auth/keep-coins/ (issue #35): a guest gives the address to keep what it paid for with.
 * Getting it back later is the ordinary sign-in link (`/auth/magic-link/`), which finds the guest.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { perAddressLimit } from '../../http/rate-limit';
import { ErrorSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { requestFacts, viewerOf } from '../../kernel/identity';
import { EmailBody } from './auth.schemas';
import { keepGuestWithAddress } from './auth.service';

/** The same words whether the address is new or has an account, so nobody learns which. */
export const KEEP_COINS_ANSWER = 'Check your inbox: open the link we sent to keep your coins with this address.';

export async function keepCoinsRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  // Mails a link, like the sign-in link: the same tight per-address limit.
  const sensitive = perAddressLimit(ctx.config.rateLimit.sensitivePerMinute, '1 minute');
  app.post(
    '/auth/keep-coins/',
    {
      config: sensitive,
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        body: EmailBody,
        // 409: the viewer is not a guest (an account has its address already).
        response: withErrors({
          200: Type.Object({ success: Type.Literal(1), message: Type.String() }),
          409: ErrorSchema,
        }),
      },
    },
    async (request) => {
      await keepGuestWithAddress(ctx, requestFacts(ctx, request), viewerOf(request), request.body.email);
      return { success: 1 as const, message: KEEP_COINS_ANSWER };
    },
  );
}
