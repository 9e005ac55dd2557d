/**
 * A series is opened by its address (issue #38): `/player/{seriesSlug}/{episodeNumber}` finds the series
 * whose stored slug is exactly the address, read through the one slug rule, so apostrophes, curly quotes,
 * accents and capitals in a typed or pasted link still find it. When staff rename a series, an address made
 * from its title follows the new title and the old one keeps answering the series (never another one).
 */
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { call, callAs } from '../../support/http';
import { suiteApp } from '../../support/suite-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';

function catalogueWithTitles() {
  const catalogue = smallCatalogue();
  const [first, second, third] = catalogue.series;
  Object.assign(first as object, { title: 'The CEO’s Secret Twins', titleEn: '', slug: 'the-ceos-secret-twins' });
  Object.assign(second as object, {
    title: 'My Fake Fiancé Is a Prince',
    titleEn: '',
    slug: 'my-fake-fiance-is-a-prince',
  });
  Object.assign(third as object, { title: 'Deleted Series three', slug: 'hidden-three' });
  return catalogue;
}

describe.each(databaseKinds())('series found by their address (%s)', (kind) => {
  const t = suiteApp(kind);
  const cast = {} as Cast;
  beforeAll(async () => {
    await seedDemoCatalogue(t.ctx, catalogueWithTitles());
    Object.assign(cast, await signUpCast(t));
    // Seeding and signing four people up may take a while on a busy machine.
  }, 60_000);
  const bySlug = (slug: string) => call(t.app, { url: `/api/series/by-slug/${encodeURIComponent(slug)}/` });
  const staff = (method: string, url: string, payload?: unknown) =>
    callAs(t.app, cast.staff.access, { method, url: `/api/admin${url}`, payload });
  const publish = (id: number) =>
    t.ctx.db
      .updateTable('series')
      .set({ status: 'published', published_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();

  it.each([
    ['the stored slug', 'the-ceos-secret-twins', 'the-ceos-secret-twins'],
    ['the title with a curly apostrophe', 'The CEO’s Secret Twins', 'the-ceos-secret-twins'],
    ['a straight apostrophe and capitals', "The-CEO's-Secret-Twins", 'the-ceos-secret-twins'],
    ['an accented letter', 'my-fake-fiancé-is-a-prince', 'my-fake-fiance-is-a-prince'],
  ])('opens a series by %s', async (_label, written, slug) => {
    const answer = await bySlug(written);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ slug });
  });

  it.each([
    ['an unknown address', 'no-such-series'],
    ['a part of an address (no text search)', 'secret-twins'],
    ['a hidden series', 'hidden-three'],
    ['an address of only punctuation', '’’'],
  ])('answers %s with a polite 404', async (_label, written) => {
    const answer = await bySlug(written);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('Series not found');
  });

  it('gives a Russian title a readable Latin address', async () => {
    const made = await staff('POST', '/series/', { title: 'Тайный наследник: Ёлка' });
    expect(made.statusCode).toBe(201);
    expect(made.json().slug).toBe('taynyy-naslednik-elka');
    await publish(made.json().id);
    expect((await bySlug('Тайный наследник: Ёлка')).json().id).toBe(made.json().id);
  });

  it('moves an address made from the title with a rename, and the old address still opens the series', async () => {
    const made = (await staff('POST', '/series/', { title: 'Midnight Vows' })).json();
    expect(made.slug).toBe('midnight-vows');
    await publish(made.id);
    // The edit form sends the address back unchanged with the new title: the title moves it.
    const renamed = await staff('PATCH', `/series/${made.id}/`, {
      title: 'Midnight’s Last Vow',
      slug: 'midnight-vows',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().slug).toBe('midnights-last-vow');
    const old = await bySlug('midnight-vows');
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ id: made.id, slug: 'midnights-last-vow' });
    // Nobody else may take the old address: a new series made from that title gets another one…
    const twin = await staff('POST', '/series/', { title: 'Midnight Vows' });
    expect(twin.json().slug).toBe('midnight-vows-2');
    // …and asking for it by hand is refused politely, changing nothing.
    const taken = await staff('PATCH', `/series/${twin.json().id}/`, { slug: 'midnight-vows' });
    expect(taken.statusCode).toBe(409);
    expect((await bySlug('midnight-vows')).json().id).toBe(made.id);
    // Renamed back, the series takes its first address again.
    const back = await staff('PATCH', `/series/${made.id}/`, { title: 'Midnight Vows' });
    expect(back.json().slug).toBe('midnight-vows');
    expect((await bySlug('midnights-last-vow')).json().id).toBe(made.id);
  });

  it('keeps an address staff chose by hand when the title changes', async () => {
    const made = (await staff('POST', '/series/', { title: 'Love in Paris', slug: 'paris-love' })).json();
    const renamed = await staff('PATCH', `/series/${made.id}/`, { title: 'Love in Rome' });
    expect(renamed.json().slug).toBe('paris-love');
  });

  it('gives 20 series made at once from one title 20 addresses, or a polite refusal, never an error', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => staff('POST', '/series/', { title: 'Crowded Title' })),
    );
    expect(answers.map((a) => a.statusCode).filter((code) => code !== 201 && code !== 409)).toEqual([]);
    const made = answers.filter((a) => a.statusCode === 201).map((a) => a.json().slug as string);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made).size).toBe(made.length);
    // And 10 renamed at once to one new title.
    const ids = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => a.json().id as number)
      .slice(0, 10);
    const renamed = await Promise.all(ids.map((id) => staff('PATCH', `/series/${id}/`, { title: 'Crowded Again' })));
    expect(renamed.map((a) => a.statusCode).filter((code) => code !== 200 && code !== 409)).toEqual([]);
    const slugs = renamed.filter((a) => a.statusCode === 200).map((a) => a.json().slug as string);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
