/** SQL of the staff's account screens: the user list, a user's ledger and unlocks, and Gold subscriptions. */
import type { Executor, SubscriptionRow, UserRow, UserUpdate } from '../../db/schema';
import type { PageWindow } from '../../kernel/paging';
import { containsText, episodesWithSeriesTitles } from '../catalogue/catalogue.repository';

export type UserListRole = 'all' | 'guest' | 'registered' | 'staff' | 'superuser' | 'disabled' | 'gold';

export interface UserFilter {
  /** Absent: registered people only (guests are many, and staff look for people). */
  role?: UserListRole;
  /** Part of an e-mail address or username. */
  text?: string;
  /** An id the search text names, also matched. */
  id: number | null;
  now: string;
}

/** Users matching the filter, newest first, read with `paginate()`; guests merged into an account are left out. */
export function userPages(db: Executor, filter: UserFilter) {
  const base = () => {
    let q = db.selectFrom('users').where('merged_into_user_id', 'is', null);
    if (filter.role === undefined) q = q.where('is_guest', '=', false);
    if (filter.role === 'guest') q = q.where('is_guest', '=', true);
    if (filter.role === 'registered') q = q.where('is_guest', '=', false);
    if (filter.role === 'staff') q = q.where((eb) => eb.or([eb('is_staff', '=', true), eb('is_superuser', '=', true)]));
    if (filter.role === 'superuser') q = q.where('is_superuser', '=', true);
    if (filter.role === 'disabled') q = q.where('is_active', '=', false);
    if (filter.role === 'gold') {
      q = q.where((eb) => eb.or([eb('is_gold_member', '=', true), eb('gold_until', '>', filter.now)]));
    }
    const text = filter.text;
    if (text) {
      const id = filter.id;
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
  return {
    rows: ({ limit, offset }: PageWindow): Promise<UserRow[]> =>
      base().selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    count: () =>
      base()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  };
}

/** The user's newest `limit` ledger entries. */
export function latestLedger(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('coin_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every subscription of the user, newest first. */
export function subscriptionsOf(db: Executor, userId: number): Promise<SubscriptionRow[]> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** The user's ledger, newest first, read with `paginate()`. */
export function ledgerPages(db: Executor, userId: number) {
  return {
    rows: ({ limit, offset }: PageWindow) =>
      db
        .selectFrom('coin_ledger')
        .select(['id', 'delta', 'reason', 'reference', 'balance_after', 'note', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    count: () =>
      db
        .selectFrom('coin_ledger')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
  };
}

function unlocksOf(db: Executor, userId: number) {
  return db
    .selectFrom('episode_unlocks')
    .select(['id', 'episode_id', 'coin_cost', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc');
}

/** The unlocks with their episode and series, as the catalogue names them (every unlock has its episode). */
async function withEpisodes(
  db: Executor,
  unlocks: Array<{ id: number; episode_id: number; coin_cost: number; created_at: string }>,
) {
  const episodes = await episodesWithSeriesTitles(db, [...new Set(unlocks.map((unlock) => unlock.episode_id))]);
  const byId = new Map(episodes.map((episode) => [episode.id, episode]));
  return unlocks.flatMap((unlock) => {
    const episode = byId.get(unlock.episode_id);
    if (!episode) return [];
    const { episode_number, episode_title, series_id, series_title } = episode;
    return [{ ...unlock, episode_number, episode_title, series_id, series_title }];
  });
}

/** The user's newest `limit` unlocks with their episode and series. */
export async function latestUnlocks(db: Executor, userId: number, limit: number) {
  return withEpisodes(db, await unlocksOf(db, userId).limit(limit).execute());
}

/** The user's unlocks, newest first, read with `paginate()`. */
export function unlockPages(db: Executor, userId: number) {
  return {
    rows: async ({ limit, offset }: PageWindow) =>
      withEpisodes(db, await unlocksOf(db, userId).limit(limit).offset(offset).execute()),
    count: () =>
      db
        .selectFrom('episode_unlocks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
  };
}

/** Applies the changes to the user and answers the row as it now is. */
export async function updateUserRow(db: Executor, userId: number, changes: UserUpdate): Promise<UserRow> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

export interface SubscriptionFilter {
  status?: SubscriptionRow['status'];
  plan?: string;
  /** Part of the subscriber's e-mail address or username. */
  text?: string;
}

/** Subscriptions with their subscriber's e-mail and username, newest first, read with `paginate()`. */
export function subscriptionPages(db: Executor, filter: SubscriptionFilter) {
  const base = () => {
    let q = db.selectFrom('subscriptions').innerJoin('users', 'users.id', 'subscriptions.user_id');
    if (filter.status) q = q.where('subscriptions.status', '=', filter.status);
    if (filter.plan) q = q.where('subscriptions.plan', '=', filter.plan);
    const text = filter.text;
    if (text) {
      q = q.where((eb) =>
        eb.or([eb(containsText('users.email', text), '=', true), eb(containsText('users.username', text), '=', true)]),
      );
    }
    return q;
  };
  return {
    rows: ({ limit, offset }: PageWindow) =>
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
  };
}

export function findSubscription(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ends the subscription now: cancelled, its period over at `at`. */
export async function endSubscriptionNow(db: Executor, id: number, at: string) {
  await db
    .updateTable('subscriptions')
    .set({ status: 'canceled', cancel_at_period_end: true, current_period_end: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Coins each of these users still owes (refunds and disputes of coins already spent); absent: nothing. */
export async function owedByUsers(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('coin_debts')
    .select(['user_id', (eb) => eb.fn.sum<number | string>('outstanding').as('owed')])
    .where('user_id', 'in', userIds)
    .where('outstanding', '>', 0)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.owed ?? 0)]));
}
