/** /api/rewards/*: the rewards screen's state, the daily bonus, share rewards and the follow prompt. */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { ErrorSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { claimDailyBonus, claimFollow, claimShare, rewardsOverview, SHARE_CHANNELS } from './rewards.service';

const ShareChannel = Type.Union(SHARE_CHANNELS.map((channel) => Type.Literal(channel)));

const OverviewAnswer = Type.Object({
  balance: Type.Integer(),
  daily: Type.Object({
    claimed_today: Type.Boolean(),
    streak: Type.Integer(),
    today_coins: Type.Integer(),
    next_claim_at: Type.String(),
    calendar: Type.Array(
      Type.Object({ day: Type.Integer(), coins: Type.Integer(), claimed: Type.Boolean(), is_today: Type.Boolean() }),
    ),
  }),
  share: Type.Object({
    coins: Type.Integer(),
    channels: Type.Array(Type.Object({ channel: ShareChannel, claimed_today: Type.Boolean() })),
  }),
  follow: Type.Object({ coins: Type.Integer(), claimed: Type.Boolean() }),
});

export async function rewardsRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['rewards'];
  const preHandler = app.requireUser;

  app.get('/rewards/', { preHandler, schema: { tags, response: withErrors({ 200: OverviewAnswer }) } }, (request) =>
    rewardsOverview(ctx, viewerOf(request)),
  );

  app.post(
    '/rewards/daily/claim/',
    {
      preHandler,
      schema: {
        tags,
        response: withErrors({
          200: Type.Object({
            credited: Type.Literal(true),
            coins: Type.Integer(),
            streak: Type.Integer(),
            balance: Type.Integer(),
            next_claim_at: Type.String(),
          }),
          // Already claimed today (with when to come back), or the guest moved to an account meanwhile.
          409: Type.Object({
            message: Type.String(),
            next_claim_at: Type.Optional(Type.String()),
            balance: Type.Optional(Type.Integer()),
            reason: Type.Optional(Type.String()),
          }),
        }),
      },
    },
    (request) => claimDailyBonus(ctx, viewerOf(request)),
  );

  app.post(
    '/rewards/share/',
    {
      preHandler,
      schema: {
        tags,
        body: Type.Object({ channel: ShareChannel }, { additionalProperties: false }),
        response: withErrors({
          200: Type.Object({
            channel: ShareChannel,
            credited: Type.Boolean(),
            coins: Type.Integer(),
            balance: Type.Integer(),
          }),
          409: ErrorSchema,
        }),
      },
    },
    (request) => claimShare(ctx, viewerOf(request), request.body.channel),
  );

  app.post(
    '/rewards/follow/',
    {
      preHandler,
      schema: {
        tags,
        response: withErrors({
          200: Type.Object({ credited: Type.Boolean(), coins: Type.Integer(), balance: Type.Integer() }),
          409: ErrorSchema,
        }),
      },
    },
    (request) => claimFollow(ctx, viewerOf(request)),
  );
}
