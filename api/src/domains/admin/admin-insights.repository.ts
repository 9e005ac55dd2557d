/**
 * SQL of the staff dashboard and analytics: grouped counts over the product's own tables and the
 * first-party events, read through their per-day rollups (analytics_daily_events, _viewers, _episodes).
 *
 * Player events are matched by name without their group number ("% Episode Started"): the number of
 * an event has changed between releases, its name has not.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseKind } from '../../db/database';
import type { Executor } from '../../db/schema';
import { episodeIdsOfSeries } from '../catalogue/catalogue.repository';

const EVENT = {
  feedShown: '% Feed Clip Shown',
  feedPlayed: '% Feed Clip Played',
  started: '% Episode Started',
  completed: '% Episode Completed',
  paywall: '% Paywall Shown',
  quartile: '% Episode Quartile Reached',
};

/**
 * What a payment brought in: its amount less what went back to the payer — refunded, or held by a
 * dispute that is open or lost (a won dispute gives the money back to us). A fully refunded payment
 * counts nothing; the figures staff read are money the business keeps.
 */
function netAmount(kind: DatabaseKind): RawBuilder<number> {
  const held = sql`payments.refunded_minor + case when payments.dispute_status in ('open', 'lost')
    then payments.disputed_minor else 0 end`;
  return kind === 'postgres'
    ? sql<number>`(payments.amount_minor - least(payments.amount_minor, ${held}))`
    : sql<number>`(payments.amount_minor - min(payments.amount_minor, ${held}))`;
}

/** What went back to payers of the payments: refunded, or held by an open or lost dispute. */
function returnedAmount(kind: DatabaseKind): RawBuilder<number> {
  return sql<number>`(payments.amount_minor - ${netAmount(kind)})`;
}

/** The UTC calendar day of a timestamp column, as YYYY-MM-DD on both engines. */
function dayOf(kind: DatabaseKind, column: string): RawBuilder<string> {
  return kind === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/**
 * The days of a period (UTC, both included) and their bounds for timestamp columns: from `from` up to
 * (not including) `until`, the start of the day after the last. SQLite compares the stored ISO text,
 * where `column < 'YYYY-MM-DD'` holds exactly when the column's day is earlier.
 */
export interface Period {
  firstDay: string;
  lastDay: string;
  from: string;
  until: string;
}

// --- The viewing figures: one definition each, for the dashboard and the analytics alike ---------------

const VIEWER = sql`coalesce(cast(analytics_events.user_id as text), 'device:' || analytics_events.device_id)`;

/**
 * Activity in the period, one row per day and person: the events' viewers (their rollup rows, where a
 * viewer is the user id, else 'device:<device id>'), and the users with watch progress or history.
 */
function activity(kind: DatabaseKind, period: Period) {
  return sql`(
    select day, viewer from analytics_daily_viewers where day >= ${period.firstDay} and day <= ${period.lastDay}
    union
    select ${dayOf(kind, 'watch_progress.updated_at')} as day, cast(watch_progress.user_id as text) as viewer
      from watch_progress
      where watch_progress.updated_at >= ${period.from} and watch_progress.updated_at < ${period.until}
    union
    select ${dayOf(kind, 'watch_history.watched_at')} as day, cast(watch_history.user_id as text) as viewer
      from watch_history
      where watch_history.watched_at >= ${period.from} and watch_history.watched_at < ${period.until}
  ) as activity`;
}

/** Active viewers: distinct people with any activity, per day and (`byDay` false) in the whole period. */
export async function activeViewers(db: Executor, kind: DatabaseKind, period: Period, byDay: boolean) {
  const result = byDay
    ? await sql<{ day: string; count: number }>`
        select day, count(distinct viewer) as count from ${activity(kind, period)}
        where viewer is not null group by day`.execute(db)
    : await sql<{ day: string; count: number }>`
        select 'all' as day, count(distinct viewer) as count from ${activity(kind, period)}
        where viewer is not null`.execute(db);
  return result.rows;
}

/** Views: episode starts per day, from the rollups. */
export function viewsByDay(db: Executor, period: Period) {
  return db
    .selectFrom('analytics_daily_events')
    .select('day')
    .select((eb) => eb.fn.sum<number>('events').as('count'))
    .where('event_type', 'like', EVENT.started)
    .where('day', '>=', period.firstDay)
    .where('day', '<=', period.lastDay)
    .groupBy('day')
    .execute();
}

/** Viewers: distinct people who started an episode, per day and (`byDay` false) in the whole period. */
export async function episodeViewers(db: Executor, kind: DatabaseKind, period: Period, byDay: boolean) {
  const day = byDay ? dayOf(kind, 'analytics_events.event_time') : sql<string>`'all'`;
  const result = await sql<{ day: string; count: number }>`
      select ${day} as day, count(distinct ${VIEWER}) as count from analytics_events
      where analytics_events.event_type like ${EVENT.started}
        and analytics_events.event_time >= ${period.from} and analytics_events.event_time < ${period.until}
      ${byDay ? sql`group by ${day}` : sql``}`.execute(db);
  return result.rows;
}

// --- Dashboard ---------------------------------------------------------------------------------------

/** History entries in the period. */
export function watchedSince(db: Executor, from: string) {
  return db
    .selectFrom('watch_history')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('watched_at', '>=', from)
    .executeTakeFirst();
}

/** Unlocks in the period and the coins they cost. */
export function unlocksSince(db: Executor, from: string) {
  return db
    .selectFrom('episode_unlocks')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('coin_cost').as('coins')])
    .where('created_at', '>=', from)
    .executeTakeFirst();
}

