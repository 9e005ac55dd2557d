/**
 * Staff editing of the catalogue: series (create, edit, soft delete, restore, media overrides, publish)
 * and their episodes (create, edit, reorder, delete, publish). Every write runs in one transaction with
 * its audit row. Viewers see the result through the catalogue domain, which hides soft-deleted,
 * staff-hidden (product.md#catalogue) and unpublished series and episodes, so nothing here needs to know about viewer
 * queries.
 *
 * Publishing: new series and episodes are drafts. A series is published (now, or at a later time:
 * scheduled) only when its publish checklist is met; publishing it also publishes, at the same time,
 * its draft episodes that have a finished video (never those staff unpublished on purpose). An episode
 * is published on its own once it has a finished video; viewers see it when its series is on show too.
 */
import { isValidCreditsMark, type PublishState, type PublishStatus } from '@cliffhanger/shared/constants';
import type { AdminEpisode, AdminSeries, PublishCheck } from '@cliffhanger/shared/entities';
import { slugOf } from '@cliffhanger/shared/routes';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { EpisodeRow, Executor, SeriesRow, UserRow } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { isUniqueViolation } from '../../kernel/money-transaction';
import { paginate } from '../../kernel/paging';
import { insertSeries } from '../catalogue/catalogue.repository';
import { parseTags } from '../catalogue/tags';
import { parseTranslations, storedTranslations } from '../catalogue/translations';
import { playbackAddresses } from '../media/playback-addresses';
import { discardImages, type PreparedImage, prepareImageAddress, writeWithImages } from '../media/stored-images';
import {
  type CategoryCreateBody,
  type CategoryUpdateBody,
  type EpisodeCreateBody,
  type EpisodeListQuery,
  type EpisodeUpdateBody,
  idInSearch,
  MAX_COIN_COST,
  type PricingRuleSchema,
  type PublishBody,
  type SeriesCreateBody,
  type SeriesListQuery,
  type SeriesMediaBody,
  type SeriesUpdateBody,
} from './admin.schemas';
import {
  categoryNamed,
  deleteEpisodeRow,
  type EpisodeWithSeries,
  episodeCountRows,
  episodeOrder,
  episodePages,
  episodePrices,
  episodeUnlockCount,
  existingCategoryIds,
  findCategory,
  findEpisode,
  findSeasonId,
  findSeries,
  insertCategory,
  insertEpisode,
  insertSeason,
  lastCategoryPosition,
  lastInSeason,
  lastPosition,
  moveSeriesSlug,
  playableEpisodeCountRows,
  publishDraftEpisodes,
  replaceSeriesCategories,
  seriesCategoryCount,
  seriesCategoryRows,
  seriesEpisodeRows,
  seriesPages,
  seriesWithSlug,
  unlockCountRows,
  updateCategoryRow,
  updateEpisodeRow,
  updateSeriesRow,
} from './admin-catalogue.repository';
import { catalogueDefaults } from './admin-settings.service';

export const SERIES_MISSING = 'Series not found';
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

async function freeSlug(db: Executor, base: string, exceptId?: number): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await seriesWithSlug(db, candidate, exceptId))) return candidate;
  }
}

// --- Series ------------------------------------------------------------------------------------------

const titleOf = (series: { title: string; title_en?: string | null }) => series.title_en || series.title;
/** Two addresses made from one title (a `-2` for a taken one and the dashes aside). */
const sameTitleAddress = (a: string, b: string) =>
  a.replace(/-\d+$/, '').replace(/-/g, '') === b.replace(/-\d+$/, '').replace(/-/g, '');

/**
 * Two staff writes that take the same free address (or the next id) at the same moment: the database
 * keeps both unique, and the later write is refused politely instead of failing.
 */
async function refusingTakenAddress<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Another series was saved at the same moment. Please try again.');
    throw error;
  }
}

/**
 * The address after an edit: a new one staff typed; else, when the title changes and the address was made
 * from the old title, one made from the new title (the old one keeps leading here: moveSeriesSlug). An
 * address staff chose by hand stays.
 */
