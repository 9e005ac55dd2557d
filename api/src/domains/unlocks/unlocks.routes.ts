/** POST /api/episodes/{id}/unlock/ (§7 Catalogue and viewing): unlock a paid episode with coins. */
import type { AppContext } from '../../context';
import { ErrorSchema, IdParams, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../auth/auth.hooks';
import { InsufficientCoinsAnswer, UnlockAnswerSchema } from './unlocks.schemas';
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
}
