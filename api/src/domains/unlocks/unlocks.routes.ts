/**
 * POST /api/episodes/{id}/unlock/ (§7 Catalogue and viewing): unlock a paid episode with coins.
 * GET and POST /api/series/{id}/unlock-all/: the total for the rest of a series, and paying it.
 */
import type { AppContext } from '../../context';
import { ErrorSchema, IdParams, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../auth/auth.hooks';
import { quoteSeriesUnlock, unlockSeries } from './series-unlock.service';
import {
  InsufficientCoinsAnswer,
  SeriesTotalChangedAnswer,
  SeriesUnlockAnswerSchema,
  SeriesUnlockBody,
  SeriesUnlockQuoteSchema,
  UnlockAnswerSchema,
} from './unlocks.schemas';
import { unlockEpisode } from './unlocks.service';

export async function unlocksRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  app.post(
    '/episodes/:id/unlock/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['coins'],
        params: IdParams,
        // 409: the guest moved to an account while this request was on its way.
        response: withErrors({ 200: UnlockAnswerSchema, 402: InsufficientCoinsAnswer, 409: ErrorSchema }),
      },
    },
    (request) => unlockEpisode(ctx, viewerOf(request), request.params.id),
  );

  app.get(
    '/series/:id/unlock-all/',
    {
      preHandler: app.requireUser,
      schema: { tags: ['coins'], params: IdParams, response: withErrors({ 200: SeriesUnlockQuoteSchema }) },
    },
    (request) => quoteSeriesUnlock(ctx, viewerOf(request), request.params.id),
  );

  app.post(
    '/series/:id/unlock-all/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['coins'],
        params: IdParams,
        body: SeriesUnlockBody,
        // 409: the total changed since it was shown (or the guest moved to an account meanwhile).
        response: withErrors({
          200: SeriesUnlockAnswerSchema,
          402: InsufficientCoinsAnswer,
          409: SeriesTotalChangedAnswer,
        }),
      },
    },
    (request) => unlockSeries(ctx, viewerOf(request), request.params.id, request.body.coins),
  );
}
