/**
 * What the staff dashboard and analytics screen read. Everything is computed from the product's own
 * tables — viewing (watch_progress, watch_history), episode_unlocks, payments, subscriptions, users —
 * and the first-party events in analytics_events (ingested by the analytics domain). Each figure is one
 * grouped query over an indexed time column, so 30 or 90 days stay fast (issue #8: under a second).
 *
 * The events are read through their per-day rollups (analytics_daily_events, _viewers, _episodes; see
 * the migration 20261121300000_analytics_rollups), which triggers keep exact on every write. A period
 * is whole UTC days, on the dashboard (today, the last 30 days) as on the analytics screen (any days,
 * at most 366), and the viewing figures — a view, a viewer, an active viewer — have one definition,
 * viewingFigures below, that both read, so they agree for the same days. The answers are those of a scan of the
 * events (api/test/domains/admin/admin-insights-rollups.test.ts compares both). The queries live in
 * admin-insights.repository.ts; this file turns their rows into the figures staff read.
 */
import type { SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { episodeOutline, episodesWithSeriesTitles, firstSeries, seriesTitle } from '../catalogue/catalogue.repository';
import {
  activeViewers,
  coinPurchases,
  completionsByEpisode,
  episodeStepViewers,
  episodeViewers,
  feedEvents,
  goldMemberCount,
  joinedCohort,
  lastStarts,
  mostWatchedSeries,
  type Period,
  payersAfterPaywall,
  paywallsByEpisode,
  revenueByDay,
  revenueSince,
  seriesStepViewers,
  seriesUnlockers,
  startsByEpisode,
  subscriptionsByDay,
  subscriptionsSince,
  unlocksByDayAndEpisode,
  unlocksByEpisode,
  unlocksSince,
  usersJoinedSince,
  viewsByDay,
  watchedSince,
} from './admin-insights.repository';

const DAY_MS = 86_400_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += DAY_MS) days.push(isoDay(new Date(t)));
  return days;
}

const count = (value: unknown) => Number(value ?? 0);
const shifted = (day: string, by: number) => isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + by * DAY_MS));

/** The period of the days `firstDay` to `lastDay` (both included), with its bounds for timestamp columns. */
export function periodOf(ctx: AppContext, firstDay: string, lastDay: string): Period {
  // SQLite compares the stored ISO text, where `column < 'YYYY-MM-DD'` holds exactly when the column's day is earlier.
  const bound = (day: string) => (ctx.dbKind === 'postgres' ? `${day}T00:00:00.000Z` : day);
  return { firstDay, lastDay, from: bound(firstDay), until: bound(shifted(lastDay, 1)) };
}

/** The last `days` days up to today (UTC), today included. */
export function lastDays(ctx: AppContext, days: number): Period {
  const today = isoDay(ctx.now());
  return periodOf(ctx, shifted(today, 1 - days), today);
}

/**
 * The viewing figures of a period, per day and in all, one definition each (the contract's
 * ViewingFiguresSchema says them): views are episode starts; viewers are the distinct people (user,
 * else anonymous device) who started an episode; active viewers are the distinct people with any
 * activity. The dashboard and the analytics both read them here, so they agree for the same days.
 */
export async function viewingFigures(ctx: AppContext, period: Period) {
  const db = ctx.db;
  const [views, viewersDaily, viewersAll, activeDaily, activeAll] = await Promise.all([
    viewsByDay(db, period),
    episodeViewers(db, ctx.dbKind, period, true),
    episodeViewers(db, ctx.dbKind, period, false),
    activeViewers(db, ctx.dbKind, period, true),
    activeViewers(db, ctx.dbKind, period, false),
  ]);
  const byDay = (rows: Array<{ day: string; count: unknown }>) =>
    new Map(rows.map((row) => [row.day, count(row.count)]));
  const [viewsOf, viewersOf, activeOf] = [byDay(views), byDay(viewersDaily), byDay(activeDaily)];
  const daily = daysBetween(new Date(`${period.firstDay}T00:00:00Z`), new Date(`${period.lastDay}T00:00:00Z`)).map(
    (day) => ({
      day,
      views: viewsOf.get(day) ?? 0,
      viewers: viewersOf.get(day) ?? 0,
      active_viewers: activeOf.get(day) ?? 0,
    }),
  );
  return {
    daily,
    totals: {
      views: daily.reduce((sum, day) => sum + day.views, 0),
      viewers: count(viewersAll[0]?.count),
      active_viewers: count(activeAll[0]?.count),
    },
  };
}

