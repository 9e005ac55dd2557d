/**
 * Writes the demo catalogue (categories, series, seasons, episodes with their Russian titles and
 * descriptions from demo-script-ru.ts, and their subtitles) into an empty database and creates the
 * demo accounts — one staff member and one viewer — when they do not exist yet.
 *
 * The catalogue goes in series by series, as each one's media is made: `beginDemoSeed` writes the
 * categories and a record of the series to come (the `demo_catalogue` setting) while the catalogue
 * tables are empty, and `publishDemoSeries` writes one whole series, published, in the same
 * transaction that marks it done in that record. A series is never seen half-written, a restart
 * resumes from the record, and a series staff deleted does not come back. Accounts are created only
 * when their address is unknown, so running all this at every start changes nothing after the first.
 */
import { randomBytes } from 'node:crypto';
import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import type { DemoCatalogueProgress } from '@cliffhanger/shared/entities';
import type { AppContext } from '../../api/src/context';
import { nowIso } from '../../api/src/context';
import type { Executor } from '../../api/src/db/schema';
import { reportDemoCatalogueProgress } from '../../api/src/domains/admin/demo-catalogue-progress';
import { REGISTRATION_BONUS_REASON } from '../../api/src/domains/auth/auth.service';
import { insertSeries } from '../../api/src/domains/catalogue/catalogue.repository';
import { storedTranslations } from '../../api/src/domains/catalogue/translations';
import { settingValue, upsertSetting } from '../../api/src/domains/settings/settings.repository';
import { findUserByEmail, insertUser } from '../../api/src/domains/users/users.repository';
import { applyLedgerEntry } from '../../api/src/kernel/coin-ledger';
import { mediaPath } from '../../api/src/media-urls';
import type { DemoCatalogue, DemoCategory, DemoSeries } from './demo-catalogue.types';
import { demoCategoryTranslations, demoEpisodeTranslations, demoSeriesTranslations } from './demo-script-ru';
import { seedDemoSubtitles } from './demo-subtitles';

export const DEMO_STAFF_EMAIL = 'staff@cliffhanger.local';
export const DEMO_VIEWER_EMAIL = 'viewer@cliffhanger.local';

export interface DemoAccount {
  email: string;
  password: string;
  role: 'staff' | 'viewer';
}

export interface SeedResult {
  catalogueSeeded: boolean;
  seriesCount: number;
  episodeCount: number;
  /** Accounts created by this run, with their one-time-shown passwords. */
  createdAccounts: DemoAccount[];
}

/** The settings key of the demo seed's record. */
export const DEMO_SEED_SETTING = 'demo_catalogue';

/** What the demo seed has still to write, kept in the settings table so a restart resumes it. */
export interface DemoSeedState {
  /** When the seed began: series are dated from it, the catalogue's first the newest. */
  startedAt: string;
  /** Every demo series, in the catalogue's order. */
  series: { slug: string; title: string }[];
  published: string[];
  /** Series whose media could not be made, with why; tried again at the next start. */
  failed: { slug: string; message: string }[];
}

async function catalogueIsEmpty(db: Executor): Promise<boolean> {
  const [series, categories] = await Promise.all([
    db
      .selectFrom('series')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
    db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  ]);
  return Number(series?.count ?? 0) === 0 && Number(categories?.count ?? 0) === 0;
}

export async function demoSeedState(db: Executor): Promise<DemoSeedState | null> {
  const stored = await settingValue(db, DEMO_SEED_SETTING);
  return stored === undefined ? null : (JSON.parse(stored) as DemoSeedState);
}

/** How far the seed is, as the admin's dashboard shows it. */
function progressOf(state: DemoSeedState): DemoCatalogueProgress {
  const titles = new Map(state.series.map((s) => [s.slug, s.title]));
  return {
    total: state.series.length,
    ready: state.published.length,
    failed: state.failed.map((f) => ({ slug: f.slug, title: titles.get(f.slug) ?? f.slug, message: f.message })),
  };
}

