/**
 * /api/admin/*: the staff API. Staff registration with an invitation code is open; everything else
 * sits in one scope whose first hook requires a staff or superuser token (401 without a token, 403
 * for anybody else) before the body is even read. Superuser-only actions check again in their service.
 * Handlers are thin: rules live in the admin-* services, SQL in the repositories they call.
 */
import { type Static, Type } from '@sinclair/typebox';
import { type AppContext, nowIso } from '../../context';
import { demoCatalogueProgress } from '../../demo/seed-demo-catalogue';
import { OPTIONAL_BODY } from '../../http/optional-body';
import { perAddressLimit } from '../../http/rate-limit';
import { ErrorSchema, IdParams, MessageSchema, Paged, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { requestFacts, viewerOf } from '../../kernel/identity';
import { AuthAnswerSchema } from '../auth/auth.schemas';
import { CategorySchema } from '../catalogue/catalogue.schemas';
import { mediaLibraryRoutes } from '../media/media-library.routes';
import type { PaymentsRuntime } from '../payments/payments-runtime';
import { SubscriptionSchema } from '../subscriptions/subscriptions.schemas';
import { subtitlesRoutes } from '../subtitles/subtitles.routes';
import {
  AdminEpisodeSchema,
  AdminMeSchema,
  AdminSeriesSchema,
  AdminSettingsAnswer,
  AdminSubscriptionSchema,
  AdminUserSchema,
  AnalyticsAnswer,
  AnalyticsQuery,
  AuditActionsAnswer,
  AuditCsvAnswer,
  AuditEntrySchema,
  AuditExportQuery,
  AuditQuery,
  CancelSubscriptionBody,
  CategoryCreateBody,
  CategoryUpdateBody,
  CoinAdjustmentAnswer,
  CoinAdjustmentBody,
  DashboardAnswer,
  DemoCatalogueAnswer,
  EpisodeCreateBody,
  EpisodeListQuery,
  EpisodePreviewAnswer,
  EpisodeUpdateBody,
  InsufficientCoinsAnswer,
  InvitationAnswer,
  InvitationBody,
  LedgerEntrySchema,
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
  SettingAnswer,
  SettingKeyParams,
  StaffInvitationSchema,
  StaffRegisterBody,
  SubscriptionListQuery,
  UserDetailSchema,
  UserFlagsBody,
  UserHistoryQuery,
  UserListQuery,
  UserUnlockSchema,
} from './admin.schemas';
import {
  createInvitation,
  listInvitations,
  registerStaff,
  requireSuperuser,
  revokeInvitation,
} from './admin-access.service';
import * as catalogue from './admin-catalogue.service';
import { analytics, dashboard } from './admin-insights.service';
import { allSettings, updateSetting } from './admin-settings.service';
import * as users from './admin-users.service';
import { auditActions, exportAudit, listAudit } from './audit.repository';
import { auditCsv, toAuditDto } from './audit.service';

export async function adminRoutes(
  app: TypedFastify,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsRuntime },
) {
  const tags = ['admin'];
  const sensitive = perAddressLimit(ctx.config.rateLimit.sensitivePerMinute, '1 minute');

  app.post(
    '/admin/register/',
    {
      config: sensitive,
      // 409: the e-mail address or username belongs to an account already.
      schema: { tags, body: StaffRegisterBody, response: withErrors({ 201: AuthAnswerSchema, 409: ErrorSchema }) },
    },
    async (request, reply) => reply.status(201).send(await registerStaff(ctx, request.body)),
  );

  await app.register(
    async (staff: TypedFastify) => {
      staff.addHook('onRequest', app.requireStaff);
      await staff.register(mediaLibraryRoutes, { ctx });
      await staff.register(subtitlesRoutes, { ctx });
      staffRoutes(staff, ctx, payments);
    },
    { prefix: '/admin' },
  );
}