/** Money kept from succeeded payments in the period, per currency and kind of payment. */
export function revenueSince(db: Executor, kind: DatabaseKind, from: string) {
  return db
    .selectFrom('payments')
    .select(['currency', 'kind'])
    .select((eb) => eb.fn.sum<number>(netAmount(kind)).as('amount'))
    .where('status', '=', 'succeeded')
    .where('created_at', '>=', from)
    .groupBy(['currency', 'kind'])
    .execute();
}

/** Users (guests, or not) made in the period. */
export function usersJoinedSince(db: Executor, from: string, guests: boolean) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>=', from)
    .where('is_guest', '=', guests)
    .executeTakeFirst();
}

/** Accounts that are Gold members at `now`. */
export function goldMemberCount(db: Executor, now: string) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('merged_into_user_id', 'is', null)
    .where((eb) => eb.or([eb('is_gold_member', '=', true), eb('gold_until', '>', now)]))
    .executeTakeFirst();
}

/** Subscriptions made in the period. */
export function subscriptionsSince(db: Executor, from: string) {
  return db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>=', from)
    .executeTakeFirst();
}

// --- Analytics ---------------------------------------------------------------------------------------

/** Per day, currency and kind of payment in the period: the money kept and what went back to payers. */
export function revenueByDay(db: Executor, kind: DatabaseKind, period: Period) {
  return db
    .selectFrom('payments')
    .select(dayOf(kind, 'payments.created_at').as('day'))
    .select(['currency', 'kind'])
    .select((eb) => [
      eb.fn.sum<number>(netAmount(kind)).as('amount'),
      eb.fn.sum<number>(returnedAmount(kind)).as('returned'),
    ])
    .where('status', '=', 'succeeded')
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.until)
    .groupBy([dayOf(kind, 'payments.created_at'), 'currency', 'kind'])
    .execute();
}

/**
 * The `episode_id` of an event's properties, computed as the rollups compute it (migration
 * 20261121300000_analytics_rollups): an integer within range, else null — never a failed read.
 */
function eventEpisode(kind: DatabaseKind): RawBuilder<number | null> {
  if (kind !== 'postgres') {
    return sql`cast(json_extract(analytics_events.event_properties, '$.episode_id') as integer)`;
  }
  const text = sql`(analytics_events.event_properties::jsonb ->> 'episode_id')`;
  return sql`(case when strpos(analytics_events.event_properties, '\\u') > 0
    then analytics_event_episode(analytics_events.event_properties)
    else (case when ${text} ~ '^[0-9]+$' and length(ltrim(${text}, '0')) <= 10
      and lpad(ltrim(${text}, '0'), 10, '0') <= '2147483647' then ${text}::integer end) end)`;
}

