/**
 * SQL for the catalogue: series (always through `visibleSeries`, which applies the hiding rules (product.md#catalogue) and
 * publishing), their categories, seasons and episodes. Every function takes the database or a
 * transaction first. `at` is the moment the viewer asks (ISO-8601, the app's clock): what is published
 * for a later time is not on show yet, with no write needed when that time comes.
 */
import { HIDDEN_SERIES_IDS, HIDDEN_SERIES_TITLE_PREFIX } from '@cliffhanger/shared/constants';
import { type ExpressionBuilder, sql } from 'kysely';
import type { CategoryRow, Database, EpisodeRow, Executor, SeasonRow, SeriesRow } from '../../db/schema';
import type { PageWindow } from '../../kernel/paging';

/**
 * product.md#catalogue: ids 9 and 10, titles or English titles starting "Deleted Series" (case-sensitive, so `substr`
 * rather than LIKE, which SQLite compares case-insensitively), staff-hidden and soft-deleted series;
 * and every series that is not published, or published for a time after `at` (drafts, unpublished and
 * scheduled series).
 */
export function isVisibleSeries(at: string) {
  return (eb: ExpressionBuilder<Database, 'series'>) => {
    const prefixLength = HIDDEN_SERIES_TITLE_PREFIX.length;
    return eb.and([
      eb('series.id', 'not in', [...HIDDEN_SERIES_IDS]),
      eb(sql`substr(series.title, 1, ${sql.lit(prefixLength)})`, '!=', HIDDEN_SERIES_TITLE_PREFIX),
      eb(sql`substr(series.title_en, 1, ${sql.lit(prefixLength)})`, '!=', HIDDEN_SERIES_TITLE_PREFIX),
      eb('series.is_hidden', '=', false),
      eb('series.deleted_at', 'is', null),
      eb('series.status', '=', 'published'),
      eb('series.published_at', '<=', at),
    ]);
  };
}

/** An episode viewers may see on its own terms (its series is checked by `isVisibleSeries`). */
export function isPublishedEpisode(at: string) {
  return (eb: ExpressionBuilder<Database, 'episodes'>) =>
    eb.and([eb('episodes.status', '=', 'published'), eb('episodes.published_at', '<=', at)]);
}

export function visibleSeries(db: Executor, at: string) {
  return db.selectFrom('series').where(isVisibleSeries(at));
}

