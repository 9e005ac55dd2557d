/** Request and answer schemas of /api/admin/*: one place, so validation, types and OpenAPI agree. */
import { STAFF_INVITATION_HOURS } from '@cliffhanger/shared/constants';
import { AssignableRoleSchema } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';
import { Id, PageQuery } from '../../http/schemas';
import { Email, Password } from '../auth/auth.schemas';
import { PlanId } from '../settings/settings.schemas';

// The answers staff read are the shared contracts; bodies, queries and the rest stay here.
export {
  AdminMeSchema,
  AdminSubscriptionSchema,
  AdminUserSchema,
  AnalyticsAnswer,
  AnalyticsQuery,
  AuditActionsAnswer,
  AuditEntrySchema,
  CoinAdjustmentAnswer,
  DashboardAnswer,
  DemoCatalogueAnswer,
  InvitationAnswer,
  LedgerEntrySchema,
  StaffInvitationSchema,
  UserDetailSchema,
  UserUnlockSchema,
} from '@cliffhanger/shared/contracts';

// --- Access ----------------------------------------------------------------------------------------

export const InvitationBody = Type.Object(
  {
    /** The colleague's address: the invitation is mailed there and registers that address only. */
    email: Type.Optional(Email),
    valid_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 30, default: STAFF_INVITATION_HOURS })),
  },
  { additionalProperties: false },
);
export const StaffRegisterBody = Type.Object(
  {
    email: Email,
    password: Password,
    username: Type.String({ minLength: 2, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' }),
    invitation_code: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

/** A calendar day (UTC), e.g. 2026-12-07. */
const Day = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'A day, YYYY-MM-DD (UTC)',
});

/** What the audit log is filtered by; the CSV export takes the same filters. */
export const AuditFilterQuery = {
  entity: Type.Optional(Type.String({ maxLength: 40 })),
  entity_id: Type.Optional(Type.String({ maxLength: 40 })),
  actor_id: Type.Optional(Id),
  /** Part of the acting person's e-mail address. */
  actor: Type.Optional(Type.String({ maxLength: 100 })),
  /** The action exactly, e.g. `user.coins_granted`, or its domain followed by a dot (`user.`). */
  action: Type.Optional(Type.String({ maxLength: 60 })),
  /** From this day on (inclusive). */
  from: Type.Optional(Day),
  /** Up to and including this day. */
  to: Type.Optional(Day),
};
export const AuditQuery = Type.Object({ ...PageQuery, ...AuditFilterQuery });
export const AuditExportQuery = Type.Object(AuditFilterQuery);

/** The audit rows as CSV (spreadsheet-safe: a cell starting with = + - @ is prefixed with '). */
export const AuditCsvAnswer = {
  description: 'The filtered audit rows as CSV',
  content: { 'text/csv': { schema: Type.String() } },
};

// --- Users and subscriptions -----------------------------------------------------------------------

export const UserListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  /** Without a role, guests are left out (there are many of them); `all` includes them. */
  role: Type.Optional(
    Type.Union([
      Type.Literal('all'),
      Type.Literal('guest'),
      Type.Literal('registered'),
      Type.Literal('gold'),
      Type.Literal('staff'),
      Type.Literal('superuser'),
      Type.Literal('disabled'),
    ]),
  ),
});

export const UserHistoryQuery = Type.Object(PageQuery);

export const CoinAdjustmentBody = Type.Object(
  {
    /** Positive grants, negative deductions; never zero. */
    amount: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, not: Type.Literal(0) }),
    /** Required: why the balance changes (kept in the audit log). */
    reason: Type.String({ minLength: 3, maxLength: 300, pattern: '\\S' }),
    /** Makes a retried request (double click, network retry) a no-op. */
    idempotency_key: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);

/** A deduction below zero is refused with the balance there is. */
export const InsufficientCoinsAnswer = Type.Object({ message: Type.String(), balance: Type.Integer() });

export const UserFlagsBody = Type.Object(
  {
    is_gold_member: Type.Optional(Type.Boolean()),
    /** viewer, staff or superuser: grants, changes or revokes staff access (superusers only). */
    role: Type.Optional(AssignableRoleSchema),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const SubscriptionListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(
    Type.Union([Type.Literal('active'), Type.Literal('canceled'), Type.Literal('past_due'), Type.Literal('expired')]),
  ),
  plan: Type.Optional(PlanId),
  search: Type.Optional(Type.String({ maxLength: 100 })),
});

export const CancelSubscriptionBody = Type.Object(
  { immediately: Type.Optional(Type.Boolean({ default: false })) },
  { additionalProperties: false },
);

// --- Settings and insights ---------------------------------------------------------------------------

export const SettingKeyParams = Type.Object({
  key: Type.Union([
    Type.Literal('coin_packages'),
    Type.Literal('gold_plans'),
    Type.Literal('rewards'),
    Type.Literal('first_purchase_offer'),
    Type.Literal('catalogue_defaults'),
    Type.Literal('feature_switches'),
  ]),
});

// The settings staff read are declared once in the shared contracts.
export { AdminSettingsAnswer, CatalogueDefaultsSchema, FeatureSwitchesSchema } from '@cliffhanger/shared/contracts';

export const SettingAnswer = Type.Object({
  key: SettingKeyParams.properties.key,
  value: Type.Unknown({ description: 'The value now stored, shaped as in GET /api/admin/settings/' }),
});