/** The quartile (25, 50, 75) a '3.9 Episode Quartile Reached' event names, as text; null otherwise. */
function eventQuartile(kind: DatabaseKind): RawBuilder<string | null> {
  // The properties are stored as JSON.stringify wrote them: no spaces after the colon.
  return kind === 'postgres'
    ? sql`substring(analytics_events.event_properties from '"quartile":"?(25|50|75)[",}]')`
    : sql`cast(cast(json_extract(analytics_events.event_properties, '$.quartile') as integer) as text)`;
}

/**
 * The player events of one series' episodes in the period, one row each: episode, what happened
 * (started, completed, paywall, q25, q50, q75) and who (user, else anonymous device).
 */
function seriesEvents(kind: DatabaseKind, period: Period, episodeIds: number[]) {
  const what = sql`case
    when analytics_events.event_type like ${EVENT.started} then 'started'
    when analytics_events.event_type like ${EVENT.completed} then 'completed'
    when analytics_events.event_type like ${EVENT.paywall} then 'paywall'
    when analytics_events.event_type like ${EVENT.quartile} then 'q' || ${eventQuartile(kind)}
  end`;
  return sql`(
    select ${eventEpisode(kind)} as episode_id, ${what} as kind, ${VIEWER} as viewer
      from analytics_events
      where analytics_events.event_time >= ${period.from} and analytics_events.event_time < ${period.until}
        and (analytics_events.event_type like ${EVENT.started} or analytics_events.event_type like ${EVENT.completed}
          or analytics_events.event_type like ${EVENT.paywall} or analytics_events.event_type like ${EVENT.quartile})
  ) as series_events
  where series_events.kind is not null
    and series_events.episode_id in (${sql.join(episodeIds.length ? episodeIds : [-1])})`;
}

/** Per episode and step (started, completed, paywall, q25, q50, q75), the distinct viewers in the period. */
export async function episodeStepViewers(db: Executor, kind: DatabaseKind, period: Period, episodeIds: number[]) {
  const result = await sql<{ episode_id: number; kind: string; viewers: number }>`
      select series_events.episode_id, series_events.kind, count(distinct series_events.viewer) as viewers
      from ${seriesEvents(kind, period, episodeIds)}
      group by series_events.episode_id, series_events.kind`.execute(db);
  return result.rows;
}

/** Per step, the distinct viewers of these episodes in the period. */
export async function seriesStepViewers(db: Executor, kind: DatabaseKind, period: Period, episodeIds: number[]) {
  const result = await sql<{ kind: string; viewers: number }>`
      select series_events.kind, count(distinct series_events.viewer) as viewers
      from ${seriesEvents(kind, period, episodeIds)}
      group by series_events.kind`.execute(db);
  return result.rows;
}

/** The distinct viewers who unlocked an episode of the series in the period. */
export function seriesUnlockers(db: Executor, seriesId: number, period: Period) {
  return db
    .selectFrom('episode_unlocks')
    .select((eb) => eb.fn.count<number>('episode_unlocks.user_id').distinct().as('count'))
    .where('episode_unlocks.episode_id', 'in', episodeIdsOfSeries(db, seriesId))
    .where('episode_unlocks.created_at', '>=', period.from)
    .where('episode_unlocks.created_at', '<', period.until)
    .executeTakeFirst();
}

/**
 * Per kind of payment, the distinct payers after a paywall of these episodes: a purchase at or after
 * the paywall they saw, in the period.
 */
export async function payersAfterPaywall(db: Executor, kind: DatabaseKind, period: Period, episodeIds: number[]) {
  const paywallUsers = sql`select analytics_events.user_id from analytics_events
    where analytics_events.user_id is not null and analytics_events.event_type like ${EVENT.paywall}
      and analytics_events.event_time >= ${period.from}
      and analytics_events.event_time <= payments.created_at
      and ${eventEpisode(kind)} in (${sql.join(episodeIds.length ? episodeIds : [-1])})`;
  const result = await sql<{ kind: string; count: number }>`
      select payments.kind, count(distinct payments.user_id) as count from payments
      where payments.status = 'succeeded' and payments.created_at >= ${period.from}
        and payments.created_at < ${period.until}
        and exists (${paywallUsers} and analytics_events.user_id = payments.user_id)
      group by payments.kind`.execute(db);
  return result.rows;
}

