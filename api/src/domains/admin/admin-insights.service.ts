/**
 * What the staff dashboard and analytics screen read. Everything is computed from the product's own
 * tables — viewing (watch_progress, watch_history), episode_unlocks, payments, subscriptions, users —
 * and the first-party events in analytics_events (ingested by the analytics domain). Each figure is one
 * grouped query over an indexed time column, so 30 or 90 days stay fast (issue #8: under a second).
 *
 * The events are read through their per-day rollups (analytics_daily_events, _viewers, _episodes; see
 * the migration 20261121300000_analytics_rollups), which triggers keep exact on every write: a period
 * is its whole UTC days from the rollups, plus — when it starts mid-day, like the dashboard's last 30
 * days — the rest of its first day read live from the events. The answers are those of a scan of the
 * events (api/test/domains/admin/admin-insights-rollups.test.ts compares both).
 *
 * Player events are matched by name without their group number ("% Episode Started"): the number of
 * an event has changed between releases, its name has not.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';

const DAY_MS = 86_400_000;
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
function netAmount(ctx: AppContext): RawBuilder<number> {
  const held = sql`payments.refunded_minor + case when payments.dispute_status in ('open', 'lost')
    then payments.disputed_minor else 0 end`;
  return ctx.dbKind === 'postgres'
    ? sql<number>`(payments.amount_minor - least(payments.amount_minor, ${held}))`
    : sql<number>`(payments.amount_minor - min(payments.amount_minor, ${held}))`;
}

/** What went back to payers of the payments: refunded, or held by an open or lost dispute. */
function returnedAmount(ctx: AppContext): RawBuilder<number> {
  return sql<number>`(payments.amount_minor - ${netAmount(ctx)})`;
}

/** The UTC calendar day of a timestamp column, as YYYY-MM-DD on both engines. */
function dayOf(ctx: AppContext, column: string): RawBuilder<string> {
  return ctx.dbKind === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += DAY_MS) days.push(isoDay(new Date(t)));
  return days;
}

const count = (value: unknown) => Number(value ?? 0);
const shifted = (day: string, by: number) => isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + by * DAY_MS));

/**
 * A bound comparing a timestamp column with the start of a UTC day. SQLite compares the stored ISO
 * text, where `column < 'YYYY-MM-DD'` holds exactly when the column's day is earlier.
 */
function dayStart(ctx: AppContext, day: string): string {
  return ctx.dbKind === 'postgres' ? `${day}T00:00:00.000Z` : day;
}

/**
 * The events of the period from `from` on: the whole days from `firstDay` on come from the rollups;
 * when `from` is not the start of a day, the events from it to the end of its day (`live`) are read
 * from analytics_events.
 */
function eventPeriod(ctx: AppContext, from: string) {
  const day = from.slice(0, 10);
  if (from === `${day}T00:00:00.000Z`) return { firstDay: day, live: null };
  const firstDay = shifted(day, 1);
  return { firstDay, live: { from, to: dayStart(ctx, firstDay) } };
}

// --- Dashboard ---------------------------------------------------------------------------------------

