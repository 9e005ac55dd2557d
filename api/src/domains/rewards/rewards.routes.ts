/** /api/rewards/*: the rewards screen's state, the daily bonus, share rewards and the follow prompt. */
import {
  DailyBonusAnswer,
  FollowRewardAnswer,
  RewardsOverviewAnswer,
  ShareChannelSchema,
  ShareRewardAnswer,
} from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { ErrorSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { freeCoinSourceOf, viewerOf } from '../../kernel/identity';
import { claimDailyBonus, claimFollow, claimShare, rewardsOverview } from './rewards.service';

export async function rewardsRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['rewards'];
  const preHandler = app.requireUser;

  app.get(
    '/rewards/',
    { preHandler, schema: { tags, response: withErrors({ 200: RewardsOverviewAnswer }) } },
    (request) => rewardsOverview(ctx, viewerOf(request)),
  );

  app.post(
    '/rewards/daily/claim/',
    {
      preHandler,
      schema: {
        tags,
        response: withErrors({
          200: DailyBonusAnswer,
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
    (request) => claimDailyBonus(ctx, viewerOf(request), freeCoinSourceOf(request)),
  );

  app.post(
    '/rewards/share/',
    {
      preHandler,
      schema: {
        tags,
        body: Type.Object({ channel: ShareChannelSchema }, { additionalProperties: false }),
        response: withErrors({
          200: ShareRewardAnswer,
          409: ErrorSchema,
        }),
      },
    },
    (request) => claimShare(ctx, viewerOf(request), request.body.channel, freeCoinSourceOf(request)),
  );

  app.post(
    '/rewards/follow/',
    {
      preHandler,
      schema: {
        tags,
        response: withErrors({
          200: FollowRewardAnswer,
          409: ErrorSchema,
        }),
      },
    },
    (request) => claimFollow(ctx, viewerOf(request), freeCoinSourceOf(request)),
  );
}
