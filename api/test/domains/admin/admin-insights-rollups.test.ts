/**
 * Issue #8: the analytics screen and the dashboard read the events through per-day rollups kept by
 * triggers. Whatever was written — uploads through ingestion, rows written directly, retried uploads,
 * events deleted, a user deleted (their events turn anonymous) — both screens answer exactly what the
 * straightforward reads, one scan of the events per figure, answer. The reference at the end of this
 * file is those reads as they were before the rollups.
 */
import { type RawBuilder, sql } from 'kysely';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import type { AppContext } from '../../../src/context';
import { analytics, dashboard, lastDays } from '../../../src/domains/admin/admin-insights.service';
import { ingestEvents } from '../../../src/domains/analytics/analytics.service';
import { notFound } from '../../../src/http/errors';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Mid-day: the periods are whole days all the same. */
const NOW = new Date('2026-11-21T15:30:00.000Z');
const HOUR_MS = 3_600_000;

/** A small deterministic generator: the same data on both databases. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe.each(databaseKinds())('staff analytics read through the event rollups (%s)', (kind) => {
  let t: TestApp;
  let seriesIds: number[] = [];
  const userIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    await seed(t.ctx);
    seriesIds = (await t.ctx.db.selectFrom('series').select('id').orderBy('id').execute()).map((row) => row.id);
  });
  afterAll(() => t.close());

  async function seed(ctx: AppContext) {
    const rand = random(21);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
    const iso = (ms: number) => new Date(ms).toISOString();
    const episodes = await ctx.db.selectFrom('episodes').select(['id', 'series_id']).orderBy('id').execute();
    // People who joined over the last 40 days (one merged into another), some of them guests.
    for (let n = 0; n < 30; n += 1) {
      const joined = iso(NOW.getTime() - Math.floor(rand() * 40 * 24) * HOUR_MS - Math.floor(rand() * HOUR_MS));
      const made = await ctx.db
        .insertInto('users')
        .values({
          email: `rollup-${n}@example.com`,
          username: `rollup-${n}`,
          is_guest: n % 3 === 0,
          created_at: joined,
          updated_at: joined,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      userIds.push(made.id);
    }
    await ctx.db
      .updateTable('users')
      .set({ merged_into_user_id: userIds[1] as number })
      .where('id', '=', userIds[0] as number)
      .execute();

    // Events over 41 days and one in the future; some at the very edges of a day.
    const types = [
      '1.1 Home Opened',
      '3.1 Episode Started',
      '3.2 Episode Completed',
      '3.5 Paywall Shown',
      '2.5 Paywall Shown',
      '7.1 episode started',
    ];
    const direct: Array<Record<string, unknown>> = [];
    let sequence = 0;
    for (let day = -40; day <= 1; day += 1) {
      const dayStart = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate()) + day * 24 * HOUR_MS;
      for (let v = 0; v < 14; v += 1) {
        const userId = rand() < 0.5 ? pick(userIds) : null;
        const device = rand() < 0.9 ? `device-${Math.floor(rand() * 25)}` : undefined;
        const batch: Array<Record<string, unknown>> = [];
        for (let e = 0; e < 1 + Math.floor(rand() * 5); e += 1) {
          const edge = rand();
          const time =
            edge < 0.1 ? dayStart : edge < 0.2 ? dayStart + 24 * HOUR_MS - 1 : dayStart + rand() * 24 * HOUR_MS;
          const episode = pick(episodes);
          const which = rand();
          const properties =
            which < 0.6
              ? { episode_id: episode.id, series_id: episode.series_id }
              : which < 0.75
                ? { episode_id: String(episode.id) }
                : which < 0.85
                  ? { episode_id: 'none' }
                  : {};
          sequence += 1;
          batch.push({
            event_type: pick(types),
            user_id: userId === null ? undefined : String(userId),
            device_id: device ?? (userId === null ? `device-only-${sequence}` : undefined),
            time: Math.floor(time),
            event_properties: properties,
            insert_id: `rollup-${sequence}`,
          });
        }
        if (rand() < 0.5) {
          await ingestEvents(ctx, { api_key: 'amp-key', events: batch }, 100, userId);
        } else {
          for (const event of batch) {
            direct.push({
              user_id: userId,
              client_user_id: event.user_id ?? null,
              device_id: event.device_id ?? null,
              event_type: event.event_type,
              event_time: iso(event.time as number),
              session_id: null,
              insert_id: event.insert_id,
              event_properties: JSON.stringify(event.event_properties),
              user_properties: '{}',
              revenue: null,
              price: null,
              quantity: null,
              product_id: null,
              platform: 'Web',
              received_at: iso(NOW.getTime()),
            });
          }
        }
      }
    }
    await ctx.db
      .insertInto('analytics_events')
      .values(direct as never)
      .execute();
    // A retried upload stores nothing twice.
    const retried = {
      event_type: '3.1 Episode Started',
      device_id: 'device-1',
      time: NOW.getTime(),
      insert_id: 'rollup-1',
    };
    await ingestEvents(ctx, { api_key: 'amp-key', events: [retried] }, 100, null);

    // Viewing, unlocks and coin movements of the people, over the same days.
    const seen = new Set<string>();
    for (let n = 0; n < 160; n += 1) {
      const userId = pick(userIds);
      const episode = pick(episodes);
      const key = `${userId}|${episode.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const started = NOW.getTime() - Math.floor(rand() * 40 * 24) * HOUR_MS;
      const updated = Math.min(NOW.getTime(), started + Math.floor(rand() * 8 * 24) * HOUR_MS);
      const completed = rand() < 0.5;
      await ctx.db
        .insertInto('watch_progress')
        .values({
          user_id: userId,
          episode_id: episode.id,
          series_id: episode.series_id,
          progress: completed ? 100 : 40,
          position_seconds: 30,
          completed,
          created_at: iso(started),
          updated_at: iso(updated),
        } as never)
        .execute();
      if (completed) {
        await ctx.db
          .insertInto('watch_history')
          .values({
            user_id: userId,
            episode_id: episode.id,
            series_id: episode.series_id,
            progress: 100,
            watched_at: iso(updated),
          })
          .execute();
      }
      if (rand() < 0.3) {
        await ctx.db
          .insertInto('episode_unlocks')
          .values({ user_id: userId, episode_id: episode.id, coin_cost: 5, created_at: iso(updated) })
          .execute();
      }
      if (rand() < 0.3) {
        await ctx.db
          .insertInto('coin_ledger')
          .values({
            user_id: userId,
            delta: 10,
            reason: rand() < 0.5 ? 'registration_bonus' : 'daily_reward',
            reference: `rollup-${n}`,
            balance_after: 10,
            created_at: iso(started + 26 * HOUR_MS),
          })
          .execute();
      }
    }
  }

  /**
   * The figures the rollups answer. The per-viewer figures read live from the events (retention curve,
   * quartiles, steps of the funnel), Gold conversions and refunds are proven in staff-analytics.test.ts.
   */
  function rollupFigures(answer: Awaited<ReturnType<typeof analytics>>) {
    const { gold_conversions: _gold, episode_revenue: _perEpisode, ...rest } = answer;
    return {
      ...rest,
      funnel: answer.funnel && {
        series_id: answer.funnel.series_id,
        series_title: answer.funnel.series_title,
        episodes: answer.funnel.episodes.map((e) => ({
          episode_id: e.episode_id,
          season_number: e.season_number,
          episode_number: e.episode_number,
          title: e.title,
          is_free: e.is_free,
          starts: e.starts,
          completions: e.completions,
          paywall_hits: e.paywall_hits,
          unlocks: e.unlocks,
        })),
      },
      revenue: answer.revenue.map((r) => ({
        currency: r.currency,
        daily: r.daily.map(({ returned_minor: _returned, ...day }) => day),
      })),
    };
  }

  async function expectSameAnswers() {
    for (const days of [1, 7, 30, 90]) {
      for (const seriesId of [undefined, ...seriesIds]) {
        expect(rollupFigures(await analytics(t.ctx, lastDays(t.ctx, days), seriesId))).toEqual(
          await referenceAnalytics(t.ctx, days, seriesId),
        );
      }
    }
    expect(await dashboard(t.ctx)).toEqual(await referenceDashboard(t.ctx));
  }

  it('answers the analytics screen and the dashboard exactly as a scan of the events does', async () => {
    const answer = await analytics(t.ctx, lastDays(t.ctx, 30), undefined);
    // The data set reaches every figure, so the comparison means something.
    expect(answer.daily.some((day) => day.views > 0 && day.viewers > 0 && day.active_viewers > day.viewers)).toBe(true);
    expect(answer.funnel?.episodes.some((episode) => episode.paywall_hits > 0)).toBe(true);
    expect(answer.retention.d1.returned + answer.retention.d7.returned).toBeGreaterThan(0);
    await expectSameAnswers();
  });

  it('gives the dashboard and the analytics the same views, viewers and active viewers for the same days', async () => {
    const board = await dashboard(t.ctx);
    const [today, month] = await Promise.all([
      analytics(t.ctx, lastDays(t.ctx, 1), undefined),
      analytics(t.ctx, lastDays(t.ctx, 30), undefined),
    ]);
    const viewing = ({ views, viewers, active_viewers }: typeof today.totals) => ({ views, viewers, active_viewers });
    expect(viewing(board.today)).toEqual(today.totals);
    expect(today.daily).toEqual([{ day: '2026-11-21', ...today.totals }]);
    expect(viewing(board.last_30_days)).toEqual(month.totals);
    expect(month.totals.views).toBeGreaterThan(0);
    // A period counts each person once: never more than the days' figures added up, never fewer than its busiest day.
    const sum = (key: 'viewers' | 'active_viewers') => month.daily.reduce((total, day) => total + day[key], 0);
    const most = (key: 'viewers' | 'active_viewers') => Math.max(...month.daily.map((day) => day[key]));
    for (const key of ['viewers', 'active_viewers'] as const) {
      expect(month.totals[key]).toBeLessThanOrEqual(sum(key));
      expect(month.totals[key]).toBeGreaterThanOrEqual(most(key));
    }
    // A viewer started an episode, so there are never more viewers than views or active viewers.
    for (const day of month.daily) expect(day.viewers).toBeLessThanOrEqual(Math.min(day.views, day.active_viewers));
  });

  it('stays exact when events are deleted and when a user is deleted (their events turn anonymous)', async () => {
    const db = t.ctx.db;
    await db.deleteFrom('analytics_events').where('insert_id', 'like', 'rollup-1%').execute();
    const gone = userIds[5] as number;
    await t.ctx.db.deleteFrom('users').where('id', '=', gone).execute();
    expect(await db.selectFrom('analytics_daily_viewers').select('day').where('user_id', '=', gone).execute()).toEqual(
      [],
    );
    await expectSameAnswers();
    // Rows whose events are all gone are dropped, not left at zero.
    for (const table of ['analytics_daily_events', 'analytics_daily_viewers', 'analytics_daily_episodes'] as const) {
      expect(await db.selectFrom(table).select('day').where('events', '<=', 0).execute()).toEqual([]);
    }
  });
});

