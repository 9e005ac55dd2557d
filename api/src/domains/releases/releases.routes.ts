/**
 * Versioned remotes (issue #22):
 * - `GET /api/remotes/` — every remote's rollout rule, for everybody (guests too), cached briefly.
 * - `POST /api/remotes/reports/` — pages report how each remote version loaded (public; the API-wide
 *   rate limit applies, as on the other public write routes).
 * - `/api/admin/releases/…` — the staff Releases screen: the view with figures, start or change a
 *   canary, promote, roll back, make a version stable. Staff only, checked before the body is read.
 */
import { REMOTE_ROLLOUT_CACHE_SECONDS } from '@cliffhanger/shared/remote-releases';
import type { AppContext } from '../../context';
import { ErrorSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import {
  CanaryBody,
  LoadReportsAnswer,
  LoadReportsBody,
  ReleasesViewAnswer,
  RemoteParams,
  RolloutsAnswer,
  StableBody,
} from './releases.schemas';
import {
  makeStable,
  promoteCanary,
  releasesView,
  reporterOf,
  rollBackCanary,
  rollouts,
  startCanary,
  storeReports,
} from './releases.service';

export async function releasesRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['releases'];

  app.get(
    '/remotes/',
    {
      schema: {
        tags,
        description: `Which version of each remote pages load: the stable one and, optionally, a canary for a share of sessions. Cacheable for ${REMOTE_ROLLOUT_CACHE_SECONDS} s.`,
        response: withErrors({ 200: RolloutsAnswer }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${REMOTE_ROLLOUT_CACHE_SECONDS}`);
      return rollouts(ctx);
    },
  );

  app.post(
    '/remotes/reports/',
    {
      schema: {
        tags,
        description:
          'How remote versions loaded in a page: loaded (with its time), failed to load, or a screen error. 400 when a remote or version is unknown (nothing is stored).',
        body: LoadReportsBody,
        response: withErrors({ 200: LoadReportsAnswer, 503: ErrorSchema }),
      },
    },
    (request) => storeReports(ctx, request.body.reports, reporterOf(request.ip, request.headers['user-agent'])),
  );

  await app.register(async (staff: TypedFastify) => {
    staff.addHook('onRequest', app.requireStaff);
    const staffTags = ['admin', 'releases'];
    // 409: the version does not fit the shell's shared libraries, is already stable, or there is no canary.
    const changeAnswers = withErrors({ 200: ReleasesViewAnswer, 409: ErrorSchema, 503: ErrorSchema });

    staff.get(
      '/admin/releases/',
      { schema: { tags: staffTags, response: withErrors({ 200: ReleasesViewAnswer }) } },
      () => releasesView(ctx),
    );

    staff.put(
      '/admin/releases/:remote/canary',
      { schema: { tags: staffTags, params: RemoteParams, body: CanaryBody, response: changeAnswers } },
      (request) => startCanary(ctx, viewerOf(request), request.params.remote, request.body.version, request.body.share),
    );

    staff.post(
      '/admin/releases/:remote/promote',
      {
        schema: { tags: staffTags, params: RemoteParams, response: changeAnswers },
      },
      (request) => promoteCanary(ctx, viewerOf(request), request.params.remote),
    );

    staff.post(
      '/admin/releases/:remote/rollback',
      {
        schema: { tags: staffTags, params: RemoteParams, response: changeAnswers },
      },
      (request) => rollBackCanary(ctx, viewerOf(request), request.params.remote),
    );

    staff.put(
      '/admin/releases/:remote/stable',
      { schema: { tags: staffTags, params: RemoteParams, body: StableBody, response: changeAnswers } },
      (request) => makeStable(ctx, viewerOf(request), request.params.remote, request.body.version),
    );
  });
}
