/**
 * A shared series or episode link shows a rich preview (issues #16, #38): the page answered for
 * `/series/{id}` and for every player route form carries Open Graph and Twitter card tags in its HTML,
 * in the client's language, for crawlers that run no JavaScript and may accept any type. Drafts,
 * hidden and unknown series get the generic page and never leak their title. Every page route of the
 * table answers the app to any client; `/api/*` stays JSON.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoCatalogue } from '../../../demo/src/seed-demo-catalogue';
import { insertSeries } from '../../src/domains/catalogue/catalogue.repository';
import { DEFAULT_STARTUP_LOADER } from '../../src/frontends/first-screen';
import { GENERIC_DESCRIPTION, shortDescription } from '../../src/frontends/share-preview';
import { databaseKinds } from '../support/databases';
import { episodeIdOf, seriesRow, smallCatalogue } from '../support/fixtures';
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const PAGE =
  '<!doctype html><html><head><meta charset="utf-8" />' +
  `<meta name="description" content="${GENERIC_DESCRIPTION}" /><title>Cliffhanger</title>` +
  `<script defer src="/main.0123abcd.js"></script></head><body>${DEFAULT_STARTUP_LOADER}<div id="root"></div></body></html>`;

/** What a link-preview crawler reads: meta tags by property or name, from the raw HTML. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\s*\/?>/g)) {
    tags[match[1] as string] = (match[2] as string)
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return tags;
}

describe.each(databaseKinds())('share previews of series pages (%s)', (kind) => {
  let root: string;
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cliffhanger-share-preview-'));
    mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(root, 'shell', 'dist', 'index.html'), PAGE);
    t = await createTestApp(kind, { serveFrontends: true, frontendsRoot: root });
    ids.shown = await insertSeries(
      t.ctx.db,
      seriesRow('Midnight "Vows" & <Secrets>', 'shown', {
        description: 'A bride runs from her own wedding — and into the arms of a stranger with a secret.',
        poster_image: '/media/demo/shown/poster.jpg',
      }),
    );
    ids.draft = await insertSeries(
      t.ctx.db,
      seriesRow('Unannounced Draft Title', 'draft', {
        description: 'Spoilers of a series nobody may see yet.',
        poster_image: 'demo/draft/poster.jpg',
        status: 'draft',
        published_at: null,
      }),
    );
    ids.hidden = await insertSeries(t.ctx.db, seriesRow('Hidden By Staff', 'hidden', { is_hidden: true }));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a crawler without JavaScript with og:title, og:description, an absolute og:image and a twitter card', async () => {
    const response = await call(t.app, { url: `/series/${ids.shown}`, headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const tags = metaTags(response.body);
    expect(tags['og:title']).toBe('Midnight "Vows" & <Secrets>');
    expect(tags['og:description']).toBe(
      'A bride runs from her own wedding — and into the arms of a stranger with a secret.',
    );
    expect(tags['og:image']).toBe('http://cliffhanger.test/media/demo/shown/poster.jpg');
    expect(tags['og:url']).toBe(`http://cliffhanger.test/series/${ids.shown}`);
    expect(tags['og:type']).toBe('video.tv_show');
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['twitter:title']).toBe(tags['og:title']);
    expect(tags['twitter:image']).toBe(tags['og:image']);
    expect(tags.description).toBe(tags['og:description']);
    expect(response.body).toContain('<title>Midnight &quot;Vows&quot; &amp; &lt;Secrets&gt; · Cliffhanger</title>');
    // Escaped: the title cannot open a tag of its own.
    expect(response.body).not.toContain('<Secrets>');
    // Still the app: the same scripts and loader run for a person.
    expect(response.body).toContain('/main.0123abcd.js');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('answers the same page with a trailing slash and for a browser asking for HTML', async () => {
    const slash = await call(t.app, { url: `/series/${ids.shown}/`, headers: { accept: 'text/html' } });
    expect(metaTags(slash.body)['og:title']).toBe('Midnight "Vows" & <Secrets>');
  });

  it.each([
    ['a draft', () => ids.draft],
    ['a staff-hidden series', () => ids.hidden],
    ['an unknown id', () => 999_999],
    ['a hidden id (9)', () => 9],
    ['a word', () => 'not-a-number'],
  ])('gives %s the generic page, leaking nothing', async (_label, id) => {
    const response = await call(t.app, { url: `/series/${id()}`, headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    const tags = metaTags(response.body);
    expect(tags['og:title']).toBe('Cliffhanger');
    expect(tags['og:description']).toBe(GENERIC_DESCRIPTION);
    expect(tags['og:image']).toBeUndefined();
    expect(response.body).not.toContain('Unannounced');
    expect(response.body).not.toContain('Spoilers');
    expect(response.body).not.toContain('demo/draft');
    expect(response.body).not.toContain('Hidden By Staff');
    expect(response.body).toContain('<title>Cliffhanger</title>');
  });

  it('shortens a long description at a word, with an ellipsis', () => {
    const long = `${'word '.repeat(80)}end`;
    const short = shortDescription(long);
    expect(short.length).toBeLessThanOrEqual(200);
    expect(short.endsWith('word…')).toBe(true);
  });
});

describe.each(databaseKinds())('share previews of episode pages, and the app at every page route (%s)', (kind) => {
  let root: string;
  let t: TestApp;
  let twins: number;
  let episode4: number;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cliffhanger-share-preview-'));
    mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(root, 'shell', 'dist', 'index.html'), PAGE);
    t = await createTestApp(kind, { serveFrontends: true, frontendsRoot: root });
    const catalogue = smallCatalogue();
    const first = catalogue.series[0] as (typeof catalogue.series)[number];
    Object.assign(first, { title: 'The CEO’s Secret Twins', titleEn: '', slug: 'the-ceos-secret-twins' });
    first.episodes.push({
      ...(first.episodes[2] as (typeof first.episodes)[number]),
      episodeNumber: 4,
      title: 'The Ad',
    });
    await seedDemoCatalogue(t.ctx, catalogue);
    const row = await t.ctx.db
      .selectFrom('series')
      .select('id')
      .where('slug', '=', 'the-ceos-secret-twins')
      .executeTakeFirstOrThrow();
    twins = row.id;
    episode4 = await episodeIdOf(t.ctx, twins, 4);
    await t.ctx.db
      .updateTable('series')
      .set({ translations: JSON.stringify({ ru: { title: 'Тайные близнецы директора' } }) })
      .where('id', '=', twins)
      .execute();
    await t.ctx.db
      .updateTable('episodes')
      .set({ translations: JSON.stringify({ ru: { title: 'Объявление', description: 'Рози даёт объявление.' } }) })
      .where('id', '=', episode4)
      .execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/player/{slug}/{number}', () => '/player/the-ceos-secret-twins/4'],
    ['/desktop-player/{slug}/EP{number}', () => '/desktop-player/the-ceos-secret-twins/EP4'],
    ['/player/series-{id}/EP{number}', () => `/player/series-${twins}/EP4`],
    ['/player/{seriesId}/episode/{episodeId}', () => `/player/${twins}/episode/${episode4}`],
    ['/player/{id}', () => `/player/${episode4}`],
    ['/watch/{episodeId}', () => `/watch/${episode4}/`],
    ['/desktop-player/{episodeId}', () => `/desktop-player/${episode4}`],
  ])('gives a crawler the episode’s own title, words and still at %s', async (_form, url) => {
    const response = await call(t.app, { url: url() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const tags = metaTags(response.body);
    expect(tags['og:title']).toBe('The CEO’s Secret Twins — Episode 4: The Ad');
    expect(tags['og:type']).toBe('video.episode');
    expect(tags['og:image']).toBe(`http://cliffhanger.test/media/demo/series-1/ep3/thumb.jpg`);
    expect(tags['og:url']).toBe(`http://cliffhanger.test/player/${twins}/episode/${episode4}`);
    expect(tags['twitter:title']).toBe(tags['og:title']);
    expect(response.body).toContain('<title>The CEO’s Secret Twins — Episode 4: The Ad · Cliffhanger</title>');
  });

  it('speaks the client’s language where staff wrote one', async () => {
    const response = await call(t.app, {
      url: '/player/the-ceos-secret-twins/4',
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    const tags = metaTags(response.body);
    expect(tags['og:title']).toBe('Тайные близнецы директора — Серия 4: Объявление');
    expect(tags['og:description']).toBe('Рози даёт объявление.');
    expect(tags['og:locale']).toBe('ru_RU');
    expect(response.body).toMatch(/<html[^>]* lang="ru"/);
    expect(String(response.headers.vary)).toMatch(/accept-language/i);
  });

  it.each([
    [
      "the title's curly apostrophe",
      '/player/The-CEO%E2%80%99s-Secret-Twins/4?t=12',
      '/player/the-ceos-secret-twins/4?t=12',
    ],
    [
      'capitals on the desktop form',
      '/desktop-player/THE-CEOS-SECRET-TWINS/1',
      '/desktop-player/the-ceos-secret-twins/1',
    ],
    ['a series page by address', '/series/the-ceos-secret-twins', () => `/series/${twins}`],
  ])('redirects a link written with %s to the current address', async (_label, url, to) => {
    const response = await call(t.app, { url });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(typeof to === 'function' ? to() : to);
  });

  it.each([
    '/player/the-ceos-secret-twins/99',
    // Not a number: never echoed into a redirect (a line break there would break the answer's headers).
    '/player/The-CEOs-Secret-Twins/%0d%0aSet-Cookie:%20x=1',
    '/player/the-ceos-secret-twins/%2F%2Fevil.example',
  ])('gives %s, no episode of a series on show, the generic preview', async (url) => {
    const response = await call(t.app, { url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(metaTags(response.body)['og:title']).toBe('Cliffhanger');
  });

  it.each([
    '/foryou',
    '/mylist',
    '/account-dashboard/balance',
    '/admin/series/3/edit',
    '/series-legacy/1',
    '/test-slider/',
  ])('answers the app at %s to a client that asks for no type', async (url) => {
    const response = await call(t.app, { url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('/main.0123abcd.js');
  });

  it.each(['/api/nothing-here', '/not-a-screen', '/player/1/2/3/4/5'])(
    'answers %s without the app, in JSON',
    async (url) => {
      const response = await call(t.app, { url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    },
  );
});
