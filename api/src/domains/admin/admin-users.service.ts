/**
 * Staff work on accounts: find and inspect users (with their ledger and unlocks), correct coin
 * balances through the ledger, grant Gold or staff rights (superusers only), disable accounts, and
 * list or cancel Gold subscriptions. Every write is audited in its own transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Trx, UserRow } from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { moneyTransaction } from '../../kernel/money-transaction';
import { paginate } from '../../kernel/paging';
import { revokeAllRefreshTokens } from '../auth/auth.repository';
import { containsText } from '../catalogue/catalogue.repository';
import { applyStaffAdjustment, checkStaffAdjustment } from '../coins/coins.service';
import type { PaymentsRuntime } from '../payments/payments-runtime';
import { plans, setCancelAtPeriodEnd } from '../subscriptions/subscriptions.service';
import { syncGold } from '../users/gold-membership.repository';
import { toSubscriptionDto } from '../users/subscription-dto';
import { toUserDto } from '../users/users.service';
import {
  type CoinAdjustmentBody,
  idInSearch,
  type SubscriptionListQuery,
  type UserFlagsBody,
  type UserHistoryQuery,
  type UserListQuery,
} from './admin.schemas';

const USER_MISSING = 'User not found';

export function toAdminUser(ctx: AppContext, row: UserRow) {
  return {
    ...toUserDto(row, ctx.now()),
    is_active: Boolean(row.is_active),
    gold_until: row.gold_until,
    last_login_at: row.last_login_at,
  };
}

export async function listUsers(ctx: AppContext, query: Static<typeof UserListQuery>) {
  const now = nowIso(ctx);
  const base = () => {
    // Guests merged into an account are gone as people: their data lives on in the account.
    let q = ctx.db.selectFrom('users').where('merged_into_user_id', 'is', null);
    // Without a role asked for, guests stay out of the list: there are many, and staff look for people.
    if (query.role === undefined) q = q.where('is_guest', '=', false);
    if (query.role === 'guest') q = q.where('is_guest', '=', true);
    if (query.role === 'registered') q = q.where('is_guest', '=', false);
    if (query.role === 'staff') q = q.where((eb) => eb.or([eb('is_staff', '=', true), eb('is_superuser', '=', true)]));
    if (query.role === 'disabled') q = q.where('is_active', '=', false);
    if (query.role === 'gold') {
      q = q.where((eb) => eb.or([eb('is_gold_member', '=', true), eb('gold_until', '>', now)]));
    }
    const text = query.search?.trim();
    if (text) {
      const id = idInSearch(text);
      q = q.where((eb) =>
        eb.or([
          eb(containsText('users.email', text), '=', true),
          eb(containsText('users.username', text), '=', true),
          ...(id !== null ? [eb('users.id', '=', id)] : []),
        ]),
      );
    }
    return q;
  };
  const found = await paginate(query, 20, {
    rows: ({ limit, offset }) =>
      base().selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    count: () =>
      base()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  });
  return {
    results: found.rows.map((row) => toAdminUser(ctx, row)),
    count: found.count,
    page: found.page,
    limit: found.limit,
  };
}

async function userRow(ctx: AppContext, id: number): Promise<UserRow> {
  const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(USER_MISSING);
  return row;
}

export async function userDetail(ctx: AppContext, id: number) {
  const row = await userRow(ctx, id);
  const db = ctx.db;
  const [ledger, unlocks, subscriptions, goldPlans] = await Promise.all([
    db.selectFrom('coin_ledger').selectAll().where('user_id', '=', id).orderBy('id', 'desc').limit(100).execute(),
    unlocksOf(ctx, id).limit(100).execute(),
    db.selectFrom('subscriptions').selectAll().where('user_id', '=', id).orderBy('id', 'desc').execute(),
    plans(ctx),
  ]);
  return {
    user: toAdminUser(ctx, row),
    ledger: ledger.map((entry) => ({
      id: entry.id,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference,
      balance_after: entry.balance_after,
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
  const found = await paginate(query, 20, {
    rows: ({ limit, offset }) =>
      db
        .selectFrom('coin_ledger')
        .select(['id', 'delta', 'reason', 'reference', 'balance_after', 'created_at'])
        .where('user_id', '=', id)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    count: () =>
      db
        .selectFrom('coin_ledger')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', id)
        .executeTakeFirst(),
  });
  return { results: found.rows, count: found.count, page: found.page, limit: found.limit };
}

/** The episodes a user unlocked, newest first, a page at a time; read-only. */
export async function userUnlocks(ctx: AppContext, id: number, query: Static<typeof UserHistoryQuery>) {
  await userRow(ctx, id);
  const db = ctx.db;
  const found = await paginate(query, 20, {
    rows: ({ limit, offset }) => unlocksOf(ctx, id).limit(limit).offset(offset).execute(),
    count: () =>
      db
        .selectFrom('episode_unlocks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', id)
        .executeTakeFirst(),
  });
  return { results: found.rows, count: found.count, page: found.page, limit: found.limit };
}

