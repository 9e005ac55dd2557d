/**
 * The home page's head start (issue #6): the page answered for `/` preloads the first featured series'
 * hero image and shows it in the start-up skeleton, so the home screen's largest picture does not wait
 * for the shell, the catalog remote and the featured list. Other pages keep the plain loader.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heroImageOf } from '@cliffhanger/shared/src/startup/first-screen';
import { seedDemoCatalogue } from '../../src/demo/seed-demo-catalogue';
import { DEFAULT_STARTUP_LOADER, withFirstScreen } from '../../src/frontends/first-screen';
import { smallCatalogue } from '../support/fixtures';
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

// @fastify/static requires the ESM-only content-disposition 3, which the CommonJS jest runtime cannot
// load; it is used only by `reply.download()`, which the site never calls.
jest.mock(require.resolve('content-disposition', { paths: [require.resolve('@fastify/static')] }), () => ({
  create: (fileName: string) => `attachment; filename="${fileName}"`,
}));

const PAGE = `<!doctype html><html><head><title>Cliffhanger</title><script defer src="/main.0123abcd.js"></script></head><body>${DEFAULT_STARTUP_LOADER}<div id="root"></div></body></html>`;
const html = { accept: 'text/html' };

function fakeBuilds(): string {
  const root = mkdtempSync(join(tmpdir(), 'cliffhanger-first-screen-'));
  mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(root, 'shell', 'dist', 'index.html'), PAGE);
  return root;
}

describe('the home page names its first hero image', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = fakeBuilds();
    t = await createTestApp('sqlite', { serveFrontends: true, frontendsRoot: root });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the plain loader while no series is featured', async () => {
    const page = (await call(t.app, { url: '/', headers: html })).body;
    expect(page).toContain(DEFAULT_STARTUP_LOADER);
    expect(page).not.toContain('rel="preload" as="image"');
  });

  it('preloads the first featured series’ hero image with high priority and shows it in the start-up skeleton', async () => {
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    const [first] = (await call(t.app, { url: '/api/series/featured/' })).json();
    const image = heroImageOf(first) as string;
    expect(image).toBeTruthy();

    const response = await call(t.app, { url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const page = response.body;
    const head = page.slice(0, page.indexOf('</head>'));
    // In the head, before the scripts: the browser starts the image at once.
    expect(head).toContain(`<link rel="preload" as="image" href="${image}" fetchpriority="high" id="first-hero"/>`);
    expect(head.indexOf('id="first-hero"')).toBeLessThan(head.indexOf('<script'));
    expect(page).not.toContain(DEFAULT_STARTUP_LOADER);
    expect(page).toContain(`<img class="startup-hero-image" src="${image}" alt="" fetchpriority="high"/>`);
    expect(page).toMatch(/<div id="startup-loader" aria-hidden="true" class="startup-loader--home">/);
  });

  it('keeps the plain loader on every other page', async () => {
    for (const url of ['/series/3', '/search?q=x', '/player/1/episode/1']) {
      const page = (await call(t.app, { url, headers: html })).body;
      expect(page).toContain(DEFAULT_STARTUP_LOADER);
      expect(page).not.toContain('first-hero');
    }
  });
});

describe('the start-up skeleton', () => {
  it('escapes the image address so it cannot break out of its attribute', () => {
    const page = withFirstScreen(PAGE, { heroImage: '/media/a.webp?x="><script>alert(1)</script>' });
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('href="/media/a.webp?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('matches the loader of the built shell page, so the server finds it there', () => {
    const built = join(__dirname, '../../../shell/dist/index.html');
    let page: string;
    try {
      page = readFileSync(built, 'utf8');
    } catch {
      // The source page holds the same markup; the build only minifies around it.
      page = readFileSync(join(__dirname, '../../../shell/public/index.html'), 'utf8');
    }
    expect(page).toContain(DEFAULT_STARTUP_LOADER);
    expect(page).toContain('</title>');
  });
});
