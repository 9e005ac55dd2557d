/**
 * Security headers of the served site (issue #9): a Content-Security-Policy on every HTML answer built
 * from the effective remotes.json, `nosniff` on everything, HSTS only over TLS, and the CORS allow-list.
 * The frontends are small stand-in builds in a temporary folder; the rules are the server's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { browserConfigFromEnv, remoteOverridesFromEnv } from '../../src/config';
import { call } from '../support/http';
import { type ConfigOverrides, createTestApp, type TestApp } from '../support/test-app';

const REMOTES = ['catalog', 'player', 'wallet', 'account', 'admin'];

function fakeBuilds(): string {
  const root = mkdtempSync(join(tmpdir(), 'cliffhanger-frontends-'));
  const shell = join(root, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  const page =
    '<!doctype html><html><head><script src="/config.js" defer></script><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>';
  writeFileSync(join(shell, 'index.html'), page);
  // Builds are pre-compressed: the .br file is what a browser gets.
  writeFileSync(join(shell, 'index.html.br'), brotliCompressSync(page));
  writeFileSync(join(shell, 'main.0123abcd.js'), 'console.log("shell");');
  writeFileSync(
    join(shell, 'remotes.json'),
    JSON.stringify(Object.fromEntries(REMOTES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]))),
  );
  for (const name of REMOTES) {
    const dist = join(root, `mf-${name}`, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), `<!doctype html><html><body><div id="root"></div></body></html>`);
    writeFileSync(join(dist, 'remoteEntry.js'), 'var mf = {};');
    writeFileSync(join(dist, 'mf-manifest.json'), '{}');
  }
  return root;
}

/** What the server makes of these environment variables at start (configFromEnv's frontends part). */
function fromEnv(vars: NodeJS.ProcessEnv): ConfigOverrides {
  return { remoteOverrides: remoteOverridesFromEnv(vars), browserConfig: browserConfigFromEnv(vars) };
}

function directives(header: string | string[] | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string).split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const html = { accept: 'text/html,application/xhtml+xml' };

