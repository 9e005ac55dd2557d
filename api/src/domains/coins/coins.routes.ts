/**
 * /api/users/coins/balance/, /api/coins/balance/, /api/coins/packages/ (product.md#coins), the viewer's
 * /api/coins/first-purchase-offer/ and the staff grant /api/coins/grant/. Buying a package
 * (/api/coins/purchase/) is a payment: payments.routes.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ErrorSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { owedCoins } from '../../kernel/coin-ledger';
import { viewerOf } from '../../kernel/identity';
import { BalanceAnswer, FirstPurchaseOfferAnswer, GrantAnswer, GrantBody, PackagesAnswer } from './coins.schemas';
import { assertUserExists, coinPackages, staffGrant } from './coins.service';
import { offerForViewer } from './first-purchase-offer.service';

/** `staffGrantLimit`: the largest grant a staff member without superuser rights may make (STAFF_GRANT_LIMIT, `paymentsConfigFromEnv` in config.ts). */
export async function coinsRoutes(
  app: TypedFastify,
  { ctx, staffGrantLimit }: { ctx: AppContext; staffGrantLimit: number },
) {
  const tags = ['coins'];
  const balance = { preHandler: app.requireUser, schema: { tags, response: withErrors({ 200: BalanceAnswer }) } };
  // The viewer's row was read to authenticate the request; its balance is current.
  const answerBalance = async (request: FastifyRequest) => {
    const viewer = viewerOf(request);
    return { balance: viewer.coin_balance, owed: await owedCoins(ctx.db, viewer.id) };
  };
  app.get('/users/coins/balance/', balance, answerBalance);
  app.get('/coins/balance/', balance, answerBalance);

  app.get('/coins/packages/', { schema: { tags, response: withErrors({ 200: PackagesAnswer }) } }, () =>
    coinPackages(ctx),
  );

  app.get(
    '/coins/first-purchase-offer/',
    { preHandler: app.optionalUser, schema: { tags, response: withErrors({ 200: FirstPurchaseOfferAnswer }) } },
    async (request, reply) => {
      // Personal (it depends on the viewer's payments): never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return { offer: await offerForViewer(ctx, request.viewer?.id ?? null) };
    },
  );

  app.post(
    '/coins/grant/',
    {
      preHandler: app.requireStaff,
      // 403: the staff member's own balance, or a grant above STAFF_GRANT_LIMIT without superuser rights.
      // 409: a deduction that would take the balance below zero (the answer carries the balance).
      schema: { tags, body: GrantBody, response: withErrors({ 200: GrantAnswer, 409: ErrorSchema }) },
    },
    async (request) => {
      await assertUserExists(ctx, request.body.user_id);
      return staffGrant(ctx, viewerOf(request), request.body, staffGrantLimit);
    },
  );
}