// --- Dashboard ---------------------------------------------------------------------------------------

async function figuresOf(ctx: AppContext, period: Period) {
  const db = ctx.db;
  const from = period.from;
  const now = ctx.now().toISOString();
  const [viewing, watched, unlocks, revenue, registrations, guests, gold, newGold] = await Promise.all([
    viewingFigures(ctx, period),
    watchedSince(db, from),
    unlocksSince(db, from),
    revenueSince(db, ctx.dbKind, from),
    usersJoinedSince(db, from, false),
    usersJoinedSince(db, from, true),
    goldMemberCount(db, now),
    subscriptionsSince(db, from),
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

/** Today's figures and those of the last 30 days, today included (whole UTC days, as the analytics counts them). */
export async function dashboard(ctx: AppContext) {
  const now = ctx.now();
  const [todayFigures, monthFigures] = await Promise.all([
    figuresOf(ctx, lastDays(ctx, 1)),
    figuresOf(ctx, lastDays(ctx, 30)),
  ]);
  return { generated_at: now.toISOString(), today: todayFigures, last_30_days: monthFigures };
}

// --- Analytics ---------------------------------------------------------------------------------------

async function revenueDaily(ctx: AppContext, period: Period, days: string[]) {
  const rows = await revenueByDay(ctx.db, ctx.dbKind, period);
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
 * How viewers went through one series, from the player's events: per episode, the distinct viewers
 * who started it, passed each quartile and finished it; and for the whole series, the distinct
 * viewers at each step — the base of the retention curve (the share of series starters who reach
 * episode N) and of the paywall → unlock → purchase funnel.
 */
async function seriesViewing(ctx: AppContext, period: Period, seriesId: number, episodeIds: number[]) {
  const db = ctx.db;
  const [perEpisode, perSeries, unlockers, buyers] = await Promise.all([
    episodeStepViewers(db, ctx.dbKind, period, episodeIds),
    seriesStepViewers(db, ctx.dbKind, period, episodeIds),
    seriesUnlockers(db, seriesId, period),
    // Payers after a paywall of this series: a purchase at or after the paywall they saw, in the period.
    payersAfterPaywall(db, ctx.dbKind, period, episodeIds),
  ]);
  const episodeFigure = (id: number, kind: string) =>
    count(perEpisode.find((row) => Number(row.episode_id) === id && row.kind === kind)?.viewers);
  const seriesFigure = (kind: string) => count(perSeries.find((row) => row.kind === kind)?.viewers);
  const bought = (gold: boolean) =>
    buyers.filter((row) => (row.kind === 'gold') === gold).reduce((sum, row) => sum + count(row.count), 0);
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
async function seriesFeed(ctx: AppContext, period: Period, days: string[], episodeIds: number[]) {
  const db = ctx.db;
  const [feedRows, startRows] = await Promise.all([
    feedEvents(db, ctx.dbKind, period, episodeIds),
    // Each viewer's latest episode start of the series in the period: a play led on when it came later.
    lastStarts(db, ctx.dbKind, period, episodeIds),
  ]);
  const lastStart = new Map(startRows.map((row) => [row.viewer, eventMs(row.last_start)]));
  const daily = new Map(days.map((day) => [day, { day, impressions: 0, plays: 0, went_on: 0 }]));
  for (const row of feedRows) {
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
async function goldConversions(ctx: AppContext, period: Period, days: string[]) {
  const rows = await subscriptionsByDay(ctx.db, ctx.dbKind, period);
  const byDay = new Map(rows.map((row) => [row.day, count(row.count)]));
  return days.map((day) => ({ day, subscriptions: byDay.get(day) ?? 0 }));
}

async function funnel(ctx: AppContext, period: Period, days: string[], requestedSeriesId: number | undefined) {
  const db = ctx.db;
  let seriesId = requestedSeriesId;
  if (seriesId === undefined) {
    // The series most watched in the period, so the screen opens on something meaningful.
    const top = await mostWatchedSeries(db, period);
    seriesId = top?.series_id ?? (await firstSeries(db))?.id;
  }
  if (seriesId === undefined) return null;
  const series = await seriesTitle(db, seriesId);
  if (!series) throw notFound('Series not found');
  const episodes = await episodeOutline(db, series.id);
  const [viewing, feed, starts, completions, paywalls, unlocks] = await Promise.all([
    seriesViewing(
      ctx,
      period,
      series.id,
      episodes.map((episode) => episode.id),
    ),
    seriesFeed(
      ctx,
      period,
      days,
      episodes.map((episode) => episode.id),
    ),
    startsByEpisode(db, series.id, period),
    completionsByEpisode(db, series.id, period),
    paywallsByEpisode(db, series.id, period),
    unlocksByEpisode(db, series.id, period),
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
async function retention(ctx: AppContext, period: Period, today: string) {
  const cohort = await joinedCohort(ctx.db, ctx.dbKind, period);
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

/**
 * Unlocks per day and episode, and the money attributed to them: each coin valued at what the period's
 * coin purchases kept per coin bought (money kept ÷ coins bought), per currency.
 */
async function episodeRevenue(ctx: AppContext, period: Period) {
  const [unlocks, purchases] = await Promise.all([
    unlocksByDayAndEpisode(ctx.db, ctx.dbKind, period),
    coinPurchases(ctx.db, ctx.dbKind, period),
  ]);
  const episodes = await episodesWithSeriesTitles(ctx.db, [...new Set(unlocks.map((row) => Number(row.episode_id)))]);
  const episodeOf = new Map(episodes.map((episode) => [episode.id, episode]));
  const perCoin = purchases
    .filter((row) => count(row.coins) > 0)
    .map((row) => ({ currency: row.currency, value: count(row.amount) / count(row.coins) }));
  return unlocks
    .flatMap((row) => {
      const episode = episodeOf.get(Number(row.episode_id));
      if (!episode) return [];
      const coins = count(row.coins);
      return [
        {
          day: row.day,
          series_id: episode.series_id,
          series_title: episode.series_title,
          episode_id: episode.id,
          episode_number: episode.episode_number,
          unlocks: count(row.unlocks),
          coins,
          money: perCoin.map(({ currency, value }) => ({ currency, attributed_minor: Math.round(coins * value) })),
        },
      ];
    })
    .sort((a, b) => a.day.localeCompare(b.day) || a.series_id - b.series_id || a.episode_number - b.episode_number);
}

/** The analytics of a period: viewing per day, a series' funnel, revenue, Gold conversions, retention. */
export async function analytics(ctx: AppContext, period: Period, seriesId: number | undefined) {
  const now = ctx.now();
  const dayList = daysBetween(new Date(`${period.firstDay}T00:00:00Z`), new Date(`${period.lastDay}T00:00:00Z`));
  const [viewing, revenue, seriesFunnel, retained, gold, perEpisode] = await Promise.all([
    viewingFigures(ctx, period),
    revenueDaily(ctx, period, dayList),
    funnel(ctx, period, dayList, seriesId),
    retention(ctx, period, isoDay(now)),
    goldConversions(ctx, period, dayList),
    episodeRevenue(ctx, period),
  ]);
  return {
    days: dayList.length,
    from: period.firstDay,
    to: period.lastDay,
    totals: viewing.totals,
    daily: viewing.daily,
    funnel: seriesFunnel,
    revenue,
    episode_revenue: perEpisode,
    gold_conversions: gold,
    retention: retained,
  };
}