async function figuresSince(ctx: AppContext, from: string) {
  const db = ctx.db;
  const now = ctx.now().toISOString();
  const period = eventPeriod(ctx, from);
  const [active, views, watched, unlocks, revenue, registrations, guests, gold, newGold] = await Promise.all([
    sql<{ count: number }>`
      select count(*) as count from (
        select user_id from watch_progress where updated_at >= ${from}
        union
        select user_id from analytics_daily_viewers where user_id is not null and day >= ${period.firstDay}
        ${
          period.live
            ? sql`union select user_id from analytics_events where user_id is not null
                and event_time >= ${period.live.from} and event_time < ${period.live.to}`
            : sql``
        }
      ) as viewers`.execute(db),
    Promise.all([
      db
        .selectFrom('analytics_daily_events')
        .select((eb) => eb.fn.sum<number>('events').as('count'))
        .where('event_type', 'like', EVENT.started)
        .where('day', '>=', period.firstDay)
        .executeTakeFirst(),
      period.live
        ? db
            .selectFrom('analytics_events')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('event_type', 'like', EVENT.started)
            .where('event_time', '>=', period.live.from)
            .where('event_time', '<', period.live.to)
            .executeTakeFirst()
        : undefined,
    ]).then(([days, live]) => ({ count: count(days?.count) + count(live?.count) })),
    db
      .selectFrom('watch_history')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('watched_at', '>=', from)
      .executeTakeFirst(),
    db
      .selectFrom('episode_unlocks')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('coin_cost').as('coins')])
      .where('created_at', '>=', from)
      .executeTakeFirst(),
    db
      .selectFrom('payments')
      .select(['currency', 'kind'])
      .select((eb) => eb.fn.sum<number>(netAmount(ctx)).as('amount'))
      .where('status', '=', 'succeeded')
      .where('created_at', '>=', from)
      .groupBy(['currency', 'kind'])
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', from)
      .where('is_guest', '=', false)
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', from)
      .where('is_guest', '=', true)
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('merged_into_user_id', 'is', null)
      .where((eb) => eb.or([eb('is_gold_member', '=', true), eb('gold_until', '>', now)]))
      .executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', from)
      .executeTakeFirst(),
  ]);
  const byCurrency = new Map<
    string,
    { currency: string; coins_minor: number; gold_minor: number; total_minor: number }
  >();
  for (const row of revenue) {
    const entry = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      coins_minor: 0,
      gold_minor: 0,
      total_minor: 0,
    };
    const amount = count(row.amount);
    if (row.kind === 'gold') entry.gold_minor += amount;
    else entry.coins_minor += amount;
    entry.total_minor += amount;
    byCurrency.set(row.currency, entry);
  }
  return {
    active_viewers: count(active.rows[0]?.count),
    views: count(views?.count),
    episodes_watched: count(watched?.count),
    unlocks: count(unlocks?.count),
    coins_spent: count(unlocks?.coins),
    revenue: [...byCurrency.values()],
    new_registrations: count(registrations?.count),
    new_guests: count(guests?.count),
    gold_members: count(gold?.count),
    new_gold_subscriptions: count(newGold?.count),
  };
}

export async function dashboard(ctx: AppContext) {
  const now = ctx.now();
  const today = startOfUtcDay(now);
  const month = new Date(now.getTime() - 30 * DAY_MS);
  const [todayFigures, monthFigures] = await Promise.all([
    figuresSince(ctx, today.toISOString()),
    figuresSince(ctx, month.toISOString()),
  ]);
  return { generated_at: now.toISOString(), today: todayFigures, last_30_days: monthFigures };
}

// --- Analytics ---------------------------------------------------------------------------------------

async function dailyViews(ctx: AppContext, from: string) {
  const db = ctx.db;
  const firstDay = from.slice(0, 10);
  const [views, eventViewers, watchOnly] = await Promise.all([
    db
      .selectFrom('analytics_daily_events')
      .select('day')
      .select((eb) => eb.fn.sum<number>('events').as('count'))
      .where('event_type', 'like', EVENT.started)
      .where('day', '>=', firstDay)
      .groupBy('day')
      .execute(),
    // A viewer is a signed-in user, or an anonymous device, active in the events or the watch tables:
    // the day's viewers in the events (one rollup row each), plus those only the watch tables saw.
    db
      .selectFrom('analytics_daily_viewers')
      .select('day')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('day', '>=', firstDay)
      .groupBy('day')
      .execute(),
    sql<{ day: string; count: number }>`
      select day, count(distinct viewer) as count from (
        select ${dayOf(ctx, 'watch_progress.updated_at')} as day, cast(watch_progress.user_id as text) as viewer
          from watch_progress where watch_progress.updated_at >= ${from}
        union all
        select ${dayOf(ctx, 'watch_history.watched_at')}, cast(watch_history.user_id as text)
          from watch_history where watch_history.watched_at >= ${from}
      ) as activity
      where viewer is not null and not exists (
        select 1 from analytics_daily_viewers
          where analytics_daily_viewers.day = activity.day and analytics_daily_viewers.viewer = activity.viewer
      )
      group by day`.execute(db),
  ]);
  const viewers = new Map(eventViewers.map((row) => [row.day, count(row.count)]));
  for (const row of watchOnly.rows) viewers.set(row.day, (viewers.get(row.day) ?? 0) + count(row.count));
  return {
    views: new Map(views.map((row) => [row.day, count(row.count)])),
    viewers,
  };
}

