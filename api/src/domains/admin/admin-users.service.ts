/**
 * Staff work on accounts: find and inspect users (with their ledger and unlocks), correct coin
 * balances through the ledger, grant Gold or staff rights (superusers only), disable accounts, and
 * list or cancel Gold subscriptions. Every write is audited in its own transaction.
 */
import { randomUUID } from 'node:crypto';
import type { AssignableRole, UserRole } from '@cliffhanger/shared/constants';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Trx, UserRow } from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { owedCoins } from '../../kernel/coin-ledger';
import { moneyTransaction } from '../../kernel/money-transaction';
import { paginate } from '../../kernel/paging';
import { revokeAllRefreshTokens } from '../auth/auth.repository';
import { idInSearch } from '../catalogue/catalogue-editing.schemas';
import { applyStaffAdjustment, checkStaffAdjustment } from '../coins/coins.service';
import type { PaymentsRuntime } from '../payments/payments-runtime';
import { plans, setCancelAtPeriodEnd } from '../subscriptions/subscriptions.service';
import { syncGold } from '../users/gold-membership.repository';
import { toSubscriptionDto } from '../users/subscription-dto';
import { findUserById } from '../users/users.repository';
import { toUserDto } from '../users/users.service';
import type {
  CoinAdjustmentBody,
  SubscriptionListQuery,
  UserFlagsBody,
  UserHistoryQuery,
  UserListQuery,
} from './admin.schemas';
import * as repo from './admin-users.repository';

const USER_MISSING = 'User not found';

/** The one role a row's flags amount to: a superuser is a superuser, not also "staff". */
export function roleOf(row: Pick<UserRow, 'is_guest' | 'is_staff' | 'is_superuser'>): UserRole {
  if (row.is_superuser) return 'superuser';
  if (row.is_staff) return 'staff';
  return row.is_guest ? 'guest' : 'viewer';
}

/** The flags a role is stored as. */
const ROLE_FLAGS: Record<AssignableRole, { is_staff: boolean; is_superuser: boolean }> = {
  viewer: { is_staff: false, is_superuser: false },
  staff: { is_staff: true, is_superuser: false },
  superuser: { is_staff: true, is_superuser: true },
};

export function toAdminUser(ctx: AppContext, row: UserRow) {
  return {
    ...toUserDto(row, ctx.now()),
    role: roleOf(row),
    is_active: Boolean(row.is_active),
    gold_until: row.gold_until,
    last_login_at: row.last_login_at,
  };
}

export async function listUsers(ctx: AppContext, query: Static<typeof UserListQuery>) {
  const text = query.search?.trim();
  // Guests merged into an account are gone as people: their data lives on in the account. Without a
  // role asked for, guests stay out of the list: there are many, and staff look for people.
  const found = await paginate(
    query,
    20,
    repo.userPages(ctx.db, { role: query.role, text, id: text ? idInSearch(text) : null, now: nowIso(ctx) }),
  );
  const owed = await repo.owedByUsers(
    ctx.db,
    found.rows.map((row) => row.id),
  );
  return {
    results: found.rows.map((row) => ({ ...toAdminUser(ctx, row), owed: owed.get(row.id) ?? 0 })),
    count: found.count,
    page: found.page,
    limit: found.limit,
  };
}

async function userRow(ctx: AppContext, id: number): Promise<UserRow> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound(USER_MISSING);
  return row;
}

/** How many ledger entries and unlocks the user's page shows; the full lists are paged. */
const DETAIL_ROWS = 100;

export async function userDetail(ctx: AppContext, id: number) {
  const row = await userRow(ctx, id);
  const db = ctx.db;
  const [ledger, unlocks, subscriptions, goldPlans, owed] = await Promise.all([
    repo.latestLedger(db, id, DETAIL_ROWS),
    repo.latestUnlocks(db, id, DETAIL_ROWS),
    repo.subscriptionsOf(db, id),
    plans(ctx),
    owedCoins(db, id),
  ]);
  return {
    user: { ...toAdminUser(ctx, row), owed },
    ledger: ledger.map((entry) => ({
      id: entry.id,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference,
      balance_after: entry.balance_after,
      note: entry.note,
      created_at: entry.created_at,
    })),
    unlocks,
    subscriptions: subscriptions.map((s) => toSubscriptionDto(s, goldPlans, ctx.now())),
  };
}

/** A user's coin ledger, newest first, a page at a time; read-only. */
export async function userLedger(ctx: AppContext, id: number, query: Static<typeof UserHistoryQuery>) {
  await userRow(ctx, id);
  const db = ctx.db;
  const found = await paginate(query, 20, repo.ledgerPages(db, id));
  return { results: found.rows, count: found.count, page: found.page, limit: found.limit };
}

/** The episodes a user unlocked, newest first, a page at a time; read-only. */
export async function userUnlocks(ctx: AppContext, id: number, query: Static<typeof UserHistoryQuery>) {
  await userRow(ctx, id);
  const db = ctx.db;
  const found = await paginate(query, 20, repo.unlockPages(db, id));
  return { results: found.rows, count: found.count, page: found.page, limit: found.limit };
}

/**
 * A grant or deduction, always a `staff_grant` ledger entry carrying the staff member's reason
 * (`note`, shown to staff; the viewer's transactions show a polite generic label), also in the audit. The coins domain locks the user before reading the audit's "before", so concurrent
 * adjustments of one balance each record the balance they really started from.
 */