async function slugAfterEdit(db: Executor, before: SeriesRow, input: SeriesInput): Promise<string> {
  // The edit form sends the address back as it was: that is no choice, the title may still move it.
  if (input.slug !== undefined && input.slug !== before.slug) {
    if ((await freeSlug(db, input.slug, before.id)) !== input.slug) {
      throw conflict(`Another series already uses the address "${input.slug}"`);
    }
    return input.slug;
  }
  const renamed = titleOf({ title: input.title ?? before.title, title_en: input.title_en ?? before.title_en });
  if (renamed === titleOf(before) || !sameTitleAddress(before.slug, slugOf(titleOf(before)))) return before.slug;
  const base = slugOf(renamed);
  return sameTitleAddress(before.slug, base) ? before.slug : freeSlug(db, base, before.id);
}

export type { AdminSeries, PublishCheck };

/** Draft, unpublished, published, or published for a later time (scheduled), at `now`. */
export function publishStateOf(row: { status: PublishStatus; published_at: string | null }, now: Date): PublishState {
  if (row.status !== 'published') return row.status;
  return row.published_at !== null && Date.parse(row.published_at) > now.getTime() ? 'scheduled' : 'published';
}

/**
 * What a series needs before viewers may see it: the art every screen shows (the poster on cards, the
 * banner on its page, and the slider image on the home slider when it is featured), a category, so it
 * appears under its genre, and at least one episode with a finished video that is not unpublished.
 */
export function seriesChecklist(
  row: Pick<SeriesRow, 'poster_image' | 'banner_image' | 'slider_image' | 'is_featured'>,
  categoryCount: number,
  playableEpisodes: number,
): PublishCheck[] {
  const checks: PublishCheck[] = [
    { requirement: 'poster_image', met: Boolean(row.poster_image), message: 'A poster image (shown on series cards)' },
    {
      requirement: 'banner_image',
      met: Boolean(row.banner_image),
      message: 'A banner image (shown at the top of the series page)',
    },
  ];
  if (row.is_featured) {
    checks.push({
      requirement: 'slider_image',
      met: Boolean(row.slider_image),
      message: 'A slider image (featured series are shown in the home slider)',
    });
  }
  checks.push(
    {
      requirement: 'category',
      met: categoryCount > 0,
      message: 'At least one category (so the series appears under its genre)',
    },
    {
      requirement: 'episode',
      met: playableEpisodes > 0,
      message: 'At least one episode with a finished video that is not unpublished',
    },
  );
  return checks;
}

export function episodeChecklist(row: Pick<EpisodeRow, 'hls_url' | 'video_url'>): PublishCheck[] {
  return [{ requirement: 'video', met: Boolean(row.hls_url || row.video_url), message: 'A finished video' }];
}

function refusePublishing(what: string, checks: PublishCheck[]) {
  const missing = checks.filter((check) => !check.met);
  if (missing.length === 0) return;
  throw new HttpError(
    422,
    `${what} cannot be published yet. Still needed: ${missing.map((check) => check.message).join('; ')}.`,
    { missing: missing.map(({ requirement, message }) => ({ requirement, message })) },
  );
}

/** Episodes with a finished video that are not unpublished, per series. */
async function playableEpisodeCounts(db: Executor, seriesIds: number[]): Promise<Map<number, number>> {
  if (seriesIds.length === 0) return new Map();
  const rows = await playableEpisodeCountRows(db, seriesIds);
  return new Map(rows.map((row) => [row.series_id, Number(row.count)]));
}

