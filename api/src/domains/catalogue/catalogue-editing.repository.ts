/** SQL of the staff catalogue: series, their categories and episodes, seasons and categories. */
import { type Insertable, sql, type Updateable } from 'kysely';
import type { CategoriesTable, EpisodeRow, EpisodesTable, Executor, SeriesRow, SeriesTable } from '../../db/schema';
import type { PageWindow } from '../../kernel/paging';
import { containsText } from './catalogue.repository';

// --- Series ------------------------------------------------------------------------------------------

/**
 * The id of another series using this address, now or formerly, if any: a former address keeps leading
 * to its own series, so no other series may take it.
 */
export async function seriesWithSlug(db: Executor, slug: string, exceptId?: number) {
  let current = db.selectFrom('series').select('id').where('slug', '=', slug);
  let former = db.selectFrom('series_former_slugs').select('series_id as id').where('slug', '=', slug);
  if (exceptId !== undefined) {
    current = current.where('id', '!=', exceptId);
    former = former.where('series_id', '!=', exceptId);
  }
  return (await current.executeTakeFirst()) ?? (await former.executeTakeFirst());
}

/**
 * A series moves from one address to another: the old one is kept as a former address (links shared
 * under it still lead here), and the new one, if it was a former address of this series, is current again.
 */
export async function moveSeriesSlug(db: Executor, seriesId: number, from: string, to: string) {
  await db.deleteFrom('series_former_slugs').where('slug', '=', to).where('series_id', '=', seriesId).execute();
  await db
    .insertInto('series_former_slugs')
    .values({ slug: from, series_id: seriesId })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ series_id: seriesId }))
    .execute();
}

