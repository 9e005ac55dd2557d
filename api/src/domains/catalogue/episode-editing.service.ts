/**
 * Staff editing of episodes: create, edit, reorder, bulk pricing, preview, publish and delete. Every
 * write runs in one transaction with its audit row; the publishing rules are in series-editing.service.ts.
 */
import { isValidCreditsMark } from '@cliffhanger/shared/constants';
import type { AdminEpisode, PublishCheck } from '@cliffhanger/shared/entities';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { EpisodeRow, Executor, UserRow } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { isUniqueViolation } from '../../kernel/money-transaction';
import { paginate } from '../../kernel/paging';
import { playbackAddresses } from '../media/playback-addresses';
import { writeWithImages } from '../media/stored-images';
import { catalogueDefaults } from './catalogue-defaults';
import {
  deleteEpisodeRow,
  type EpisodeWithSeries,
  episodeOrder,
  episodePages,
  episodePrices,
  episodeUnlockCount,
  findEpisode,
  findSeasonId,
  insertEpisode,
  insertSeason,
  lastInSeason,
  lastPosition,
  seriesEpisodeRows,
  unlockCountRows,
  updateEpisodeRow,
} from './catalogue-editing.repository';
import {
  type EpisodeCreateBody,
  type EpisodeListQuery,
  type EpisodeUpdateBody,
  MAX_COIN_COST,
  type PricingRuleSchema,
  type PublishBody,
} from './catalogue-editing.schemas';
import {
  GOLD_HAS_NO_PRICES,
  lockSeries,
  prepareImages,
  publishStateOf,
  publishTime,
  refusePublishing,
  seriesRow,
} from './series-editing.service';
import { parseTranslations, storedTranslations } from './translations';
export const EPISODE_MISSING = 'Episode not found';

/** A credits mark must fall inside the episode (shared/src/watched.ts); null (no mark) always may. */
function assertCreditsMark(mark: number | null | undefined, duration: number) {
  if (mark == null || isValidCreditsMark(mark, duration)) return;
  const message =
    duration > 0
      ? `The credits must start after 0 s and before the end of the episode (${duration} s)`
      : 'The episode has no length yet: upload its video before marking where the credits start';
  throw badRequest(message, { errors: [{ field: 'credits_start', message }] });
}

/** What an episode needs before viewers may see it. */
export function episodeChecklist(row: Pick<EpisodeRow, 'hls_url' | 'video_url'>): PublishCheck[] {
  return [{ requirement: 'video', met: Boolean(row.hls_url || row.video_url), message: 'A finished video' }];
}

