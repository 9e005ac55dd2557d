/**
 * Personal viewing routes of product.md#history: progress, mark-watched, continue watching, watch history and
 * my list (both path forms the client uses) and likes. Every route needs a signed-in caller (guests included).
 */

import { SeriesLikeAnswer } from '@cliffhanger/shared/contracts';
import type { AppContext } from '../../context';
import { IdParams, MessageSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { SeriesList } from '../catalogue/catalogue.schemas';
import {
  ContinueWatchingList,
  HistoryList,
  HistoryQuery,
  LikeBody,
  MyListChange,
  ProgressAnswerSchema,
  ProgressBody,
} from './viewing.schemas';
import * as viewing from './viewing.service';

export async function viewingRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['viewing'];
  const preHandler = app.requireUser;

  app.put(
    '/episodes/:id/watch-progress/',
    {
      preHandler,
      schema: { tags, params: IdParams, body: ProgressBody, response: withErrors({ 200: ProgressAnswerSchema }) },
    },
    (request) => viewing.saveProgress(ctx, viewerOf(request), request.params.id, request.body),
  );

  app.post(
    '/episodes/:id/mark-watched/',
    { preHandler, schema: { tags, params: IdParams, response: withErrors({ 200: ProgressAnswerSchema }) } },
    (request) => viewing.markWatched(ctx, viewerOf(request), request.params.id),
  );

  app.get(
    '/users/continue-watching/',
    { preHandler, schema: { tags, response: withErrors({ 200: ContinueWatchingList }) } },
    (request) => viewing.continueWatching(ctx, viewerOf(request)),
  );

  app.get(
    '/users/watch-history/',
    { preHandler, schema: { tags, querystring: HistoryQuery, response: withErrors({ 200: HistoryList }) } },
    (request) => viewing.watchHistory(ctx, viewerOf(request), request.query.limit),
  );

  app.delete(
    '/users/watch-history/clear/',
    { preHandler, schema: { tags, response: withErrors({ 200: MessageSchema }) } },
    async (request) => {
      await viewing.clearHistory(ctx, viewerOf(request));
      return { message: 'Watch history cleared' };
    },
  );

  app.delete(
    '/users/watch-history/:id/',
    { preHandler, schema: { tags, params: IdParams, response: withErrors({ 200: MessageSchema }) } },
    async (request) => {
      await viewing.removeHistoryEntry(ctx, viewerOf(request), request.params.id);
      return { message: 'Removed from watch history' };
    },
  );

  for (const path of ['/series/my-list/', '/users/my-list/']) {
    app.get(path, { preHandler, schema: { tags, response: withErrors({ 200: SeriesList }) } }, (request) =>
      viewing.myList(ctx, viewerOf(request)),
    );
  }

  const change = { preHandler, schema: { tags, params: IdParams, response: withErrors({ 200: MyListChange }) } };
  app.post('/series/:id/add-to-list/', change, (request) =>
    viewing.addToList(ctx, viewerOf(request), request.params.id),
  );
  app.delete('/series/:id/remove-from-list/', change, (request) =>
    viewing.removeFromList(ctx, viewerOf(request), request.params.id),
  );
  app.post('/users/my-list/:id/', change, (request) => viewing.addToList(ctx, viewerOf(request), request.params.id));
  app.delete('/users/my-list/:id/', change, (request) =>
    viewing.removeFromList(ctx, viewerOf(request), request.params.id),
  );

  // A like is kept per viewer (guests too); PUT says the state wanted, so a repeat changes nothing.
  const like = { preHandler, schema: { tags, params: IdParams, response: withErrors({ 200: SeriesLikeAnswer }) } };
  app.get('/series/:id/like/', like, (request) => viewing.seriesLike(ctx, viewerOf(request), request.params.id));
  app.put(
    '/series/:id/like/',
    {
      preHandler,
      schema: { tags, params: IdParams, body: LikeBody, response: withErrors({ 200: SeriesLikeAnswer }) },
    },
    (request) => viewing.setSeriesLike(ctx, viewerOf(request), request.params.id, request.body.liked),
  );
}