describe('the served site: remotes beside the shell and one on another origin, plain HTTP', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = fakeBuilds();
    // testConfig lists http://allowed.example as the one CORS origin.
    t = await createTestApp('sqlite', {
      serveFrontends: true,
      frontendsRoot: root,
      trustProxy: false,
      ...fromEnv({
        REMOTE_PLAYER_URL: 'https://player.example.com/v3/mf-manifest.json',
        SENTRY_DSN: 'https://k@o9.ingest.sentry.io/1',
        STRIPE_PUBLISHABLE_KEY: '',
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const pages = [
    '/',
    '/series/3',
    '/admin/users',
    '/index.html',
    '/remotes/catalog/index.html',
    '/remotes/admin/index.html',
  ];

  it.each(pages)('answers %s with the page policy: this site, the remote origins, nothing wider', async (url) => {
    const response = await call(t.app, { url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const policy = directives(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'", 'https://player.example.com']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://player.example.com', 'https://o9.ingest.sentry.io']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['frame-src']).toEqual(["'none'"]); // no Stripe key, no Stripe frames
    expect(response.headers['content-security-policy']).not.toMatch(/unsafe-eval|stripe/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('puts the page policy on a pre-compressed page too', async () => {
    const response = await call(t.app, { url: '/index.html', headers: { ...html, 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(directives(response.headers['content-security-policy'])['script-src']).toContain(
      'https://player.example.com',
    );
  });

  it('serves the same remote addresses in remotes.json as the policy allows', async () => {
    const remotes = (await call(t.app, { url: '/remotes.json' })).json();
    expect(remotes.player).toBe('https://player.example.com/v3/mf-manifest.json');
    expect(remotes.catalog).toBe('/remotes/catalog/mf-manifest.json');
  });

  it('gives JSON, scripts and API errors the strict policy and nosniff', async () => {
    for (const url of [
      '/api/health',
      '/remotes/catalog/remoteEntry.js',
      '/main.0123abcd.js',
      '/config.js',
      '/api/nope',
    ]) {
      const response = await call(t.app, { url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const policy = directives(response.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('answers an unknown path that does not want HTML with JSON, not the page', async () => {
    const response = await call(t.app, { url: '/no/such/file.png' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('sends no HSTS over plain HTTP, whatever an untrusted X-Forwarded-Proto says', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Array<Record<string, string>>) {
      const response = await call(t.app, { url: '/', headers: { ...html, ...headers } });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers a listed CORS origin with its own name, never a wildcard', async () => {
    const response = await call(t.app, { url: '/api/health', headers: { origin: 'http://allowed.example' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://allowed.example');
  });

  it('gives an unknown origin no Access-Control-Allow-Origin, on requests and on preflights', async () => {
    for (const origin of ['https://evil.example.com', 'http://allowed.example.evil.example', 'http://localhost:3000']) {
      const simple = await call(t.app, { url: '/api/health', headers: { origin } });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await call(t.app, {
        method: 'OPTIONS',
        url: '/api/auth/login/',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows a preflight from a listed origin for the methods and headers the site uses', async () => {
    const preflight = await call(t.app, {
      method: 'OPTIONS',
      url: '/api/auth/login/',
      headers: {
        origin: 'http://allowed.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://allowed.example');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });
});

describe('the served site behind a TLS proxy, with Stripe configured', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = fakeBuilds();
    t = await createTestApp('sqlite', {
      ...fromEnv({
        REMOTE_WALLET_URL: 'https://shop.example.com/remotes/wallet/mf-manifest.json',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
        SENTRY_DSN: '',
      }),
      serveFrontends: true,
      frontendsRoot: root,
      trustProxy: true,
      corsOrigins: [],
      devRoutes: true,
      // Media in an S3-compatible store, as configFromEnv would build it from MEDIA_S3_*.
      mediaStorage: {
        bucket: 'cliffhanger-media',
        region: 'eu-west-1',
        endpoint: null,
        accessKeyId: null,
        secretAccessKey: null,
        publicUrl: 'https://media.example-store.com/cliffhanger',
        forcePathStyle: false,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const viaProxy = (host: string, proto = 'https') => ({
    ...html,
    'x-forwarded-proto': proto,
    'x-forwarded-host': host,
  });

  it('allows Stripe’s script, frames and API once a publishable key is configured', async () => {
    const policy = directives((await call(t.app, { url: '/coins', headers: html })).headers['content-security-policy']);
    expect(policy['script-src']).toEqual(expect.arrayContaining(['https://js.stripe.com']));
    expect(policy['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(policy['connect-src']).toEqual(expect.arrayContaining(['https://api.stripe.com']));
  });

  it('lets pages load media from the object store media lives in', async () => {
    const policy = directives((await call(t.app, { url: '/', headers: html })).headers['content-security-policy']);
    for (const name of ['img-src', 'media-src', 'connect-src']) {
      expect(policy[name]).toContain('https://media.example-store.com');
    }
    expect(policy['script-src']).not.toContain('https://media.example-store.com');
  });

  it("lists a remote’s origin on other sites’ pages and leaves it to 'self' on its own", async () => {
    const elsewhere = await call(t.app, { url: '/coins', headers: viaProxy('www.example.com') });
    expect(directives(elsewhere.headers['content-security-policy'])['script-src']).toContain(
      'https://shop.example.com',
    );
    const own = await call(t.app, { url: '/coins', headers: viaProxy('shop.example.com') });
    expect(directives(own.headers['content-security-policy'])['script-src']).not.toContain('https://shop.example.com');
    expect(directives(own.headers['content-security-policy'])['script-src'][0]).toBe("'self'");
  });

  it('sends HSTS when the trusted proxy says the request came over TLS, and not otherwise', async () => {
    const tls = await call(t.app, { url: '/', headers: viaProxy('shop.example.com') });
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const api = await call(t.app, { url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBeDefined();
    const plain = await call(t.app, { url: '/', headers: viaProxy('shop.example.com', 'http') });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows any localhost port only in development with no CORS list configured', async () => {
    const response = await call(t.app, { url: '/api/health', headers: { origin: 'http://localhost:4101' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:4101');
    const other = await call(t.app, { url: '/api/health', headers: { origin: 'https://evil.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
