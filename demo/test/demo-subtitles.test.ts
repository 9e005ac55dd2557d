/**
 * Every demo episode can be watched with English or Russian subtitles: a few lines of its story,
 * spread over its running time between the title screen and the credits, written with the catalogue.
 */

import { parseSubtitles } from '../../api/src/domains/subtitles/subtitle-text';
import { databaseKinds } from '../../api/test/support/databases';
import { call } from '../../api/test/support/http';
import { createTestApp, type TestApp } from '../../api/test/support/test-app';
import type { DemoCatalogue } from '../src/demo-catalogue.types';
import { DEMO_SERIES } from '../src/demo-script';
import { DEMO_SUBTITLE_LINES, demoSubtitleVtt, seedDemoSubtitles } from '../src/demo-subtitles';
import { seedDemoCatalogue } from '../src/seed-demo-catalogue';

const CYRILLIC = /[А-Яа-яЁё]/;

describe('the demo subtitles as written', () => {
  it('have lines for every episode of every demo series, and for nothing else', () => {
    expect(Object.keys(DEMO_SUBTITLE_LINES).sort()).toEqual(DEMO_SERIES.map((series) => series.slug).sort());
    for (const series of DEMO_SERIES) {
      expect([series.slug, DEMO_SUBTITLE_LINES[series.slug]?.length]).toEqual([series.slug, series.episodes.length]);
    }
  });

  it('give each episode a few lines in English and in Russian', () => {
    for (const [slug, episodes] of Object.entries(DEMO_SUBTITLE_LINES)) {
      for (const [index, lines] of episodes.entries()) {
        const where = `${slug} #${index + 1}`;
        expect([where, lines.length >= 3]).toEqual([where, true]);
        for (const [en, ru] of lines) {
          expect([where, en, CYRILLIC.test(en)]).toEqual([where, en, false]);
          expect([where, ru, CYRILLIC.test(ru)]).toEqual([where, ru, true]);
          // One caption line fits a phone held upright.
          expect([where, en.length <= 64, ru.length <= 64]).toEqual([where, true, true]);
        }
      }
    }
  });

  it.each([60, 62, 90, 118, 120])(
    'spread over a %i-second episode between the title screen and the credits',
    (seconds) => {
      const lines = DEMO_SUBTITLE_LINES['midnight-vows']?.[0] ?? [];
      for (const language of ['en', 'ru'] as const) {
        const parsed = parseSubtitles(demoSubtitleVtt(lines, language, seconds));
        if (!parsed.ok) throw new Error(parsed.message);
        expect(parsed.cues).toHaveLength(lines.length);
        const first = parsed.cues[0];
        const last = parsed.cues.at(-1);
        expect(first?.startMs).toBeGreaterThanOrEqual(2_000);
        expect(first?.startMs).toBeLessThanOrEqual(5_000);
        expect(last?.endMs).toBeLessThanOrEqual((seconds - 8) * 1000);
        expect(last?.endMs).toBeGreaterThanOrEqual((seconds - 12) * 1000);
        for (const [index, cue] of parsed.cues.entries()) {
          expect(cue.endMs - cue.startMs).toBeGreaterThanOrEqual(2_000);
          if (index > 0) expect(cue.startMs).toBeGreaterThanOrEqual(parsed.cues[index - 1]?.endMs as number);
        }
      }
    },
  );
});

/** The demo catalogue as the seed gets it, without media on disk. */
function demoCatalogue(): DemoCatalogue {
  return {
    version: 1,
    categories: [],
    series: DEMO_SERIES.map((series) => ({
      ...series,
      posterPath: `demo/${series.slug}/poster.webp`,
      coverPath: `demo/${series.slug}/cover.webp`,
      bannerPath: `demo/${series.slug}/banner.webp`,
      sliderPath: `demo/${series.slug}/slider.webp`,
      episodes: series.episodes.map((episode, index) => ({
        ...episode,
        episodeNumber: index + 1,
        seasonNumber: 1,
        durationSeconds: 62 + index * 8,
        creditsStartSeconds: 54 + index * 8,
        isFree: index < 3,
        coinCost: index < 3 ? 0 : 5,
        hlsPath: `demo/${series.slug}/ep${index + 1}/master.m3u8`,
        videoPath: null,
        thumbnailPath: `demo/${series.slug}/ep${index + 1}/thumb.jpg`,
        posterPath: `demo/${series.slug}/ep${index + 1}/poster.jpg`,
      })),
    })),
  };
}

describe.each(databaseKinds())('the demo seed writes the subtitles (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('gives every demo episode an English and a Russian track, once', async () => {
    const seeded = await seedDemoCatalogue(t.ctx, demoCatalogue());
    expect(seeded.episodeCount).toBe(96);
    const tracks = await t.ctx.db.selectFrom('episode_subtitles').select(['language', 'label', 'cues']).execute();
    expect(tracks).toHaveLength(192);
    expect(new Set(tracks.map((track) => `${track.language} ${track.label}`))).toEqual(
      new Set(['en English', 'ru Русский']),
    );
    expect(tracks.every((track) => track.cues === 3)).toBe(true);
    expect(await seedDemoSubtitles(t.ctx.db, new Date().toISOString())).toBe(0);

    const first = await t.ctx.db
      .selectFrom('episodes')
      .innerJoin('series', 'series.id', 'episodes.series_id')
      .select('episodes.id')
      .where('series.slug', '=', 'midnight-vows')
      .where('episodes.episode_number', '=', 1)
      .executeTakeFirstOrThrow();
    const answer = (await call(t.app, { url: `/api/episodes/${first.id}/` })).json();
    expect(answer.subtitles).toEqual([
      { language: 'en', label: 'English' },
      { language: 'ru', label: 'Русский' },
    ]);
    const russian = await t.ctx.db
      .selectFrom('episode_subtitles')
      .select('vtt')
      .where('episode_id', '=', first.id)
      .where('language', '=', 'ru')
      .executeTakeFirstOrThrow();
    expect(russian.vtt).toContain('Подпишите на год — и все долги исчезнут.');
  });
});
