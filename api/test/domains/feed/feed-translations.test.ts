/**
 * The feeds by language (issue #21): the For you clips and the feed series carry the series' (and
 * the episode's) titles and descriptions by language, so a Russian viewer reads them in Russian.
 */
import { localizedDescription, localizedTitle } from '@cliffhanger/shared/localized-text';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

const SERIES_RU = { ru: { title: 'Полночные клятвы', description: 'История любви и мести' } };
const EPISODE_RU = { ru: { title: 'Клятва' } };

describe.each(databaseKinds())('feeds by language (%s)', (kind) => {
  let t: TestApp;
  let guest: Session;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    await t.ctx.db
      .updateTable('series')
      .set({ translations: JSON.stringify(SERIES_RU) })
      .where('id', '=', 1)
      .execute();
    await t.ctx.db
      .updateTable('episodes')
      .set({ translations: JSON.stringify(EPISODE_RU) })
      .where('series_id', '=', 1)
      .execute();
    guest = await signUpGuest(t.app, 'FeedWordsGuest0123456');
  });
  afterAll(() => t.close());

  it('gives every For you clip its series and episode titles by language', async () => {
    const answer = await call(t.app, { url: '/api/feed/for-you/', headers: bearer(guest.access) });
    expect(answer.statusCode).toBe(200);
    const clips = answer.json().clips;
    const translated = clips.find((c: { series_id: number }) => c.series_id === 1);
    expect(translated).toMatchObject({ series_translations: SERIES_RU, translations: EPISODE_RU });
    const series = {
      title: translated.series_title,
      title_en: translated.series_title_en,
      translations: translated.series_translations,
    };
    expect(localizedTitle(series, 'ru')).toBe('Полночные клятвы');
    expect(localizedTitle(series, 'en')).toBe(translated.series_title_en);
    const other = clips.find((c: { series_id: number }) => c.series_id !== 1);
    expect(other).toMatchObject({ series_translations: {}, translations: {} });
  });

  it('gives the feed series their name and description by language', async () => {
    const post = (url: string, payload: unknown) =>
      call(t.app, { method: 'POST', url: `/feed-api${url}`, headers: bearer(guest.access), payload });
    const carousel = (await post('/feed/categories/', { id: guest.user.id })).json().data;
    const one = carousel.find((s: { series_id: number }) => s.series_id === 1);
    expect(one.translations).toEqual(SERIES_RU);
    const asSeries = {
      title: one.name,
      title_en: one.title_en,
      description: one.description,
      translations: one.translations,
    };
    expect(localizedTitle(asSeries, 'ru')).toBe('Полночные клятвы');
    expect(localizedDescription(asSeries, 'ru')).toBe('История любви и мести');
    expect(carousel.find((s: { series_id: number }) => s.series_id === 2).translations).toEqual({});
    const detail = (await post('/series/detail/', { id: guest.user.id, series_id: 1 })).json().data;
    expect(detail).toMatchObject({ translations: SERIES_RU });
    expect(typeof detail.title_en).toBe('string');
  });
});
