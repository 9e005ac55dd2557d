/**
 * Writes the demo catalogue (categories, series, seasons, episodes with their Russian titles and
 * descriptions from demo-script-ru.ts, and their subtitles) into an empty database and creates the
 * demo accounts — one staff member and one viewer — when they do not exist yet. Idempotent: the
 * catalogue is written only while the catalogue tables are empty, accounts only when their address is
 * unknown, so running it at every start changes nothing after the first.
 */
import { randomBytes } from 'node:crypto';
import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import type { AppContext } from '../context';
import { nowIso } from '../context';
import { REGISTRATION_BONUS_REASON } from '../domains/auth/auth.service';
import { insertSeries } from '../domains/catalogue/catalogue.repository';
import { storedTranslations } from '../domains/catalogue/translations';
import { findUserByEmail, insertUser } from '../domains/users/users.repository';
import { applyLedgerEntry } from '../kernel/coin-ledger';
import { mediaPath } from '../media/media-urls';
import type { DemoCatalogue } from './demo-catalogue.types';
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

async function catalogueIsEmpty(ctx: AppContext): Promise<boolean> {
  const [series, categories] = await Promise.all([
    ctx.db
      .selectFrom('series')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
    ctx.db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  ]);
  return Number(series?.count ?? 0) === 0 && Number(categories?.count ?? 0) === 0;
}

async function writeCatalogue(
  ctx: AppContext,
  catalogue: DemoCatalogue,
): Promise<{ series: number; episodes: number }> {
  const base = ctx.now().getTime();
  let episodeTotal = 0;
  await ctx.db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const [position, category] of catalogue.categories.entries()) {
      const row = await trx
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
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(category.slug, row.id);
    }

    for (const [index, series] of catalogue.series.entries()) {
      // The first series of the catalogue is the newest, so "newest first" keeps the catalogue's order.
      const createdAt = new Date(base - index * 60_000).toISOString();
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
      for (const slug of series.categorySlugs) {
        const categoryId = categoryIds.get(slug);
        if (categoryId !== undefined)
          await trx.insertInto('series_categories').values({ series_id: seriesId, category_id: categoryId }).execute();
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
            video_url: episode.videoPath ? mediaPath(episode.videoPath) : null,
            hls_url: mediaPath(episode.hlsPath),
            is_free: episode.isFree,
            coin_cost: episode.isFree ? 0 : episode.coinCost,
            position,
            status: 'published',
            published_at: createdAt,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .execute();
        episodeTotal += 1;
      }
    }
  });
  return { series: catalogue.series.length, episodes: episodeTotal };
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

export async function seedDemoCatalogue(ctx: AppContext, catalogue: DemoCatalogue | null): Promise<SeedResult> {
  let result = { series: 0, episodes: 0 };
  let catalogueSeeded = false;
  if (catalogue && (await catalogueIsEmpty(ctx))) {
    result = await writeCatalogue(ctx, catalogue);
    await seedDemoSubtitles(ctx.db, nowIso(ctx));
    catalogueSeeded = true;
  }
  const createdAccounts: DemoAccount[] = [];
  for (const [email, role] of [
    [DEMO_STAFF_EMAIL, 'staff'],
    [DEMO_VIEWER_EMAIL, 'viewer'],
  ] as const) {
    const account = await ensureAccount(ctx, email, role);
    if (account) createdAccounts.push(account);
  }
  return { catalogueSeeded, seriesCount: result.series, episodeCount: result.episodes, createdAccounts };
}