// --- The reference: the reads before the rollups ----------------------------------------------------

const DAY_MS = 86_400_000;
/** The end of the periods the screens read: they cover whole days up to today, so tomorrow's events stay out. */
const UNTIL = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() + 1)).toISOString();
const EVENT = { started: '% Episode Started', completed: '% Episode Completed', paywall: '% Paywall Shown' };

/** The UTC calendar day of a timestamp column, as YYYY-MM-DD on both engines. */
function dayOf(ctx: AppContext, column: string): RawBuilder<string> {
  return ctx.dbKind === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/** An integer property of an event's JSON properties, or null. */
function eventInt(ctx: AppContext, key: string): RawBuilder<number | null> {
  if (ctx.dbKind === 'postgres') {
    const text = sql`(analytics_events.event_properties::jsonb ->> ${sql.lit(key)})`;
    return sql<number | null>`(case when ${text} ~ '^[0-9]+$' then ${text}::integer end)`;
  }
  return sql<number | null>`cast(json_extract(analytics_events.event_properties, ${sql.lit(`$.${key}`)}) as integer)`;
}

const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += DAY_MS) days.push(isoDay(new Date(t)));
  return days;
}

const count = (value: unknown) => Number(value ?? 0);

// --- Dashboard ---------------------------------------------------------------------------------------

