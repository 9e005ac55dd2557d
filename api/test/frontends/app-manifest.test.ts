/**
 * The installable web app: the shell's page links its manifest, the site serves it with the manifest's
 * content type, and it names the app, starts it standalone at home in the app's colours, with real PNG
 * icons at 192 and 512 px and a maskable one. The files are the shell's own (shell/public).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const PUBLIC = join(__dirname, '..', '..', '..', 'shell', 'public');
const page = readFileSync(join(PUBLIC, 'index.html'), 'utf8');
const manifestHref = /<link rel="manifest" href="([^"]+)"/.exec(page)?.[1];

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: Icon[];
}

/** A PNG's width and height, from its IHDR chunk; null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the installable web app', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    // The shell's build as the server finds it: its public files copied beside a page.
    root = mkdtempSync(join(tmpdir(), 'cliffhanger-manifest-'));
    const dist = join(root, 'shell', 'dist');
    mkdirSync(dist, { recursive: true });
    cpSync(PUBLIC, dist, { recursive: true });
    writeFileSync(join(dist, 'remotes.json'), '{}');
    t = await createTestApp('sqlite', { serveFrontends: true, frontendsRoot: root });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("is linked from the shell's page", () => {
    expect(manifestHref).toBe('/manifest.webmanifest');
  });

  it('serves the manifest as application/manifest+json', async () => {
    const response = await call(t.app, { url: manifestHref ?? '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(() => JSON.parse(response.body)).not.toThrow();
  });

  it('names the app and opens it standalone at home, in the colours of the page', async () => {
    const manifest = JSON.parse((await call(t.app, { url: '/manifest.webmanifest' })).body) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Cliffhanger',
      short_name: 'Cliffhanger',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    const themeColour = /<meta name="theme-color" content="([^"]+)"/.exec(page)?.[1];
    expect(manifest.theme_color).toBe(themeColour);
    // The start-up screen's background, so the splash and the first paint are one colour.
    expect(page).toContain(`background: ${manifest.background_color};`);
  });

  it('has real PNG icons at 192 and 512 px and a maskable one, each served as image/png', async () => {
    const manifest = JSON.parse((await call(t.app, { url: '/manifest.webmanifest' })).body) as Manifest;
    const found: string[] = [];
    for (const icon of manifest.icons) {
      const response = await t.app.inject({ method: 'GET', url: icon.src });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const size = pngSize(response.rawPayload);
      expect(size && `${size.width}x${size.height}`).toBe(icon.sizes);
      found.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
    }
    expect(found).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });
});
