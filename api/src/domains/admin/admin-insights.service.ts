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
 * events (api/test/domains/admin/admin-insights-rollups.test.ts compares both). The queries live in
 * admin-insights.repository.ts; this file turns their rows into the figures staff read.
 */
import type { SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { episodeOutline, firstSeries, seriesTitle } from '../catalogue/catalogue.repository';
import {
  activeViewerCount,
  completionsByEpisode,
  episodeStepViewers,
  eventViewersByDay,
  feedEvents,
  goldMemberCount,
  joinedCohort,
  lastStarts,
  mostWatchedSeries,
  payersAfterPaywall,
  paywallsByEpisode,
  revenueByDay,
  revenueSince,
  seriesStepViewers,
  seriesUnlockers,
  startsByDay,
  startsByEpisode,
  startsLive,
  startsOnDays,
  subscriptionsByDay,
  subscriptionsSince,
  unlocksByEpisode,
  unlocksSince,
  usersJoinedSince,
  watchedSince,
  watchOnlyViewersByDay,
} from './admin-insights.repository';

const DAY_MS = 86_400_000;

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
    activeViewerCount(db, from, period.firstDay, period.live),
    Promise.all([startsOnDays(db, period.firstDay), period.live ? startsLive(db, period.live) : undefined]).then(
      ([days, live]) => ({ count: count(days?.count) + count(live?.count) }),
    ),
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
    active_viewers: count(active?.count),
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
    startsByDay(db, firstDay),
    // A viewer is a signed-in user, or an anonymous device, active in the events or the watch tables:
    // the day's viewers in the events (one rollup row each), plus those only the watch tables saw.
    eventViewersByDay(db, firstDay),
    watchOnlyViewersByDay(db, ctx.dbKind, from),
  ]);
  const viewers = new Map(eventViewers.map((row) => [row.day, count(row.count)]));
  for (const row of watchOnly) viewers.set(row.day, (viewers.get(row.day) ?? 0) + count(row.count));
  return {
    views: new Map(views.map((row) => [row.day, count(row.count)])),
    viewers,
  };
}

async function revenueDaily(ctx: AppContext, from: string, days: string[]) {
  const rows = await revenueByDay(ctx.db, ctx.dbKind, from);
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
async function seriesViewing(ctx: AppContext, from: string, seriesId: number, episodeIds: number[]) {
  const db = ctx.db;
  const [perEpisode, perSeries, unlockers, buyers] = await Promise.all([
    episodeStepViewers(db, ctx.dbKind, from, episodeIds),
    seriesStepViewers(db, ctx.dbKind, from, episodeIds),
    seriesUnlockers(db, seriesId, from),
    // Payers after a paywall of this series: a purchase at or after the paywall they saw, in the period.
    payersAfterPaywall(db, ctx.dbKind, from, episodeIds),
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
async function seriesFeed(ctx: AppContext, from: string, days: string[], episodeIds: number[]) {
  const db = ctx.db;
  const [feedRows, startRows] = await Promise.all([
    feedEvents(db, ctx.dbKind, from, episodeIds),
    // Each viewer's latest episode start of the series in the period: a play led on when it came later.
    lastStarts(db, ctx.dbKind, from, episodeIds),
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
async function goldConversions(ctx: AppContext, from: string, days: string[]) {
  const rows = await subscriptionsByDay(ctx.db, ctx.dbKind, from);
  const byDay = new Map(rows.map((row) => [row.day, count(row.count)]));
  return days.map((day) => ({ day, subscriptions: byDay.get(day) ?? 0 }));
}

async function funnel(ctx: AppContext, from: string, days: string[], requestedSeriesId: number | undefined) {
  const db = ctx.db;
  let seriesId = requestedSeriesId;
  if (seriesId === undefined) {
    // The series most watched in the period, so the screen opens on something meaningful.
    const top = await mostWatchedSeries(db, from);
    seriesId = top?.series_id ?? (await firstSeries(db))?.id;
  }
  if (seriesId === undefined) return null;
  const series = await seriesTitle(db, seriesId);
  if (!series) throw notFound('Series not found');
  const episodes = await episodeOutline(db, series.id);
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
    startsByEpisode(db, series.id, from),
    completionsByEpisode(db, series.id, from),
    paywallsByEpisode(db, series.id, from.slice(0, 10)),
    unlocksByEpisode(db, series.id, from),
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
  const cohort = await joinedCohort(ctx.db, ctx.dbKind, from);
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
