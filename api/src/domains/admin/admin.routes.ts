/**
 * /api/admin/*: the staff API. Staff registration with an invitation code is open; everything else
 * sits in one scope whose first hook requires a staff or superuser token (401 without a token, 403
 * for anybody else) before the body is even read. Superuser-only actions check again in their service.
 * Handlers are thin: rules live in the admin-* services, SQL in the repositories they call.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { IdParams, MessageSchema, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../auth/auth.hooks';
import { AuthAnswerSchema } from '../auth/auth.schemas';
import { MediaJobQueue } from '../media-library/media-jobs';
import { mediaLibraryRoutes } from '../media-library/media-library.routes';
import { mediaStorageFor } from '../media-library/media-storage';
import type { PaymentsRuntime } from '../payments/payments.service';
import {
  AdminEpisodeSchema,
  AdminSeriesSchema,
  AnalyticsQuery,
  AuditQuery,
  CancelSubscriptionBody,
  CoinAdjustmentBody,
  EpisodeCreateBody,
  EpisodeListQuery,
  EpisodeUpdateBody,
  InvitationAnswer,
  InvitationBody,
  Paged,
  ReorderBody,
  SeriesCreateBody,
  SeriesIdParams,
  SeriesListQuery,
  SeriesMediaBody,
  SeriesUpdateBody,
  SettingKeyParams,
  StaffRegisterBody,
  SubscriptionListQuery,
  UserFlagsBody,
  UserListQuery,
} from './admin.schemas';
import { createInvitation, registerStaff, requireSuperuser } from './admin-access.service';
import * as catalogue from './admin-catalogue.service';
import { analytics, dashboard } from './admin-insights.service';
import { allSettings, updateSetting } from './admin-settings.service';
import * as users from './admin-users.service';
import { listAudit, toAuditDto } from './audit.repository';
import { staffDb } from './staff.tables';

export async function adminRoutes(
  app: TypedFastify,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsRuntime },
) {
  const tags = ['admin'];
  const sensitive = { rateLimit: { max: ctx.config.rateLimit.sensitivePerMinute, timeWindow: '1 minute' } };

  app.post(
    '/admin/register/',
    { config: sensitive, schema: { tags, body: StaffRegisterBody, response: withErrors({ 201: AuthAnswerSchema }) } },
    async (request, reply) => reply.status(201).send(await registerStaff(ctx, request.body)),
  );

  const queue = new MediaJobQueue(ctx, mediaStorageFor(ctx.config), app.log);
  app.addHook('onReady', () => queue.start());
  app.addHook('onClose', () => queue.stop());

  await app.register(
    async (staff: TypedFastify) => {
      staff.addHook('onRequest', app.requireStaff);
      await staff.register(mediaLibraryRoutes, { ctx, queue });
      staffRoutes(staff, ctx, payments);
    },
    { prefix: '/admin' },
  );
}

function staffRoutes(app: TypedFastify, ctx: AppContext, payments: PaymentsRuntime) {
  const tags = ['admin'];
  const actor = (request: Parameters<typeof viewerOf>[0]) => viewerOf(request);

  // --- Access and audit ------------------------------------------------------------------------------
  app.post(
    '/invitations/',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { tags, body: InvitationBody, response: withErrors({ 201: InvitationAnswer }) },
    },
    async (request, reply) =>
      reply.status(201).send(await createInvitation(ctx, actor(request), request.body.valid_hours ?? 72)),
  );

  app.get('/audit/', { schema: { tags, querystring: AuditQuery } }, async (request) => {
    requireSuperuser(actor(request));
    const limit = request.query.limit ?? 50;
    const page = request.query.page ?? 1;
    const { rows, count } = await listAudit(
      staffDb(ctx),
      { entity: request.query.entity, entityId: request.query.entity_id, actorId: request.query.actor_id },
      { limit, offset: (page - 1) * limit },
    );
    return { results: rows.map(toAuditDto), count, page, limit };
  });

  app.get('/me/', { schema: { tags } }, (request) => users.toAdminUser(ctx, actor(request)));

  // --- Dashboard and analytics -------------------------------------------------------------------------
  app.get('/dashboard/', { schema: { tags } }, () => dashboard(ctx));
  app.get('/analytics/', { schema: { tags, querystring: AnalyticsQuery } }, (request) =>
    analytics(ctx, request.query.days ?? 30, request.query.series_id),
  );

  // --- Series ------------------------------------------------------------------------------------------
  const series = { 200: AdminSeriesSchema };
  app.get(
    '/series/',
    { schema: { tags, querystring: SeriesListQuery, response: withErrors({ 200: Paged(AdminSeriesSchema) }) } },
    (request) => catalogue.listSeries(ctx, request.query),
  );
  app.post(
    '/series/',
    { schema: { tags, body: SeriesCreateBody, response: withErrors({ 201: AdminSeriesSchema }) } },
    async (request, reply) => reply.status(201).send(await catalogue.createSeries(ctx, actor(request), request.body)),
  );
  app.get('/series/:id/', { schema: { tags, params: IdParams, response: withErrors(series) } }, (request) =>
    catalogue.getSeries(ctx, request.params.id),
  );
  app.patch(
    '/series/:id/',
    { schema: { tags, params: IdParams, body: SeriesUpdateBody, response: withErrors(series) } },
    (request) => catalogue.updateSeries(ctx, actor(request), request.params.id, request.body),
  );
  app.patch(
    '/series/:id/media/',
    { schema: { tags, params: IdParams, body: SeriesMediaBody, response: withErrors(series) } },
    (request) => catalogue.updateSeriesMedia(ctx, actor(request), request.params.id, request.body),
  );
  app.delete('/series/:id/', { schema: { tags, params: IdParams, response: withErrors(series) } }, (request) =>
    catalogue.setSeriesDeleted(ctx, actor(request), request.params.id, true),
  );
  app.post('/series/:id/restore/', { schema: { tags, params: IdParams, response: withErrors(series) } }, (request) =>
    catalogue.setSeriesDeleted(ctx, actor(request), request.params.id, false),
  );

  // --- Episodes ----------------------------------------------------------------------------------------
  const episodeList = { 200: Type.Array(AdminEpisodeSchema) };
  app.get(
    '/series/:seriesId/episodes/',
    { schema: { tags, params: SeriesIdParams, response: withErrors(episodeList) } },
    (request) => catalogue.seriesEpisodes(ctx, request.params.seriesId),
  );
  app.post(
    '/series/:seriesId/episodes/',
    {
      schema: {
        tags,
        params: SeriesIdParams,
        body: EpisodeCreateBody,
        response: withErrors({ 201: AdminEpisodeSchema }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createEpisode(ctx, actor(request), request.params.seriesId, request.body)),
  );
  app.put(
    '/series/:seriesId/episodes/order/',
    { schema: { tags, params: SeriesIdParams, body: ReorderBody, response: withErrors(episodeList) } },
    (request) => catalogue.reorderEpisodes(ctx, actor(request), request.params.seriesId, request.body.episode_ids),
  );
  app.get(
    '/episodes/',
    { schema: { tags, querystring: EpisodeListQuery, response: withErrors({ 200: Paged(AdminEpisodeSchema) }) } },
    (request) => catalogue.listEpisodes(ctx, request.query),
  );
  app.get(
    '/episodes/:id/',
    { schema: { tags, params: IdParams, response: withErrors({ 200: AdminEpisodeSchema }) } },
    (request) => catalogue.getEpisode(ctx, request.params.id),
  );
  app.patch(
    '/episodes/:id/',
    { schema: { tags, params: IdParams, body: EpisodeUpdateBody, response: withErrors({ 200: AdminEpisodeSchema }) } },
    (request) => catalogue.updateEpisode(ctx, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/episodes/:id/',
    { schema: { tags, params: IdParams, response: withErrors({ 200: MessageSchema }) } },
    async (request) => {
      await catalogue.deleteEpisode(ctx, actor(request), request.params.id);
      return { message: 'Episode deleted' };
    },
  );

  // --- Users and subscriptions -------------------------------------------------------------------------
  app.get('/users/', { schema: { tags, querystring: UserListQuery } }, (request) =>
    users.listUsers(ctx, request.query),
  );
  app.get('/users/:id/', { schema: { tags, params: IdParams } }, (request) => users.userDetail(ctx, request.params.id));
  app.post('/users/:id/coins/', { schema: { tags, params: IdParams, body: CoinAdjustmentBody } }, (request) =>
    users.adjustCoins(ctx, actor(request), request.params.id, request.body),
  );
  app.patch('/users/:id/', { schema: { tags, params: IdParams, body: UserFlagsBody } }, (request) =>
    users.updateUserFlags(ctx, actor(request), request.params.id, request.body),
  );
  app.get('/subscriptions/', { schema: { tags, querystring: SubscriptionListQuery } }, (request) =>
    users.listSubscriptions(ctx, request.query),
  );
  app.post(
    '/subscriptions/:id/cancel/',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { tags, params: IdParams, body: CancelSubscriptionBody },
    },
    (request) =>
      users.cancelSubscription(ctx, payments, actor(request), request.params.id, request.body.immediately ?? false),
  );

  // --- Settings ----------------------------------------------------------------------------------------
  app.get('/settings/', { schema: { tags } }, () => allSettings(ctx));
  app.put('/settings/:key/', { schema: { tags, params: SettingKeyParams, body: Type.Unknown() } }, (request) =>
    updateSetting(ctx, actor(request), request.params.key, request.body),
  );
}