/** The For you feed's events of these episodes in the period: shown or played, by whom, when and which day. */
export async function feedEvents(db: Executor, kind: DatabaseKind, period: Period, episodeIds: number[]) {
  const ids = sql.join(episodeIds.length ? episodeIds : [-1]);
  const result = await sql<{ kind: string; viewer: string; at: unknown; day: string }>`
      select feed_events.kind, feed_events.viewer, feed_events.at, feed_events.day from (
        select case when analytics_events.event_type like ${EVENT.feedShown} then 'shown' else 'played' end as kind,
          ${VIEWER} as viewer, analytics_events.event_time as at,
          ${dayOf(kind, 'analytics_events.event_time')} as day, ${eventEpisode(kind)} as episode_id
        from analytics_events
        where analytics_events.event_time >= ${period.from} and analytics_events.event_time < ${period.until}
          and (analytics_events.event_type like ${EVENT.feedShown} or analytics_events.event_type like ${EVENT.feedPlayed})
      ) as feed_events
      where feed_events.episode_id in (${ids})`.execute(db);
  return result.rows;
}

/** Each viewer's latest start of one of these episodes in the period. */
export async function lastStarts(db: Executor, kind: DatabaseKind, period: Period, episodeIds: number[]) {
  const ids = sql.join(episodeIds.length ? episodeIds : [-1]);
  const result = await sql<{ viewer: string; last_start: unknown }>`
      select series_starts.viewer, max(series_starts.at) as last_start from (
        select ${VIEWER} as viewer, analytics_events.event_time as at, ${eventEpisode(kind)} as episode_id
        from analytics_events
        where analytics_events.event_time >= ${period.from} and analytics_events.event_time < ${period.until}
          and analytics_events.event_type like ${EVENT.started}
      ) as series_starts
      where series_starts.episode_id in (${ids})
      group by series_starts.viewer`.execute(db);
  return result.rows;
}

