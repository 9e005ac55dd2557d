/**
 * /feed-api/*: the second media-feed API of product.md#feed-api. All calls are POST, authenticated by the Bearer token,
 * and carry the caller's id in the body, which must be the caller's own (403 otherwise).
 * `/series/unlock/` and `/web/subscriptions/list/` answer through the unlocks and subscriptions
 * services, the same ones behind /api. The public-view poll, the hottest route, may be answered from
 * a cache (feed.service.ts `publicView`).
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { ErrorSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { sessionUserIdOf, viewerOf } from '../../kernel/identity';
import { FeedSubscriptionListAnswer } from '../subscriptions/subscriptions.schemas';
import { feedSubscriptionList } from '../subscriptions/subscriptions.service';
import { InsufficientCoinsAnswer, UnlockAnswerSchema } from '../unlocks/unlocks.schemas';
import { episodeIdByNumber, unlockEpisode } from '../unlocks/unlocks.service';
import {
  BalanceAnswer,
  CallerBody,
  CarouselAnswer,
  DeviceReportAnswer,
  DeviceReportBody,
  PublicViewAnswer,
  SeriesDetailAnswer,
  SeriesDetailBody,
  SeriesUnlockBody,
} from './feed.schemas';
import * as feed from './feed.service';

const DEVICE_REPORT_BODY_LIMIT = 16 * 1024;

export async function feedRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['feed'];
  const preHandler = app.requireUser;

  app.post(
    '/feed/categories/',
    { preHandler, schema: { tags, body: CallerBody, response: withErrors({ 200: CarouselAnswer }) } },
    async (request) => {
      const viewer = viewerOf(request);
      feed.assertOwnId(viewer, request.body.id);
      return { success: 1 as const, data: await feed.carousel(ctx, viewer) };
    },
  );

  app.post(
    '/series/detail/',
    { preHandler, schema: { tags, body: SeriesDetailBody, response: withErrors({ 200: SeriesDetailAnswer }) } },
    async (request) => {
      const viewer = viewerOf(request);
      feed.assertOwnId(viewer, request.body.id);
      return { success: 1 as const, data: await feed.seriesDetail(ctx, viewer, request.body.series_id) };
    },
  );

  app.post(
    '/coin/status/',
    { preHandler, schema: { tags, body: CallerBody, response: withErrors({ 200: BalanceAnswer }) } },
    async (request) => {
      const viewer = viewerOf(request);
      feed.assertOwnId(viewer, request.body.id);
      return { balance: viewer.coin_balance };
    },
  );

  app.post(
    '/series/unlock/',
    {
      preHandler,
      schema: {
        tags,
        body: SeriesUnlockBody,
        response: withErrors({
          200: Type.Composite([Type.Object({ success: Type.Literal(1) }), UnlockAnswerSchema]),
          402: InsufficientCoinsAnswer,
          409: ErrorSchema,
        }),
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      feed.assertOwnId(viewer, request.body.id);
      const episodeId = await episodeIdByNumber(ctx, request.body.series_id, request.body.number);
      return { success: 1 as const, ...(await unlockEpisode(ctx, viewer, episodeId)) };
    },
  );

  app.post(
    '/web/subscriptions/list/',
    { preHandler, schema: { tags, body: CallerBody, response: withErrors({ 200: FeedSubscriptionListAnswer }) } },
    (request) => {
      const viewer = viewerOf(request);
      feed.assertOwnId(viewer, request.body.id);
      return feedSubscriptionList(ctx, viewer);
    },
  );

  // Authenticates itself: a cached answer needs only the verified token, not the user's row.
  app.post(
    '/user/public-view/',
    { schema: { tags, body: CallerBody, response: withErrors({ 200: PublicViewAnswer }) } },
    (request) =>
      feed.publicView(ctx, sessionUserIdOf(ctx, request), request.body.id, async () => {
        await app.requireUser(request);
        return viewerOf(request);
      }),
  );

  app.post(
    '/datalog/update/web/',
    {
      preHandler,
      bodyLimit: DEVICE_REPORT_BODY_LIMIT,
      schema: { tags, body: DeviceReportBody, response: withErrors({ 200: DeviceReportAnswer }) },
    },
    async (request) => {
      const viewer = viewerOf(request);
      feed.assertOwnId(viewer, request.body.id);
      return feed.storeDeviceReport(ctx, viewer, request.body as Record<string, unknown>);
    },
  );
}
