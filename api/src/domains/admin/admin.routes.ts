/**
 * /api/admin/*: the staff API. Staff registration with an invitation code is open; everything else
 * sits in one scope whose first hook requires a staff or superuser token (401 without a token, 403
 * for anybody else) before the body is even read. Superuser-only actions check again in their service.
 * Handlers are thin: rules live in the admin-* services, SQL in the repositories they call. The staff
 * editing of series, episodes and categories is the catalogue's (catalogue/catalogue-staff.routes.ts).
 */
import { type Static, Type } from '@sinclair/typebox';
import { type AppContext, nowIso } from '../../context';
import { OPTIONAL_BODY } from '../../http/optional-body';
import { perAddressLimit } from '../../http/rate-limit';
import { ErrorSchema, IdParams, Paged, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { requestFacts, viewerOf } from '../../kernel/identity';
import { AuthAnswerSchema } from '../auth/auth.schemas';
import { episodeExists } from '../catalogue/catalogue.repository';
import { mediaLibraryRoutes } from '../media/media-library.routes';
import { adminPaymentRoutes } from '../payments/admin-payments.routes';
import type { PaymentsRuntime } from '../payments/payments-runtime';
import { SubscriptionSchema } from '../subscriptions/subscriptions.schemas';
import { subtitlesRoutes } from '../subtitles/subtitles.routes';
import {
  AdminMeSchema,
  AdminSettingsAnswer,
  AdminSubscriptionSchema,
  AdminUserSchema,
  AuditActionsAnswer,
  AuditCsvAnswer,
  AuditEntrySchema,
  AuditExportQuery,
  AuditQuery,
  CancelSubscriptionBody,
  CoinAdjustmentAnswer,
  CoinAdjustmentBody,
  DashboardAnswer,
  DemoCatalogueAnswer,
  InsufficientCoinsAnswer,
  InvitationAnswer,
  InvitationBody,
  LedgerEntrySchema,
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
import { analyticsRoutes } from './admin-insights.routes';
import { dashboard } from './admin-insights.service';
import { allSettings, updateSetting } from './admin-settings.service';
import * as users from './admin-users.service';
import { auditActions, exportAudit, listAudit } from './audit.repository';
import { auditCsv, toAuditDto } from './audit.service';
import { demoCatalogueProgress } from './demo-catalogue-progress';

const tags = ['admin'];
const actor = (request: Parameters<typeof viewerOf>[0]) => viewerOf(request);

export async function adminRoutes(
  app: TypedFastify,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsRuntime },
) {
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
      await staff.register(subtitlesRoutes, { ctx, episodeExists });
      accessRoutes(staff, ctx, payments);
      auditRoutes(staff, ctx);
      insightsRoutes(staff, ctx);
      userRoutes(staff, ctx, payments);
      adminPaymentRoutes(staff, ctx, payments);
      settingsRoutes(staff, ctx);
    },
    { prefix: '/admin' },
  );
}

/** Invitations and the audit log are for superusers (403 for other staff, said in the message). */
function accessRoutes(app: TypedFastify, ctx: AppContext, payments: PaymentsRuntime) {
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

  app.get('/me/', { schema: { tags, response: withErrors({ 200: AdminMeSchema }) } }, (request) => {
    const me = actor(request);
    return { ...users.toAdminUser(ctx, me), grant_limit: me.is_superuser ? null : payments.config.staffGrantLimit };
  });
}

function auditRoutes(app: TypedFastify, ctx: AppContext) {
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
}

function insightsRoutes(app: TypedFastify, ctx: AppContext) {
  app.get('/dashboard/', { schema: { tags, response: withErrors({ 200: DashboardAnswer }) } }, () => dashboard(ctx));
  // The demo catalogue a fresh install makes at start, while it is being made (as the demo/ workspace reports it).
  app.get('/demo-catalogue/', { schema: { tags, response: withErrors({ 200: DemoCatalogueAnswer }) } }, () =>
    demoCatalogueProgress(ctx.db),
  );
  analyticsRoutes(app, ctx, tags);
}

function userRoutes(app: TypedFastify, ctx: AppContext, payments: PaymentsRuntime) {
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
}

function settingsRoutes(app: TypedFastify, ctx: AppContext) {
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
