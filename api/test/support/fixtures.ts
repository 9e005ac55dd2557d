/** Small hand-made demo catalogues and shortcuts for signing people up in tests. */

import type { DemoCatalogue, DemoSeries } from '../../../demo/src/demo-catalogue.types';
import type { AppContext } from '../../src/context';
import type { SeriesRow } from '../../src/db/schema';
import type { TypedFastify } from '../../src/http/type-provider';
import { call } from './http';

export interface Session {
  access: string;
  refresh: string;
  user: { id: number; email: string; coin_balance: number; is_guest: boolean; [key: string]: unknown };
}

function series(index: number, overrides: Partial<DemoSeries> = {}): DemoSeries {
  const slug = `series-${index}`;
  return {
    title: `Series ${index}`,
    titleEn: `Series ${index} EN`,
    slug,
    description: `The story number ${index}`,
    categorySlugs: [index % 2 === 0 ? 'romance' : 'thriller'],
    tags: [index % 2 === 0 ? 'love' : 'revenge', 'drama'],
    year: 2020 + (index % 5),
    rating: 7 + (index % 3) / 10,
    isGoldExclusive: false,
    isFeatured: index <= 3,
    isTrending: index % 3 === 0,
    isTop: index === 1,
    posterPath: `demo/${slug}/poster.jpg`,
    coverPath: `demo/${slug}/cover.jpg`,
    bannerPath: `demo/${slug}/banner.jpg`,
    sliderPath: `demo/${slug}/slider.jpg`,
    episodes: [1, 2, 3].map((number) => ({
      episodeNumber: number,
      seasonNumber: 1,
      title: `Episode ${number} of ${index}`,
      description: number === 2 ? 'The wedding goes wrong' : 'Things happen',
      durationSeconds: 90,
      // Like the demo's: the last 8 s are credits.
      creditsStartSeconds: 82,
      isFree: number === 1,
      coinCost: number === 1 ? 0 : 10 * number,
      hlsPath: `demo/${slug}/ep${number}/master.m3u8`,
      videoPath: null,
      thumbnailPath: `demo/${slug}/ep${number}/thumb.jpg`,
      posterPath: `demo/${slug}/ep${number}/poster.jpg`,
    })),
    ...overrides,
  };
}

/**
 * Ten series: ids 1–8 and 11–12 once seeded (9 and 10 are never handed out). Series 4 is a Gold
 * exclusive; series 1–3 are featured; 3, 6 and 9 trending.
 */
export function smallCatalogue(): DemoCatalogue {
  return {
    version: 1,
    categories: [
      { name: 'Romance', slug: 'romance', icon: '❤️', color: '#e91e63' },
      { name: 'Thriller', slug: 'thriller', icon: '🔪', color: '#333333' },
      { name: 'Comedy', slug: 'comedy', icon: '😂', color: '#ffc107' },
    ],
    series: Array.from({ length: 10 }, (_, i) => series(i + 1, i + 1 === 4 ? { isGoldExclusive: true } : {})),
  };
}

/** A new guest (or a new session of the guest `guestId`), from `remoteAddress` (default 127.0.0.1). */
export async function signUpGuest(
  app: TypedFastify,
  guestId = `guest${Math.random().toString(36).slice(2, 17)}`,
  remoteAddress?: string,
): Promise<Session> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/user/signup/',
    remoteAddress,
    headers: { authorization: 'Token cliffhanger-web' },
    payload: {
      id: guestId,
      age: 30,
      gender: 2,
      web: true,
      email: `${guestId}@guest.cliffhanger.app`,
      poll_genre: 'romance',
    },
  });
  if (response.statusCode !== 200) throw new Error(`guest signup failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function registerUser(
  app: TypedFastify,
  email: string,
  password = 'correct horse battery',
): Promise<Session> {
  const response = await call(app, { method: 'POST', url: '/api/auth/register/', payload: { email, password } });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** When fixture rows are published: before any clock a test sets, so they are on show whatever `now` is. */
export const PUBLISHED_LONG_AGO = { status: 'published', published_at: '2000-01-01T00:00:00.000Z' } as const;

/**
 * A plain series row to insert (visible, published, unflagged, no art), named by its title and slug; `fields`
 * overrides what a test or bench cares about.
 */
export function seriesRow(
  title: string,
  slug: string,
  fields: Partial<Omit<SeriesRow, 'id' | 'title' | 'slug'>> = {},
): Omit<SeriesRow, 'id'> {
  const at = new Date().toISOString();
  return {
    title,
    title_en: '',
    slug,
    description: '',
    cover_image: null,
    banner_image: null,
    poster_image: null,
    slider_image: null,
    tags: '[]',
    year: null,
    rating: null,
    is_gold_exclusive: false,
    is_featured: false,
    is_trending: false,
    is_top: false,
    is_hidden: false,
    total_episodes: null,
    likes: 0,
    deleted_at: null,
    translations: null,
    audio_language: 'en',
    ...PUBLISHED_LONG_AGO,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

/** The id of episode `number` of series `seriesId` (the demo catalogue numbers its series from 1). */
export async function episodeIdOf(ctx: AppContext, seriesId: number, number: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('episodes')
    .select('id')
    .where('series_id', '=', seriesId)
    .where('episode_number', '=', number)
    .executeTakeFirstOrThrow();
  return row.id;
}