async function figuresSince(ctx: AppContext, from: string) {
  const db = ctx.db;
  const now = ctx.now().toISOString();
  const [viewing, watched, unlocks, revenue, registrations, guests, gold, newGold] = await Promise.all([
    dailyViews(ctx, from),
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
      .select((eb) => eb.fn.sum<number>('amount_minor').as('amount'))
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
    ...viewing.totals,
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

async function referenceDashboard(ctx: AppContext) {
  const now = ctx.now();
  const today = startOfUtcDay(now);
  const month = new Date(today.getTime() - 29 * DAY_MS);
  const [todayFigures, monthFigures] = await Promise.all([
    figuresSince(ctx, today.toISOString()),
    figuresSince(ctx, month.toISOString()),
  ]);
  return { generated_at: now.toISOString(), today: todayFigures, last_30_days: monthFigures };
}

// --- Analytics ---------------------------------------------------------------------------------------

/** Views (episode starts), viewers (distinct people who started one) and active viewers (any activity). */
async function dailyViews(ctx: AppContext, from: string) {
  const db = ctx.db;
  const viewer = sql`coalesce(cast(analytics_events.user_id as text), 'device:' || analytics_events.device_id)`;
  const activity = sql`(
        select ${dayOf(ctx, 'analytics_events.event_time')} as day, ${viewer} as viewer
          from analytics_events where analytics_events.event_time >= ${from} and analytics_events.event_time < ${UNTIL}
        union all
        select ${dayOf(ctx, 'watch_progress.updated_at')}, cast(watch_progress.user_id as text)
          from watch_progress where watch_progress.updated_at >= ${from} and watch_progress.updated_at < ${UNTIL}
        union all
        select ${dayOf(ctx, 'watch_history.watched_at')}, cast(watch_history.user_id as text)
          from watch_history where watch_history.watched_at >= ${from} and watch_history.watched_at < ${UNTIL}
      ) as activity`;
  const starts = sql`(
        select ${dayOf(ctx, 'analytics_events.event_time')} as day, ${viewer} as viewer from analytics_events
          where analytics_events.event_type like ${EVENT.started} and analytics_events.event_time >= ${from} and analytics_events.event_time < ${UNTIL}
      ) as starts`;
  const [views, viewers, active, allViewers, allActive] = await Promise.all([
    db
      .selectFrom('analytics_events')
      .select(dayOf(ctx, 'analytics_events.event_time').as('day'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('event_type', 'like', EVENT.started)
      .where('event_time', '>=', from)
      .where('event_time', '<', UNTIL)
      .groupBy(dayOf(ctx, 'analytics_events.event_time'))
      .execute(),
    sql<{
      day: string;
      count: number;
    }>`select day, count(distinct viewer) as count from ${starts} group by day`.execute(db),
    sql<{ day: string; count: number }>`
      select day, count(distinct viewer) as count from ${activity} where viewer is not null group by day`.execute(db),
    sql<{ count: number }>`select count(distinct viewer) as count from ${starts}`.execute(db),
    sql<{ count: number }>`select count(distinct viewer) as count from ${activity} where viewer is not null`.execute(
      db,
    ),
  ]);
  const byDay = (rows: Array<{ day: string; count: number }>) =>
    new Map(rows.map((row) => [row.day, count(row.count)]));
  return {
    views: byDay(views),
    viewers: byDay(viewers.rows),
    active: byDay(active.rows),
    totals: {
      views: views.reduce((sum, row) => sum + count(row.count), 0),
      viewers: count(allViewers.rows[0]?.count),
      active_viewers: count(allActive.rows[0]?.count),
    },
  };
}

async function revenueDaily(ctx: AppContext, from: string, days: string[]) {
  const rows = await ctx.db
    .selectFrom('payments')
    .select(dayOf(ctx, 'payments.created_at').as('day'))
    .select(['currency', 'kind'])
    .select((eb) => eb.fn.sum<number>('amount_minor').as('amount'))
    .where('status', '=', 'succeeded')
    .where('created_at', '>=', from)
    .where('created_at', '<', UNTIL)
    .groupBy([dayOf(ctx, 'payments.created_at'), 'currency', 'kind'])
    .execute();
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    daily: days.map((day) => {
      const of = (gold: boolean) =>
        rows
          .filter((row) => row.day === day && row.currency === currency && (row.kind === 'gold') === gold)
          .reduce((sum, row) => sum + count(row.amount), 0);
      return { day, coins_minor: of(false), gold_minor: of(true) };
    }),
  }));
}

async function funnel(ctx: AppContext, from: string, requestedSeriesId: number | undefined) {
  const db = ctx.db;
  let seriesId = requestedSeriesId;
  if (seriesId === undefined) {
    // The series most watched in the period, so the screen opens on something meaningful.
    const top = await db
      .selectFrom('watch_progress')
      .select('series_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', from)
      .where('created_at', '<', UNTIL)
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
  const episodeId = eventInt(ctx, 'episode_id');
  const [episodes, starts, completions, paywalls, unlocks] = await Promise.all([
    db
      .selectFrom('episodes')
      .select(['id', 'season_number', 'episode_number', 'title', 'is_free'])
      .where('series_id', '=', series.id)
      .orderBy('season_number')
      .orderBy('episode_number')
      .execute(),
    db
      .selectFrom('watch_progress')
      .select('episode_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('series_id', '=', series.id)
      .where('created_at', '>=', from)
      .where('created_at', '<', UNTIL)
      .groupBy('episode_id')
      .execute(),
    db
      .selectFrom('watch_progress')
      .select('episode_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('series_id', '=', series.id)
      .where('completed', '=', true)
      .where('updated_at', '>=', from)
      .where('updated_at', '<', UNTIL)
      .groupBy('episode_id')
      .execute(),
    db
      .selectFrom('analytics_events')
      .select(episodeId.as('episode_id'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('event_type', 'like', EVENT.paywall)
      .where('event_time', '>=', from)
      .where('event_time', '<', UNTIL)
      .where(episodeId, 'in', (eb) => eb.selectFrom('episodes').select('id').where('series_id', '=', series.id))
      .groupBy(episodeId)
      .execute(),
    db
      .selectFrom('episode_unlocks')
      .innerJoin('episodes', 'episodes.id', 'episode_unlocks.episode_id')
      .select('episode_unlocks.episode_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('episodes.series_id', '=', series.id)
      .where('episode_unlocks.created_at', '>=', from)
      .where('episode_unlocks.created_at', '<', UNTIL)
      .groupBy('episode_unlocks.episode_id')
      .execute(),
  ]);
  const of = (rows: Array<{ episode_id: number | null; count: unknown }>, id: number) =>
    count(rows.find((row) => Number(row.episode_id) === id)?.count);
  return {
    series_id: series.id,
    series_title: series.title,
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
    })),
  };
}

/**
 * D1 / D7 retention of the users who joined in the period: the share of them active again exactly one
 * (seven) days after their first day. Users whose day 1 (day 7) has not come yet are left out of that
 * figure's denominator. Activity is any event, watch progress, history entry, unlock or coin movement.
 */
async function retention(ctx: AppContext, from: string, today: string) {
  const db = ctx.db;
  const [cohort, activity] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', dayOf(ctx, 'users.created_at').as('day')])
      .where('created_at', '>=', from)
      .where('created_at', '<', UNTIL)
      .where('merged_into_user_id', 'is', null)
      .execute(),
    sql<{ user_id: number; day: string }>`
      select distinct activity.user_id, activity.day from (
        select user_id, ${dayOf(ctx, 'analytics_events.event_time')} as day from analytics_events
          where user_id is not null and event_time >= ${from}
        union all select user_id, ${dayOf(ctx, 'watch_progress.created_at')} from watch_progress where created_at >= ${from}
        union all select user_id, ${dayOf(ctx, 'watch_progress.updated_at')} from watch_progress where updated_at >= ${from}
        union all select user_id, ${dayOf(ctx, 'watch_history.watched_at')} from watch_history where watched_at >= ${from}
        union all select user_id, ${dayOf(ctx, 'episode_unlocks.created_at')} from episode_unlocks where created_at >= ${from}
        union all select user_id, ${dayOf(ctx, 'coin_ledger.created_at')} from coin_ledger
          where created_at >= ${from} and reason not in ('registration_bonus')
      ) as activity
      inner join users on users.id = activity.user_id
      where users.created_at >= ${from}`.execute(db),
  ]);
  const active = new Set(activity.rows.map((row) => `${row.user_id}|${row.day}`));
  const shifted = (day: string, by: number) => isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + by * DAY_MS));
  const rate = (by: number) => {
    const eligible = cohort.filter((user) => shifted(user.day, by) <= today);
    const returned = eligible.filter((user) => active.has(`${user.id}|${shifted(user.day, by)}`));
    return {
      cohort: eligible.length,
      returned: returned.length,
      rate: eligible.length === 0 ? null : returned.length / eligible.length,
    };
  };
  return { d1: rate(1), d7: rate(7) };
}

async function referenceAnalytics(ctx: AppContext, days: number, seriesId: number | undefined) {
  const now = ctx.now();
  const today = startOfUtcDay(now);
  const fromDate = new Date(today.getTime() - (days - 1) * DAY_MS);
  const from = fromDate.toISOString();
  const dayList = daysBetween(fromDate, today);
  const [daily, revenue, seriesFunnel, retained] = await Promise.all([
    dailyViews(ctx, from),
    revenueDaily(ctx, from, dayList),
    funnel(ctx, from, seriesId),
    retention(ctx, from, isoDay(today)),
  ]);
  return {
    days,
    from: isoDay(fromDate),
    to: isoDay(today),
    totals: daily.totals,
    daily: dayList.map((day) => ({
      day,
      views: daily.views.get(day) ?? 0,
      viewers: daily.viewers.get(day) ?? 0,
      active_viewers: daily.active.get(day) ?? 0,
    })),
    funnel: seriesFunnel,
    revenue,
    retention: retained,
  };
}