async function revenueDaily(ctx: AppContext, from: string, days: string[]) {
  const rows = await ctx.db
    .selectFrom('payments')
    .select(dayOf(ctx, 'payments.created_at').as('day'))
    .select(['currency', 'kind'])
    .select((eb) => [
      eb.fn.sum<number>(netAmount(ctx)).as('amount'),
      eb.fn.sum<number>(returnedAmount(ctx)).as('returned'),
    ])
    .where('status', '=', 'succeeded')
    .where('created_at', '>=', from)
    .groupBy([dayOf(ctx, 'payments.created_at'), 'currency', 'kind'])
    .execute();
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    daily: days.map((day) => {
      const ofDay = rows.filter((row) => row.day === day && row.currency === currency);
      const of = (gold: boolean) =>
        ofDay.filter((row) => (row.kind === 'gold') === gold).reduce((sum, row) => sum + count(row.amount), 0);
      const returned = ofDay.reduce((sum, row) => sum + count(row.returned), 0);
      return { day, coins_minor: of(false), gold_minor: of(true), returned_minor: returned };
    }),
  }));
}

/**
 * The `episode_id` of an event's properties, computed as the rollups compute it (migration
 * 20261121300000_analytics_rollups): an integer within range, else null — never a failed read.
 */
function eventEpisode(ctx: AppContext): RawBuilder<number | null> {
  if (ctx.dbKind !== 'postgres') {
    return sql`cast(json_extract(analytics_events.event_properties, '$.episode_id') as integer)`;
  }
  const text = sql`(analytics_events.event_properties::jsonb ->> 'episode_id')`;
  return sql`(case when strpos(analytics_events.event_properties, '\\u') > 0
    then analytics_event_episode(analytics_events.event_properties)
    else (case when ${text} ~ '^[0-9]+$' and length(ltrim(${text}, '0')) <= 10
      and lpad(ltrim(${text}, '0'), 10, '0') <= '2147483647' then ${text}::integer end) end)`;
}

/** The quartile (25, 50, 75) a '3.9 Episode Quartile Reached' event names, as text; null otherwise. */
function eventQuartile(ctx: AppContext): RawBuilder<string | null> {
  // The properties are stored as JSON.stringify wrote them: no spaces after the colon.
  return ctx.dbKind === 'postgres'
    ? sql`substring(analytics_events.event_properties from '"quartile":"?(25|50|75)[",}]')`
    : sql`cast(cast(json_extract(analytics_events.event_properties, '$.quartile') as integer) as text)`;
}

const VIEWER = sql`coalesce(cast(analytics_events.user_id as text), 'device:' || analytics_events.device_id)`;

/**
 * The player events of one series' episodes in the period, one row each: episode, what happened
 * (started, completed, paywall, q25, q50, q75) and who (user, else anonymous device).
 */
function seriesEvents(ctx: AppContext, from: string, episodeIds: number[]) {
  const kind = sql`case
    when analytics_events.event_type like ${EVENT.started} then 'started'
    when analytics_events.event_type like ${EVENT.completed} then 'completed'
    when analytics_events.event_type like ${EVENT.paywall} then 'paywall'
    when analytics_events.event_type like ${EVENT.quartile} then 'q' || ${eventQuartile(ctx)}
  end`;
  return sql`(
    select ${eventEpisode(ctx)} as episode_id, ${kind} as kind, ${VIEWER} as viewer
      from analytics_events
      where analytics_events.event_time >= ${from}
        and (analytics_events.event_type like ${EVENT.started} or analytics_events.event_type like ${EVENT.completed}
          or analytics_events.event_type like ${EVENT.paywall} or analytics_events.event_type like ${EVENT.quartile})
  ) as series_events
  where series_events.kind is not null
    and series_events.episode_id in (${sql.join(episodeIds.length ? episodeIds : [-1])})`;
}

/**
 * How viewers went through one series, from the player's events: per episode, the distinct viewers
 * who started it, passed each quartile and finished it; and for the whole series, the distinct
 * viewers at each step — the base of the retention curve (the share of series starters who reach
 * episode N) and of the paywall → unlock → purchase funnel.
 */
