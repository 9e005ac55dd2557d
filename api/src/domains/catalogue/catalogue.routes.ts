/**
 * Catalogue reads of product.md#catalogue: series, highlights, episodes, stream, categories,
 * search and recommendations. No token needed; with one, episode answers carry the viewer's unlocks
 * and progress. The reads whose answer is the same for every visitor (`publicCache`) must read
 * nothing of the request but its address: browsers and a CDN cache them (http/public-caching.ts).
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import { IdParams, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import {
  CategorySchema,
  EpisodeList,
  EpisodeListQuery,
  EpisodePage,
  EpisodeSchema,
  SearchAnswer,
  SearchQuery,
  SeriesList,
  SeriesListQuery,
  SeriesPage,
  SeriesSchema,
  StreamAnswerSchema,
} from './catalogue.schemas';
import * as catalogue from './catalogue.service';
import { moreLikeThis, viewerRecommendations } from './for-you.service';

const pathOf = (url: string) => url.split('?')[0] as string;

const LOCKED_MESSAGES = {
  locked: 'This episode is locked. Unlock it with coins to watch.',
  gold_required: 'This episode is for Gold members. Join Gold to watch.',
} as const;

export async function catalogueRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['catalogue'];

  app.get(
    '/series/',
    {
      config: { publicCache: true },
      schema: { tags, querystring: SeriesListQuery, response: withErrors({ 200: SeriesPage }) },
    },
    (request) => catalogue.listSeries(ctx, request.query, pathOf(request.url)),
  );

  for (const which of ['featured', 'trending', 'gold-exclusives'] as const) {
    app.get(
      `/series/${which}/`,
      { config: { publicCache: true }, schema: { tags, response: withErrors({ 200: SeriesList }) } },
      () => catalogue.highlights(ctx, which),
    );
  }

  // The series a link's address names (product.md#screens, `/player/{seriesSlug}/{episodeNumber}`), looked up
  // exactly; a former address answers the series too, whose `slug` is the current one.
  app.get(
    '/series/by-slug/:slug/',
    {
      config: { publicCache: true },
      schema: {
        tags,
        params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: withErrors({ 200: Type.Ref(SeriesSchema) }),
      },
    },
    async (request) => (await catalogue.seriesBySlug(ctx, request.params.slug)).series,
  );

  app.get(
    '/series/:id/',
    {
      config: { publicCache: true },
      schema: { tags, params: IdParams, response: withErrors({ 200: Type.Ref(SeriesSchema) }) },
    },
    (request) => catalogue.seriesDetail(ctx, request.params.id),
  );

  app.get(
    '/series/:id/episodes/',
    { preHandler: app.optionalUser, schema: { tags, params: IdParams, response: withErrors({ 200: EpisodeList }) } },
    (request) => catalogue.seriesEpisodes(ctx, request.viewer, request.params.id),
  );

  app.get(
    '/series/:id/recommendations/',
    { preHandler: app.optionalUser, schema: { tags, params: IdParams, response: withErrors({ 200: SeriesList }) } },
    (request) => moreLikeThis(ctx, request.viewer, request.params.id),
  );

  app.get(
    '/recommendations/',
    { preHandler: app.optionalUser, schema: { tags, response: withErrors({ 200: SeriesList }) } },
    (request) => viewerRecommendations(ctx, request.viewer),
  );

  app.get(
    '/episodes/',
    {
      preHandler: app.optionalUser,
      schema: { tags, querystring: EpisodeListQuery, response: withErrors({ 200: EpisodePage }) },
    },
    (request) => catalogue.listEpisodes(ctx, request.viewer, request.query, pathOf(request.url)),
  );

  app.get(
    '/episodes/:id/',
    {
      preHandler: app.optionalUser,
      schema: { tags, params: IdParams, response: withErrors({ 200: Type.Ref(EpisodeSchema) }) },
    },
    (request) => catalogue.episodeDetail(ctx, request.viewer, request.params.id),
  );

  app.get(
    '/episodes/:id/stream/',
    {
      preHandler: app.optionalUser,
      schema: { tags, params: IdParams, response: withErrors({ 200: StreamAnswerSchema }) },
    },
    async (request) => {
      const outcome = await catalogue.streamEpisode(ctx, request.viewer, request.params.id);
      if (!outcome.ok) {
        throw forbidden(LOCKED_MESSAGES[outcome.reason], { reason: outcome.reason, coin_cost: outcome.coin_cost });
      }
      return outcome.answer;
    },
  );

  app.get(
    '/categories/',
    {
      config: { publicCache: true },
      schema: { tags, response: withErrors({ 200: Type.Array(Type.Ref(CategorySchema)) }) },
    },
    () => catalogue.categories(ctx),
  );

  app.get(
    '/search/',
    {
      preHandler: app.optionalUser,
      schema: { tags, querystring: SearchQuery, response: withErrors({ 200: SearchAnswer }) },
    },
    (request) => catalogue.search(ctx, request.viewer, request.query.q),
  );
}
