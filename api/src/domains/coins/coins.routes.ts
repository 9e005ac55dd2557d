/**
 * /api/users/coins/balance/, /api/coins/balance/, /api/coins/packages/, /api/coins/purchase/ (§7
 * Coins), the viewer's /api/coins/first-purchase-offer/ and the staff grant /api/coins/grant/. A purchase only starts a checkout: the coins arrive
 * with the verified payment webhook, never with the browser's return.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { ErrorSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { owedCoins } from '../../kernel/coin-ledger';
import { viewerOf } from '../../kernel/identity';
import { startCheckout } from '../payments/payments.service';
import type { PaymentsRuntime } from '../payments/payments-runtime';
import {
  BalanceAnswer,
  CheckoutAnswer,
  FirstPurchaseOfferAnswer,
  GrantAnswer,
  GrantBody,
  PackagesAnswer,
  PurchaseBody,
} from './coins.schemas';
import { coinPackages, findPackage, staffGrant } from './coins.service';
import { offerForViewer } from './first-purchase-offer.service';

export async function coinsRoutes(
  app: TypedFastify,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsRuntime },
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
    '/coins/purchase/',
    {
      preHandler: app.requireUser,
      // 409: the idempotency key already started a different purchase. 503: payments are not configured,
      // or the database was too busy to claim the first-purchase offer (try again).
      schema: {
        tags,
        body: PurchaseBody,
        response: withErrors({ 200: CheckoutAnswer, 409: ErrorSchema, 503: ErrorSchema }),
      },
    },
    async (request) => {
      const pkg = await findPackage(ctx, request.body.package_id);
      if (!pkg) throw notFound(`No coin package with id ${request.body.package_id}`);
      return startCheckout(
        ctx,
        payments,
        request,
        viewerOf(request),
        { kind: 'coins', pkg },
        request.body.idempotency_key,
        request.body.return_to === undefined
          ? undefined
          : { path: request.body.return_to, unlockEpisodeId: request.body.unlock_episode_id },
      );
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
      const target = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', request.body.user_id)
        .executeTakeFirst();
      if (!target) throw notFound('User not found');
      return staffGrant(ctx, viewerOf(request), request.body, payments.config.staffGrantLimit);
    },
  );
}
