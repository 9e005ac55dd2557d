/**
 * GET /api/feed/for-you/: the viewer's for-you feed (catalogue/for-you.service.ts). The viewer is the one the
 * bearer token names, or nobody; the route takes no parameters, so nothing in the address can make
 * it answer for somebody else. Answers are personal: never stored by a shared cache.
 */
import type { AppContext } from '../../context';
import { withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { forYouFeed } from '../catalogue/for-you.service';
import { ForYouFeedSchema } from './for-you.schemas';

export async function forYouRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  app.get(
    '/feed/for-you/',
    { preHandler: app.optionalUser, schema: { tags: ['feed'], response: withErrors({ 200: ForYouFeedSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return forYouFeed(ctx, request.viewer);
    },
  );
}