function toAdminSeries(
  ctx: AppContext,
  row: SeriesRow,
  episodesCount: number,
  categoryIds: number[],
  playableEpisodes: number,
): AdminSeries {
  return {
    id: row.id,
    title: row.title,
    title_en: row.title_en,
    slug: row.slug,
    description: row.description,
    translations: parseTranslations(row.translations),
    audio_language: row.audio_language,
    tags: parseTags(row.tags),
    category_ids: categoryIds,
    year: row.year,
    rating: row.rating,
    total_episodes: row.total_episodes,
    episodes_count: episodesCount,
    is_gold_exclusive: Boolean(row.is_gold_exclusive),
    is_featured: Boolean(row.is_featured),
    is_trending: Boolean(row.is_trending),
    is_top: Boolean(row.is_top),
    is_hidden: Boolean(row.is_hidden),
    poster_image: ctx.mediaUrl(row.poster_image),
    cover_image: ctx.mediaUrl(row.cover_image),
    banner_image: ctx.mediaUrl(row.banner_image),
    slider_image: ctx.mediaUrl(row.slider_image),
    status: row.status,
    published_at: row.published_at,
    publish_state: publishStateOf(row, ctx.now()),
    publish_checklist: seriesChecklist(row, categoryIds.length, playableEpisodes),
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function hydrate(ctx: AppContext, db: Executor, rows: SeriesRow[]): Promise<AdminSeries[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [counts, categories, playable] = await Promise.all([
    episodeCountRows(db, ids),
    seriesCategoryRows(db, ids),
    playableEpisodeCounts(db, ids),
  ]);
  return rows.map((row) =>
    toAdminSeries(
      ctx,
      row,
      Number(counts.find((c) => c.series_id === row.id)?.count ?? 0),
      categories.filter((c) => c.series_id === row.id).map((c) => c.category_id),
      playable.get(row.id) ?? 0,
    ),
  );
}

export async function listSeries(ctx: AppContext, query: Static<typeof SeriesListQuery>) {
  const text = query.search?.trim();
  const found = await paginate(
    query,
    20,
    seriesPages(ctx.db, {
      status: query.status ?? 'active',
      now: nowIso(ctx),
      is_gold_exclusive: query.is_gold_exclusive,
      is_featured: query.is_featured,
      category_id: query.category_id,
      text: text || undefined,
      id: text ? idInSearch(text) : null,
    }),
  );
  return { results: await hydrate(ctx, ctx.db, found.rows), count: found.count, page: found.page, limit: found.limit };
}

async function seriesRow(db: Executor, id: number): Promise<SeriesRow> {
  const row = await findSeries(db, id);
  if (!row) throw notFound(SERIES_MISSING);
  return row;
}

/**
 * The series row, locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time),
 * so two reorders or pricing changes of one series apply one after the other, never interleaved.
 */
async function lockSeries(ctx: AppContext, db: Executor, id: number): Promise<SeriesRow> {
  const row = await findSeries(db, id, ctx.dbKind === 'postgres');
  if (!row) throw notFound(SERIES_MISSING);
  return row;
}

export async function getSeries(ctx: AppContext, id: number): Promise<AdminSeries> {
  return (await hydrate(ctx, ctx.db, [await seriesRow(ctx.db, id)]))[0] as AdminSeries;
}

type SeriesInput = Static<typeof SeriesUpdateBody>;
/** The fields that may hold an image address, or an inline image to store (series art, episode thumbnails). */
const IMAGE_FIELDS = ['poster_image', 'cover_image', 'banner_image', 'slider_image', 'thumbnail'] as const;

/**
 * Inline images are checked, encoded and put in storage before the transaction opens (encoding is
 * slow; writes are not); `writeWithImages` records them with the write, after its checks pass.
 */
async function prepareImages<T extends Partial<Record<(typeof IMAGE_FIELDS)[number], string | null>>>(
  ctx: AppContext,
  input: T,
  actor: UserRow,
): Promise<{ input: T; images: PreparedImage[] }> {
  const out = { ...input };
  const images: PreparedImage[] = [];
  try {
    for (const field of IMAGE_FIELDS) {
      const value = out[field];
      if (value === undefined) continue;
      const prepared = await prepareImageAddress(ctx, value, field, actor.id);
      out[field] = prepared.address as T[typeof field];
      if (prepared.image) images.push(prepared.image);
    }
  } catch (error) {
    // A later field's bad image refuses the whole write: the earlier fields' files go too.
    await discardImages(ctx, images);
    throw error;
  }
  return { input: out, images };
}

async function assertCategories(db: Executor, ids: number[] | undefined) {
  if (!ids || ids.length === 0) return;
  const found = await existingCategoryIds(db, ids);
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) throw badRequest(`Unknown category id: ${missing.join(', ')}`);
}

async function setCategories(db: Executor, seriesId: number, ids: number[]) {
  await replaceSeriesCategories(db, seriesId, [...new Set(ids)]);
}

function seriesColumns(input: SeriesInput) {
  const { category_ids: _categories, tags, translations, ...rest } = input;
  return {
    ...rest,
    ...(tags !== undefined ? { tags: JSON.stringify(tags) } : {}),
    ...(translations !== undefined ? { translations: storedTranslations(translations) } : {}),
  };
}

export async function createSeries(ctx: AppContext, actor: UserRow, body: Static<typeof SeriesCreateBody>) {
  const { input, images } = await prepareImages(ctx, body, actor);
  const at = nowIso(ctx);
  const id = await refusingTakenAddress(() =>
    writeWithImages(ctx, images, async (trx) => {
      const db = trx;
      await assertCategories(db, input.category_ids);
      if (input.slug && (await freeSlug(db, input.slug)) !== input.slug) {
        throw conflict(`Another series already uses the address "${input.slug}"`);
      }
      const slug = input.slug ?? (await freeSlug(db, slugOf(input.title_en || input.title)));
      const columns = seriesColumns(input);
      const newId = await insertSeries(db, {
        title: input.title,
        title_en: input.title_en ?? '',
        slug,
        description: input.description ?? '',
        translations: columns.translations ?? null,
        audio_language: input.audio_language ?? 'en',
        cover_image: columns.cover_image ?? null,
        banner_image: columns.banner_image ?? null,
        poster_image: columns.poster_image ?? null,
        slider_image: columns.slider_image ?? null,
        tags: columns.tags ?? '[]',
        year: input.year ?? null,
        rating: input.rating ?? null,
        is_gold_exclusive: input.is_gold_exclusive ?? false,
        is_featured: input.is_featured ?? false,
        is_trending: input.is_trending ?? false,
        is_top: input.is_top ?? false,
        is_hidden: input.is_hidden ?? false,
        total_episodes: input.total_episodes ?? null,
        likes: 0,
        deleted_at: null,
        // Viewers see nothing of a new series until staff publish it.
        status: 'draft',
        published_at: null,
        created_at: at,
        updated_at: at,
      });
      if (input.category_ids) await setCategories(db, newId, input.category_ids);
      const after = await seriesRow(db, newId);
      await recordAudit(trx, { actor, action: 'series.create', entity: 'series', entityId: newId, after, at });
      return newId;
    }),
  );
  return getSeries(ctx, id);
}

export async function updateSeries(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: SeriesInput,
  action = 'series.update',
) {
  const { input, images } = await prepareImages(ctx, body, actor);
  const defaults = await catalogueDefaults(ctx);
  const at = nowIso(ctx);
  await refusingTakenAddress(() =>
    writeWithImages(ctx, images, async (trx) => {
      const db = trx;
      const before = await seriesRow(db, id);
      await assertCategories(db, input.category_ids);
      const slug = await slugAfterEdit(db, before, input);
      if (slug !== before.slug) await moveSeriesSlug(db, id, before.slug, slug);
      const columns = { ...seriesColumns(input), ...(slug !== before.slug ? { slug } : {}) };
      if (Object.keys(columns).length > 0) {
        await updateSeriesRow(db, id, { ...columns, updated_at: at });
      }
      if (input.category_ids) await setCategories(db, id, input.category_ids);
      const after = await seriesRow(db, id);
      await recordAudit(trx, { actor, action, entity: 'series', entityId: id, before, after, at });
      if (Boolean(before.is_gold_exclusive) !== Boolean(after.is_gold_exclusive)) {
        await repriceForGold(db, actor, id, Boolean(after.is_gold_exclusive), defaults.coin_cost, at);
      }
    }),
  );
  return getSeries(ctx, id);
}

/** Why staff cannot put a coin price on an episode of a Gold exclusive. */
export const GOLD_HAS_NO_PRICES =
  'Episodes of a Gold-exclusive series open with Gold only, so they have no coin price. Leave the price out, or turn off Gold-exclusive for the series first.';

/**
 * A series turned Gold-exclusive sells no episode for coins: its paid episodes' prices are cleared in
 * the same write (a price kept would be shown, and refusing the change would leave staff no way to it,
 * since a price of 0 outside a Gold exclusive means free). Turned back, each paid episode gets the
 * catalogue's default price, never 0 (which would make it free). One audit entry keeps every price
 * before and after, so staff can restore them.
 */
async function repriceForGold(
  db: Executor,
  actor: UserRow,
  seriesId: number,
  gold: boolean,
  defaultCost: number,
  at: string,
) {
  const episodes = (await episodePrices(db, seriesId)).filter((episode) => !episode.is_free);
  const changed = episodes.filter((episode) => (gold ? episode.coin_cost > 0 : episode.coin_cost <= 0));
  if (changed.length === 0) return;
  const coinCost = gold ? 0 : defaultCost;
  for (const episode of changed) await updateEpisodeRow(db, episode.id, { coin_cost: coinCost, updated_at: at });
  await recordAudit(db, {
    actor,
    action: 'episodes.pricing',
    entity: 'series',
    entityId: seriesId,
    before: { episodes: changed.map((e) => ({ id: e.id, is_free: false, coin_cost: e.coin_cost })) },
    after: { gold_exclusive: gold, episodes: changed.map((e) => ({ id: e.id, is_free: false, coin_cost: coinCost })) },
    at,
  });
}

export function updateSeriesMedia(ctx: AppContext, actor: UserRow, id: number, body: Static<typeof SeriesMediaBody>) {
  return updateSeries(ctx, actor, id, body, 'series.media');
}

/** Soft delete: the row stays (unlocks, history and payments keep their references); viewers never see it. */
export async function setSeriesDeleted(ctx: AppContext, actor: UserRow, id: number, deleted: boolean) {
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    const before = await seriesRow(db, id);
    if (Boolean(before.deleted_at) === deleted) return;
    await updateSeriesRow(db, id, { deleted_at: deleted ? at : null, updated_at: at });
    const after = await seriesRow(db, id);
    const action = deleted ? 'series.delete' : 'series.restore';
    await recordAudit(trx, { actor, action, entity: 'series', entityId: id, before, after, at });
  });
  return getSeries(ctx, id);
}

