/**
 * A shared series link shows a rich preview (issue #16): the page answered for `/series/{id}` carries
 * Open Graph and Twitter card tags in its HTML, for crawlers that run no JavaScript and may accept
 * any type. Drafts, hidden and unknown series get the generic page and never leak their title.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertSeries } from '../../src/domains/catalogue/catalogue.repository';
import { DEFAULT_STARTUP_LOADER } from '../../src/frontends/first-screen';
import { GENERIC_DESCRIPTION, shortDescription } from '../../src/frontends/share-preview';
import { databaseKinds } from '../support/databases';
import { seriesRow } from '../support/fixtures';
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
