import type { ForYouClip, ForYouFeed } from '@cliffhanger/shared/for-you';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { insertSeries } from '../../../src/domains/catalogue/catalogue.repository';
import { mixClips } from '../../../src/domains/catalogue/for-you.service';
import { databaseKinds } from '../../support/databases';
import { type Session, seriesRow, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { grantCoins, subscribeGold } from '../coins/money-fixtures';

/** smallCatalogue: ids 1–8, 11, 12; three episodes each (ids in series order), episode 1 free, the rest 20 and 30 coins. */
const SERIES_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12];
const episodesOf = (seriesId: number) => {
  const index = SERIES_IDS.indexOf(seriesId);
  return [3 * index + 1, 3 * index + 2, 3 * index + 3];
};

function assertMixed(clips: ForYouClip[]) {
  for (let start = 0; start + 6 <= clips.length; start++) {
    const window = clips.slice(start, start + 6);
    expect(new Set(window.map((clip) => clip.series_id)).size).toBeGreaterThanOrEqual(3);
  }
}

/** Each test signs viewers up and plays every clip it gets through the stream route: slow on a busy machine. */
jest.setTimeout(120_000);

describe.each(databaseKinds())('for-you feed (%s)', (kind) => {
  let t: TestApp;
  let draftSeriesId: number;
  let draftEpisodeId: number;
  let scheduledSeriesId: number;

  beforeAll(async () => {
    // With the catalogue cache on, as in production: what is cached is shared, every answer stays personal.
    t = await createTestApp(kind, { cache: { catalogueSeconds: 5, publicViewSeconds: 0 } });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    const at = new Date().toISOString();
    // A draft series with a free episode, and a draft free episode inside a published series.
    draftSeriesId = await insertSeries(
      t.ctx.db,
      seriesRow('Draft drama', 'draft-drama', {
        status: 'draft',
        published_at: null,
        is_trending: true,
        is_featured: true,
      }),
    );
    const episode = {
      season_id: null,
      season_number: 1,
      title: 'Unseen',
      description: '',
      thumbnail: null,
      duration: 60,
      video_url: null,
      hls_url: 'demo/series-1/ep1/master.m3u8',
      is_free: true,
      coin_cost: 0,
      position: 1,
      created_at: at,
      updated_at: at,
    };
    await t.ctx.db
      .insertInto('episodes')
      .values({ ...episode, series_id: draftSeriesId, episode_number: 1, status: 'published', published_at: at })
      .execute();
    // A series scheduled for tomorrow, with a free episode already published.
    scheduledSeriesId = await insertSeries(
      t.ctx.db,
      seriesRow('Coming soon', 'coming-soon', {
        published_at: new Date(Date.now() + 86_400_000).toISOString(),
        is_trending: true,
      }),
    );
    await t.ctx.db
      .insertInto('episodes')
      .values({ ...episode, series_id: scheduledSeriesId, episode_number: 1, status: 'published', published_at: at })
      .execute();
    const inserted = await t.ctx.db
      .insertInto('episodes')
      .values({ ...episode, series_id: 1, episode_number: 4, position: 4, status: 'draft', published_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    draftEpisodeId = inserted.id;
  });
  afterAll(() => t.close());

  const feedOf = async (session?: Session, query = ''): Promise<ForYouFeed> => {
    const answer = await call(t.app, {
      url: `/api/feed/for-you/${query}`,
      headers: session ? bearer(session.access) : {},
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    return answer.json();
  };

  /** What the stream endpoint says about each clip for this viewer: every clip must play. */
  async function expectAllPlayable(feed: ForYouFeed, session?: Session) {
    for (const clip of feed.clips) {
      const stream = await call(t.app, {
        url: `/api/episodes/${clip.episode_id}/stream/`,
        headers: session ? bearer(session.access) : {},
      });
      expect({ episode: clip.episode_id, status: stream.statusCode }).toEqual({
        episode: clip.episode_id,
        status: 200,
      });
      expect(clip.hls_url ?? clip.video_url).toBeTruthy();
    }
  }

  function expectNoDrafts(feed: ForYouFeed) {
    expect(feed.clips.map((clip) => clip.series_id)).not.toContain(draftSeriesId);
    expect(feed.clips.map((clip) => clip.series_id)).not.toContain(scheduledSeriesId);
    expect(feed.clips.map((clip) => clip.episode_id)).not.toContain(draftEpisodeId);
  }

  it('shows a visitor and a new guest only free clips that play, no drafts, trending first', async () => {
    const visitor = await feedOf();
    const guest = await signUpGuest(t.app);
    const fresh = await feedOf(guest);
    for (const [feed, session] of [
      [visitor, undefined],
      [fresh, guest],
    ] as const) {
      expect(feed.personalised).toBe(false);
      expect(feed.clips.length).toBeGreaterThanOrEqual(6);
      expect(feed.clips.every((clip) => clip.access === 'free')).toBe(true);
      expectNoDrafts(feed);
      await expectAllPlayable(feed, session);
      assertMixed(feed.clips);
    }
    // Each clip leads into its series from episode 1, which is also the series' trailer here.
    expect(fresh.clips[0]?.lead).toEqual(expect.objectContaining({ kind: 'start', position_seconds: 0 }));
    expect(fresh.clips.every((clip) => clip.is_trailer)).toBe(true);
    // With nobody watching yet, the staff's trending and featured series lead.
    expect(fresh.clips[0]?.series_id).toBe(3);
  });

  it('shows a coin viewer the episodes they unlocked, and nobody else', async () => {
    const buyer = await signUpGuest(t.app);
    const other = await signUpGuest(t.app);
    await grantCoins(t.ctx, buyer.user.id, 100);
    const [, second] = episodesOf(5);
    const unlocked = await call(t.app, {
      method: 'POST',
      url: `/api/episodes/${second}/unlock/`,
      headers: bearer(buyer.access),
    });
    expect(unlocked.statusCode).toBe(200);
    const mine = await feedOf(buyer);
    const theirs = await feedOf(other);
    expect(mine.clips.find((clip) => clip.episode_id === second)).toEqual(
      expect.objectContaining({ access: 'unlocked' }),
    );
    expect(theirs.clips.map((clip) => clip.episode_id)).not.toContain(second);
    expect(await feedOf()).not.toEqual(
      expect.objectContaining({ clips: expect.arrayContaining([expect.objectContaining({ episode_id: second })]) }),
    );
    for (const [feed, session] of [
      [mine, buyer],
      [theirs, other],
    ] as const) {
      expectNoDrafts(feed);
      await expectAllPlayable(feed, session);
      assertMixed(feed.clips);
    }
  });

  it('shows a Gold viewer paid and Gold-exclusive episodes, mixed so any 6 clips hold 3 series', async () => {
    const gold = await signUpGuest(t.app);
    expect((await subscribeGold(t.app, gold.access)).statusCode).toBeLessThan(400);
    const feed = await feedOf(gold);
    expect(feed.clips.some((clip) => clip.access === 'gold')).toBe(true);
    expect(feed.clips.some((clip) => clip.series_id === 4 && clip.episode_number > 1)).toBe(true);
    expect(feed.clips.length).toBe(30); // three clips from each of the ten series
    expectNoDrafts(feed);
    assertMixed(feed.clips);
    await expectAllPlayable(feed, gold);
  });

  it("changes a guest's feed after they finish a series: co-watched and same-category series rise", async () => {
    // Somebody else finished series 3 (thriller) and went on to watch series 7.
    const earlier = await signUpGuest(t.app);
    await call(t.app, {
      method: 'POST',
      url: `/api/episodes/${episodesOf(3)[0]}/mark-watched/`,
      headers: bearer(earlier.access),
    });
    await call(t.app, {
      method: 'PUT',
      url: `/api/episodes/${episodesOf(7)[0]}/watch-progress/`,
      headers: bearer(earlier.access),
      payload: { progress: 40, position_seconds: 36 },
    });
    const guest = await signUpGuest(t.app);
    const before = await feedOf(guest);
    // The guest finishes what they can play of series 3 (its free first episode).
    const done = await call(t.app, {
      method: 'POST',
      url: `/api/episodes/${episodesOf(3)[0]}/mark-watched/`,
      headers: bearer(guest.access),
    });
    expect(done.statusCode).toBe(200);
    const after = await feedOf(guest);
    expect(after.personalised).toBe(true);
    expect(after.clips.map((clip) => clip.series_id)).not.toEqual(before.clips.map((clip) => clip.series_id));
    // Nothing finished is offered again; the co-watched series leads; thrillers come before romances.
    expect(after.clips.map((clip) => clip.episode_id)).not.toContain(episodesOf(3)[0]);
    expect(after.clips[0]?.series_id).toBe(7);
    const thrillers = [1, 5, 7, 11];
    expect(after.clips.slice(0, 4).every((clip) => thrillers.includes(clip.series_id))).toBe(true);
    assertMixed(after.clips);
  });

  it('ranks the genre of a series the viewer likes higher in their feed', async () => {
    const guest = await signUpGuest(t.app);
    const liked = 11;
    const genreOf = async (seriesId: number) =>
      (
        await t.ctx.db.selectFrom('series_categories').select('category_id').where('series_id', '=', seriesId).execute()
      ).map((row) => row.category_id);
    const genres = new Set(await genreOf(liked));
    const sameGenre = async (clips: ForYouClip[]) => {
      const shares = await Promise.all(
        clips.map(async (clip) => (await genreOf(clip.series_id)).some((id) => genres.has(id))),
      );
      return shares.filter(Boolean).length;
    };
    const before = await feedOf(guest);
    const answer = await call(t.app, {
      method: 'PUT',
      url: `/api/series/${liked}/like/`,
      headers: bearer(guest.access),
      payload: { liked: true },
    });
    expect(answer.statusCode).toBe(200);
    const after = await feedOf(guest);
    expect(after.personalised).toBe(true);
    // The first four clips: mostly other genres before the like, all of the liked series' genre after it.
    expect(await sameGenre(before.clips.slice(0, 4))).toBeLessThan(4);
    expect(await sameGenre(after.clips.slice(0, 4))).toBe(4);
    assertMixed(after.clips);
  });

  it('offers "Continue" into a series the viewer started, at their place', async () => {
    const guest = await signUpGuest(t.app);
    const saved = await call(t.app, {
      method: 'PUT',
      url: `/api/episodes/${episodesOf(8)[0]}/watch-progress/`,
      headers: bearer(guest.access),
      payload: { progress: 50, position_seconds: 45 },
    });
    expect(saved.statusCode).toBe(200);
    const feed = await feedOf(guest);
    const clip = feed.clips.find((entry) => entry.series_id === 8);
    expect(clip?.lead).toEqual({
      kind: 'continue',
      episode_id: episodesOf(8)[0],
      episode_number: 1,
      position_seconds: 45,
    });
    // A series in progress is worth more than an untouched one.
    expect(feed.clips[0]?.series_id).toBe(8);
  });

  it('ignores viewer and ids forged in the address: the token alone says whose feed it is', async () => {
    const buyer = await signUpGuest(t.app);
    await grantCoins(t.ctx, buyer.user.id, 100);
    const [, paid] = episodesOf(11);
    expect(
      (await call(t.app, { method: 'POST', url: `/api/episodes/${paid}/unlock/`, headers: bearer(buyer.access) }))
        .statusCode,
    ).toBe(200);
    const thief = await signUpGuest(t.app);
    const plain = await feedOf(thief);
    const forged = await feedOf(
      thief,
      `?user_id=${buyer.user.id}&viewer=${buyer.user.id}&id=${buyer.user.id}&episode_id=${paid}&gold=1&series=${draftSeriesId}`,
    );
    expect(forged.clips.map((clip) => clip.episode_id)).toEqual(plain.clips.map((clip) => clip.episode_id));
    expect(forged.clips.map((clip) => clip.episode_id)).not.toContain(paid);
    expectNoDrafts(forged);
    const anonymous = await feedOf(undefined, `?user_id=${buyer.user.id}`);
    expect(anonymous.clips.map((clip) => clip.episode_id)).not.toContain(paid);
    // A forged or expired token is refused rather than treated as somebody.
    const bad = await call(t.app, {
      url: '/api/feed/for-you/',
      headers: { authorization: 'Bearer forged.token.here' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('answers 50 viewers at once, each with their own feed', async () => {
    const viewers = await Promise.all(Array.from({ length: 5 }, () => signUpGuest(t.app)));
    await call(t.app, {
      method: 'PUT',
      url: `/api/episodes/${episodesOf(12)[0]}/watch-progress/`,
      headers: bearer(viewers[0]!.access),
      payload: { progress: 30, position_seconds: 20 },
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t.app, { url: '/api/feed/for-you/', headers: bearer(viewers[i % 5]!.access) }),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(200);
      const lead = answer.json().clips.find((clip: ForYouClip) => clip.series_id === 12)?.lead.kind;
      expect(lead).toBe(i % 5 === 0 ? 'continue' : 'start');
    }
  });
});

describe.each(databaseKinds())('for-you feed trending (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
  });
  afterAll(() => t.close());

  it('leads a new guest with what many people watched lately', async () => {
    const first = (await call(t.app, { url: '/api/feed/for-you/' })).json() as ForYouFeed;
    expect(first.clips[0]?.series_id).toBe(3);
    const watchers = await Promise.all(Array.from({ length: 10 }, () => signUpGuest(t.app)));
    for (const watcher of watchers) {
      await call(t.app, {
        method: 'PUT',
        url: `/api/episodes/${episodesOf(12)[0]}/watch-progress/`,
        headers: bearer(watcher.access),
        payload: { progress: 20, position_seconds: 18 },
      });
    }
    const guest = await signUpGuest(t.app);
    const feed = (await call(t.app, { url: '/api/feed/for-you/', headers: bearer(guest.access) })).json() as ForYouFeed;
    expect(feed.personalised).toBe(false);
    expect(feed.clips[0]?.series_id).toBe(12);
  });
});

describe('mixing clips', () => {
  const clip = (seriesId: number, n: number) => ({ series_id: seriesId, episode_id: seriesId * 100 + n }) as ForYouClip;
  it('keeps at least 3 series in any 6 consecutive clips, however lopsided the scores', () => {
    const feed = mixClips([
      { score: 100, clips: [1, 2, 3, 4, 5, 6].map((n) => clip(1, n)) },
      { score: 1, clips: [1, 2, 3].map((n) => clip(2, n)) },
      { score: 0.5, clips: [1, 2, 3].map((n) => clip(3, n)) },
    ]);
    assertMixed(feed);
    expect(feed.map((entry) => entry.position)).toEqual(feed.map((_, i) => i));
    // The feed stops rather than break the mix when only one or two series have clips left.
    expect(feed.length).toBeLessThan(12);
    expect(feed[0]?.series_id).toBe(1);
  });
});
