/**
 * /api/admin/series, /api/admin/episodes and /api/admin/categories: staff editing of the catalogue.
 * One scope whose first hook requires a staff or superuser token (401 without a token, 403 for anybody
 * else) before the body is even read, as for the rest of /api/admin. Handlers are thin: rules live in
 * the series-, episode- and category-editing services, SQL in the catalogue's repositories; every
 * write leaves an audit row.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { OPTIONAL_BODY } from '../../http/optional-body';
import { ErrorSchema, IdParams, MessageSchema, Paged, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { CategorySchema } from './catalogue.schemas';
import {
  AdminCategorySchema,
  AdminEpisodeSchema,
  AdminSeriesSchema,
  CategoryCreateBody,
  CategoryUpdateBody,
  EpisodeCreateBody,
  EpisodeListQuery,
  EpisodePreviewAnswer,
  EpisodeUpdateBody,
  PricingPlanAnswer,
  PricingRuleSchema,
  PublishBody,
  PublishRefusedAnswer,
  ReorderBody,
  SeriesCreateBody,
  SeriesIdParams,
  SeriesListQuery,
  SeriesMediaBody,
  SeriesUpdateBody,
} from './catalogue-editing.schemas';
import * as categories from './category-editing.service';
import * as episodes from './episode-editing.service';
import * as series from './series-editing.service';

const tags = ['admin'];
const actor = (request: Parameters<typeof viewerOf>[0]) => viewerOf(request);

// Publishing: a bare request publishes now, `publish_at` schedules. 422: the publish checklist is not
// met (`missing` names each thing still needed); 409: the series is deleted.
const publishing = { [OPTIONAL_BODY]: true, tags, params: IdParams, body: PublishBody } as const;

export async function catalogueStaffRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  await app.register(
    async (staff: TypedFastify) => {
      staff.addHook('onRequest', app.requireStaff);
      seriesRoutes(staff, ctx);
      categoryRoutes(staff, ctx);
      episodeRoutes(staff, ctx);
      pricingRoutes(staff, ctx);
    },
    { prefix: '/admin' },
  );
}

function seriesRoutes(app: TypedFastify, ctx: AppContext) {
  // Image fields may carry a small inline image (data: address), stored as a library file: 413 when it
  // is over 500 KB, 415 when it is not an image we accept, 422 when it cannot be decoded.
  const seriesAnswer = withErrors({ 200: AdminSeriesSchema });
  app.get(
    '/series/',
    { schema: { tags, querystring: SeriesListQuery, response: withErrors({ 200: Paged(AdminSeriesSchema) }) } },
    (request) => series.listSeries(ctx, request.query),
  );
  app.post(
    '/series/',
    {
      // 409: another series has the slug asked for.
      schema: {
        tags,
        body: SeriesCreateBody,
        response: withErrors({ 201: AdminSeriesSchema, 409: ErrorSchema, 422: ErrorSchema }),
      },
    },
    async (request, reply) => reply.status(201).send(await series.createSeries(ctx, actor(request), request.body)),
  );
  app.get('/series/:id/', { schema: { tags, params: IdParams, response: seriesAnswer } }, (request) =>
    series.getSeries(ctx, request.params.id),
  );
  app.patch(
    '/series/:id/',
    {
      schema: {
        tags,
        params: IdParams,
        body: SeriesUpdateBody,
        response: withErrors({ 200: AdminSeriesSchema, 409: ErrorSchema, 422: ErrorSchema }),
      },
    },
    (request) => series.updateSeries(ctx, actor(request), request.params.id, request.body),
  );
  app.patch(
    '/series/:id/media/',
    {
      schema: {
        tags,
        params: IdParams,
        body: SeriesMediaBody,
        response: withErrors({ 200: AdminSeriesSchema, 422: ErrorSchema }),
      },
    },
    (request) => series.updateSeriesMedia(ctx, actor(request), request.params.id, request.body),
  );
  app.delete('/series/:id/', { schema: { tags, params: IdParams, response: seriesAnswer } }, (request) =>
    series.setSeriesDeleted(ctx, actor(request), request.params.id, true),
  );
  app.post('/series/:id/restore/', { schema: { tags, params: IdParams, response: seriesAnswer } }, (request) =>
    series.setSeriesDeleted(ctx, actor(request), request.params.id, false),
  );
  app.post(
    '/series/:id/publish/',
    {
      schema: {
        ...publishing,
        response: withErrors({ 200: AdminSeriesSchema, 409: ErrorSchema, 422: PublishRefusedAnswer }),
      },
    },
    (request) => series.publishSeries(ctx, actor(request), request.params.id, request.body ?? {}),
  );
  app.post('/series/:id/unpublish/', { schema: { tags, params: IdParams, response: seriesAnswer } }, (request) =>
    series.unpublishSeries(ctx, actor(request), request.params.id),
  );
}

/** The genre chips. 409: another category has that name or address, or (delete) a series uses it. */
function categoryRoutes(app: TypedFastify, ctx: AppContext) {
  const category = withErrors({ 200: Type.Ref(CategorySchema), 409: ErrorSchema });
  app.get('/categories/', { schema: { tags, response: withErrors({ 200: Type.Array(AdminCategorySchema) }) } }, () =>
    categories.staffCategories(ctx),
  );
  app.post(
    '/categories/',
    {
      schema: {
        tags,
        body: CategoryCreateBody,
        response: withErrors({ 201: Type.Ref(CategorySchema), 409: ErrorSchema }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await categories.createCategory(ctx, actor(request), request.body)),
  );
  app.patch(
    '/categories/:id/',
    { schema: { tags, params: IdParams, body: CategoryUpdateBody, response: category } },
    (request) => categories.updateCategory(ctx, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/categories/:id/',
    { schema: { tags, params: IdParams, response: withErrors({ 204: Type.Null(), 409: ErrorSchema }) } },
    async (request, reply) => {
      await categories.deleteCategory(ctx, actor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** Episodes. 409 on a create or change: the season already has an episode with that number. */
function episodeRoutes(app: TypedFastify, ctx: AppContext) {
  const episodeList = withErrors({ 200: Type.Array(AdminEpisodeSchema) });
  app.get(
    '/series/:seriesId/episodes/',
    { schema: { tags, params: SeriesIdParams, response: episodeList } },
    (request) => episodes.seriesEpisodes(ctx, request.params.seriesId),
  );
  app.post(
    '/series/:seriesId/episodes/',
    {
      schema: {
        tags,
        params: SeriesIdParams,
        body: EpisodeCreateBody,
        response: withErrors({ 201: AdminEpisodeSchema, 409: ErrorSchema, 422: ErrorSchema }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await episodes.createEpisode(ctx, actor(request), request.params.seriesId, request.body)),
  );
  app.put(
    '/series/:seriesId/episodes/order/',
    { schema: { tags, params: SeriesIdParams, body: ReorderBody, response: episodeList } },
    (request) => episodes.reorderEpisodes(ctx, actor(request), request.params.seriesId, request.body.episode_ids),
  );
  app.get(
    '/episodes/',
    { schema: { tags, querystring: EpisodeListQuery, response: withErrors({ 200: Paged(AdminEpisodeSchema) }) } },
    (request) => episodes.listEpisodes(ctx, request.query),
  );
  app.get(
    '/episodes/:id/',
    { schema: { tags, params: IdParams, response: withErrors({ 200: AdminEpisodeSchema }) } },
    (request) => episodes.getEpisode(ctx, request.params.id),
  );
  app.get(
    '/episodes/:id/preview/',
    // 404: the episode, or its video, does not exist yet.
    { schema: { tags, params: IdParams, response: withErrors({ 200: EpisodePreviewAnswer }) } },
    (request) => episodes.previewEpisode(ctx, actor(request), request.params.id),
  );
  app.patch(
    '/episodes/:id/',
    {
      schema: {
        tags,
        params: IdParams,
        body: EpisodeUpdateBody,
        response: withErrors({ 200: AdminEpisodeSchema, 409: ErrorSchema, 422: ErrorSchema }),
      },
    },
    (request) => episodes.updateEpisode(ctx, actor(request), request.params.id, request.body),
  );
  app.post(
    '/episodes/:id/publish/',
    { schema: { ...publishing, response: withErrors({ 200: AdminEpisodeSchema, 422: PublishRefusedAnswer }) } },
    (request) => episodes.publishEpisode(ctx, actor(request), request.params.id, request.body ?? {}),
  );
  app.post(
    '/episodes/:id/unpublish/',
    { schema: { tags, params: IdParams, response: withErrors({ 200: AdminEpisodeSchema }) } },
    (request) => episodes.unpublishEpisode(ctx, actor(request), request.params.id),
  );
  app.delete(
    '/episodes/:id/',
    // 409: viewers have unlocked the episode, so it stays.
    { schema: { tags, params: IdParams, response: withErrors({ 200: MessageSchema, 409: ErrorSchema }) } },
    async (request) => {
      await episodes.deleteEpisode(ctx, actor(request), request.params.id);
      return { message: 'Episode deleted' };
    },
  );
}

/** Bulk pricing: the preview changes nothing; the PUT applies the rule to every episode at once. */
function pricingRoutes(app: TypedFastify, ctx: AppContext) {
  const pricing = {
    tags,
    params: SeriesIdParams,
    body: PricingRuleSchema,
    response: withErrors({ 200: PricingPlanAnswer }),
  };
  app.post('/series/:seriesId/pricing/preview/', { schema: pricing }, (request) =>
    episodes.previewPricing(ctx, request.params.seriesId, request.body),
  );
  app.put('/series/:seriesId/pricing/', { schema: pricing }, (request) =>
    episodes.applyPricing(ctx, actor(request), request.params.seriesId, request.body),
  );
}