/** When a publish takes effect: the time asked for when it is still ahead, else now. */
function publishTime(ctx: AppContext, body: Static<typeof PublishBody>): string {
  const now = ctx.now();
  if (body.publish_at === undefined || body.publish_at === null) return now.toISOString();
  const at = Date.parse(body.publish_at);
  if (Number.isNaN(at)) throw badRequest('Give the publish time as a date and time, e.g. 2030-01-31T18:00:00Z');
  return at > now.getTime() ? new Date(at).toISOString() : now.toISOString();
}

/**
 * Publishes a series now or at `publish_at` (scheduled), with its draft episodes that have a finished
 * video; 422 naming what the checklist still misses, 409 for a deleted series.
 */
export async function publishSeries(ctx: AppContext, actor: UserRow, id: number, body: Static<typeof PublishBody>) {
  const when = publishTime(ctx, body);
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    const before = await seriesRow(db, id);
    if (before.deleted_at) throw conflict('This series is deleted. Restore it before publishing it.');
    const [categories, playable] = await Promise.all([seriesCategoryCount(db, id), playableEpisodeCounts(db, [id])]);
    refusePublishing('This series', seriesChecklist(before, categories, playable.get(id) ?? 0));
    await updateSeriesRow(db, id, { status: 'published', published_at: when, updated_at: at });
    const episodesPublished = await publishDraftEpisodes(db, id, when, at);
    const after = await seriesRow(db, id);
    await recordAudit(trx, {
      actor,
      action: when > at ? 'series.schedule' : 'series.publish',
      entity: 'series',
      entityId: id,
      before,
      after: { ...after, episodes_published: episodesPublished },
      at,
    });
  });
  return getSeries(ctx, id);
}