function unlocksOf(ctx: AppContext, userId: number) {
  return ctx.db
    .selectFrom('episode_unlocks')
    .innerJoin('episodes', 'episodes.id', 'episode_unlocks.episode_id')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .select([
      'episode_unlocks.id',
      'episode_unlocks.episode_id',
      'episode_unlocks.coin_cost',
      'episode_unlocks.created_at',
      'episodes.episode_number',
      'episodes.title as episode_title',
      'series.id as series_id',
      'series.title as series_title',
    ])
    .where('episode_unlocks.user_id', '=', userId)
    .orderBy('episode_unlocks.id', 'desc');
}

/**
 * A grant or deduction, always a `staff_grant` ledger entry; the staff member's reason goes to the
 * audit log. The coins domain locks the user before reading the audit's "before", so concurrent
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
    note: { reason: body.reason.trim() },
  });
  if (!result.applied && result.why === 'insufficient_funds') {
    throw new HttpError(409, `The balance cannot go below zero: this user has ${result.balance} coins`, {
      balance: result.balance,
    });
  }
  return { user_id: userId, applied: result.applied, balance: result.balance };
}

export async function updateUserFlags(
  ctx: AppContext,
  actor: UserRow,
  userId: number,
  body: Static<typeof UserFlagsBody>,
) {
  if ((body.is_gold_member !== undefined || body.is_staff !== undefined) && !actor.is_superuser) {
    throw forbidden('Only a superuser can change Gold or staff rights');
  }
  const target = await userRow(ctx, userId);
  if (body.is_active === false) {
    if (target.id === actor.id) throw badRequest('You cannot disable your own account');
    if ((target.is_staff || target.is_superuser) && !actor.is_superuser) {
      throw forbidden('Only a superuser can disable a staff account');
    }
  }
  if (body.is_staff === false && target.id === actor.id) throw badRequest('You cannot remove your own staff rights');
  if (target.is_guest && body.is_staff) throw badRequest('A guest cannot become staff: they need a real account first');
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ ...body, updated_at: at })
      .where('id', '=', userId)
      .execute();
    // A disabled account loses its sessions at once; access tokens already fail in the auth hook.
    if (body.is_active === false) await revokeAllRefreshTokens(trx as never, userId, at);
    const after = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: 'user.update',
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
  is_gold_member: Boolean(row.is_gold_member),
  is_staff: Boolean(row.is_staff),
  is_superuser: Boolean(row.is_superuser),
  is_active: Boolean(row.is_active),
});

// --- Subscriptions -----------------------------------------------------------------------------------

export async function listSubscriptions(ctx: AppContext, query: Static<typeof SubscriptionListQuery>) {
  const db = ctx.db;
  const base = () => {
    let q = db.selectFrom('subscriptions').innerJoin('users', 'users.id', 'subscriptions.user_id');
    if (query.status) q = q.where('subscriptions.status', '=', query.status);
    if (query.plan) q = q.where('subscriptions.plan', '=', query.plan);
    const text = query.search?.trim();
    if (text) {
      q = q.where((eb) =>
        eb.or([eb(containsText('users.email', text), '=', true), eb(containsText('users.username', text), '=', true)]),
      );
    }
    return q;
  };
  const [found, goldPlans] = await Promise.all([
    paginate(query, 20, {
      rows: ({ limit, offset }) =>
        base()
          .selectAll('subscriptions')
          .select(['users.email as user_email', 'users.username as user_username'])
          .orderBy('subscriptions.created_at', 'desc')
          .orderBy('subscriptions.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      count: () =>
        base()
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirst(),
    }),
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
  const before = await db.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst();
  if (!before) throw notFound('Subscription not found');
  if (before.status !== 'active') throw new HttpError(409, 'This subscription is not active');
  const at = nowIso(ctx);
  if (immediately) {
    if (before.provider !== 'dev') {
      throw new HttpError(409, 'Card-processor subscriptions end at the processor: cancel at period end instead');
    }
    await moneyTransaction(ctx, async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ status: 'canceled', cancel_at_period_end: true, current_period_end: at, updated_at: at })
        .where('id', '=', subscriptionId)
        .execute();
      await syncGold(trx, before.user_id, at);
    });
  } else {
    const owner = await userRow(ctx, before.user_id);
    await setCancelAtPeriodEnd(ctx, payments, owner, true);
  }
  const after = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow();
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
