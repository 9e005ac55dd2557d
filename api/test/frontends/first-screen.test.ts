/**
 * The home page's head start (issue #6): the page answered for `/` preloads the first featured series'
 * hero image and shows it in the start-up skeleton, so the home screen's largest picture does not wait
 * for the shell, the catalog remote and the featured list. Other pages keep the plain loader.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HOME_SCREEN_TITLES, heroImageOf } from '@cliffhanger/shared/first-screen';
import { HERO_IMAGE_SIZES } from '@cliffhanger/shared/image-renditions';
import sharp from 'sharp';
import { seedDemoCatalogue } from '../../../demo/src/seed-demo-catalogue';
import { DEFAULT_STARTUP_LOADER, firstScreenLinkHeader, withFirstScreen } from '../../src/frontends/first-screen';
import { smallCatalogue } from '../support/fixtures';
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

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
    expect(image).toMatch(/\/media\/.+\.(webp|jpg)$/);

    const response = await call(t.app, { url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const page = response.body;
    const head = page.slice(0, page.indexOf('</head>'));
    // In the head, before the scripts: the browser starts the image at once.
    // A phone picks the rendition its screen needs, the same one the home screen's hero picks.
    const choice = `${image}?w=360 360w, ${image}?w=720 720w, ${image}?w=1080 1080w`;
    expect(head).toContain(
      `<link rel="preload" as="image" href="${image}" imagesrcset="${choice}" imagesizes="${HERO_IMAGE_SIZES}" fetchpriority="high" id="first-hero"/>`,
    );
    expect(head.indexOf('id="first-hero"')).toBeLessThan(head.indexOf('<script'));
    // And in the answer's headers, so the image starts before the page is parsed.
    expect(response.headers.link).toBe(
      `<${image}>; rel=preload; as=image; imagesrcset="${choice}"; imagesizes="${HERO_IMAGE_SIZES}"; fetchpriority=high`,
    );
    expect(page).not.toContain(DEFAULT_STARTUP_LOADER);
    expect(page).toContain(
      `<img class="startup-hero-image" src="${image}" srcset="${choice}" sizes="${HERO_IMAGE_SIZES}" alt="" fetchpriority="high"/>`,
    );
    expect(page).toMatch(/<div id="startup-loader" aria-hidden="true" class="startup-loader--home">/);
    expect(page).toContain(`<div class="startup-title">${HOME_SCREEN_TITLES.en}</div>`);
  });

  it('shows the skeleton’s heading in Russian to a browser that asks for Russian, so the words do not change when the page starts', async () => {
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    const response = await call(t.app, {
      url: '/',
      headers: { ...html, 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' },
    });
    expect(response.body).toContain(`<div class="startup-title">${HOME_SCREEN_TITLES.ru}</div>`);
    expect(response.body).toContain('<html lang="ru">');
    expect(String(response.headers.vary)).toMatch(/Accept-Language/);
    const english = await call(t.app, { url: '/', headers: { ...html, 'accept-language': 'de-DE,xx;q=0.5' } });
    expect(english.body).toContain(`<div class="startup-title">${HOME_SCREEN_TITLES.en}</div>`);
  });

  it('draws the hero’s smallest rendition inline behind it, so the picture is there at the first paint', async () => {
    const [first] = (await call(t.app, { url: '/api/series/featured/' })).json();
    const image = heroImageOf(first) as string;
    const file = join(t.ctx.config.mediaRoot, new URL(image, 'http://x').pathname.replace(/^\/media\//, ''));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      await sharp({ create: { width: 1920, height: 800, channels: 3, background: '#903050' } })
        .jpeg()
        .toBuffer(),
    );
    const page = (await call(t.app, { url: '/', headers: html })).body;
    const inline = page.match(
      /<img class="startup-hero-image"[^>]* style="background-image:url\(data:image\/webp;base64,([A-Za-z0-9+/=]+)\)"/,
    );
    expect(inline).not.toBeNull();
    const placeholder = await sharp(Buffer.from(inline?.[1] ?? '', 'base64')).metadata();
    expect([placeholder.format, placeholder.width, placeholder.height]).toEqual(['webp', 360, 150]);
  });

  it('keeps the plain loader on every other page', async () => {
    for (const url of ['/series/3', '/search?q=x', '/player/1/episode/1']) {
      const response = await call(t.app, { url, headers: html });
      const page = response.body;
      expect(page).toContain(DEFAULT_STARTUP_LOADER);
      expect(page).not.toContain('first-hero');
      expect(response.headers.link).toBeUndefined();
    }
  });
});

describe('the start-up skeleton', () => {
  it('sends no preload header for an address a header cannot carry (the page still preloads it)', () => {
    expect(firstScreenLinkHeader({ heroImage: '/media/drame-été/slider.webp' })).toBeNull();
    expect(firstScreenLinkHeader({ heroImage: '/media/a.webp\r\nSet-Cookie: x=1' })).toBeNull();
    expect(firstScreenLinkHeader({ heroImage: '/media/a>.webp' })).toBeNull();
    expect(firstScreenLinkHeader(null)).toBeNull();
  });

  it('escapes the image address so it cannot break out of its attribute', () => {
    const page = withFirstScreen(PAGE, { heroImage: '/media/a.webp?x="><script>alert(1)</script>' });
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('href="/media/a.webp?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('matches the loader of the built shell page, so the server finds it there', () => {
    const built = join(__dirname, '../../../shell/dist/index.html');
    let page = '';
    try {
      page = readFileSync(built, 'utf8');
    } catch {}
    // Not built yet, or being built right now (`npm test` builds beside these tests): the source page
    // holds the same markup; the build only minifies around it.
    if (!page.includes('</html>')) page = readFileSync(join(__dirname, '../../../shell/public/index.html'), 'utf8');
    expect(page).toContain(DEFAULT_STARTUP_LOADER);
    expect(page).toContain('</title>');
  });
});