/** Keeps the seed's record, and reports its progress to the API's dashboard in the same write. */
async function saveState(ctx: AppContext, db: Executor, state: DemoSeedState): Promise<void> {
  await upsertSetting(db, DEMO_SEED_SETTING, JSON.stringify(state), nowIso(ctx));
  await reportDemoCatalogueProgress(db, progressOf(state), nowIso(ctx));
}

/**
 * Starts the demo seed in an empty catalogue (its categories and the record of the series to come), or
 * finds the one a previous start began. Null when the catalogue is somebody else's (or was seeded
 * before seeds were recorded): then nothing of the demo is written.
 */
export async function beginDemoSeed(
  ctx: AppContext,
  categories: readonly DemoCategory[],
  series: readonly { slug: string; title: string }[],
): Promise<DemoSeedState | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await demoSeedState(trx);
    if (current) {
      // A record from before progress was reported gets its report at the next start.
      await reportDemoCatalogueProgress(trx, progressOf(current), nowIso(ctx));
      return current;
    }
    if (!(await catalogueIsEmpty(trx))) return null;
    for (const [position, category] of categories.entries()) {
      await trx
        .insertInto('categories')
        .values({
          name: category.name,
          slug: category.slug,
          icon: category.icon,
          color: category.color,
          translations: storedTranslations(demoCategoryTranslations(category.slug)),
          position,
          created_at: nowIso(ctx),
        })
        .execute();
    }
    const state: DemoSeedState = {
      startedAt: nowIso(ctx),
      series: series.map(({ slug, title }) => ({ slug, title })),
      published: [],
      failed: [],
    };
    await saveState(ctx, trx, state);
    return state;
  });
}

/**
 * Writes one made series, published, with its episodes and subtitles, and marks it done in the seed's
 * record, all in one transaction. Answers its number of episodes, or null when the seed does not
 * expect it (not a demo series, or written already).
 */
