import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpeg } from '../../api/src/domains/media/ffmpeg';
import { type Cast, signUpCast } from '../../api/test/domains/admin/staff-fixtures';
import { databaseKinds } from '../../api/test/support/databases';
import { callAs } from '../../api/test/support/http';
import { createTestApp, type TestApp } from '../../api/test/support/test-app';
import {
  DEMO_CATALOGUE_INCOMPLETE,
  DEMO_CATALOGUE_READY,
  type DemoCatalogueOptions,
  runDemoCatalogue,
} from '../src/demo-catalogue-run';
import { DEMO_SCRIPT, type DemoScript } from '../src/demo-script';
import { type EpisodeShape, parseMediaPlaylist } from '../src/generate-demo-media';

/** Three series of two short episodes (16–20 s); the featured one (the home screen's first) is second in the script. */
const [featured, plain, other] = [DEMO_SCRIPT.series[0], DEMO_SCRIPT.series[2], DEMO_SCRIPT.series[4]];
const script: DemoScript = {
  categories: DEMO_SCRIPT.categories,
  series: [
    { ...plain, isFeatured: false, episodes: plain.episodes.slice(0, 2) },
    { ...featured, isFeatured: true, episodes: featured.episodes.slice(0, 2) },
    { ...other, isFeatured: false, episodes: other.episodes.slice(0, 2) },
  ],
};
const shape: EpisodeShape = {
  openingSeconds: 2,
  bodyClipSeconds: 2,
  bodyClips: 2,
  outroSeconds: 2,
  // Long enough for the demo subtitles' three lines, from a reel of 10 s.
  minSeconds: 16,
  maxSeconds: 20,
};

describe.each(databaseKinds())('the demo catalogue made in the background (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let dir: string;
  let ffmpegCalls: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cast = await signUpCast(t);
    dir = mkdtempSync(join(tmpdir(), 'demo-run-'));
    ffmpegCalls = join(dir, 'ffmpeg-calls.log');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** An ffmpeg that notes each run, and fails every run for `broken` (a series slug) when given. */
  function ffmpeg(broken?: string): string {
    const file = join(dir, broken ? `ffmpeg-broken-${broken}` : 'ffmpeg-counting');
    const fail = broken ? `case "$*" in *"/${broken}/"*) echo "Invalid data found" >&2; exit 1;; esac\n` : '';
    writeFileSync(file, `#!/bin/sh\necho "$*" >> '${ffmpegCalls}'\n${fail}exec '${resolveFfmpeg()}' "$@"\n`);
    chmodSync(file, 0o755);
    return file;
  }

  async function run(options: Partial<DemoCatalogueOptions> = {}) {
    const lines: string[] = [];
    const demo = runDemoCatalogue(t.ctx, {
      mediaRoot: join(dir, 'media'),
      script,
      shape,
      log: (line) => lines.push(line),
      ...options,
    });
    return { demo, lines };
  }

  const publishedSlugs = async () =>
    (await t.ctx.db.selectFrom('series').select('slug').orderBy('id').execute()).map((row) => row.slug);

  /** Every episode of every published series plays: its playlists and segments are all on disk. */
  async function expectPublishedSeriesPlayable() {
    const episodes = await t.ctx.db.selectFrom('episodes').select(['hls_url', 'series_id']).execute();
    for (const { hls_url } of episodes) {
      const master = join(dir, 'media', (hls_url as string).replace(/^\/media\//, ''));
      const variant = join(master, '..', 'v0', 'index.m3u8');
      for (const segment of parseMediaPlaylist(readFileSync(variant, 'utf8')))
        await access(join(variant, '..', segment.uri));
    }
  }

  const progress = async (session = cast.staff) => callAs(t.app, session.access, { url: '/api/admin/demo-catalogue/' });

  it('publishes the home screen’s series first and alone, and stops cleanly when the server stops', async () => {
    const stop = new AbortController();
    const { demo, lines } = await run({ signal: stop.signal });
    await demo.first;
    expect(await publishedSlugs()).toEqual([featured.slug]);
    stop.abort(new Error('SIGTERM received'));
    await demo.finished;
    // Nothing half-made was published after the stop, and the stop is no failure.
    expect(await publishedSlugs()).toEqual([featured.slug]);
    expect(lines.join('\n')).not.toMatch(/could not be made/);
    await expectPublishedSeriesPlayable();
    expect((await progress()).json()).toEqual({ total: 3, ready: 1, failed: [] });
  }, 120_000);

  it('reports a series that cannot be made, in the log and to staff, and publishes the others', async () => {
    const { demo, lines } = await run({ ffmpegPath: ffmpeg(other.slug) });
    await demo.finished;
    expect(await publishedSlugs()).toEqual([featured.slug, plain.slug]);
    await expectPublishedSeriesPlayable();
    // The broken series left nothing behind in the catalogue.
    const orphans = await t.ctx.db.selectFrom('episodes').select('id').where('series_id', 'not in', [1, 2]).execute();
    expect(orphans).toEqual([]);
    expect(lines).toContain(`demo catalogue: 2 of 3 series ready (${plain.title})`);
    expect(lines.find((line) => line.includes('could not be made'))).toMatch(/Invalid data found/);
    expect(lines.at(-1)).toMatch(new RegExp(`^${DEMO_CATALOGUE_INCOMPLETE}: 2 of 3 series ready, 1 could not be made`));
    const answer = await progress();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      total: 3,
      ready: 2,
      failed: [{ slug: other.slug, title: other.title, message: expect.stringContaining('Invalid data found') }],
    });
    expect((await progress(cast.viewer)).statusCode).toBe(403);
  }, 180_000);

  it('resumes at the next start: makes only what is missing and publishes it, then says the catalogue is ready', async () => {
    rmSync(ffmpegCalls, { force: true });
    const { demo, lines } = await run({ ffmpegPath: ffmpeg() });
    await demo.finished;
    // One encode: the failed series' reel. What was made before is reused, not made again.
    const calls = readFileSync(ffmpegCalls, 'utf8').trim().split('\n');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain(`/${other.slug}/`);
    expect(await publishedSlugs()).toEqual([featured.slug, plain.slug, other.slug]);
    await expectPublishedSeriesPlayable();
    expect(lines.at(-1)).toMatch(new RegExp(`^${DEMO_CATALOGUE_READY}: 3 series`));
    expect((await progress()).json()).toEqual({ total: 3, ready: 3, failed: [] });
  }, 180_000);

  it('changes nothing at a later start, and never brings back a series staff deleted', async () => {
    expect((await callAs(t.app, cast.staff.access, { method: 'DELETE', url: '/api/admin/series/2/' })).statusCode).toBe(
      200,
    );
    rmSync(ffmpegCalls, { force: true });
    const { demo, lines } = await run({ ffmpegPath: ffmpeg() });
    await demo.finished;
    expect(await publishedSlugs()).toEqual([featured.slug, plain.slug, other.slug]);
    const deleted = await t.ctx.db.selectFrom('series').select('deleted_at').where('id', '=', 2).executeTakeFirst();
    expect(deleted?.deleted_at).not.toBeNull();
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^${DEMO_CATALOGUE_READY}: 3 series`))]);
    expect(() => readFileSync(ffmpegCalls)).toThrow();
  }, 60_000);
});
