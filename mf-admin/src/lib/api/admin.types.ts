/** The shapes the staff API answers (api/src/domains/admin, media-library), as shared's contracts declare them. */
import type { AdminUser, AssignableRole } from '@cliffhanger/shared';

export type {
  AdminAnalytics,
  AdminCategory,
  AdminDashboard,
  AdminEpisode,
  AdminMe,
  AdminSeries,
  AdminSettings,
  AdminSubscription,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  Category,
  CoinAdjustment,
  DashboardFigures,
  DemoCatalogueProgress,
  EpisodePreview,
  FeedFigures,
  FunnelEpisode,
  FunnelSteps,
  LedgerEntry,
  MediaAsset,
  MediaJob,
  MediaJobList,
  PageOf,
  PricingPlan,
  PricingRule,
  PublishCheck,
  Publishing,
  PublishRefusal,
  StaffInvitation,
  StaffInvitationEntry,
  UserUnlock,
} from '@cliffhanger/shared';

/** What staff change on an account (`PATCH /api/admin/users/{id}/`): Gold, the role, whether it is active. */
export type UserChanges = Partial<Pick<AdminUser, 'is_gold_member' | 'is_active'> & { role: AssignableRole }>;
