/**
 * Titles by language (issue #21): staff write a series' and an episode's title and description in
 * other languages, and every public answer carries them so the frontends show the viewer's language.
 * Only the interface languages and the two text fields are accepted, within the usual limits.
 */
import { localizedSeriesTitle, localizedTitle } from '@cliffhanger/shared/localized-text';
import { databaseKinds } from '../../support/databases';
import { call } from '../../support/http';
import { bearer } from '../../support/test-app';
import { demoCatalogueWithCast } from './demo-catalogue-with-cast';

const RU = { ru: { title: 'Полночные клятвы', description: 'История любви и мести' } };

describe.each(databaseKinds())('titles by language (%s)', (kind) => {
  const { t, cast, admin } = demoCatalogueWithCast(kind);

  /** A published series with one published free episode, both with the given translations. */
  async function publishedSeries(word: string, translations: unknown, episodeTranslations: unknown) {
    const created = await admin('POST', '/series/', { title: `${word} Vows`, translations, audio_language: 'ko' });
    expect(created.statusCode).toBe(201);
    const series = created.json();
    const episode = await admin('POST', `/series/${series.id}/episodes/`, {
      title: `${word} begins`,
      is_free: true,
      hls_url: `/media/demo/${word}/master.m3u8`,
      translations: episodeTranslations,
    });
    expect(episode.statusCode).toBe(201);
    await t.ctx.db
      .updateTable('series')
      .set({ status: 'published', published_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', series.id)
      .execute();
    await t.ctx.db
      .updateTable('episodes')
      .set({ status: 'published', published_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', episode.json().id)
      .execute();
    return { series, episode: episode.json() };
  }

  it('keeps what staff write and answers it in the staff answers', async () => {
    const created = await admin('POST', '/series/', { title: 'Midnight Vows', translations: RU, audio_language: 'en' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ translations: RU, audio_language: 'en' });
    const id = created.json().id;
    const updated = await admin('PATCH', `/series/${id}/`, { translations: { ru: { title: 'Клятвы в полночь' } } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().translations).toEqual({ ru: { title: 'Клятвы в полночь' } });
    // Empty text means no translation; an empty object removes them all.
    const cleared = await admin('PATCH', `/series/${id}/`, { translations: { ru: { title: '  ', description: '' } } });
    expect(cleared.json().translations).toEqual({});
    const row = await t.ctx.db
      .selectFrom('series')
      .select('translations')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.translations).toBeNull();
    // A series made without them speaks English and has none.
    const plain = await admin('POST', '/series/', { title: 'Plain' });
    expect(plain.json()).toMatchObject({ translations: {}, audio_language: 'en' });

    const episode = await admin('POST', `/series/${id}/episodes/`, {
      title: 'The vow',
      translations: { ru: { title: 'Клятва' } },
    });
    expect(episode.statusCode).toBe(201);
    expect(episode.json().translations).toEqual({ ru: { title: 'Клятва' } });
    const changed = await admin('PATCH', `/episodes/${episode.json().id}/`, {
      translations: { ru: { title: 'Клятва', description: 'Всё начинается' } },
    });
    expect(changed.json().translations).toEqual({ ru: { title: 'Клятва', description: 'Всё начинается' } });
    expect((await admin('GET', `/episodes/${episode.json().id}/`)).json().translations.ru.description).toBe(
      'Всё начинается',
    );
  });

  it('answers the translations in every public series and episode answer', async () => {
    const { series, episode } = await publishedSeries('Echo', RU, { ru: { title: 'Эхо начинается' } });
    const viewer = bearer(cast.viewer.access);
    const detail = (await call(t.app, { url: `/api/series/${series.id}/` })).json();
    expect(detail).toMatchObject({ translations: RU, audio_language: 'ko' });
    expect(localizedTitle(detail, 'ru')).toBe('Полночные клятвы');
    expect(localizedTitle(detail, 'en')).toBe('Echo Vows');
    const list = (await call(t.app, { url: '/api/series/?limit=100' })).json().results;
    expect(list.find((s: { id: number }) => s.id === series.id).translations).toEqual(RU);
    const episodes = (await call(t.app, { url: `/api/series/${series.id}/episodes/`, headers: viewer })).json();
    expect(episodes[0].translations).toEqual({ ru: { title: 'Эхо начинается' } });
    const one = (await call(t.app, { url: `/api/episodes/${episode.id}/`, headers: viewer })).json();
    expect(one.translations).toEqual({ ru: { title: 'Эхо начинается' } });
    const found = (await call(t.app, { url: '/api/search/?q=Echo' })).json();
    expect(found.series.find((s: { id: number }) => s.id === series.id).translations).toEqual(RU);
    // Series without translations answer an empty object, never null.
    const plain = (await call(t.app, { url: '/api/series/1/' })).json();
    expect(plain.translations).toEqual({});
    expect(plain.audio_language).toBe('en');
  });

  it('names the series of every episode answer by language, in search results too', async () => {
    const { series, episode } = await publishedSeries('Lantern', RU, undefined);
    const viewer = bearer(cast.viewer.access);
    const found = (await call(t.app, { url: '/api/search/?q=Lantern' })).json();
    const hit = found.episodes.find((e: { id: number }) => e.id === episode.id);
    expect(hit).toMatchObject({ series_title: 'Lantern Vows', series_translations: RU });
    expect(localizedSeriesTitle(hit, 'ru')).toBe('Полночные клятвы');
    expect(localizedSeriesTitle(hit, 'en')).toBe(hit.series_title_en);
    const listed = (await call(t.app, { url: `/api/series/${series.id}/episodes/`, headers: viewer })).json();
    expect(listed[0].series_translations).toEqual(RU);
    const one = (await call(t.app, { url: `/api/episodes/${episode.id}/`, headers: viewer })).json();
    expect(one.series_translations).toEqual(RU);
    const plain = (await call(t.app, { url: '/api/episodes/1/', headers: viewer })).json();
    expect(plain.series_translations).toEqual({});
  });

  it('shows a changed translation at once, through the public caches, to every language alike', async () => {
    const { series } = await publishedSeries('Tide', RU, undefined);
    const read = (headers: Record<string, string> = {}) => call(t.app, { url: `/api/series/${series.id}/`, headers });
    expect((await read()).json().translations).toEqual(RU);
    const russian = await read({ 'accept-language': 'ru' });
    // The answer is the same whatever the language: it does not vary on Accept-Language.
    expect(russian.json().translations).toEqual(RU);
    expect(String(russian.headers.vary ?? '')).not.toContain('Accept-Language');
    await admin('PATCH', `/series/${series.id}/`, { translations: { ru: { title: 'Прилив' } } });
    expect((await read()).json().translations).toEqual({ ru: { title: 'Прилив' } });
    expect((await read({ 'accept-language': 'ru' })).json().translations).toEqual({ ru: { title: 'Прилив' } });
  });

  describe('refuses what is not a translation, changing nothing', () => {
    const cases: Array<[string, unknown]> = [
      ['an unknown language', { de: { title: 'Mitternacht' } }],
      ['a regional tag', { 'ru-RU': { title: 'Клятвы' } }],
      ['a prototype key', JSON.parse('{"__proto__": {"title": "x"}}')],
      ['an extra field', { ru: { title: 'Клятвы', tagline: 'Лишнее' } }],
      ['a nested object', { ru: { title: { text: 'Клятвы' } } }],
      ['a list', [{ title: 'Клятвы' }]],
      ['a string', 'Клятвы'],
      ['a title over 200 characters', { ru: { title: 'я'.repeat(201) } }],
      ['a description over 5000 characters', { ru: { description: 'я'.repeat(5001) } }],
      ['a NUL character', { ru: { title: 'Клят\u0000вы' } }],
    ];

    it.each(cases)('%s on a series', async (_name, translations) => {
      const created = await admin('POST', '/series/', { title: 'Refused', translations });
      expect(created.statusCode).toBe(400);
      const existing = (await admin('POST', '/series/', { title: 'Kept', translations: RU })).json();
      const refused = await admin('PATCH', `/series/${existing.id}/`, { translations, title: 'Changed' });
      expect(refused.statusCode).toBe(400);
      const after = (await admin('GET', `/series/${existing.id}/`)).json();
      expect(after).toMatchObject({ title: 'Kept', translations: RU });
    });

    it.each(cases)('%s on an episode', async (_name, translations) => {
      const created = await admin('POST', '/series/1/episodes/', { title: 'Refused', translations });
      expect(created.statusCode).toBe(400);
      const episode = (await admin('POST', '/series/1/episodes/', { title: 'Kept', translations: RU })).json();
      const refused = await admin('PATCH', `/episodes/${episode.id}/`, { translations, title: 'Changed' });
      expect(refused.statusCode).toBe(400);
      expect((await admin('GET', `/episodes/${episode.id}/`)).json()).toMatchObject({
        title: 'Kept',
        translations: RU,
      });
    });

    it.each([
      ['a long code', 'english'],
      ['upper case', 'EN'],
      ['a number', 7],
      ['null', null],
    ])('an audio language that is %s', async (_name, audio_language) => {
      expect((await admin('POST', '/series/', { title: 'Refused', audio_language })).statusCode).toBe(400);
    });

    it('lets only staff write translations', async () => {
      const viewer = await call(t.app, {
        method: 'PATCH',
        url: '/api/admin/series/1/',
        headers: bearer(cast.viewer.access),
        payload: { translations: RU },
      });
      expect(viewer.statusCode).toBe(403);
      expect((await call(t.app, { url: '/api/series/1/' })).json().translations).toEqual({});
    });
  });
});
