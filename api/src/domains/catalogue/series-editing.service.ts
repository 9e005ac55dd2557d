/**
 * Staff editing of the catalogue's series: create, edit, soft delete, restore, media overrides and
 * publishing (episodes: episode-editing.service.ts; categories: category-editing.service.ts). Every write
 * runs in one transaction with its audit row. Viewers see the result through the catalogue's reads,
 * which hide soft-deleted, staff-hidden (product.md#catalogue) and unpublished series and episodes, so
 * nothing here needs to know about viewer queries.
 *
 * Publishing: new series and episodes are drafts. A series is published (now, or at a later time:
 * scheduled) only when its publish checklist is met; publishing it also publishes, at the same time,
 * its draft episodes that have a finished video (never those staff unpublished on purpose). An episode
 * is published on its own once it has a finished video; viewers see it when its series is on show too.
 */
import type { PublishState, PublishStatus } from '@cliffhanger/shared/constants';
import type { AdminSeries, PublishCheck } from '@cliffhanger/shared/entities';
import { slugOf } from '@cliffhanger/shared/routes';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Executor, SeriesRow, UserRow } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { isUniqueViolation } from '../../kernel/money-transaction';
import { paginate } from '../../kernel/paging';
import { discardImages, type PreparedImage, prepareImageAddress, writeWithImages } from '../media/stored-images';
import { insertSeries } from './catalogue.repository';
import { catalogueDefaults } from './catalogue-defaults';
import {
  episodeCountRows,
  episodePrices,
  existingCategoryIds,
  findSeries,
  moveSeriesSlug,
  playableEpisodeCountRows,
  publishDraftEpisodes,
  replaceSeriesCategories,
  seriesCategoryCount,
  seriesCategoryRows,
  seriesPages,
  seriesWithSlug,
  updateEpisodeRow,
  updateSeriesRow,
} from './catalogue-editing.repository';
import {
  idInSearch,
  type PublishBody,
  type SeriesCreateBody,
  type SeriesListQuery,
  type SeriesMediaBody,
  type SeriesUpdateBody,
} from './catalogue-editing.schemas';
import { seriesFields } from './series-mapper';
import { storedTranslations } from './translations';
export const SERIES_MISSING = 'Series not found';

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

export function refusePublishing(what: string, checks: PublishCheck[]) {
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
    ...seriesFields(ctx, row),
    category_ids: categoryIds,
    total_episodes: row.total_episodes,
    episodes_count: episodesCount,
    is_hidden: Boolean(row.is_hidden),
    status: row.status,
    published_at: row.published_at,
    publish_state: publishStateOf(row, ctx.now()),
    publish_checklist: seriesChecklist(row, categoryIds.length, playableEpisodes),
    deleted_at: row.deleted_at,
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

export async function seriesRow(db: Executor, id: number): Promise<SeriesRow> {
  const row = await findSeries(db, id);
  if (!row) throw notFound(SERIES_MISSING);
  return row;
}

/**
 * The series row, locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time),
 * so two reorders or pricing changes of one series apply one after the other, never interleaved.
 */
export async function lockSeries(ctx: AppContext, db: Executor, id: number): Promise<SeriesRow> {
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
export async function prepareImages<T extends Partial<Record<(typeof IMAGE_FIELDS)[number], string | null>>>(
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
  await ctx.db.transaction().execute(async (db) => {
    const before = await seriesRow(db, id);
    if (Boolean(before.deleted_at) === deleted) return;
    await updateSeriesRow(db, id, { deleted_at: deleted ? at : null, updated_at: at });
    const after = await seriesRow(db, id);
    const action = deleted ? 'series.delete' : 'series.restore';
    await recordAudit(db, { actor, action, entity: 'series', entityId: id, before, after, at });
  });
  return getSeries(ctx, id);
}

/** When a publish takes effect: the time asked for when it is still ahead, else now. */
export function publishTime(ctx: AppContext, body: Static<typeof PublishBody>): string {
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
  await ctx.db.transaction().execute(async (db) => {
    const before = await seriesRow(db, id);
    if (before.deleted_at) throw conflict('This series is deleted. Restore it before publishing it.');
    const [categories, playable] = await Promise.all([seriesCategoryCount(db, id), playableEpisodeCounts(db, [id])]);
    refusePublishing('This series', seriesChecklist(before, categories, playable.get(id) ?? 0));
    await updateSeriesRow(db, id, { status: 'published', published_at: when, updated_at: at });
    const episodesPublished = await publishDraftEpisodes(db, id, when, at);
    const after = await seriesRow(db, id);
    await recordAudit(db, {
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
  await ctx.db.transaction().execute(async (db) => {
    const before = await seriesRow(db, id);
    if (before.status !== 'published') return;
    await updateSeriesRow(db, id, { status: 'unpublished', published_at: null, updated_at: at });
    const after = await seriesRow(db, id);
    await recordAudit(db, { actor, action: 'series.unpublish', entity: 'series', entityId: id, before, after, at });
  });
  return getSeries(ctx, id);
}
