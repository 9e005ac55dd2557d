/**
 * The demo catalogue reads naturally in Russian (issue #21): every series and every episode has a
 * Russian title and description, and the seed stores them so a Russian viewer sees them.
 */

import { databaseKinds } from '../../api/test/support/databases';
import { smallCatalogue } from '../../api/test/support/fixtures';
import { call } from '../../api/test/support/http';
import { createTestApp, type TestApp } from '../../api/test/support/test-app';
import type { DemoCatalogue } from '../src/demo-catalogue.types';
import { DEMO_SERIES } from '../src/demo-script';
import { DEMO_SERIES_RU } from '../src/demo-script-ru';
import { seedDemoCatalogue } from '../src/seed-demo-catalogue';

const CYRILLIC = /[а-яё]/i;
const LATIN_WORD = /[a-z]{3,}/i;

describe('the Russian demo catalogue', () => {
  it('has a Russian title and description for every demo series and episode, and nothing else', () => {
    expect(Object.keys(DEMO_SERIES_RU).sort()).toEqual(DEMO_SERIES.map((series) => series.slug).sort());
    for (const series of DEMO_SERIES) {
      const russian = DEMO_SERIES_RU[series.slug];
      expect(russian?.episodes).toHaveLength(series.episodes.length);
      const texts = [russian?.title ?? '', russian?.description ?? '', ...(russian?.episodes.flat() ?? [])];
      for (const text of texts) {
        expect(text).toMatch(CYRILLIC);
        // Names are transliterated: no English word is left in the Russian text.
        expect(text).not.toMatch(LATIN_WORD);
        expect(text.trim()).toBe(text);
      }
      expect(new Set(russian?.episodes.map(([title]) => title)).size).toBe(series.episodes.length);
    }
  });

  it('keeps the Russian texts within the limits staff have', () => {
    for (const russian of Object.values(DEMO_SERIES_RU)) {
      expect(russian.title.length).toBeLessThanOrEqual(200);
      for (const [title, description] of russian.episodes) {
        expect(title.length).toBeLessThanOrEqual(200);
        expect(description.length).toBeLessThanOrEqual(5000);
      }
    }
  });
});

describe.each(databaseKinds())('the demo seed in Russian (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('stores the Russian titles with the series and episodes, and the catalogue answers them', async () => {
    const small = smallCatalogue();
    const script = DEMO_SERIES[0];
    if (!script) throw new Error('the demo script has no series');
    // The first series of the small catalogue stands in for the first demo series.
    const first = small.series[0];
    if (!first) throw new Error('the small catalogue has no series');
    const catalogue: DemoCatalogue = { ...small, series: [{ ...first, slug: script.slug }, ...small.series.slice(1)] };
    await seedDemoCatalogue(t.ctx, catalogue);
    const russian = DEMO_SERIES_RU[script.slug];
    const row = await t.ctx.db
      .selectFrom('series')
      .select(['id', 'translations'])
      .where('slug', '=', script.slug)
      .executeTakeFirstOrThrow();
    const series = (await call(t.app, { url: `/api/series/${row.id}/` })).json();
    expect(series.translations).toEqual({ ru: { title: russian?.title, description: russian?.description } });
    const episodes = (await call(t.app, { url: `/api/series/${row.id}/episodes/` })).json();
    expect(episodes[0].translations.ru.title).toBe(russian?.episodes[0]?.[0]);
    // A series the Russian script does not know has none.
    expect((await call(t.app, { url: '/api/series/2/' })).json().translations).toEqual({});
  });
});
