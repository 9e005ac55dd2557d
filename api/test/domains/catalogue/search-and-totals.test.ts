/**
 * Search matches the start of words (issue #16): "heir" finds "Heiress" and "the heir", never "their";
 * every word of a query has to match. A series' own answer adds up its episodes honestly.
 */
import { insertSeries } from '../../../src/domains/catalogue/catalogue.repository';
import { databaseKinds } from '../../support/databases';
import { PUBLISHED_LONG_AGO, seriesRow } from '../../support/fixtures';
import { call } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

interface EpisodeFields {
  number: number;
  title?: string;
  description?: string;
  duration?: number;
  isFree?: boolean;
  coinCost?: number;
  status?: 'draft' | 'published';
}

describe.each(databaseKinds())('search by word starts and series totals (%s)', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  async function addEpisodes(seriesId: number, episodes: EpisodeFields[]) {
    const at = new Date().toISOString();
    for (const e of episodes) {
      await t.ctx.db
        .insertInto('episodes')
        .values({
          series_id: seriesId,
          season_id: null,
          season_number: 1,
          episode_number: e.number,
          title: e.title ?? `Episode ${e.number}`,
          description: e.description ?? '',
          thumbnail: null,
          duration: e.duration ?? 60,
          video_url: null,
          hls_url: null,
          is_free: e.isFree ?? false,
          coin_cost: e.coinCost ?? 0,
          position: e.number,
          ...(e.status === 'draft' ? { status: 'draft', published_at: null } : PUBLISHED_LONG_AGO),
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const add = async (key: string, title: string, fields: Parameters<typeof seriesRow>[2] = {}) => {
      ids[key] = await insertSeries(t.ctx.db, seriesRow(title, key, fields));
    };
    await add('heiress', 'The Secret Heiress', { description: 'A quiet waitress learns who she is.' });
    await add('their', 'Their Last Summer', { description: 'Two friends and their promise.' });
    await add('tagged', 'Harbour Lights', { tags: JSON.stringify(['heirloom', 'seaside']) });
    await add('described', 'Quiet Storm', { description: 'The (heir) to a shipping empire runs away.' });
    await add('draft', 'Heir of the Draft', { status: 'draft', published_at: null });
    await add('priced', 'Counted Nights', { description: 'Every minute adds up.' });
    await add('gold', 'Gold Velvet', { is_gold_exclusive: true });
    await addEpisodes(ids.priced as number, [
      { number: 1, duration: 95, isFree: true },
      { number: 2, duration: 80, coinCost: 0 },
      { number: 3, duration: 61, coinCost: 12 },
      { number: 4, duration: 124, coinCost: 15, title: 'The heirloom ring' },
      { number: 5, duration: 300, coinCost: 99, status: 'draft' },
    ]);
    await addEpisodes(ids.gold as number, [
      { number: 1, duration: 90, isFree: true },
      { number: 2, duration: 90, coinCost: 20 },
      { number: 3, duration: 90, coinCost: 20 },
    ]);
  });
  afterAll(() => t.close());

  const search = async (q: string) => (await call(t.app, { url: `/api/search/?q=${encodeURIComponent(q)}` })).json();
  const seriesIds = (answer: { series: Array<{ id: number }> }) => answer.series.map((s) => s.id).sort((a, b) => a - b);

  it('"heir" matches words starting with heir in titles, tags and descriptions, never "their"', async () => {
    const found = await search('heir');
    expect(seriesIds(found)).toEqual([ids.heiress, ids.tagged, ids.described].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(seriesIds(found)).not.toContain(ids.their);
    expect(found.episodes.map((e: { title: string }) => e.title)).toEqual(['The heirloom ring']);
  });

  it('a word prefix matches ("hei" finds Heiress), in any case', async () => {
    expect(seriesIds(await search('HEI'))).toContain(ids.heiress);
    expect(seriesIds(await search('waitr'))).toEqual([ids.heiress]);
  });

  it('needs every word of the query, in any column', async () => {
    expect(seriesIds(await search('secret waitress'))).toEqual([ids.heiress]);
    expect(seriesIds(await search('secret summer'))).toEqual([]);
  });

  it('does not match inside words, nor find drafts', async () => {
    expect(seriesIds(await search('eir'))).toEqual([]);
    expect(seriesIds(await search('ress'))).toEqual([]);
    expect(seriesIds(await search('draft'))).toEqual([]);
  });

  it('treats %, _ and \\ literally and answers nothing for punctuation alone', async () => {
    for (const q of ['%', '_', '\\', '"', '()']) expect(await search(q)).toEqual({ series: [], episodes: [] });
  });

  it("adds up a series' on-show episodes: count, minutes, free ones and the coins for the rest", async () => {
    const series = (await call(t.app, { url: `/api/series/${ids.priced}/` })).json();
    expect(series.totals).toEqual({
      episodes: 4,
      duration_seconds: 95 + 80 + 61 + 124,
      free_episodes: 2,
      paid_episodes: 2,
      paid_coin_cost: 27,
    });
  });

  it('a Gold exclusive’s paid episodes cost no coins: only Gold opens them', async () => {
    const series = (await call(t.app, { url: `/api/series/${ids.gold}/` })).json();
    expect(series.is_gold_exclusive).toBe(true);
    expect(series.totals).toEqual({
      episodes: 3,
      duration_seconds: 270,
      free_episodes: 1,
      paid_episodes: 2,
      paid_coin_cost: 0,
    });
  });
});
