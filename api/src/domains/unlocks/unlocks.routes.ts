/**
 * POST /api/episodes/{id}/unlock/ (product.md#unlocks): unlock a paid episode with coins.
 * GET and POST /api/series/{id}/unlock-all/: the total for the rest of a series, and paying it.
 * GET, PUT and DELETE /api/series/{id}/auto-unlock/: the viewer's own opt-in auto-unlock for a series
 * (read it, turn it on with a cap or change the cap, turn it off).
 */
import type { AppContext } from '../../context';
import { IdParams, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { readAutoUnlock, turnOffAutoUnlock, turnOnAutoUnlock } from './auto-unlock.service';
import { quoteSeriesUnlock, unlockSeries } from './series-unlock.service';
import {
  AutoUnlockBody,
  AutoUnlockRefusedAnswer,
  AutoUnlockSettingSchema,
  InsufficientCoinsAnswer,
  SeriesTotalChangedAnswer,
  SeriesUnlockAnswerSchema,
  SeriesUnlockBody,
  SeriesUnlockQuoteSchema,
  UnlockAnswerSchema,
  UnlockBody,
} from './unlocks.schemas';
import { unlockEpisode } from './unlocks.service';

export async function unlocksRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  /** Every route here is the signed-in viewer's own, on the episode or series in the path. */
  const viewerRoute = <S extends object>(schema: S) => ({
    preHandler: app.requireUser,
    schema: { tags: ['coins'], params: IdParams, ...schema },
  });
  const readsSetting = viewerRoute({ response: withErrors({ 200: AutoUnlockSettingSchema }) });

  app.post(
    '/episodes/:id/unlock/',
    {
      ...viewerRoute({
        body: UnlockBody,
        // 409: the guest moved to an account while this request was on its way; or, for an automatic
        // unlock, auto-unlock is off or this episode would pass the viewer's cap (nothing was charged).
        response: withErrors({ 200: UnlockAnswerSchema, 402: InsufficientCoinsAnswer, 409: AutoUnlockRefusedAnswer }),
      }),
      // The body is optional (an unlock by hand sends none): an absent one validates as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    (request) =>
      unlockEpisode(ctx, viewerOf(request), request.params.id, { automatic: request.body.automatic === true }),
  );

  app.get('/series/:id/auto-unlock/', readsSetting, (request) =>
    readAutoUnlock(ctx, viewerOf(request), request.params.id),
  );

  app.put(
    '/series/:id/auto-unlock/',
    viewerRoute({ body: AutoUnlockBody, response: withErrors({ 200: AutoUnlockSettingSchema }) }),
    (request) => turnOnAutoUnlock(ctx, viewerOf(request), request.params.id, request.body.cap),
  );

  app.delete('/series/:id/auto-unlock/', readsSetting, (request) =>
    turnOffAutoUnlock(ctx, viewerOf(request), request.params.id),
  );

  app.get(
    '/series/:id/unlock-all/',
    viewerRoute({ response: withErrors({ 200: SeriesUnlockQuoteSchema }) }),
    (request) => quoteSeriesUnlock(ctx, viewerOf(request), request.params.id),
  );

  app.post(
    '/series/:id/unlock-all/',
    viewerRoute({
      body: SeriesUnlockBody,
      // 409: the total changed since it was shown (or the guest moved to an account meanwhile).
      response: withErrors({
        200: SeriesUnlockAnswerSchema,
        402: InsufficientCoinsAnswer,
        409: SeriesTotalChangedAnswer,
      }),
    }),
    (request) => unlockSeries(ctx, viewerOf(request), request.params.id, request.body.coins),
  );
}
