/**
 * Viewers get an episode's subtitles inside its HLS package, through signed playback only: the master
 * lists one rendition per track, the rendition's playlist and WebVTT answer with the episode's grant,
 * and a locked episode's subtitles stay locked — no grant, a forged or expired one, or one for another
 * episode opens nothing. Episode answers list the tracks so the player can offer captions at once.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { PUBLIC_VIEWER, playbackKey, signGrant } from '../../../src/kernel/playback-grants';
import { databaseKinds } from '../../support/databases';
import { episodeIdOf, type Session, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { pathOf, writeHlsPackage } from '../../support/hls-package';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { signUpCast } from '../admin/staff-fixtures';
import { grantCoins } from '../coins/money-fixtures';

const EN = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nThe contract has one rule.\n';
const RU = '1\n00:00:01,000 --> 00:00:03,000\nВ контракте одно правило.\n';
/** Where the MPEG-TS clock of the test package starts: ffmpeg's usual 1.4 s. */
const START_PTS = 126_000;

/** One 188-byte MPEG-TS packet: a PES start with a PTS on `pid`, or the PAT when `pts` is null. */
function tsPacket(pid: number, pts: number | null): Buffer {
  const packet = Buffer.alloc(188, 0xff);
  packet.set([0x47, 0x40 | (pid >> 8), pid & 0xff, 0x10], 0);
  if (pts === null) {
    packet.set([0x00, 0x00, 0xb0, 0x0d, 0x00, 0x01, 0xc1, 0x00, 0x00], 4);
    return packet;
  }
  packet.set([0x00, 0x00, 0x01, pid === 0x100 ? 0xe0 : 0xc0, 0x00, 0x00, 0x80, 0x80, 0x05], 4);
  packet.set(
    [
      0x21 | ((pts / 2 ** 29) & 0x0e),
      (pts >> 22) & 0xff,
      ((pts >> 14) & 0xfe) | 1,
      (pts >> 7) & 0xff,
      ((pts << 1) & 0xfe) | 1,
    ],
    13,
  );
  return packet;
}

/** A package as hls-transcode.ts writes it: MPEG-TS segments whose clock starts at START_PTS. */
function writeTsPackage(root: string, dir: string): void {
  const file = (name: string, body: string | Buffer) => {
    const path = join(root, dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, body);
  };
  file(
    'master.m3u8',
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
      '#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=360x640,CODECS="avc1.4d401e,mp4a.40.2"\nv0/index.m3u8\n' +
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=540x960,CODECS="avc1.4d401f,mp4a.40.2"\nv1/index.m3u8\n',
  );
  for (const variant of ['v0', 'v1']) {
    file(
      `${variant}/index.m3u8`,
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n' +
        '#EXTINF:2.000000,\nseg_000.ts\n#EXTINF:2.000000,\nseg_001.ts\n#EXTINF:1.500000,\nseg_002.ts\n#EXT-X-ENDLIST\n',
    );
    const first = Buffer.concat([
      tsPacket(0, null),
      tsPacket(0x101, START_PTS + 960),
      tsPacket(0x100, START_PTS),
      tsPacket(0x101, START_PTS + 2880),
    ]);
    file(`${variant}/seg_000.ts`, first);
    for (const later of ['seg_001.ts', 'seg_002.ts'])
      file(`${variant}/${later}`, Buffer.concat([tsPacket(0, null), tsPacket(0x100, START_PTS + 180_000)]));
  }
}