/** Takes a series (and so its episodes) off the viewers' site; staff can publish it again. */
export async function unpublishSeries(ctx: AppContext, actor: UserRow, id: number) {
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    const before = await seriesRow(db, id);
    if (before.status !== 'published') return;
    await updateSeriesRow(db, id, { status: 'unpublished', published_at: null, updated_at: at });
    const after = await seriesRow(db, id);
    await recordAudit(trx, { actor, action: 'series.unpublish', entity: 'series', entityId: id, before, after, at });
  });
  return getSeries(ctx, id);
}

// --- Episodes ----------------------------------------------------------------------------------------

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
  const id = await writeWithImages(ctx, images, async (trx) => {
    const db = trx;
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
      await recordAudit(trx, {
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
  await writeWithImages(ctx, images, async (trx) => {
    const db = trx;
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
    await recordAudit(trx, {
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
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx;
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
    await recordAudit(trx, {
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
  const plan = await ctx.db.transaction().execute(async (trx) => {
    const db = trx;
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
    await recordAudit(trx, {
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
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    const { series_title: _title, ...before } = await episodeRow(db, id);
    refusePublishing('This episode', episodeChecklist(before));
    await updateEpisodeRow(db, id, { status: 'published', published_at: when, updated_at: at });
    const { series_title: _t, ...after } = await episodeRow(db, id);
    const action = when > at ? 'episode.schedule' : 'episode.publish';
    await recordAudit(trx, { actor, action, entity: 'episode', entityId: id, before, after, at });
  });
  return getEpisode(ctx, id);
}

/** Takes one episode off the viewers' site (its series stays); staff can publish it again. */
export async function unpublishEpisode(ctx: AppContext, actor: UserRow, id: number) {
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    const { series_title: _title, ...before } = await episodeRow(db, id);
    if (before.status !== 'published') return;
    await updateEpisodeRow(db, id, { status: 'unpublished', published_at: null, updated_at: at });
    const { series_title: _t, ...after } = await episodeRow(db, id);
    await recordAudit(trx, {
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
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    const { series_title: _title, ...before } = await episodeRow(db, id);
    if ((await episodeUnlockCount(db, id)) > 0) {
      throw new HttpError(
        409,
        'Viewers have unlocked this episode, so it cannot be deleted. Make it free or hide the series instead.',
      );
    }
    await deleteEpisodeRow(db, id);
    await recordAudit(trx, { actor, action: 'episode.delete', entity: 'episode', entityId: id, before, at });
  });
}

// --- Categories --------------------------------------------------------------------------------------

async function categoryRow(db: Executor, id: number) {
  const row = await findCategory(db, id);
  if (!row) throw notFound('Category not found');
  return row;
}

const categoryAnswer = (row: {
  id: number;
  name: string;
  slug: string;
  icon: string;
  color: string;
  translations: string | null;
}) => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  icon: row.icon,
  color: row.color,
  translations: parseTranslations(row.translations),
});

async function assertFreeCategory(db: Executor, name: string, slug: string, exceptId?: number) {
  if (await categoryNamed(db, name, slug, exceptId))
    throw conflict(`A category named "${name}" or with the address "${slug}" exists`);
}

/** A new category, last in the genre chips; 409 when its name or address is taken. */
export async function createCategory(ctx: AppContext, actor: UserRow, body: Static<typeof CategoryCreateBody>) {
  const at = nowIso(ctx);
  const name = body.name.trim();
  if (!name) throw badRequest('Enter a name for the category');
  const slug = body.slug ?? slugOf(name, 'genre');
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    await assertFreeCategory(db, name, slug);
    const last = await lastCategoryPosition(db);
    const insertedId = await insertCategory(db, {
      name,
      slug,
      icon: body.icon ?? '',
      color: body.color ?? '#666666',
      translations: storedTranslations(body.translations),
      position: Number(last?.position ?? -1) + 1,
      created_at: at,
    });
    const after = await categoryRow(db, insertedId);
    await recordAudit(trx, {
      actor,
      action: 'category.create',
      entity: 'category',
      entityId: insertedId,
      after,
      at,
    });
    return categoryAnswer(after);
  });
}

/** Renames (or re-colours) a category; series keep it. 409 when the new name or address is taken. */
export async function updateCategory(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: Static<typeof CategoryUpdateBody>,
) {
  const at = nowIso(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx;
    const before = await categoryRow(db, id);
    const name = body.name !== undefined ? body.name.trim() : before.name;
    if (!name) throw badRequest('Enter a name for the category');
    await assertFreeCategory(db, name, body.slug ?? before.slug, id);
    const { translations, ...fields } = body;
    await updateCategoryRow(db, id, {
      ...fields,
      name,
      ...(translations !== undefined ? { translations: storedTranslations(translations) } : {}),
    });
    const after = await categoryRow(db, id);
    await recordAudit(trx, { actor, action: 'category.update', entity: 'category', entityId: id, before, after, at });
    return categoryAnswer(after);
  });
}