async function seriesViewing(ctx: AppContext, from: string, seriesId: number, episodeIds: number[]) {
  const db = ctx.db;
  const paywallUsers = sql`select analytics_events.user_id from analytics_events
    where analytics_events.user_id is not null and analytics_events.event_type like ${EVENT.paywall}
      and analytics_events.event_time >= ${from}
      and analytics_events.event_time <= payments.created_at
      and ${eventEpisode(ctx)} in (${sql.join(episodeIds.length ? episodeIds : [-1])})`;
  const [perEpisode, perSeries, unlockers, buyers] = await Promise.all([
    sql<{ episode_id: number; kind: string; viewers: number }>`
      select series_events.episode_id, series_events.kind, count(distinct series_events.viewer) as viewers
      from ${seriesEvents(ctx, from, episodeIds)}
      group by series_events.episode_id, series_events.kind`.execute(db),
    sql<{ kind: string; viewers: number }>`
      select series_events.kind, count(distinct series_events.viewer) as viewers
      from ${seriesEvents(ctx, from, episodeIds)}
      group by series_events.kind`.execute(db),
    db
      .selectFrom('episode_unlocks')
      .innerJoin('episodes', 'episodes.id', 'episode_unlocks.episode_id')
      .select((eb) => eb.fn.count<number>('episode_unlocks.user_id').distinct().as('count'))
      .where('episodes.series_id', '=', seriesId)
      .where('episode_unlocks.created_at', '>=', from)
      .executeTakeFirst(),
    // Payers after a paywall of this series: a purchase at or after the paywall they saw, in the period.
    sql<{ kind: string; count: number }>`
      select payments.kind, count(distinct payments.user_id) as count from payments
      where payments.status = 'succeeded' and payments.created_at >= ${from}
        and exists (${paywallUsers} and analytics_events.user_id = payments.user_id)
      group by payments.kind`.execute(db),
  ]);
  const episodeFigure = (id: number, kind: string) =>
    count(perEpisode.rows.find((row) => Number(row.episode_id) === id && row.kind === kind)?.viewers);
  const seriesFigure = (kind: string) => count(perSeries.rows.find((row) => row.kind === kind)?.viewers);
  const bought = (gold: boolean) =>
    buyers.rows.filter((row) => (row.kind === 'gold') === gold).reduce((sum, row) => sum + count(row.count), 0);
  return {
    episode: (id: number) => ({
      viewers: episodeFigure(id, 'started'),
      quartile_25: episodeFigure(id, 'q25'),
      quartile_50: episodeFigure(id, 'q50'),
      quartile_75: episodeFigure(id, 'q75'),
      finished: episodeFigure(id, 'completed'),
    }),
    steps: {
      starters: seriesFigure('started'),
      finishers: seriesFigure('completed'),
      paywall_viewers: seriesFigure('paywall'),
      unlockers: count(unlockers?.count),
      coin_buyers: bought(false),
      gold_buyers: bought(true),
    },
  };
}

/** When an event happened, in ms since the epoch (SQLite answers ISO text, PostgreSQL may answer a Date). */
const eventMs = (value: unknown) => new Date(value as string | Date).getTime();

/**
 * The For you feed's part in one series, per day of the period: how often its clips were shown
 * (impressions, '3.10 Feed Clip Shown') and played ('3.11 Feed Clip Played'), the play rate, and how
 * many of those plays led on — the same viewer (user, else anonymous device) started an episode of the
 * series in the player after the play.
 */