export async function adjustCoins(
  ctx: AppContext,
  actor: UserRow,
  userId: number,
  body: Static<typeof CoinAdjustmentBody>,
  limit: number,
) {
  checkStaffAdjustment(actor, userId, body.amount, limit);
  const reference = `staff:${actor.id}:${body.idempotency_key ?? randomUUID()}`;
  const result = await applyStaffAdjustment(ctx, actor, {
    userId,
    amount: body.amount,
    reference,
    reason: body.reason.trim(),
  });
  if (!result.applied && result.why === 'insufficient_funds') {
    throw new HttpError(409, `The balance cannot go below zero: this user has ${result.balance} coins`, {
      balance: result.balance,
    });
  }
  return { user_id: userId, applied: result.applied, balance: result.balance };
}

/** Who may change what on an account; throws the refusal, in words that say who may. */
function checkFlagChange(actor: UserRow, target: UserRow, body: Static<typeof UserFlagsBody>) {
  if ((body.is_gold_member !== undefined || body.role !== undefined) && !actor.is_superuser) {
    throw forbidden('Only a superuser can change Gold or staff rights');
  }
  if (body.is_active === false) {
    if (target.id === actor.id) throw badRequest('You cannot disable your own account');
    if ((target.is_staff || target.is_superuser) && !actor.is_superuser) {
      throw forbidden('Only a superuser can disable a staff account');
    }
  }
  if (body.role === undefined) return;
  if (target.id === actor.id) throw badRequest('You cannot change your own role. Please ask another superuser.');
  if (target.is_guest) throw badRequest('A guest cannot become staff: they need a real account first');
}

/**
 * Gold, the account's role (viewer, staff or superuser: staff access granted, changed or revoked) and
 * whether it is active. A role change is audited as `user.role_change`, anything else as `user.update`;
 * a staff member who loses the role is refused at their next request (roles are read per request).
 */
export async function updateUserFlags(
  ctx: AppContext,
  actor: UserRow,
  userId: number,
  body: Static<typeof UserFlagsBody>,
) {
  const target = await userRow(ctx, userId);
  checkFlagChange(actor, target, body);
  const { role, ...flags } = body;
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const after = await repo.updateUserRow(trx, userId, { ...flags, ...(role && ROLE_FLAGS[role]), updated_at: at });
    // A disabled account loses its sessions at once; access tokens already fail in the auth hook.
    if (body.is_active === false) await revokeAllRefreshTokens(trx, userId, at);
    await recordAudit(trx, {
      actor,
      action: role !== undefined && role !== roleOf(target) ? 'user.role_change' : 'user.update',
      entity: 'user',
      entityId: userId,
      before: flagsOf(target),
      after: flagsOf(after),
      at,
    });
  });
  return toAdminUser(ctx, await userRow(ctx, userId));
}

const flagsOf = (row: UserRow) => ({
  role: roleOf(row),
  is_gold_member: Boolean(row.is_gold_member),
  is_active: Boolean(row.is_active),
});

// --- Subscriptions -----------------------------------------------------------------------------------

export async function listSubscriptions(ctx: AppContext, query: Static<typeof SubscriptionListQuery>) {
  const [found, goldPlans] = await Promise.all([
    paginate(
      query,
      20,
      repo.subscriptionPages(ctx.db, { status: query.status, plan: query.plan, text: query.search?.trim() }),
    ),
    plans(ctx),
  ]);
  return {
    results: found.rows.map((row) => {
      const { user_email, user_username, ...subscription } = row;
      return {
        ...toSubscriptionDto(subscription, goldPlans, ctx.now()),
        user_id: row.user_id,
        user_email,
        user_username,
        provider: row.provider,
      };
    }),
    count: found.count,
    page: found.page,
    limit: found.limit,
  };
}

/**
 * Cancels at the end of the paid period (the viewer keeps what they paid for), through the same
 * path a viewer's own cancel takes, so Stripe stops billing too; `immediately` ends Gold now, which
 * only local (dev-provider) subscriptions allow — a processor subscription is ended at the processor.
 */
export async function cancelSubscription(
  ctx: AppContext,
  payments: PaymentsRuntime,
  actor: UserRow,
  subscriptionId: number,
  immediately: boolean,
) {
  const db = ctx.db;
  const before = await repo.findSubscription(db, subscriptionId);
  if (!before) throw notFound('Subscription not found');
  if (before.status !== 'active') throw new HttpError(409, 'This subscription is not active');
  const at = nowIso(ctx);
  if (immediately) {
    if (before.provider !== 'dev') {
      throw new HttpError(409, 'Card-processor subscriptions end at the processor: cancel at period end instead');
    }
    await moneyTransaction(ctx, async (trx) => {
      await repo.endSubscriptionNow(trx, subscriptionId, at);
      await syncGold(trx, before.user_id, at);
    });
  } else {
    const owner = await userRow(ctx, before.user_id);
    await setCancelAtPeriodEnd(ctx, payments, owner, true);
  }
  const after = await repo.findSubscription(db, subscriptionId);
  if (!after) throw notFound('Subscription not found');
  await recordAudit(db, {
    actor,
    action: immediately ? 'subscription.cancel_now' : 'subscription.cancel_at_period_end',
    entity: 'subscription',
    entityId: subscriptionId,
    before,
    after,
    at,
  });
  return toSubscriptionDto(after, await plans(ctx), ctx.now());
}

export type { Trx };
