/**
 * Paid content stays paid: the video of a locked episode plays only through an address signed for a
 * viewer who may watch it, for that episode, until it expires; nothing public leads to it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import {
  PLAYBACK_STEP_SECONDS,
  PLAYBACK_TTL_SECONDS,
  PUBLIC_VIEWER,
  playbackKey,
  signGrant,
} from '../../../src/kernel/playback-grants';
import { databaseKinds } from '../../support/databases';
import { episodeIdOf, type Session, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { pathOf, playlistChildren, SEGMENT_BYTES, writeHlsPackage } from '../../support/hls-package';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { grantCoins } from '../coins/money-fixtures';

const SEGMENT = SEGMENT_BYTES;
const writePackage = writeHlsPackage;

const childrenOf = playlistChildren;

describe.each(databaseKinds())('signed playback (%s)', (kind) => {
  let t: TestApp;
  let clock = Date.now();
  /** Episode ids by the kind of lock. */
  const ids = { free: 0, coins: 0, gold: 0, upload: 0, legacy: 0 };
  let staffThumb = '';

  beforeAll(async () => {
    // Sessions outlive the playback grants here, so a viewer can ask again after one expired.
    t = await createTestApp(kind, { accessTokenTtlSeconds: 4 * 3600 }, { now: () => new Date(clock) });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    const episodeOf = (series: number, number: number) => episodeIdOf(t.ctx, series, number);
    ids.free = await episodeOf(1, 1);
    ids.coins = await episodeOf(1, 2);
    ids.gold = await episodeOf(4, 2);
    ids.upload = await episodeOf(2, 3);
    ids.legacy = await episodeOf(3, 2);
    const root = t.ctx.config.mediaRoot;
    for (const [series, number] of [
      [1, 1],
      [1, 2],
      [4, 2],
    ] as const)
      writePackage(root, `demo/series-${series}/ep${number}`);
    // A staff upload as the pipeline stores it now: video under an unguessable folder, images apart.
    const uuid = '6f1c7c52-0b4e-4f7e-9a51-2a54c4f1e0aa';
    writePackage(root, `library/videos/${uuid}`);
    staffThumb = '/media/library/images/0b8f3c1e-4a52-4c33-9d1e-5a0e6f7d8c9b.jpg';
    mkdirSync(join(root, 'library', 'images'), { recursive: true });
    writeFileSync(join(root, staffThumb.slice('/media/'.length)), Buffer.from('jpeg'));
    await t.ctx.db
      .updateTable('episodes')
      .set({ hls_url: `/media/library/videos/${uuid}/master.m3u8`, thumbnail: staffThumb })
      .where('id', '=', ids.upload)
      .execute();
    // An upload from before: its package and thumbnail share a folder with a sequential id.
    writePackage(root, 'library/videos/7/hls-3');
    await t.ctx.db
      .updateTable('episodes')
      .set({
        hls_url: '/media/library/videos/7/hls-3/master.m3u8',
        thumbnail: '/media/library/videos/7/hls-3/thumb.jpg',
      })
      .where('id', '=', ids.legacy)
      .execute();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = Date.now();
  });

  const episode = (id: number, who?: Session) =>
    call(t.app, { url: `/api/episodes/${id}/`, headers: who ? bearer(who.access) : {} });
  const stream = (id: number, who?: Session) =>
    call(t.app, { url: `/api/episodes/${id}/stream/`, headers: who ? bearer(who.access) : {} });
  const get = (address: string, headers: Record<string, string> = {}) => call(t.app, { url: pathOf(address), headers });

  /** Plays an address the way hls.js does: master, every variant, every child of the first variant. */
  async function playsFully(master: string): Promise<void> {
    const top = await get(master);
    expect(top.statusCode).toBe(200);
    expect(top.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const base = new URL(master, 'http://x.invalid');
    const variants = childrenOf(top.body).map((child) => new URL(child, base));
    expect(variants).toHaveLength(2);
    for (const variant of variants) {
      expect(variant.searchParams.get('t')).toBe(base.searchParams.get('t'));
      const list = await get(variant.href);
      expect(list.statusCode).toBe(200);
      const children = childrenOf(list.body).map((child) => new URL(child, variant));
      expect(children.map((c) => c.pathname.split('/').pop())).toEqual(['key.key', 'init.mp4', 'seg_000.ts']);
      for (const child of children) {
        expect(child.searchParams.get('t')).toBe(base.searchParams.get('t'));
        expect((await get(child.href)).statusCode).toBe(200);
      }
      const segment = await get(children[2]?.href as string);
      expect(segment.rawPayload.equals(SEGMENT)).toBe(true);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
  }

  /** The signed master address an entitled viewer is given, from the episode answer and the stream answer. */
  async function entitledAddress(id: number, who: Session): Promise<string> {
    const answer = (await episode(id, who)).json();
    expect(answer.is_unlocked).toBe(true);
    const streamed = await stream(id, who);
    expect(streamed.statusCode).toBe(200);
    expect(streamed.json().hls_url).toBe(answer.hls_url);
    expect(Date.parse(streamed.json().expires_at)).toBeGreaterThan(clock + (PLAYBACK_TTL_SECONDS - 1) * 1000);
    expect(answer.hls_url).toMatch(
      new RegExp(`/media/play/${id}/master\\.m3u8\\?t=${who.user.id}\\.\\d+\\.[\\w-]{22}$`),
    );
    return answer.hls_url;
  }

  async function entitle(lock: keyof typeof ids, who: Session) {
    if (lock === 'gold') {
      await t.ctx.db
        .updateTable('users')
        .set({ gold_until: new Date(clock + 86_400_000).toISOString() })
        .where('id', '=', who.user.id)
        .execute();
    } else {
      // Unlocked with coins through the API, as a viewer does.
      await grantCoins(t.ctx, who.user.id, 100);
      const unlocked = await call(t.app, {
        method: 'POST',
        url: `/api/episodes/${ids[lock]}/unlock/`,
        headers: bearer(who.access),
      });
      expect(unlocked.statusCode).toBe(200);
    }
  }

  it.each(['coins', 'gold', 'upload', 'legacy'] as const)(
    'a %s episode plays only for a viewer who may watch it, before and after unlocking',
    async (lock) => {
      const id = ids[lock];
      const viewer = await signUpGuest(t.app);
      const other = await signUpGuest(t.app);
      // Nobody who may not watch is given an address: anonymous, a guest, the viewer before unlocking.
      for (const who of [undefined, other, viewer]) {
        expect((await episode(id, who)).json().hls_url).toBeNull();
        expect((await stream(id, who)).statusCode).toBe(403);
      }
      // The bare package path is not served, signed or not.
      expect((await call(t.app, { url: `/media/play/${id}/master.m3u8` })).statusCode).toBe(403);
      expect((await call(t.app, { url: `/media/play/${id}/v0/seg_000.ts` })).statusCode).toBe(403);

      await entitle(lock, viewer);
      const master = await entitledAddress(id, viewer);
      await playsFully(master);
      // Still nothing for the others.
      expect((await episode(id, other)).json().hls_url).toBeNull();
      expect((await stream(id, other)).statusCode).toBe(403);
    },
  );

  it('refuses a missing, expired, tampered or foreign signature with 403 and a message', async () => {
    const viewer = await signUpGuest(t.app);
    await entitle('coins', viewer);
    const master = new URL(await entitledAddress(ids.coins, viewer), 'http://x.invalid');
    const token = master.searchParams.get('t') as string;
    const [who, expires, mac] = token.split('.') as [string, string, string];
    const segment = `/media/play/${ids.coins}/v0/seg_000.ts`;
    expect((await call(t.app, { url: `${segment}?t=${token}` })).statusCode).toBe(200);

    const key = playbackKey(t.ctx.config.jwtSecret);
    const otherViewer = await signUpGuest(t.app);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const refused: Array<[string, string]> = [
      ['missing', segment],
      ['empty', `${segment}?t=`],
      ['garbage', `${segment}?t=hello`],
      ['two tokens', `${segment}?t=${token}&t=${token}`],
      ['tampered signature', `${segment}?t=${who}.${expires}.${flipped}`],
      ['expiry moved later', `${segment}?t=${who}.${Number(expires) + PLAYBACK_STEP_SECONDS}.${mac}`],
      ['made public', `${segment}?t=${PUBLIC_VIEWER}.${expires}.${mac}`],
      ['another viewer', `${segment}?t=${otherViewer.user.id}.${expires}.${mac}`],
      ['another episode', `/media/play/${ids.gold}/v0/seg_000.ts?t=${token}`],
      ['another episode (free)', `/media/play/${ids.free}/v0/seg_000.ts?t=${token}`],
      [
        'expired',
        `${segment}?t=${signGrant(key, { episodeId: ids.coins, viewer: viewer.user.id, expires: Math.floor(clock / 1000) - 1 })}`,
      ],
      [
        'public grant for a paid episode',
        `${segment}?t=${signGrant(key, { episodeId: ids.coins, viewer: PUBLIC_VIEWER, expires: Math.floor(clock / 1000) + 600 })}`,
      ],
      [
        'signed with another key',
        `${segment}?t=${signGrant(playbackKey('another-secret-another-secret-another'), { episodeId: ids.coins, viewer: viewer.user.id, expires: Number(expires) })}`,
      ],
    ];
    for (const [why, url] of refused) {
      const response = await call(t.app, { url });
      expect({ why, status: response.statusCode }).toEqual({ why, status: 403 });
      expect(response.json().message).toMatch(/Open (the episode|it) again/);
      // Players on other origins must be able to read the refusal to ask for a new address.
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }

    // The same address dies once its time is up.
    clock = Number(expires) * 1000 + 1;
    const late = await call(t.app, { url: `${segment}?t=${token}` });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(/expired/);
    // …and the viewer, asking again, gets a fresh one that plays.
    const fresh = (await stream(ids.coins, viewer)).json().hls_url as string;
    expect(fresh).not.toBe(master.pathname + master.search);
    await playsFully(fresh);
  });

  it('chooses an expiry that covers a binge and is the same address for ten minutes', async () => {
    const viewer = await signUpGuest(t.app);
    await entitle('coins', viewer);
    const step = PLAYBACK_STEP_SECONDS * 1000;
    const windowStart = Math.ceil(Date.now() / step) * step;
    clock = windowStart + 5_000;
    const first = (await stream(ids.coins, viewer)).json();
    clock = windowStart + step - 5_000;
    const again = (await stream(ids.coins, viewer)).json();
    expect(again.hls_url).toBe(first.hls_url);
    // An hour, rounded up to the next ten minutes.
    expect(first.expires_at).toBe(new Date(windowStart + PLAYBACK_TTL_SECONDS * 1000 + step).toISOString());
    clock = windowStart + step + 5_000;
    expect((await stream(ids.coins, viewer)).json().hls_url).not.toBe(first.hls_url);
  });

  it('closes a free episode’s public address as soon as staff put a price on it', async () => {
    const free = (await episode(ids.free)).json().hls_url as string;
    expect(free).toMatch(/\?t=0\./);
    await playsFully(free);
    await t.ctx.db.updateTable('episodes').set({ is_free: false, coin_cost: 15 }).where('id', '=', ids.free).execute();
    try {
      const refused = await get(free);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/no longer free/);
      expect((await episode(ids.free)).json().hls_url).toBeNull();
    } finally {
      await t.ctx.db.updateTable('episodes').set({ is_free: true, coin_cost: 0 }).where('id', '=', ids.free).execute();
    }
  });

  it('answers byte ranges of a signed segment, and nothing outside the package or of another kind', async () => {
    const free = new URL((await episode(ids.free)).json().hls_url as string, 'http://x.invalid');
    const t0 = free.searchParams.get('t');
    const ranged = await call(t.app, {
      url: `/media/play/${ids.free}/v0/seg_000.ts?t=${t0}`,
      headers: { range: 'bytes=2-5' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('2345');
    for (const path of [
      '..%2f..%2fseries-4%2fep2%2fmaster.m3u8',
      'v0/..%2f..%2f..%2fseries-4/ep2/master.m3u8',
      '%2e%2e/ep2/master.m3u8',
      'thumb.jpg',
      'nothing.ts',
      '.hidden.ts',
    ]) {
      const response = await call(t.app, { url: `/media/play/${ids.free}/${path}?t=${t0}` });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
    }
    for (const id of ['0', 'abc', '99999999999', '2147483648']) {
      expect((await call(t.app, { url: `/media/play/${id}/master.m3u8?t=${t0}` })).statusCode).toBe(404);
    }
  });

  it('hands out no public image from which a video address can be derived', async () => {
    // Every image address the API gives anybody: series, episodes, the feed's covers.
    const guest = await signUpGuest(t.app);
    const images = new Set<string>();
    const collect = (value: unknown) => {
      if (typeof value === 'string' && /\.(jpe?g|png|webp)$/i.test(value))
        images.add(new URL(value, 'http://x.invalid').pathname);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const series of [1, 2, 3, 4]) {
      collect((await call(t.app, { url: `/api/series/${series}/` })).json());
      collect((await call(t.app, { url: `/api/series/${series}/episodes/`, headers: bearer(guest.access) })).json());
    }
    collect((await call(t.app, { url: '/api/series/?limit=100' })).json());
    collect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/feed-api/feed/categories/',
          headers: bearer(guest.access),
          payload: { id: guest.user.id },
        })
      ).json(),
    );
    expect(images).toContain(staffThumb);
    expect(images).toContain('/media/library/videos/7/hls-3/thumb.jpg');
    expect(images).toContain('/media/demo/series-1/ep2/thumb.jpg');

    const videoNames = [
      'master.m3u8',
      'index.m3u8',
      'v0/index.m3u8',
      'v1/index.m3u8',
      'v0/seg_000.ts',
      'v0/init.mp4',
      'key.key',
      'video.mp4',
    ];
    let tried = 0;
    for (const image of images) {
      // Siblings, the parent folder's, and neighbouring numbered folders.
      const dir = image.slice(0, image.lastIndexOf('/'));
      const dirs = [dir, dir.slice(0, dir.lastIndexOf('/'))];
      const numbered = /\/(\d+)(\/|$)/.exec(dir);
      if (numbered) {
        for (const n of [Number(numbered[1]) - 1, Number(numbered[1]) + 1])
          dirs.push(dir.replace(/\/\d+(\/|$)/, `/${n}$1`));
      }
      dirs.push(dir.replace(/\/hls-\d+$/, '/hls-1'));
      for (const base of dirs) {
        for (const name of videoNames) {
          for (const suffix of ['', '?w=360']) {
            const response = await call(t.app, { url: `${base}/${name}${suffix}` });
            tried += 1;
            expect({ url: `${base}/${name}${suffix}`, status: response.statusCode }).toEqual({
              url: `${base}/${name}${suffix}`,
              status: 404,
            });
          }
        }
      }
      // The image itself stays public.
      expect((await call(t.app, { url: image })).statusCode).not.toBe(403);
    }
    expect(tried).toBeGreaterThan(100);
  });

  it('gives the feed API signed links for what the viewer may play and none for locked clips', async () => {
    const guest = await signUpGuest(t.app);
    const detail = (
      await call(t.app, {
        method: 'POST',
        url: '/feed-api/series/detail/',
        headers: bearer(guest.access),
        payload: { id: guest.user.id, series_id: 1 },
      })
    ).json();
    const [first, second] = detail.data.fragments as Array<{ videoLink: string; locked: number }>;
    expect(second).toEqual(expect.objectContaining({ locked: 1, videoLink: '' }));
    expect(first?.locked).toBe(0);
    await playsFully(first?.videoLink as string);
  });
});