export async function publishDemoSeries(ctx: AppContext, series: DemoSeries): Promise<number | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const state = await demoSeedState(trx);
    const index = state?.series.findIndex((s) => s.slug === series.slug) ?? -1;
    if (!state || index === -1 || state.published.includes(series.slug)) return null;
    // The catalogue's first series is the newest, so "newest first" keeps the catalogue's order.
    const createdAt = new Date(Date.parse(state.startedAt) - index * 60_000).toISOString();
    const seriesId = await insertSeries(trx, {
      title: series.title,
      title_en: series.titleEn,
      slug: series.slug,
      description: series.description,
      translations: storedTranslations(demoSeriesTranslations(series.slug)),
      cover_image: mediaPath(series.coverPath),
      banner_image: mediaPath(series.bannerPath),
      poster_image: mediaPath(series.posterPath),
      slider_image: mediaPath(series.sliderPath),
      tags: JSON.stringify(series.tags),
      year: series.year,
      rating: series.rating,
      is_gold_exclusive: series.isGoldExclusive,
      is_featured: series.isFeatured,
      is_trending: series.isTrending,
      is_top: series.isTop,
      is_hidden: false,
      total_episodes: series.episodes.length,
      likes: 0,
      deleted_at: null,
      // The demo catalogue is on show from the start.
      status: 'published',
      published_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    });
    if (series.categorySlugs.length > 0) {
      const categories = await trx
        .selectFrom('categories')
        .select('id')
        .where('slug', 'in', series.categorySlugs)
        .execute();
      for (const { id } of categories)
        await trx.insertInto('series_categories').values({ series_id: seriesId, category_id: id }).execute();
    }

    const seasonIds = new Map<number, number>();
    for (const seasonNumber of [...new Set(series.episodes.map((episode) => episode.seasonNumber))].sort(
      (a, b) => a - b,
    )) {
      const season = await trx
        .insertInto('seasons')
        .values({ series_id: seriesId, number: seasonNumber, title: `Season ${seasonNumber}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      seasonIds.set(seasonNumber, season.id);
    }

    const ordered = [...series.episodes].sort(
      (a, b) => a.seasonNumber - b.seasonNumber || a.episodeNumber - b.episodeNumber,
    );
    for (const [position, episode] of ordered.entries()) {
      await trx
        .insertInto('episodes')
        .values({
          series_id: seriesId,
          season_id: seasonIds.get(episode.seasonNumber) ?? null,
          season_number: episode.seasonNumber,
          episode_number: episode.episodeNumber,
          title: episode.title,
          description: episode.description,
          // The demo series are one season each: an episode's number is its place in the script.
          translations: storedTranslations(demoEpisodeTranslations(series.slug, episode.episodeNumber)),
          thumbnail: mediaPath(episode.thumbnailPath),
          duration: Math.round(episode.durationSeconds),
          credits_start: episode.creditsStartSeconds > 0 ? episode.creditsStartSeconds : null,
          video_url: episode.videoPath ? mediaPath(episode.videoPath) : null,
          hls_url: mediaPath(episode.hlsPath),
          is_free: episode.isFree,
          // A Gold exclusive sells no episode for coins: its paid episodes open with Gold only.
          coin_cost: episode.isFree || series.isGoldExclusive ? 0 : episode.coinCost,
          position,
          status: 'published',
          published_at: createdAt,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }
    await seedDemoSubtitles(trx, nowIso(ctx), series.slug);
    state.published.push(series.slug);
    state.failed = state.failed.filter((f) => f.slug !== series.slug);
    await saveState(ctx, trx, state);
    return ordered.length;
  });
}

/** Notes in the seed's record that a series' media could not be made (the admin shows it). */
export async function recordDemoFailure(ctx: AppContext, slug: string, message: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const state = await demoSeedState(trx);
    if (!state || state.published.includes(slug)) return;
    state.failed = [...state.failed.filter((f) => f.slug !== slug), { slug, message }];
    await saveState(ctx, trx, state);
  });
}

async function ensureAccount(ctx: AppContext, email: string, role: DemoAccount['role']): Promise<DemoAccount | null> {
  if (await findUserByEmail(ctx.db, email)) return null;
  const password = randomBytes(9).toString('base64url');
  const passwordHash = await ctx.passwords.hash(password);
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      email,
      username: role === 'staff' ? 'staff' : 'viewer',
      first_name: 'Demo',
      last_name: role === 'staff' ? 'Staff' : 'Viewer',
      password_hash: passwordHash,
      guest_id: null,
      signup_data: null,
      is_staff: role === 'staff',
      // A fresh install's one operator must be able to invite the rest of the staff.
      is_superuser: role === 'staff',
      email_verified: true,
      gold_until: null,
      merged_into_user_id: null,
      last_login_at: null,
      created_at: at,
      updated_at: at,
    });
    if (role === 'viewer') {
      // The viewer starts like a magic-link sign-up: with the welcome coins, through the ledger.
      await applyLedgerEntry(trx, {
        userId: user.id,
        delta: MAGIC_LINK_SIGNUP_COINS,
        reason: REGISTRATION_BONUS_REASON,
        reference: 'registration',
        createdAt: at,
      });
    }
  });
  return { email, password, role };
}

/** Creates the demo staff and viewer accounts that do not exist yet; answers those created. */
export async function ensureDemoAccounts(ctx: AppContext): Promise<DemoAccount[]> {
  const createdAccounts: DemoAccount[] = [];
  for (const [email, role] of [
    [DEMO_STAFF_EMAIL, 'staff'],
    [DEMO_VIEWER_EMAIL, 'viewer'],
  ] as const) {
    const account = await ensureAccount(ctx, email, role);
    if (account) createdAccounts.push(account);
  }
  return createdAccounts;
}

/** The whole of a made catalogue at once (tests, and whatever has every series in hand), then the accounts. */
export async function seedDemoCatalogue(ctx: AppContext, catalogue: DemoCatalogue | null): Promise<SeedResult> {
  let seriesCount = 0;
  let episodeCount = 0;
  if (catalogue && (await beginDemoSeed(ctx, catalogue.categories, catalogue.series))) {
    for (const series of catalogue.series) {
      const episodes = await publishDemoSeries(ctx, series);
      if (episodes === null) continue;
      seriesCount += 1;
      episodeCount += episodes;
    }
  }
  const createdAccounts = await ensureDemoAccounts(ctx);
  return { catalogueSeeded: seriesCount > 0, seriesCount, episodeCount, createdAccounts };
}