describe.each(databaseKinds())('subtitles through signed playback (%s)', (kind) => {
  let t: TestApp;
  let clock = Date.now();
  let staff: Session;
  const ids = { free: 0, coins: 0, bare: 0, otherFree: 0 };

  beforeAll(async () => {
    t = await createTestApp(kind, { accessTokenTtlSeconds: 4 * 3600 }, { now: () => new Date(clock) });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    staff = (await signUpCast(t)).staff;
    const episodeOf = (series: number, number: number) => episodeIdOf(t.ctx, series, number);
    ids.free = await episodeOf(1, 1);
    ids.coins = await episodeOf(1, 2);
    ids.bare = await episodeOf(2, 1);
    ids.otherFree = await episodeOf(3, 1);
    const root = t.ctx.config.mediaRoot;
    writeTsPackage(root, 'demo/series-1/ep1');
    writeHlsPackage(root, 'demo/series-1/ep2');
    writeHlsPackage(root, 'demo/series-2/ep1');
    writeHlsPackage(root, 'demo/series-3/ep1');
    for (const id of [ids.free, ids.coins, ids.otherFree]) {
      for (const [language, text] of [
        ['en', EN],
        ['ru', RU],
      ]) {
        const added = await call(t.app, {
          method: 'PUT',
          url: `/api/admin/episodes/${id}/subtitles/${language}/`,
          headers: bearer(staff.access),
          payload: { text },
        });
        expect(added.statusCode).toBe(201);
      }
    }
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = Date.now();
  });

  const episode = (id: number, who?: Session) =>
    call(t.app, { url: `/api/episodes/${id}/`, headers: who ? bearer(who.access) : {} });
  const get = (address: string, method = 'GET') => call(t.app, { method, url: pathOf(address) });
  const renditions = (master: string) =>
    master
      .split('\n')
      .filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'))
      .map((line) => Object.fromEntries([...line.matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map((m) => [m[1], m[2]])));

  it('lists one subtitle rendition per track in the master, and every variant joins the group', async () => {
    const address = (await episode(ids.free)).json().hls_url as string;
    const grant = new URL(address, 'http://x.invalid').searchParams.get('t');
    const master = await get(address);
    expect(master.statusCode).toBe(200);
    expect(master.headers['cache-control']).toBe('private, no-cache');
    expect(renditions(master.body)).toEqual([
      {
        TYPE: 'SUBTITLES',
        'GROUP-ID': '"subs"',
        LANGUAGE: '"en"',
        NAME: '"English"',
        DEFAULT: 'NO',
        AUTOSELECT: 'YES',
        FORCED: 'NO',
        URI: `"subtitles/en.m3u8?t=${grant}"`,
      },
      expect.objectContaining({ LANGUAGE: '"ru"', NAME: '"Русский"', URI: `"subtitles/ru.m3u8?t=${grant}"` }),
    ]);
    const variants = master.body.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(2);
    for (const variant of variants) expect(variant).toMatch(/,SUBTITLES="subs"$/);
    // The renditions come before the variants that refer to them.
    expect(master.body.indexOf('#EXT-X-MEDIA')).toBeLessThan(master.body.indexOf('#EXT-X-STREAM-INF'));
  });

  it('serves the rendition’s playlist: one WebVTT segment as long as the episode, signed like the video', async () => {
    const address = new URL((await episode(ids.free)).json().hls_url as string, 'http://x.invalid');
    const grant = address.searchParams.get('t');
    const playlist = await get(new URL(`subtitles/en.m3u8?t=${grant}`, address).href);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('private, no-cache');
    expect(playlist.headers['access-control-allow-origin']).toBe('*');
    expect(playlist.body).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n' +
        `#EXTINF:5.500,\nen.vtt?t=${grant}\n#EXT-X-ENDLIST\n`,
    );
    const vtt = await get(new URL(`subtitles/en.vtt?t=${grant}`, address).href);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['cache-control']).toBe('private, no-cache');
    // Cue time 0 is where the package's MPEG-TS clock starts (its earliest PTS), as hls.js and Safari read it.
    expect(vtt.body).toBe(
      `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${START_PTS},LOCAL:00:00:00.000\n\n00:00:01.000 --> 00:00:03.000\nThe contract has one rule.\n`,
    );
    expect((await get(new URL(`subtitles/ru.vtt?t=${grant}`, address).href)).body).toContain(
      'В контракте одно правило.',
    );
    const head = await get(new URL(`subtitles/en.vtt?t=${grant}`, address).href, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('adds no timestamp map to a package whose segments carry no MPEG-TS clock (fMP4, encrypted)', async () => {
    const viewer = await signUpGuest(t.app);
    await grantCoins(t.ctx, viewer.user.id, 100);
    expect(
      (await call(t.app, { method: 'POST', url: `/api/episodes/${ids.coins}/unlock/`, headers: bearer(viewer.access) }))
        .statusCode,
    ).toBe(200);
    const address = new URL((await episode(ids.coins, viewer)).json().hls_url as string, 'http://x.invalid');
    const grant = address.searchParams.get('t');
    const vtt = await get(new URL(`subtitles/en.vtt?t=${grant}`, address).href);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body.startsWith('WEBVTT\n\n00:00:01.000')).toBe(true);
    // The test package lists one 2-second segment.
    expect((await get(new URL(`subtitles/en.m3u8?t=${grant}`, address).href)).body).toContain('#EXTINF:2.000,');
  });

  it('leaves the master of an episode without subtitles as it is', async () => {
    const master = await get((await episode(ids.bare)).json().hls_url as string);
    expect(master.statusCode).toBe(200);
    expect(master.body).not.toContain('#EXT-X-MEDIA');
    expect(master.body).not.toContain('SUBTITLES=');
  });

  it('keeps a locked episode’s subtitles locked: no grant, a public one, a forged one or an expired one', async () => {
    const key = playbackKey(t.ctx.config.jwtSecret);
    const now = Math.floor(clock / 1000);
    const viewer = await signUpGuest(t.app);
    const valid = signGrant(key, { episodeId: ids.coins, viewer: viewer.user.id, expires: now + 600 });
    const [who, expires, mac] = valid.split('.') as [string, string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const base = `/media/play/${ids.coins}/subtitles`;
    const grants: Array<[string, string]> = [
      ['no grant', ''],
      ['an empty grant', '?t='],
      ['a public grant', `?t=${signGrant(key, { episodeId: ids.coins, viewer: PUBLIC_VIEWER, expires: now + 600 })}`],
      ['a tampered signature', `?t=${who}.${expires}.${flipped}`],
      ['a later expiry', `?t=${who}.${Number(expires) + 600}.${mac}`],
      ['an expired grant', `?t=${signGrant(key, { episodeId: ids.coins, viewer: viewer.user.id, expires: now - 1 })}`],
    ];
    for (const [why, query] of grants) {
      for (const file of ['en.m3u8', 'en.vtt', 'ru.vtt']) {
        const refused = await call(t.app, { url: `${base}/${file}${query}` });
        expect({ why, file, status: refused.statusCode }).toEqual({ why, file, status: 403 });
        expect(refused.body).not.toContain('contract');
      }
    }
  });

  it('opens no other episode’s subtitles with a free episode’s grant', async () => {
    const address = new URL((await episode(ids.free)).json().hls_url as string, 'http://x.invalid');
    const grant = address.searchParams.get('t');
    for (const other of [ids.coins, ids.otherFree]) {
      for (const file of ['en.m3u8', 'en.vtt']) {
        const guessed = await call(t.app, { url: `/media/play/${other}/subtitles/${file}?t=${grant}` });
        expect(guessed.statusCode).toBe(403);
        expect(guessed.json().message).toMatch(/not valid for this episode/);
      }
    }
  });

  it('stops a grant at its expiry for subtitles as for the video', async () => {
    const address = new URL((await episode(ids.free)).json().hls_url as string, 'http://x.invalid');
    const grant = address.searchParams.get('t') as string;
    const vtt = `/media/play/${ids.free}/subtitles/en.vtt?t=${grant}`;
    expect((await call(t.app, { url: vtt })).statusCode).toBe(200);
    clock = Number(grant.split('.')[1]) * 1000 + 1;
    const late = await call(t.app, { url: vtt });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(/expired/);
  });

  it('answers 404 for a language the episode has no track in, or that is not a language', async () => {
    const address = new URL((await episode(ids.free)).json().hls_url as string, 'http://x.invalid');
    const grant = address.searchParams.get('t');
    for (const file of [
      'de.m3u8',
      'de.vtt',
      'EN.vtt',
      'en.m3u8.vtt',
      'en.vtt.m3u8',
      '%2e%2e.vtt',
      '..%2fmaster.m3u8',
      '..%2F..%2Fseries-1%2Fep1%2Fmaster.m3u8',
      'en%2f..%2f..%2fmaster.m3u8',
      'en.txt',
      'en',
    ]) {
      const missing = await call(t.app, { url: `/media/play/${ids.free}/subtitles/${file}?t=${grant}` });
      expect({ file, status: missing.statusCode }).toEqual({ file, status: 404 });
    }
  });

  it('lists an episode’s tracks in its answer, locked or not, and follows staff changes', async () => {
    const expected = [
      { language: 'en', label: 'English' },
      { language: 'ru', label: 'Русский' },
    ];
    expect((await episode(ids.free)).json().subtitles).toEqual(expected);
    const locked = (await episode(ids.coins)).json();
    expect(locked.hls_url).toBeNull();
    expect(locked.subtitles).toEqual(expected);
    expect((await episode(ids.bare)).json().subtitles).toEqual([]);
    const listed = await call(t.app, { url: '/api/episodes/?series=1' });
    expect(listed.json().results.find((e: { id: number }) => e.id === ids.free).subtitles).toEqual(expected);

    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/admin/episodes/${ids.free}/subtitles/ru/`,
      headers: bearer(staff.access),
    });
    expect(removed.statusCode).toBe(204);
    expect((await episode(ids.free)).json().subtitles).toEqual([expected[0]]);
    const address = (await episode(ids.free)).json().hls_url as string;
    const master = await get(address);
    expect(renditions(master.body).map((rendition) => rendition.LANGUAGE)).toEqual(['"en"']);
    const grant = new URL(address, 'http://x.invalid').searchParams.get('t');
    expect((await call(t.app, { url: `/media/play/${ids.free}/subtitles/ru.vtt?t=${grant}` })).statusCode).toBe(404);
  });
});