async function seriesFeed(ctx: AppContext, from: string, days: string[], episodeIds: number[]) {
  const db = ctx.db;
  const ids = sql.join(episodeIds.length ? episodeIds : [-1]);
  const [feedRows, startRows] = await Promise.all([
    sql<{ kind: string; viewer: string; at: unknown; day: string }>`
      select feed_events.kind, feed_events.viewer, feed_events.at, feed_events.day from (
        select case when analytics_events.event_type like ${EVENT.feedShown} then 'shown' else 'played' end as kind,
          ${VIEWER} as viewer, analytics_events.event_time as at,
          ${dayOf(ctx, 'analytics_events.event_time')} as day, ${eventEpisode(ctx)} as episode_id
        from analytics_events
        where analytics_events.event_time >= ${from}
          and (analytics_events.event_type like ${EVENT.feedShown} or analytics_events.event_type like ${EVENT.feedPlayed})
      ) as feed_events
      where feed_events.episode_id in (${ids})`.execute(db),
    // Each viewer's latest episode start of the series in the period: a play led on when it came later.
    sql<{ viewer: string; last_start: unknown }>`
      select series_starts.viewer, max(series_starts.at) as last_start from (
        select ${VIEWER} as viewer, analytics_events.event_time as at, ${eventEpisode(ctx)} as episode_id
        from analytics_events
        where analytics_events.event_time >= ${from} and analytics_events.event_type like ${EVENT.started}
      ) as series_starts
      where series_starts.episode_id in (${ids})
      group by series_starts.viewer`.execute(db),
  ]);
  const lastStart = new Map(startRows.rows.map((row) => [row.viewer, eventMs(row.last_start)]));
  const daily = new Map(days.map((day) => [day, { day, impressions: 0, plays: 0, went_on: 0 }]));
  for (const row of feedRows.rows) {
    const entry = daily.get(row.day);
    if (!entry) continue;
    if (row.kind === 'shown') entry.impressions += 1;
    else {
      entry.plays += 1;
      if ((lastStart.get(row.viewer) ?? 0) > eventMs(row.at)) entry.went_on += 1;
    }
  }
  const rate = (plays: number, impressions: number) => (impressions === 0 ? null : Math.min(1, plays / impressions));
  const rows = [...daily.values()].map((entry) => ({ ...entry, play_rate: rate(entry.plays, entry.impressions) }));
  const total = (key: 'impressions' | 'plays' | 'went_on') => rows.reduce((sum, entry) => sum + entry[key], 0);
  return {
    impressions: total('impressions'),
    plays: total('plays'),
    play_rate: rate(total('plays'), total('impressions')),
    went_on: total('went_on'),
    daily: rows,
  };
}

/** New Gold subscriptions per day of the period: the Gold conversions. */
async function goldConversions(ctx: AppContext, from: string, days: string[]) {
  const rows = await ctx.db
    .selectFrom('subscriptions')
    .select(dayOf(ctx, 'subscriptions.created_at').as('day'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>=', from)
    .groupBy(dayOf(ctx, 'subscriptions.created_at'))
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, count(row.count)]));
  return days.map((day) => ({ day, subscriptions: byDay.get(day) ?? 0 }));
}