function staffRoutes(app: TypedFastify, ctx: AppContext, payments: PaymentsRuntime) {
  const tags = ['admin'];
  const actor = (request: Parameters<typeof viewerOf>[0]) => viewerOf(request);

  // --- Access and audit ------------------------------------------------------------------------------
  // Invitations and the audit log are for superusers (403 for other staff, said in the message).
  app.post(
    '/invitations/',
    {
      // A bare request makes a bare code with the default validity; with `email` it is mailed there and
      // registers that address only. 409: that address has an account already.
      schema: {
        [OPTIONAL_BODY]: true,
        tags,
        body: InvitationBody,
        response: withErrors({ 201: InvitationAnswer, 409: ErrorSchema }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createInvitation(ctx, actor(request), request.body, requestFacts(ctx, request))),
  );
  app.get(
    '/invitations/',
    { schema: { tags, response: withErrors({ 200: Type.Array(StaffInvitationSchema) }) } },
    (request) => listInvitations(ctx, actor(request)),
  );
  app.post(
    '/invitations/:id/revoke/',
    // 409: the invitation was used, has expired or was revoked already.
    { schema: { tags, params: IdParams, response: withErrors({ 200: StaffInvitationSchema, 409: ErrorSchema }) } },
    (request) => revokeInvitation(ctx, actor(request), request.params.id),
  );

  const auditFilters = (query: Static<typeof AuditExportQuery>) => ({
    entity: query.entity,
    entityId: query.entity_id,
    actorId: query.actor_id,
    actor: query.actor,
    action: query.action,
    from: query.from,
    to: query.to,
  });
  app.get(
    '/audit/',
    { schema: { tags, querystring: AuditQuery, response: withErrors({ 200: Paged(AuditEntrySchema) }) } },
    async (request) => {
      requireSuperuser(actor(request));
      const { rows, count, page, limit } = await listAudit(ctx.db, auditFilters(request.query), request.query);
      return { results: rows.map(toAuditDto), count, page, limit };
    },
  );
  app.get('/audit/actions/', { schema: { tags, response: withErrors({ 200: AuditActionsAnswer }) } }, (request) => {
    requireSuperuser(actor(request));
    return auditActions(ctx.db);
  });
  app.get(
    '/audit/export/',
    // The newest AUDIT_EXPORT_MAX_ROWS rows of the same filters as GET /audit/, as a CSV download.
    { schema: { tags, querystring: AuditExportQuery, response: { ...withErrors({}), 200: AuditCsvAnswer } } },
    async (request, reply) => {
      requireSuperuser(actor(request));
      const csv = auditCsv(await exportAudit(ctx.db, auditFilters(request.query)));
      const day = nowIso(ctx).slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get('/me/', { schema: { tags, response: withErrors({ 200: AdminMeSchema }) } }, (request) => {
    const me = actor(request);
    return { ...users.toAdminUser(ctx, me), grant_limit: me.is_superuser ? null : payments.config.staffGrantLimit };
  });

  // --- Dashboard and analytics -------------------------------------------------------------------------
  app.get('/dashboard/', { schema: { tags, response: withErrors({ 200: DashboardAnswer }) } }, () => dashboard(ctx));
  // The demo catalogue a fresh install makes at start, while it is being made (api/src/demo).
  app.get('/demo-catalogue/', { schema: { tags, response: withErrors({ 200: DemoCatalogueAnswer }) } }, () =>
    demoCatalogueProgress(ctx.db),
  );
  app.get(
    '/analytics/',
    // 404: the series asked for does not exist.
    { schema: { tags, querystring: AnalyticsQuery, response: withErrors({ 200: AnalyticsAnswer }) } },
    (request) => analytics(ctx, request.query.days ?? 30, request.query.series_id),
  );

  // --- Series ------------------------------------------------------------------------------------------
  // Image fields may carry a small inline image (data: address), stored as a library file: 413 when it
  // is over 500 KB, 415 when it is not an image we accept, 422 when it cannot be decoded.
  const series = withErrors({ 200: AdminSeriesSchema });
  app.get(
    '/series/',
    { schema: { tags, querystring: SeriesListQuery, response: withErrors({ 200: Paged(AdminSeriesSchema) }) } },
    (request) => catalogue.listSeries(ctx, request.query),
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
    async (request, reply) => reply.status(201).send(await catalogue.createSeries(ctx, actor(request), request.body)),
  );
  app.get('/series/:id/', { schema: { tags, params: IdParams, response: series } }, (request) =>
    catalogue.getSeries(ctx, request.params.id),
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
    (request) => catalogue.updateSeries(ctx, actor(request), request.params.id, request.body),
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
    (request) => catalogue.updateSeriesMedia(ctx, actor(request), request.params.id, request.body),
  );
  app.delete('/series/:id/', { schema: { tags, params: IdParams, response: series } }, (request) =>
    catalogue.setSeriesDeleted(ctx, actor(request), request.params.id, true),
  );
  app.post('/series/:id/restore/', { schema: { tags, params: IdParams, response: series } }, (request) =>
    catalogue.setSeriesDeleted(ctx, actor(request), request.params.id, false),
  );
  // Publishing: a bare request publishes now, `publish_at` schedules. 422: the publish checklist is not
  // met (`missing` names each thing still needed); 409: the series is deleted.
  const publishing = {
    [OPTIONAL_BODY]: true,
    tags,
    params: IdParams,
    body: PublishBody,
  } as const;
  app.post(
    '/series/:id/publish/',
    {
      schema: {
        ...publishing,
        response: withErrors({ 200: AdminSeriesSchema, 409: ErrorSchema, 422: PublishRefusedAnswer }),
      },
    },
    (request) => catalogue.publishSeries(ctx, actor(request), request.params.id, request.body ?? {}),
  );
  app.post('/series/:id/unpublish/', { schema: { tags, params: IdParams, response: series } }, (request) =>
    catalogue.unpublishSeries(ctx, actor(request), request.params.id),
  );

  // --- Categories (the genre chips) ------------------------------------------------------------------
  // 409: another category has that name or address.
  const category = withErrors({ 200: Type.Ref(CategorySchema), 409: ErrorSchema });
  app.post(
    '/categories/',
    {
      schema: {
        tags,
        body: CategoryCreateBody,
        response: withErrors({ 201: Type.Ref(CategorySchema), 409: ErrorSchema }),
      },
    },
    async (request, reply) => reply.status(201).send(await catalogue.createCategory(ctx, actor(request), request.body)),
  );
  app.patch(
    '/categories/:id/',
    { schema: { tags, params: IdParams, body: CategoryUpdateBody, response: category } },
    (request) => catalogue.updateCategory(ctx, actor(request), request.params.id, request.body),
  );

  // --- Episodes ----------------------------------------------------------------------------------------
  // 409 on a create or change: the season already has an episode with that number.
  const episodeList = withErrors({ 200: Type.Array(AdminEpisodeSchema) });
  app.get(
    '/series/:seriesId/episodes/',
    { schema: { tags, params: SeriesIdParams, response: episodeList } },
    (request) => catalogue.seriesEpisodes(ctx, request.params.seriesId),
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
      reply.status(201).send(await catalogue.createEpisode(ctx, actor(request), request.params.seriesId, request.body)),
  );
  app.put(
    '/series/:seriesId/episodes/order/',
    { schema: { tags, params: SeriesIdParams, body: ReorderBody, response: episodeList } },
    (request) => catalogue.reorderEpisodes(ctx, actor(request), request.params.seriesId, request.body.episode_ids),
  );
  // Bulk pricing: the preview changes nothing; the PUT applies the rule to every episode at once.
  app.post(
    '/series/:seriesId/pricing/preview/',
    {
      schema: {
        tags,
        params: SeriesIdParams,
        body: PricingRuleSchema,
        response: withErrors({ 200: PricingPlanAnswer }),
      },
    },
    (request) => catalogue.previewPricing(ctx, request.params.seriesId, request.body),
  );
  app.put(
    '/series/:seriesId/pricing/',
    {
      schema: {
        tags,
        params: SeriesIdParams,
        body: PricingRuleSchema,
        response: withErrors({ 200: PricingPlanAnswer }),
      },
    },
    (request) => catalogue.applyPricing(ctx, actor(request), request.params.seriesId, request.body),
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
  app.get(
    '/episodes/:id/preview/',
    // 404: the episode, or its video, does not exist yet.
    { schema: { tags, params: IdParams, response: withErrors({ 200: EpisodePreviewAnswer }) } },
    (request) => catalogue.previewEpisode(ctx, actor(request), request.params.id),
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
    (request) => catalogue.updateEpisode(ctx, actor(request), request.params.id, request.body),
  );
  app.post(
    '/episodes/:id/publish/',
    { schema: { ...publishing, response: withErrors({ 200: AdminEpisodeSchema, 422: PublishRefusedAnswer }) } },
    (request) => catalogue.publishEpisode(ctx, actor(request), request.params.id, request.body ?? {}),
  );
  app.post(
    '/episodes/:id/unpublish/',
    { schema: { tags, params: IdParams, response: withErrors({ 200: AdminEpisodeSchema }) } },
    (request) => catalogue.unpublishEpisode(ctx, actor(request), request.params.id),
  );
  app.delete(
    '/episodes/:id/',
    // 409: viewers have unlocked the episode, so it stays.
    { schema: { tags, params: IdParams, response: withErrors({ 200: MessageSchema, 409: ErrorSchema }) } },
    async (request) => {
      await catalogue.deleteEpisode(ctx, actor(request), request.params.id);
      return { message: 'Episode deleted' };
    },
  );

  // --- Users and subscriptions -------------------------------------------------------------------------
  app.get(
    '/users/',
    { schema: { tags, querystring: UserListQuery, response: withErrors({ 200: Paged(AdminUserSchema) }) } },
    (request) => users.listUsers(ctx, request.query),
  );
  app.get(
    '/users/:id/',
    { schema: { tags, params: IdParams, response: withErrors({ 200: UserDetailSchema }) } },
    (request) => users.userDetail(ctx, request.params.id),
  );
  app.get(
    '/users/:id/ledger/',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: UserHistoryQuery,
        response: withErrors({ 200: Paged(LedgerEntrySchema) }),
      },
    },
    (request) => users.userLedger(ctx, request.params.id, request.query),
  );
  app.get(
    '/users/:id/unlocks/',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: UserHistoryQuery,
        response: withErrors({ 200: Paged(UserUnlockSchema) }),
      },
    },
    (request) => users.userUnlocks(ctx, request.params.id, request.query),
  );
  app.post(
    '/users/:id/coins/',
    {
      // 403: the staff member's own balance, or a grant above STAFF_GRANT_LIMIT without superuser rights.
      // 409: a deduction would take the balance below zero.
      schema: {
        tags,
        params: IdParams,
        body: CoinAdjustmentBody,
        response: withErrors({ 200: CoinAdjustmentAnswer, 409: InsufficientCoinsAnswer }),
      },
    },
    (request) =>
      users.adjustCoins(ctx, actor(request), request.params.id, request.body, payments.config.staffGrantLimit),
  );
  app.patch(
    '/users/:id/',
    // 403: Gold, roles (granting, changing or revoking staff access) and disabling staff are for superusers.
    { schema: { tags, params: IdParams, body: UserFlagsBody, response: withErrors({ 200: AdminUserSchema }) } },
    (request) => users.updateUserFlags(ctx, actor(request), request.params.id, request.body),
  );
  app.get(
    '/subscriptions/',
    {
      schema: {
        tags,
        querystring: SubscriptionListQuery,
        response: withErrors({ 200: Paged(AdminSubscriptionSchema) }),
      },
    },
    (request) => users.listSubscriptions(ctx, request.query),
  );
  app.post(
    '/subscriptions/:id/cancel/',
    {
      // 409: the subscription is not active, or (immediately) it is billed by the card processor, which
      // ends it; 502 and 503: the card processor could not be reached, or is not configured.
      schema: {
        // A bare request cancels at the end of the paid period.
        [OPTIONAL_BODY]: true,
        tags,
        params: IdParams,
        body: CancelSubscriptionBody,
        response: withErrors({ 200: SubscriptionSchema, 409: ErrorSchema, 502: ErrorSchema, 503: ErrorSchema }),
      },
    },
    (request) =>
      users.cancelSubscription(ctx, payments, actor(request), request.params.id, request.body.immediately ?? false),
  );

  // --- Settings ----------------------------------------------------------------------------------------
  app.get('/settings/', { schema: { tags, response: withErrors({ 200: AdminSettingsAnswer }) } }, () =>
    allSettings(ctx),
  );
  app.put(
    '/settings/:key/',
    {
      schema: {
        tags,
        params: SettingKeyParams,
        // Checked per key in the service, which names the offending field.
        body: Type.Unknown(),
        response: withErrors({ 200: SettingAnswer }),
      },
    },
    (request) => updateSetting(ctx, actor(request), request.params.key, request.body),
  );
}