/** Case-insensitive "contains" that treats %, _ and \ in the user's text literally, on both engines. */
export function containsText(column: string, text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * Characters that separate words in titles, descriptions and stored tags (a JSON list): each becomes
 * a space before matching, so a word after any of them counts as the start of a word.
 */
const WORD_SEPARATORS = [
  ',',
  '"',
  "'",
  '’',
  '‘',
  '“',
  '”',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '-',
  '–',
  '—',
  '.',
  '!',
  '?',
  ':',
  ';',
  '/',
  '#',
  '&',
  '\n',
  '\r',
  '\t',
];

/** At most this many words of a query are matched; the rest are ignored. */
export const SEARCH_MAX_WORDS = 6;

/** The words of a search query: lower case, split on spaces and separators, blanks dropped. */
export function searchWords(text: string): string[] {
  let spaced = text.toLowerCase();
  for (const separator of WORD_SEPARATORS) spaced = spaced.split(separator).join(' ');
  return [...new Set(spaced.split(/\s+/).filter(Boolean))].slice(0, SEARCH_MAX_WORDS);
}

/**
 * Case-insensitive "a word of the column starts with `word`" on both engines: the column, lower-cased,
 * with separators turned into spaces and a space put in front, contains " word" (%, _ and \ literal).
 * "heir" finds "Heiress" and "the heir", never "their".
 */
export function hasWordStartingWith(column: string, word: string) {
  let text = sql`lower(${sql.ref(column)})`;
  for (const separator of WORD_SEPARATORS) text = sql`replace(${text}, ${sql.lit(separator)}, ' ')`;
  const pattern = `% ${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`(' ' || ${text}) like ${pattern} escape '\\'`;
}

/** Every word of the query starts a word in at least one of the columns. */
function matchesEveryWord<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB>,
  columns: string[],
  words: string[],
) {
  return eb.and(words.map((word) => eb.or(columns.map((column) => eb(hasWordStartingWith(column, word), '=', true)))));
}

export type SeriesOrdering = 'created_at' | 'title' | 'rating' | 'year' | 'id' | 'likes';

export interface SeriesFilters {
  categoryId?: number | null;
  isFeatured?: boolean;
  isTrending?: boolean;
  isGoldExclusive?: boolean;
  isTop?: boolean;
  search?: string;
  excludeIds?: number[];
}

function filtered(db: Executor, at: string, filters: SeriesFilters) {
  let query = visibleSeries(db, at);
  if (filters.categoryId !== undefined && filters.categoryId !== null) {
    const categoryId = filters.categoryId;
    query = query.where('series.id', 'in', (eb) =>
      eb.selectFrom('series_categories').select('series_id').where('category_id', '=', categoryId),
    );
  }
  if (filters.isFeatured !== undefined) query = query.where('series.is_featured', '=', filters.isFeatured);
  if (filters.isTrending !== undefined) query = query.where('series.is_trending', '=', filters.isTrending);
  if (filters.isGoldExclusive !== undefined)
    query = query.where('series.is_gold_exclusive', '=', filters.isGoldExclusive);
  if (filters.isTop !== undefined) query = query.where('series.is_top', '=', filters.isTop);
  if (filters.search) {
    const words = searchWords(filters.search);
    if (words.length === 0) return query.where(sql<boolean>`1 = 0`);
    query = query.where((eb) =>
      matchesEveryWord(eb, ['series.title', 'series.title_en', 'series.description', 'series.tags'], words),
    );
  }
  if (filters.excludeIds && filters.excludeIds.length > 0)
    query = query.where('series.id', 'not in', filters.excludeIds);
  return query;
}

/** The series matching `filters` in `order`, read a page at a time with `paginate()`. */
export function seriesPages(
  db: Executor,
  at: string,
  filters: SeriesFilters,
  order: { column: SeriesOrdering; descending: boolean },
) {
  const direction = order.descending ? 'desc' : 'asc';
  return {
    rows: (page: PageWindow): Promise<SeriesRow[]> =>
      filtered(db, at, filters)
        .selectAll('series')
        .orderBy(`series.${order.column}`, direction)
        .orderBy('series.id', direction)
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
    count: () =>
      filtered(db, at, filters)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  };
}

export function findVisibleSeries(db: Executor, id: number, at: string): Promise<SeriesRow | undefined> {
  return visibleSeries(db, at).selectAll('series').where('series.id', '=', id).executeTakeFirst();
}

/**
 * The on-show series an address names, looked up exactly: by its current slug, else by a former one
 * (the caller redirects to `slug`, the current address).
 */
export async function findVisibleSeriesSlug(
  db: Executor,
  slug: string,
  at: string,
): Promise<{ id: number; slug: string } | undefined> {
  const current = visibleSeries(db, at).select(['series.id', 'series.slug']).where('series.slug', '=', slug);
  const former = visibleSeries(db, at)
    .innerJoin('series_former_slugs as former', 'former.series_id', 'series.id')
    .select(['series.id', 'series.slug'])
    .where('former.slug', '=', slug);
  return (await current.executeTakeFirst()) ?? (await former.executeTakeFirst());
}

export function findVisibleSeriesByIds(db: Executor, ids: number[], at: string): Promise<SeriesRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return visibleSeries(db, at).selectAll('series').where('series.id', 'in', ids).execute();
}

export function allVisibleSeries(db: Executor, at: string): Promise<SeriesRow[]> {
  return visibleSeries(db, at).selectAll('series').execute();
}

export async function categoriesOfSeries(
  db: Executor,
  seriesIds: number[],
): Promise<Array<CategoryRow & { series_id: number }>> {
  if (seriesIds.length === 0) return [];
  return db
    .selectFrom('series_categories')
    .innerJoin('categories', 'categories.id', 'series_categories.category_id')
    .selectAll('categories')
    .select('series_categories.series_id')
    .where('series_categories.series_id', 'in', seriesIds)
    .orderBy('categories.position')
    .orderBy('categories.id')
    .execute();
}

/** Seasons with their on-show episodes counted. */
export async function seasonsOfSeries(
  db: Executor,
  seriesIds: number[],
  at: string,
): Promise<Array<SeasonRow & { episodes_count: number }>> {
  if (seriesIds.length === 0) return [];
  const rows = await db
    .selectFrom('seasons')
    .leftJoin('episodes', (join) =>
      join
        .onRef('episodes.season_id', '=', 'seasons.id')
        .on('episodes.status', '=', 'published')
        .on('episodes.published_at', '<=', at),
    )
    .select(['seasons.id', 'seasons.series_id', 'seasons.number', 'seasons.title'])
    .select((eb) => eb.fn.count<number>('episodes.id').as('episodes_count'))
    .where('seasons.series_id', 'in', seriesIds)
    .groupBy(['seasons.id', 'seasons.series_id', 'seasons.number', 'seasons.title'])
    .orderBy('seasons.number')
    .execute();
  return rows.map((row) => ({ ...row, episodes_count: Number(row.episodes_count) }));
}

export async function episodeCounts(db: Executor, seriesIds: number[], at: string): Promise<Map<number, number>> {
  if (seriesIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('episodes')
    .select('series_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('series_id', 'in', seriesIds)
    .where(isPublishedEpisode(at))
    .groupBy('series_id')
    .execute();
  return new Map(rows.map((row) => [row.series_id, Number(row.count)]));
}

/** The genre chips viewers see: the categories of at least one series on show at `at`. */
export function listCategories(db: Executor, at: string): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('series_categories')
        .select('series_categories.category_id')
        .where('series_categories.series_id', 'in', visibleSeriesIds(db, at)),
    )
    .orderBy('position')
    .orderBy('name')
    .execute();
}

export function findCategoryBySlugOrId(db: Executor, value: string): Promise<CategoryRow | undefined> {
  const query = db.selectFrom('categories').selectAll();
  return /^\d{1,9}$/.test(value)
    ? query.where('id', '=', Number(value)).executeTakeFirst()
    : query.where('slug', '=', value).executeTakeFirst();
}

/** The on-show episodes of a series in play order: season, then episode number. */
export function episodesOfSeries(db: Executor, seriesId: number, at: string): Promise<EpisodeRow[]> {
  return publishedEpisodesOf(db, [seriesId], at);
}

/** An episode answer's series names: its title, English title and titles by language (issue #21). */
const SERIES_NAMES = [
  'series.title as series_title',
  'series.title_en as series_title_en',
  'series.translations as series_translations',
] as const;

/** The published episodes of visible series (of one series when given), read with `paginate()`. */
export function episodePages(db: Executor, seriesId: number | undefined, at: string) {
  const base = () => {
    let query = db
      .selectFrom('episodes')
      .innerJoin('series', 'series.id', 'episodes.series_id')
      .where(isVisibleSeries(at))
      .where(isPublishedEpisode(at));
    if (seriesId !== undefined) query = query.where('episodes.series_id', '=', seriesId);
    return query;
  };
  return {
    rows: (page: PageWindow) =>
      base()
        .selectAll('episodes')
        .select(SERIES_NAMES)
        .orderBy('episodes.series_id')
        .orderBy('episodes.season_number')
        .orderBy('episodes.episode_number')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
    count: () =>
      base()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  };
}

/** An episode with its (visible) series, or undefined when either is missing, hidden or not on show. */
export async function findVisibleEpisode(db: Executor, episodeId: number, at: string) {
  const row = await db
    .selectFrom('episodes')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .where(isVisibleSeries(at))
    .where(isPublishedEpisode(at))
    .where('episodes.id', '=', episodeId)
    .selectAll('episodes')
    .select([...SERIES_NAMES, 'series.is_gold_exclusive as series_is_gold_exclusive'])
    .executeTakeFirst();
  return row;
}

export function searchEpisodes(db: Executor, text: string, limit: number, at: string) {
  const words = searchWords(text);
  if (words.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('episodes')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .where(isVisibleSeries(at))
    .where(isPublishedEpisode(at))
    .where((eb) => matchesEveryWord(eb, ['episodes.title', 'episodes.description'], words))
    .selectAll('episodes')
    .select(SERIES_NAMES)
    .orderBy('episodes.series_id')
    .orderBy('episodes.episode_number')
    .limit(limit)
    .execute();
}

/** Every visible series' category ids, for recommendations. */
export async function categoryIdsBySeries(db: Executor, at: string): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('series_categories')
    .innerJoin('series', 'series.id', 'series_categories.series_id')
    .where(isVisibleSeries(at))
    .select(['series_categories.series_id', 'series_categories.category_id'])
    .execute();
  const map = new Map<number, number[]>();
  for (const row of rows) map.set(row.series_id, [...(map.get(row.series_id) ?? []), row.category_id]);
  return map;
}

/** Allocates the next series id, skipping the ids product.md#catalogue hides, and inserts the series. */
export async function insertSeries(
  db: Executor,
  values: Omit<SeriesRow, 'id' | 'translations' | 'audio_language'> & {
    id?: number;
    translations?: string | null;
    audio_language?: string;
  },
): Promise<number> {
  let id = values.id;
  if (id === undefined) {
    const max = await db
      .selectFrom('series')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    id = Number(max?.max ?? 0) + 1;
    while ((HIDDEN_SERIES_IDS as readonly number[]).includes(id)) id += 1;
  }
  await db
    .insertInto('series')
    .values({
      ...values,
      id,
      is_gold_exclusive: Boolean(values.is_gold_exclusive),
      is_featured: Boolean(values.is_featured),
      is_trending: Boolean(values.is_trending),
      is_top: Boolean(values.is_top),
      is_hidden: Boolean(values.is_hidden),
    })
    .execute();
  return id;
}

/** Episodes by id; with `at`, only those on show (published, in a visible series). */
export function episodesByIds(db: Executor, ids: number[], at?: string) {
  if (ids.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('episodes')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .where('episodes.id', 'in', ids);
  if (at !== undefined) query = query.where(isVisibleSeries(at)).where(isPublishedEpisode(at));
  return query.selectAll('episodes').select(SERIES_NAMES).execute();
}

/** Every published episode of a visible series: whether it is free, its price and its series' Gold rule. */
export function publishedEpisodeKinds(db: Executor, at: string) {
  return db
    .selectFrom('episodes')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .where(isVisibleSeries(at))
    .where(isPublishedEpisode(at))
    .select(['series.id as series_id', 'series.is_gold_exclusive', 'episodes.is_free', 'episodes.coin_cost'])
    .execute();
}

/** Which of these episodes the user has unlocked. */
export function unlocksAmong(db: Executor, userId: number, episodeIds: number[]) {
  return db
    .selectFrom('episode_unlocks')
    .select('episode_id')
    .where('user_id', '=', userId)
    .where('episode_id', 'in', episodeIds)
    .execute();
}

/** The user's watch progress on these episodes. */
export function progressAmong(db: Executor, userId: number, episodeIds: number[]) {
  return db
    .selectFrom('watch_progress')
    .select(['episode_id', 'progress', 'position_seconds'])
    .where('user_id', '=', userId)
    .where('episode_id', 'in', episodeIds)
    .execute();
}

/** Whether each of these series is a Gold exclusive. */
export function goldExclusiveFlags(db: Executor, seriesIds: number[]) {
  return db.selectFrom('series').select(['id', 'is_gold_exclusive']).where('id', 'in', seriesIds).execute();
}

/** Where an episode's video is and what it costs, published or not (staff preview it before it is). */
export function episodePlaybackFields(db: Executor, episodeId: number) {
  return db
    .selectFrom('episodes')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .select([
      'episodes.hls_url',
      'episodes.video_url',
      'episodes.is_free',
      'episodes.coin_cost',
      'episodes.duration',
      'series.is_gold_exclusive',
    ])
    .where('episodes.id', '=', episodeId)
    .executeTakeFirst();
}

// --- Asked by other domains (the catalogue's tables are queried here only) -------------------------

/** The ids of the series on show at `at`, as a subquery: `.where('…series_id', 'in', visibleSeriesIds(db, at))`. */
export function visibleSeriesIds(db: Executor, at: string) {
  return db.selectFrom('series').select('series.id').where(isVisibleSeries(at));
}

/** Every visible series, newest first. */
export function newestVisibleSeries(db: Executor, at: string): Promise<SeriesRow[]> {
  return visibleSeries(db, at)
    .selectAll('series')
    .orderBy('series.created_at', 'desc')
    .orderBy('series.id', 'desc')
    .execute();
}

/** The published episodes of these series in watching order. */
export function publishedEpisodesOf(db: Executor, seriesIds: number[], at: string): Promise<EpisodeRow[]> {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('episodes')
    .selectAll()
    .where('series_id', 'in', seriesIds)
    .where(isPublishedEpisode(at))
    .orderBy('season_number')
    .orderBy('episode_number')
    .execute();
}

/** The episode a series and number name; the first season's episode wins a tie. */
export async function episodeIdOfNumber(db: Executor, seriesId: number, number: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('episodes')
    .select('id')
    .where('series_id', '=', seriesId)
    .where('episode_number', '=', number)
    .orderBy('season_number')
    .executeTakeFirst();
  return row?.id;
}

/** Whether the episode exists, on show or not. */
export async function episodeExists(db: Executor, episodeId: number): Promise<boolean> {
  return (await db.selectFrom('episodes').select('id').where('id', '=', episodeId).executeTakeFirst()) !== undefined;
}

/** Each of these episodes with its number, title and its series' id and titles (on show or not). */
export function episodesWithSeriesTitles(db: Executor, episodeIds: number[]) {
  if (episodeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('episodes')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .select([
      'episodes.id',
      'episodes.episode_number',
      'episodes.title as episode_title',
      'series.id as series_id',
      'series.title as series_title',
      'series.title_en as series_title_en',
      'series.translations as series_translations',
    ])
    .where('episodes.id', 'in', episodeIds)
    .execute();
}

/** The episode numbers of these episodes, by id. */
export async function episodeNumbers(db: Executor, episodeIds: number[]): Promise<Map<number, number>> {
  if (episodeIds.length === 0) return new Map();
  const rows = await db.selectFrom('episodes').select(['id', 'episode_number']).where('id', 'in', episodeIds).execute();
  return new Map(rows.map((row) => [row.id, row.episode_number]));
}

/** The series' episodes in season and episode order, on show or not (staff analytics). */
export function episodeOutline(db: Executor, seriesId: number) {
  return db
    .selectFrom('episodes')
    .select(['id', 'season_number', 'episode_number', 'title', 'is_free'])
    .where('series_id', '=', seriesId)
    .orderBy('season_number')
    .orderBy('episode_number')
    .execute();
}

/** The ids of the series' episodes, as a subquery: `.where('…episode_id', 'in', episodeIdsOfSeries(db, id))`. */
export function episodeIdsOfSeries(db: Executor, seriesId: number) {
  return db.selectFrom('episodes').select('episodes.id').where('episodes.series_id', '=', seriesId);
}

/** The first series not deleted. */
export function firstSeries(db: Executor) {
  return db.selectFrom('series').select('id').where('deleted_at', 'is', null).orderBy('id').limit(1).executeTakeFirst();
}

export function seriesTitle(db: Executor, id: number) {
  return db.selectFrom('series').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

/** Moves the series' count of likes by `delta` (never below zero). */
export async function moveLikeCount(db: Executor, seriesId: number, delta: 1 | -1) {
  let query = db
    .updateTable('series')
    .set((eb) => ({ likes: eb('likes', delta > 0 ? '+' : '-', 1) }))
    .where('id', '=', seriesId);
  if (delta < 0) query = query.where('likes', '>', 0);
  await query.execute();
}

/** The series' count of likes (0 for an unknown series). */
export async function likeCount(db: Executor, seriesId: number): Promise<number> {
  const row = await db.selectFrom('series').select('likes').where('id', '=', seriesId).executeTakeFirst();
  return Math.max(0, Number(row?.likes ?? 0));
}