/** Per series, how many episodes have a finished video and are not unpublished. */
export function playableEpisodeCountRows(db: Executor, seriesIds: number[]) {
  return db
    .selectFrom('episodes')
    .select('series_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('series_id', 'in', seriesIds)
    .where('status', '!=', 'unpublished')
    .where((eb) => eb.or([eb('hls_url', 'is not', null), eb('video_url', 'is not', null)]))
    .groupBy('series_id')
    .execute();
}

/** Per series, how many episodes it has. */
export function episodeCountRows(db: Executor, seriesIds: number[]) {
  return db
    .selectFrom('episodes')
    .select('series_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('series_id', 'in', seriesIds)
    .groupBy('series_id')
    .execute();
}

/** The category links of these series. */
export function seriesCategoryRows(db: Executor, seriesIds: number[]) {
  return db.selectFrom('series_categories').selectAll().where('series_id', 'in', seriesIds).execute();
}

/** How many categories the series is in. */
export async function seriesCategoryCount(db: Executor, seriesId: number): Promise<number> {
  const row = await db
    .selectFrom('series_categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface SeriesFilter {
  /**
   * 'active' (not deleted, not hidden), 'hidden', 'deleted', a publish state ('draft', 'unpublished',
   * 'published', 'scheduled') of the series not deleted, or anything else ('all') for every series.
   */
  status: string;
  /** The moment that tells published from scheduled. */
  now: string;
  is_gold_exclusive?: boolean;
  is_featured?: boolean;
  category_id?: number;
  /** Part of a title, English title or address. */
  text?: string;
  /** An id the search text names, also matched. */
  id: number | null;
}

/** Series matching the filter, newest first, read with `paginate()`. */
export function seriesPages(db: Executor, filter: SeriesFilter) {
  const base = () => {
    let q = db.selectFrom('series');
    const status = filter.status;
    if (status === 'active') q = q.where('deleted_at', 'is', null).where('is_hidden', '=', false);
    if (status === 'hidden') q = q.where('deleted_at', 'is', null).where('is_hidden', '=', true);
    if (status === 'deleted') q = q.where('deleted_at', 'is not', null);
    if (status === 'draft' || status === 'unpublished')
      q = q.where('deleted_at', 'is', null).where('status', '=', status);
    if (status === 'published' || status === 'scheduled') {
      q = q
        .where('deleted_at', 'is', null)
        .where('status', '=', 'published')
        .where('published_at', status === 'published' ? '<=' : '>', filter.now);
    }
    if (filter.is_gold_exclusive !== undefined) q = q.where('is_gold_exclusive', '=', filter.is_gold_exclusive);
    if (filter.is_featured !== undefined) q = q.where('is_featured', '=', filter.is_featured);
    if (filter.category_id !== undefined) {
      const categoryId = filter.category_id;
      q = q.where('series.id', 'in', (eb) =>
        eb.selectFrom('series_categories').select('series_id').where('category_id', '=', categoryId),
      );
    }
    const text = filter.text;
    if (text) {
      const id = filter.id;
      q = q.where((eb) =>
        eb.or([
          eb(containsText('series.title', text), '=', true),
          eb(containsText('series.title_en', text), '=', true),
          eb(containsText('series.slug', text), '=', true),
          ...(id !== null ? [eb('series.id', '=', id)] : []),
        ]),
      );
    }
    return q;
  };
  return {
    rows: ({ limit, offset }: PageWindow): Promise<SeriesRow[]> =>
      base()
        .selectAll('series')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    count: () =>
      base()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  };
}

/** The series row; with `lock`, locked until the transaction ends (PostgreSQL only). */
export function findSeries(db: Executor, id: number, lock = false): Promise<SeriesRow | undefined> {
  let query = db.selectFrom('series').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function updateSeriesRow(db: Executor, id: number, changes: Updateable<SeriesTable>) {
  return db.updateTable('series').set(changes).where('id', '=', id).execute();
}

/** Which of these category ids exist. */
export function existingCategoryIds(db: Executor, ids: number[]) {
  return db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
}

/** The series' categories become exactly `categoryIds` (each listed once). */
export async function replaceSeriesCategories(db: Executor, seriesId: number, categoryIds: number[]) {
  await db.deleteFrom('series_categories').where('series_id', '=', seriesId).execute();
  if (categoryIds.length > 0) {
    await db
      .insertInto('series_categories')
      .values(categoryIds.map((categoryId) => ({ series_id: seriesId, category_id: categoryId })))
      .execute();
  }
}

/** Publishes the series' draft episodes that have a finished video; answers how many. */
export async function publishDraftEpisodes(db: Executor, seriesId: number, when: string, at: string) {
  const result = await db
    .updateTable('episodes')
    .set({ status: 'published', published_at: when, updated_at: at })
    .where('series_id', '=', seriesId)
    .where('status', '=', 'draft')
    .where((eb) => eb.or([eb('hls_url', 'is not', null), eb('video_url', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

// --- Episodes ----------------------------------------------------------------------------------------

export type EpisodeWithSeries = EpisodeRow & { series_title: string };

function episodesQuery(db: Executor) {
  return db
    .selectFrom('episodes')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .selectAll('episodes')
    .select('series.title as series_title');
}

/** The episode with its series' title. */
export function findEpisode(db: Executor, id: number): Promise<EpisodeWithSeries | undefined> {
  return episodesQuery(db).where('episodes.id', '=', id).executeTakeFirst();
}

/** The series' episodes with its title, in season and episode order. */
export function seriesEpisodeRows(db: Executor, seriesId: number): Promise<EpisodeWithSeries[]> {
  return episodesQuery(db)
    .where('episodes.series_id', '=', seriesId)
    .orderBy('episodes.season_number')
    .orderBy('episodes.episode_number')
    .execute();
}

/** Per episode, how many unlocks viewers hold. */
export function unlockCountRows(db: Executor, episodeIds: number[]) {
  return db
    .selectFrom('episode_unlocks')
    .select('episode_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('episode_id', 'in', episodeIds)
    .groupBy('episode_id')
    .execute();
}

/** How many viewers unlocked the episode. */
export async function episodeUnlockCount(db: Executor, episodeId: number): Promise<number> {
  const row = await db
    .selectFrom('episode_unlocks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('episode_id', '=', episodeId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface EpisodeFilter {
  series_id?: number;
  /** Part of the episode's or its series' title. */
  text?: string;
}

/** Episodes matching the filter, newest series first, then in play order, read with `paginate()`. */
export function episodePages(db: Executor, filter: EpisodeFilter) {
  const base = () => {
    let q = db.selectFrom('episodes').innerJoin('series', 'series.id', 'episodes.series_id');
    if (filter.series_id !== undefined) q = q.where('episodes.series_id', '=', filter.series_id);
    const text = filter.text;
    if (text) {
      q = q.where((eb) =>
        eb.or([eb(containsText('episodes.title', text), '=', true), eb(containsText('series.title', text), '=', true)]),
      );
    }
    return q;
  };
  return {
    rows: ({ limit, offset }: PageWindow): Promise<EpisodeWithSeries[]> =>
      base()
        .selectAll('episodes')
        .select('series.title as series_title')
        .orderBy('episodes.series_id', 'desc')
        .orderBy('episodes.season_number')
        .orderBy('episodes.episode_number')
        .limit(limit)
        .offset(offset)
        .execute(),
    count: () =>
      base()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  };
}

/** The id of the series' season with this number, if it has one. */
export async function findSeasonId(db: Executor, seriesId: number, number: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('seasons')
    .select('id')
    .where('series_id', '=', seriesId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row?.id;
}

export async function insertSeason(db: Executor, seriesId: number, number: number, title: string): Promise<number> {
  const inserted = await db
    .insertInto('seasons')
    .values({ series_id: seriesId, number, title })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The highest episode number and position in one season of the series. */
export function lastInSeason(db: Executor, seriesId: number, season: number) {
  return db
    .selectFrom('episodes')
    .select((eb) => [eb.fn.max('episode_number').as('number'), eb.fn.max('position').as('position')])
    .where('series_id', '=', seriesId)
    .where('season_number', '=', season)
    .executeTakeFirst();
}

/** The highest play position among the series' episodes. */
export function lastPosition(db: Executor, seriesId: number) {
  return db
    .selectFrom('episodes')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
}

export async function insertEpisode(db: Executor, values: Insertable<EpisodesTable>): Promise<number> {
  const inserted = await db.insertInto('episodes').values(values).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function updateEpisodeRow(db: Executor, id: number, changes: Updateable<EpisodesTable>) {
  return db.updateTable('episodes').set(changes).where('id', '=', id).execute();
}

/** The series' episodes in season and episode order, with their numbers and positions. */
export function episodeOrder(db: Executor, seriesId: number) {
  return db
    .selectFrom('episodes')
    .select(['id', 'season_number', 'episode_number', 'position'])
    .where('series_id', '=', seriesId)
    .orderBy('season_number')
    .orderBy('episode_number')
    .execute();
}

/** The series' episodes in season and episode order, with their titles and prices. */
export function episodePrices(db: Executor, seriesId: number) {
  return db
    .selectFrom('episodes')
    .select(['id', 'season_number', 'episode_number', 'title', 'is_free', 'coin_cost'])
    .where('series_id', '=', seriesId)
    .orderBy('season_number')
    .orderBy('episode_number')
    .execute();
}

export function deleteEpisodeRow(db: Executor, id: number) {
  return db.deleteFrom('episodes').where('id', '=', id).execute();
}

// --- Categories --------------------------------------------------------------------------------------

export function findCategory(db: Executor, id: number) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A category (other than `exceptId`) with this address or, in any case, this name. */
export function categoryNamed(db: Executor, name: string, slug: string, exceptId?: number) {
  let query = db
    .selectFrom('categories')
    .select('id')
    .where((eb) => eb.or([eb('slug', '=', slug), eb(sql`lower(name)`, '=', name.toLowerCase())]));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** The highest position among the categories. */
export function lastCategoryPosition(db: Executor) {
  return db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
}

export async function insertCategory(db: Executor, values: Insertable<CategoriesTable>): Promise<number> {
  const inserted = await db.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Every category in chip order, with how many series (not deleted) use it. */
export function categoriesWithUse(db: Executor) {
  return db
    .selectFrom('categories')
    .selectAll('categories')
    .select((eb) =>
      eb
        .selectFrom('series_categories')
        .innerJoin('series', 'series.id', 'series_categories.series_id')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('series_categories.category_id', '=', 'categories.id')
        .where('series.deleted_at', 'is', null)
        .as('series_count'),
    )
    .orderBy('categories.position')
    .orderBy('categories.name')
    .execute();
}

/** How many series (not deleted) use the category. */
export async function categoryUseCount(db: Executor, id: number): Promise<number> {
  const row = await db
    .selectFrom('series_categories')
    .innerJoin('series', 'series.id', 'series_categories.series_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('series_categories.category_id', '=', id)
    .where('series.deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Deletes the category (the links of deleted series to it go with it). */
export async function deleteCategoryRow(db: Executor, id: number) {
  await db.deleteFrom('series_categories').where('category_id', '=', id).execute();
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

export function updateCategoryRow(db: Executor, id: number, changes: Updateable<CategoriesTable>) {
  return db.updateTable('categories').set(changes).where('id', '=', id).execute();
}