/** New subscriptions per day in the period. */
export function subscriptionsByDay(db: Executor, kind: DatabaseKind, period: Period) {
  return db
    .selectFrom('subscriptions')
    .select(dayOf(kind, 'subscriptions.created_at').as('day'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.until)
    .groupBy(dayOf(kind, 'subscriptions.created_at'))
    .execute();
}

/** The series with the most watch progress started in the period (the lowest id among equals). */
export function mostWatchedSeries(db: Executor, period: Period) {
  return db
    .selectFrom('watch_progress')
    .select('series_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.until)
    .groupBy('series_id')
    .orderBy('count', 'desc')
    .orderBy('series_id')
    .limit(1)
    .executeTakeFirst();
}

/** Per episode of the series, watch progress started in the period. */
export function startsByEpisode(db: Executor, seriesId: number, period: Period) {
  return db
    .selectFrom('watch_progress')
    .select('episode_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('series_id', '=', seriesId)
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.until)
    .groupBy('episode_id')
    .execute();
}

/** Per episode of the series, watch progress completed and updated in the period. */
export function completionsByEpisode(db: Executor, seriesId: number, period: Period) {
  return db
    .selectFrom('watch_progress')
    .select('episode_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('series_id', '=', seriesId)
    .where('completed', '=', true)
    .where('updated_at', '>=', period.from)
    .where('updated_at', '<', period.until)
    .groupBy('episode_id')
    .execute();
}

/** Per episode of the series, paywalls shown in the rollups from `firstDay` on. */
export function paywallsByEpisode(db: Executor, seriesId: number, period: Period) {
  return db
    .selectFrom('analytics_daily_episodes')
    .select('episode_id')
    .select((eb) => eb.fn.sum<number>('events').as('count'))
    .where('event_type', 'like', EVENT.paywall)
    .where('day', '>=', period.firstDay)
    .where('day', '<=', period.lastDay)
    .where('episode_id', 'in', episodeIdsOfSeries(db, seriesId))
    .groupBy('episode_id')
    .execute();
}

/** Per episode of the series, unlocks in the period. */
export function unlocksByEpisode(db: Executor, seriesId: number, period: Period) {
  return db
    .selectFrom('episode_unlocks')
    .select('episode_unlocks.episode_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('episode_unlocks.episode_id', 'in', episodeIdsOfSeries(db, seriesId))
    .where('episode_unlocks.created_at', '>=', period.from)
    .where('episode_unlocks.created_at', '<', period.until)
    .groupBy('episode_unlocks.episode_id')
    .execute();
}

/**
 * The users who joined in the period (merged guests left out), each with their first day and whether
 * they were active one (`d1`) and seven (`d7`) days after it. Activity is any event, watch progress,
 * history entry, unlock or coin movement.
 */
export function joinedCohort(db: Executor, kind: DatabaseKind, period: Period) {
  const pg = kind === 'postgres';
  /** The user's first day moved by `by` days, as YYYY-MM-DD. */
  const joinedPlus = (by: number) =>
    pg
      ? sql`to_char((users.created_at at time zone 'UTC')::date + ${sql.lit(by)}, 'YYYY-MM-DD')`
      : sql`date(substr(users.created_at, 1, 10), ${sql.lit(`+${by} day`)})`;
  /** `column` falls on the user's first day moved by `by` days. */
  const onDay = (column: string, by: number) => {
    const start = (shift: number) =>
      pg
        ? sql`(((users.created_at at time zone 'UTC')::date + ${sql.lit(shift)})::timestamp at time zone 'UTC')`
        : sql`date(substr(users.created_at, 1, 10), ${sql.lit(`+${shift} day`)})`;
    return sql`${sql.ref(column)} >= ${start(by)} and ${sql.ref(column)} < ${start(by + 1)}`;
  };
  const activeOn = (by: number) => sql<SqlBool>`(
    exists (select 1 from analytics_daily_viewers
      where analytics_daily_viewers.user_id = users.id and analytics_daily_viewers.day = ${joinedPlus(by)})
    or exists (select 1 from watch_progress
      where watch_progress.user_id = users.id and ${onDay('watch_progress.created_at', by)})
    or exists (select 1 from watch_progress
      where watch_progress.user_id = users.id and ${onDay('watch_progress.updated_at', by)})
    or exists (select 1 from watch_history
      where watch_history.user_id = users.id and ${onDay('watch_history.watched_at', by)})
    or exists (select 1 from episode_unlocks
      where episode_unlocks.user_id = users.id and ${onDay('episode_unlocks.created_at', by)})
    or exists (select 1 from coin_ledger
      where coin_ledger.user_id = users.id and ${onDay('coin_ledger.created_at', by)}
        and coin_ledger.reason not in ('registration_bonus'))
  )`;
  return db
    .selectFrom('users')
    .select(['id', dayOf(kind, 'users.created_at').as('day')])
    .select([activeOn(1).as('d1'), activeOn(7).as('d7')])
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.until)
    .where('merged_into_user_id', 'is', null)
    .execute();
}

/** Unlocks per day and episode in the period, with the coins they spent. */
export function unlocksByDayAndEpisode(db: Executor, kind: DatabaseKind, period: Period) {
  return db
    .selectFrom('episode_unlocks')
    .select([dayOf(kind, 'episode_unlocks.created_at').as('day'), 'episode_unlocks.episode_id'])
    .select((eb) => [eb.fn.countAll<number>().as('unlocks'), eb.fn.sum<number>('coin_cost').as('coins')])
    .where('episode_unlocks.created_at', '>=', period.from)
    .where('episode_unlocks.created_at', '<', period.until)
    .groupBy([dayOf(kind, 'episode_unlocks.created_at'), 'episode_unlocks.episode_id'])
    .execute();
}

/** Per currency, the money kept from the period's coin purchases and the coins they bought. */
export function coinPurchases(db: Executor, kind: DatabaseKind, period: Period) {
  return db
    .selectFrom('payments')
    .select('currency')
    .select((eb) => [eb.fn.sum<number>(netAmount(kind)).as('amount'), eb.fn.sum<number>('coins').as('coins')])
    .where('status', '=', 'succeeded')
    .where('kind', '!=', 'gold')
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.until)
    .groupBy('currency')
    .execute();
}