function toAdminEpisode(ctx: AppContext, row: EpisodeWithSeries, unlocks: number): AdminEpisode {
  return {
    id: row.id,
    series_id: row.series_id,
    series_title: row.series_title,
    season_number: row.season_number,
    episode_number: row.episode_number,
    position: row.position,
    title: row.title,
    description: row.description,
    translations: parseTranslations(row.translations),
    thumbnail: ctx.mediaUrl(row.thumbnail),
    duration: row.duration,
    credits_start: row.credits_start ?? null,
    hls_url: ctx.mediaUrl(row.hls_url),
    video_url: ctx.mediaUrl(row.video_url),
    is_free: Boolean(row.is_free),
    coin_cost: row.coin_cost,
    unlocks,
    status: row.status,
    published_at: row.published_at,
    publish_state: publishStateOf(row, ctx.now()),
    publish_checklist: episodeChecklist(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type { AdminEpisode };

async function withUnlocks(ctx: AppContext, rows: EpisodeWithSeries[]): Promise<AdminEpisode[]> {
  const ids = rows.map((row) => row.id);
  const counts = ids.length === 0 ? [] : await unlockCountRows(ctx.db, ids);
  return rows.map((row) => toAdminEpisode(ctx, row, Number(counts.find((c) => c.episode_id === row.id)?.count ?? 0)));
}

export async function seriesEpisodes(ctx: AppContext, seriesId: number): Promise<AdminEpisode[]> {
  await seriesRow(ctx.db, seriesId);
  const rows = await seriesEpisodeRows(ctx.db, seriesId);
  return withUnlocks(ctx, rows);
}

export async function listEpisodes(ctx: AppContext, query: Static<typeof EpisodeListQuery>) {
  const text = query.search?.trim();
  const found = await paginate(
    query,
    20,
    episodePages(ctx.db, { series_id: query.series_id, text: text || undefined }),
  );
  return { results: await withUnlocks(ctx, found.rows), count: found.count, page: found.page, limit: found.limit };
}

async function episodeRow(db: Executor, id: number): Promise<EpisodeWithSeries> {
  const row = await findEpisode(db, id);
  if (!row) throw notFound(EPISODE_MISSING);
  return row;
}

export async function getEpisode(ctx: AppContext, id: number): Promise<AdminEpisode> {
  return (await withUnlocks(ctx, [await episodeRow(ctx.db, id)]))[0] as AdminEpisode;
}

/** The season row an episode belongs to, made when the series gets its first episode of that season. */
async function seasonId(db: Executor, seriesId: number, number: number): Promise<number> {
  const existing = await findSeasonId(db, seriesId, number);
  if (existing !== undefined) return existing;
  return insertSeason(db, seriesId, number, `Season ${number}`);
}

const numberTaken = (season: number, episode: number) =>
  conflict(`Season ${season} already has an episode ${episode}. Choose another number or reorder the episodes.`);

export async function createEpisode(
  ctx: AppContext,
  actor: UserRow,
  seriesId: number,
  body: Static<typeof EpisodeCreateBody>,
) {
  const { input, images } = await prepareImages(ctx, { thumbnail: body.thumbnail }, actor);
  const thumbnail = input.thumbnail;
  const defaults = await catalogueDefaults(ctx);
  const at = nowIso(ctx);
  const id = await writeWithImages(ctx, images, async (db) => {
    const series = await seriesRow(db, seriesId);
    const season = body.season_number ?? 1;
    const last = await lastInSeason(db, seriesId, season);
    const number = body.episode_number ?? Number(last?.number ?? 0) + 1;
    const isFree = body.is_free ?? number <= defaults.free_episodes;
    assertCreditsMark(body.credits_start, body.duration ?? 0);
    const gold = Boolean(series.is_gold_exclusive);
    if (gold && !isFree && (body.coin_cost ?? 0) > 0) throw badRequest(GOLD_HAS_NO_PRICES);
    const maxPosition = await lastPosition(db, seriesId);
    try {
      const insertedId = await insertEpisode(db, {
        series_id: seriesId,
        season_id: await seasonId(db, seriesId, season),
        season_number: season,
        episode_number: number,
        title: body.title,
        description: body.description ?? '',
        translations: storedTranslations(body.translations),
        thumbnail: thumbnail ?? null,
        duration: body.duration ?? 0,
        credits_start: body.credits_start ?? null,
        video_url: body.video_url ?? null,
        hls_url: body.hls_url ?? null,
        is_free: isFree,
        coin_cost: isFree || gold ? 0 : (body.coin_cost ?? defaults.coin_cost),
        position: Number(maxPosition?.position ?? -1) + 1,
        status: 'draft',
        published_at: null,
        created_at: at,
        updated_at: at,
      });
      const after = await episodeRow(db, insertedId);
      await recordAudit(db, {
        actor,
        action: 'episode.create',
        entity: 'episode',
        entityId: insertedId,
        after,
        at,
      });
      return insertedId;
    } catch (error) {
      if (isUniqueViolation(error)) throw numberTaken(season, number);
      throw error;
    }
  });
  return getEpisode(ctx, id);
}

export async function updateEpisode(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: Static<typeof EpisodeUpdateBody>,
) {
  const { input, images } = await prepareImages(ctx, body, actor);
  const { translations, ...changes } = input;
  const at = nowIso(ctx);
  await writeWithImages(ctx, images, async (db) => {
    const before = await episodeRow(db, id);
    const { series_title: _title, ...beforeRow } = before;
    const season = changes.season_number ?? before.season_number;
    const free = changes.is_free ?? Boolean(before.is_free);
    const gold = Boolean((await seriesRow(db, before.series_id)).is_gold_exclusive);
    if (gold && !free && (changes.coin_cost ?? 0) > 0) throw badRequest(GOLD_HAS_NO_PRICES);
    // A free episode costs nothing, nor does a paid one of a Gold exclusive (Gold opens it); any other
    // paid one keeps (or gets) its price.
    const coinCost = free || gold ? 0 : (changes.coin_cost ?? before.coin_cost);
    if (!free && !gold && coinCost === 0) throw badRequest('A paid episode needs a coin cost above 0');
    // A mark set now, or a length changed under the mark, is checked; other edits leave it be.
    if (changes.credits_start !== undefined || changes.duration !== undefined)
      assertCreditsMark(
        changes.credits_start !== undefined ? changes.credits_start : before.credits_start,
        changes.duration ?? before.duration,
      );
    try {
      await updateEpisodeRow(db, id, {
        ...changes,
        ...(translations !== undefined ? { translations: storedTranslations(translations) } : {}),
        coin_cost: coinCost,
        ...(changes.season_number !== undefined ? { season_id: await seasonId(db, before.series_id, season) } : {}),
        updated_at: at,
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw numberTaken(season, changes.episode_number ?? before.episode_number);
      }
      throw error;
    }
    const { series_title: _t, ...after } = await episodeRow(db, id);
    await recordAudit(db, {
      actor,
      action: 'episode.update',
      entity: 'episode',
      entityId: id,
      before: beforeRow,
      after,
      at,
    });
  });
  return getEpisode(ctx, id);
}

/**
 * New play order: `episodeIds` lists every episode of the series once. Episode numbers are given
 * again in that order within each season, through temporary negative numbers so the unique
 * (series, season, number) index never sees two episodes on one number mid-way.
 */
export async function reorderEpisodes(ctx: AppContext, actor: UserRow, seriesId: number, episodeIds: number[]) {
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (db) => {
    await lockSeries(ctx, db, seriesId);
    const current = await episodeOrder(db, seriesId);
    const known = new Set(current.map((row) => row.id));
    if (
      new Set(episodeIds).size !== episodeIds.length ||
      episodeIds.length !== current.length ||
      episodeIds.some((id) => !known.has(id))
    ) {
      throw badRequest('List every episode of this series exactly once, in the new order');
    }
    for (const [index, id] of episodeIds.entries()) {
      await updateEpisodeRow(db, id, { episode_number: -(index + 1) });
    }
    const nextNumber = new Map<number, number>();
    for (const [index, id] of episodeIds.entries()) {
      const season = (current.find((row) => row.id === id) as (typeof current)[number]).season_number;
      const number = (nextNumber.get(season) ?? 0) + 1;
      nextNumber.set(season, number);
      await updateEpisodeRow(db, id, { episode_number: number, position: index, updated_at: at });
    }
    await recordAudit(db, {
      actor,
      action: 'episodes.reorder',
      entity: 'series',
      entityId: seriesId,
      before: current.map((row) => row.id),
      after: episodeIds,
      at,
    });
  });
  return seriesEpisodes(ctx, seriesId);
}

/**
 * The episode as viewers will see it, for the staff member: addresses on the signed playback route,
 * signed for them, whether the episode is on show yet or not (the route plays a draft only to staff).
 */
export async function previewEpisode(ctx: AppContext, actor: UserRow, id: number) {
  const row = await episodeRow(ctx.db, id);
  const play = playbackAddresses(ctx, row, actor.id);
  const url = play.hls_url ?? play.video_url;
  if (!url) throw notFound('This episode has no video yet');
  return { episode_id: row.id, hls_url: play.hls_url, video_url: play.video_url, url, expires_at: play.expires_at };
}

// --- Bulk pricing --------------------------------------------------------------------------------------

export type PricingRule = Static<typeof PricingRuleSchema>;

/**
 * The price the rule gives the `position`-th episode of a series (1-based, in play order): the first
 * `free_episodes` are free; the paid ones start at `price` and rise by `step` after every `every` paid
 * episodes. "Episodes 1–5 free, then 12 coins, rising by 2 every 10 episodes": 6–15 cost 12, 16–25
 * cost 14, 26–35 cost 16.
 */
export function priceByRule(rule: PricingRule, position: number): { is_free: boolean; coin_cost: number } {
  if (position <= rule.free_episodes) return { is_free: true, coin_cost: 0 };
  const paidIndex = position - rule.free_episodes - 1;
  const cost = rule.price + rule.step * Math.floor(paidIndex / rule.every);
  return { is_free: false, coin_cost: Math.min(cost, MAX_COIN_COST) };
}

async function pricingPlan(db: Executor, seriesId: number, rule: PricingRule) {
  const episodes = await episodePrices(db, seriesId);
  return episodes.map((episode, index) => {
    const next = priceByRule(rule, index + 1);
    return {
      episode_id: episode.id,
      season_number: episode.season_number,
      episode_number: episode.episode_number,
      title: episode.title,
      before: { is_free: Boolean(episode.is_free), coin_cost: episode.coin_cost },
      after: next,
      changed: Boolean(episode.is_free) !== next.is_free || episode.coin_cost !== next.coin_cost,
    };
  });
}

/** What the rule would do to each episode of the series, in play order; changes nothing. */
export async function previewPricing(ctx: AppContext, seriesId: number, rule: PricingRule) {
  if ((await seriesRow(ctx.db, seriesId)).is_gold_exclusive) throw badRequest(GOLD_HAS_NO_PRICES);
  const episodes = await pricingPlan(ctx.db, seriesId, rule);
  return { rule, episodes, changed: episodes.filter((e) => e.changed).length };
}

/**
 * Applies the rule to every episode of the series in one transaction, with one audit entry holding
 * each changed episode's price before and after. Viewers keep the episodes they unlocked already.
 */
export async function applyPricing(ctx: AppContext, actor: UserRow, seriesId: number, rule: PricingRule) {
  const at = nowIso(ctx);
  const plan = await ctx.db.transaction().execute(async (db) => {
    if ((await lockSeries(ctx, db, seriesId)).is_gold_exclusive) throw badRequest(GOLD_HAS_NO_PRICES);
    const episodes = await pricingPlan(db, seriesId, rule);
    const changed = episodes.filter((e) => e.changed);
    for (const episode of changed) {
      await updateEpisodeRow(db, episode.episode_id, {
        is_free: episode.after.is_free,
        coin_cost: episode.after.coin_cost,
        updated_at: at,
      });
    }
    await recordAudit(db, {
      actor,
      action: 'episodes.pricing',
      entity: 'series',
      entityId: seriesId,
      before: { episodes: changed.map((e) => ({ id: e.episode_id, ...e.before })) },
      after: { rule, episodes: changed.map((e) => ({ id: e.episode_id, ...e.after })) },
      at,
    });
    return { rule, episodes, changed: changed.length };
  });
  return plan;
}

/** Publishes an episode now or at `publish_at`; 422 while it has no finished video. */
export async function publishEpisode(ctx: AppContext, actor: UserRow, id: number, body: Static<typeof PublishBody>) {
  const when = publishTime(ctx, body);
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (db) => {
    const { series_title: _title, ...before } = await episodeRow(db, id);
    refusePublishing('This episode', episodeChecklist(before));
    await updateEpisodeRow(db, id, { status: 'published', published_at: when, updated_at: at });
    const { series_title: _t, ...after } = await episodeRow(db, id);
    const action = when > at ? 'episode.schedule' : 'episode.publish';
    await recordAudit(db, { actor, action, entity: 'episode', entityId: id, before, after, at });
  });
  return getEpisode(ctx, id);
}

/** Takes one episode off the viewers' site (its series stays); staff can publish it again. */
export async function unpublishEpisode(ctx: AppContext, actor: UserRow, id: number) {
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (db) => {
    const { series_title: _title, ...before } = await episodeRow(db, id);
    if (before.status !== 'published') return;
    await updateEpisodeRow(db, id, { status: 'unpublished', published_at: null, updated_at: at });
    const { series_title: _t, ...after } = await episodeRow(db, id);
    await recordAudit(db, {
      actor,
      action: 'episode.unpublish',
      entity: 'episode',
      entityId: id,
      before,
      after,
      at,
    });
  });
  return getEpisode(ctx, id);
}

/** Episodes somebody paid for stay: deleting them would erase what viewers bought. */
export async function deleteEpisode(ctx: AppContext, actor: UserRow, id: number) {
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (db) => {
    const { series_title: _title, ...before } = await episodeRow(db, id);
    if ((await episodeUnlockCount(db, id)) > 0) {
      throw new HttpError(
        409,
        'Viewers have unlocked this episode, so it cannot be deleted. Make it free or hide the series instead.',
      );
    }
    await deleteEpisodeRow(db, id);
    await recordAudit(db, { actor, action: 'episode.delete', entity: 'episode', entityId: id, before, at });
  });
}
