/**
 * Genre names by language (issue #21): every public answer that carries a category carries its
 * names in the other languages, the demo genres have Russian names, and staff may write them within
 * the name's limits.
 */
import { localizedCategoryName } from '@cliffhanger/shared/localized-text';
import { databaseKinds } from '../../support/databases';
import { call } from '../../support/http';
import { bearer } from '../../support/test-app';
import { demoCatalogueWithCast } from './demo-catalogue-with-cast';

describe.each(databaseKinds())('category names by language (%s)', (kind) => {
  const { t, cast, admin } = demoCatalogueWithCast(kind);

  it('shows the demo genres to a Russian viewer in Russian, in the list and on every series', async () => {
    const categories = (await call(t.app, { url: '/api/categories/' })).json();
    const romance = categories.find((c: { slug: string }) => c.slug === 'romance');
    expect(romance.translations).toEqual({ ru: { title: 'Романтика' } });
    expect(localizedCategoryName(romance, 'ru')).toBe('Романтика');
    expect(localizedCategoryName(romance, 'en')).toBe(romance.name);

    const list = (await call(t.app, { url: '/api/series/?limit=100' })).json().results;
    const withCategory = list.find((s: { categories: unknown[] }) => s.categories.length > 0);
    expect(withCategory.categories[0].translations.ru.title).toBeTruthy();
    const detail = (await call(t.app, { url: `/api/series/${withCategory.id}/` })).json();
    expect(detail.categories[0].translations).toEqual(withCategory.categories[0].translations);
  });

  it('keeps the names staff write and shows a change at once through the public caches', async () => {
    const created = await admin('POST', '/categories/', {
      name: 'Mystery',
      translations: { ru: { title: 'Детектив' } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().translations).toEqual({ ru: { title: 'Детектив' } });
    const id = created.json().id;
    // A genre shows to viewers once a series on show uses it.
    await t.ctx.db.insertInto('series_categories').values({ series_id: 1, category_id: id }).execute();
    const publicOne = async () =>
      (await call(t.app, { url: '/api/categories/' })).json().find((c: { id: number }) => c.id === id);
    expect((await publicOne()).translations).toEqual({ ru: { title: 'Детектив' } });

    const changed = await admin('PATCH', `/categories/${id}/`, { translations: { ru: { title: 'Тайна' } } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Mystery', translations: { ru: { title: 'Тайна' } } });
    expect((await publicOne()).translations).toEqual({ ru: { title: 'Тайна' } });

    // Changing something else keeps them; an empty object removes them.
    await admin('PATCH', `/categories/${id}/`, { color: '#123456' });
    expect((await publicOne()).translations).toEqual({ ru: { title: 'Тайна' } });
    const cleared = await admin('PATCH', `/categories/${id}/`, { translations: {} });
    expect(cleared.json().translations).toEqual({});
    const row = await t.ctx.db
      .selectFrom('categories')
      .select('translations')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.translations).toBeNull();
  });

  describe('refuses what is not a category name translation, changing nothing', () => {
    const KEPT = { ru: { title: 'Хранимое' } };
    const cases: Array<[string, unknown]> = [
      ['an unknown language', { de: { title: 'Krimi' } }],
      ['a regional tag', { 'ru-RU': { title: 'Детектив' } }],
      ['a prototype key', JSON.parse('{"__proto__": {"title": "x"}}')],
      ['a description', { ru: { title: 'Детектив', description: 'Лишнее' } }],
      ['a nested object', { ru: { title: { text: 'Детектив' } } }],
      ['a list', [{ title: 'Детектив' }]],
      ['a string', 'Детектив'],
      ['a name over 60 characters', { ru: { title: 'я'.repeat(61) } }],
      ['a NUL character', { ru: { title: 'Дете\u0000ктив' } }],
    ];
    let counter = 0;

    it.each(cases)('%s', async (_name, translations) => {
      counter += 1;
      const created = await admin('POST', '/categories/', { name: `Refused ${counter}`, translations });
      expect(created.statusCode).toBe(400);
      const names = (await admin('GET', '/categories/')).json().map((c: { name: string }) => c.name);
      expect(names).not.toContain(`Refused ${counter}`);

      const kept = await admin('POST', '/categories/', { name: `Kept ${counter}`, translations: KEPT });
      expect(kept.statusCode).toBe(201);
      const refused = await admin('PATCH', `/categories/${kept.json().id}/`, { translations, name: 'Changed' });
      expect(refused.statusCode).toBe(400);
      const after = (await admin('GET', '/categories/')).json().find((c: { id: number }) => c.id === kept.json().id);
      expect(after).toMatchObject({ name: `Kept ${counter}`, translations: KEPT });
    });

    it('lets only staff write them', async () => {
      const viewer = await call(t.app, {
        method: 'PATCH',
        url: '/api/admin/categories/1/',
        headers: bearer(cast.viewer.access),
        payload: { translations: { ru: { title: 'Чужое' } } },
      });
      expect(viewer.statusCode).toBe(403);
      expect((await call(t.app, { url: '/api/categories/' })).json()[0].translations.ru?.title).not.toBe('Чужое');
    });
  });
});