async function funnel(ctx: AppContext, from: string, days: string[], requestedSeriesId: number | undefined) {
  const db = ctx.db;
  let seriesId = requestedSeriesId;
  if (seriesId === undefined) {
    // The series most watched in the period, so the screen opens on something meaningful.
    const top = await db
      .selectFrom('watch_progress')
      .select('series_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', from)
      .groupBy('series_id')
      .orderBy('count', 'desc')
      .orderBy('series_id')
      .limit(1)
      .executeTakeFirst();
    seriesId =
      top?.series_id ??
      (
        await db
          .selectFrom('series')
          .select('id')
          .where('deleted_at', 'is', null)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst()
      )?.id;
  }
  if (seriesId === undefined) return null;
  const series = await db.selectFrom('series').select(['id', 'title']).where('id', '=', seriesId).executeTakeFirst();
  if (!series) throw notFound('Series not found');
  const episodes = await db
    .selectFrom('episodes')
    .select(['id', 'season_number', 'episode_number', 'title', 'is_free'])
    .where('series_id', '=', series.id)
    .orderBy('season_number')
    .orderBy('episode_number')
    .execute();
  const [viewing, feed, starts, completions, paywalls, unlocks] = await Promise.all([
    seriesViewing(
      ctx,
      from,
      series.id,
      episodes.map((episode) => episode.id),
    ),
    seriesFeed(
      ctx,
      from,
      days,
      episodes.map((episode) => episode.id),
    ),
    db
      .selectFrom('watch_progress')
      .select('episode_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('series_id', '=', series.id)
      .where('created_at', '>=', from)
      .groupBy('episode_id')
      .execute(),
    db
      .selectFrom('watch_progress')
      .select('episode_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('series_id', '=', series.id)
      .where('completed', '=', true)
      .where('updated_at', '>=', from)
      .groupBy('episode_id')
      .execute(),
    db
      .selectFrom('analytics_daily_episodes')
      .select('episode_id')
      .select((eb) => eb.fn.sum<number>('events').as('count'))
      .where('event_type', 'like', EVENT.paywall)
      .where('day', '>=', from.slice(0, 10))
      .where('episode_id', 'in', (eb) => eb.selectFrom('episodes').select('id').where('series_id', '=', series.id))
      .groupBy('episode_id')
      .execute(),
    db
      .selectFrom('episode_unlocks')
      .innerJoin('episodes', 'episodes.id', 'episode_unlocks.episode_id')
      .select('episode_unlocks.episode_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('episodes.series_id', '=', series.id)
      .where('episode_unlocks.created_at', '>=', from)
      .groupBy('episode_unlocks.episode_id')
      .execute(),
  ]);
  const of = (rows: Array<{ episode_id: number | null; count: unknown }>, id: number) =>
    count(rows.find((row) => Number(row.episode_id) === id)?.count);
  const starters = viewing.steps.starters;
  return {
    series_id: series.id,
    series_title: series.title,
    steps: viewing.steps,
    feed,
    episodes: episodes.map((episode) => ({
      episode_id: episode.id,
      season_number: episode.season_number,
      episode_number: episode.episode_number,
      title: episode.title,
      is_free: Boolean(episode.is_free),
      starts: of(starts, episode.id),
      completions: of(completions, episode.id),
      paywall_hits: of(paywalls, episode.id),
      unlocks: of(unlocks, episode.id),
      ...viewing.episode(episode.id),
      reached_share: starters === 0 ? null : viewing.episode(episode.id).viewers / starters,
    })),
  };
}

/**
 * D1 / D7 retention of the users who joined in the period: the share of them active again exactly one
 * (seven) days after their first day. Users whose day 1 (day 7) has not come yet are left out of that
 * figure's denominator. Activity is any event, watch progress, history entry, unlock or coin movement.
 */
async function retention(ctx: AppContext, from: string, today: string) {
  const pg = ctx.dbKind === 'postgres';
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
  const cohort = await ctx.db
    .selectFrom('users')
    .select(['id', dayOf(ctx, 'users.created_at').as('day')])
    .select([activeOn(1).as('d1'), activeOn(7).as('d7')])
    .where('created_at', '>=', from)
    .where('merged_into_user_id', 'is', null)
    .execute();
  const rate = (by: number, returnedOn: (user: (typeof cohort)[number]) => SqlBool) => {
    const eligible = cohort.filter((user) => shifted(user.day, by) <= today);
    const returned = eligible.filter((user) => Boolean(returnedOn(user)));
    return {
      cohort: eligible.length,
      returned: returned.length,
      rate: eligible.length === 0 ? null : returned.length / eligible.length,
    };
  };
  return { d1: rate(1, (user) => user.d1), d7: rate(7, (user) => user.d7) };
}

export async function analytics(ctx: AppContext, days: number, seriesId: number | undefined) {
  const now = ctx.now();
  const today = startOfUtcDay(now);
  const fromDate = new Date(today.getTime() - (days - 1) * DAY_MS);
  const from = fromDate.toISOString();
  const dayList = daysBetween(fromDate, today);
  const [daily, revenue, seriesFunnel, retained, gold] = await Promise.all([
    dailyViews(ctx, from),
    revenueDaily(ctx, from, dayList),
    funnel(ctx, from, dayList, seriesId),
    retention(ctx, from, isoDay(today)),
    goldConversions(ctx, from, dayList),
  ]);
  return {
    days,
    from,
    to: now.toISOString(),
    daily: dayList.map((day) => ({
      day,
      views: daily.views.get(day) ?? 0,
      unique_viewers: daily.viewers.get(day) ?? 0,
    })),
    funnel: seriesFunnel,
    revenue,
    gold_conversions: gold,
    retention: retained,
  };
}
