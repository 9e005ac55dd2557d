/**
 * The security headers every kind of answer carries, in full: an API JSON answer, a site page (whose
 * policy the frontends plugin sets and which must survive), a /media/ file, a 404 and an error. HSTS
 * only over TLS. The frontends are small stand-in builds in a temporary folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLIC_CACHE_CONTROL } from '../../src/http/public-caching';
import { SECURITY_HEADER_OPTIONS, securityHeadersFor } from '../../src/http/security-headers';
import { type CallOptions, type CallResult, call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const STRICT_POLICY =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

/** What every answer carries, whatever it is. */
const SECURITY_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  vary: 'Origin',
};

/** The answer's headers, less the ones that change from one answer to the next. */
function headersOf(response: CallResult): Record<string, unknown> {
  const { date, connection, 'keep-alive': _keepAlive, etag, 'last-modified': _modified, ...rest } = response.headers;
  return rest;
}

function fakeBuilds(root: string) {
  const shell = join(root, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(join(shell, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(shell, 'remotes.json'), '{}');
  for (const name of ['catalog', 'player', 'wallet', 'account', 'admin']) {
    mkdirSync(join(root, `mf-${name}`, 'dist'), { recursive: true });
  }
}

describe('security headers of every kind of answer', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cliffhanger-headers-'));
    fakeBuilds(root);
    t = await createTestApp('sqlite', { serveFrontends: true, frontendsRoot: root, trustProxy: true });
    mkdirSync(join(t.ctx.config.mediaRoot, 'demo', 'show'), { recursive: true });
    writeFileSync(join(t.ctx.config.mediaRoot, 'demo', 'show', 'poster.jpg'), '0123456789');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (options: CallOptions) => call(t.app, options);

  it('decides the fixed set once, from helmet with the strict policy and no HSTS', () => {
    expect(Object.fromEntries(securityHeadersFor(SECURITY_HEADER_OPTIONS))).toEqual({
      'content-security-policy': STRICT_POLICY,
      ...Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'vary')),
    });
  });

  it('gives an API JSON answer the strict policy and the whole set, and nothing more', async () => {
    const response = await get({ url: '/api/series/?limit=20' });
    expect(response.statusCode).toBe(200);
    expect(headersOf(response)).toEqual({
      ...SECURITY_HEADERS,
      // A public catalogue read, kept by browsers and a CDN (http/public-caching.ts).
      'cache-control': PUBLIC_CACHE_CONTROL,
      'content-security-policy': STRICT_POLICY,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(response.body)),
      'x-ratelimit-limit': '100000',
      'x-ratelimit-remaining': expect.stringMatching(/^\d+$/),
      'x-ratelimit-reset': expect.stringMatching(/^\d+$/),
    });
  });

  it("keeps the site's page policy on a page, with the rest of the set", async () => {
    const response = await get({ url: '/series/3', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    const { 'content-security-policy': policy, ...others } = headersOf(response);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("media-src 'self' blob: data:");
    expect(others).toEqual({
      ...SECURITY_HEADERS,
      // A series page's link preview is in the client's language.
      vary: 'Origin, Accept-Language',
      'cache-control': 'no-cache',
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(response.body)),
    });
  });

  it('gives a /media/ file the whole set, open to every origin', async () => {
    const response = await get({ url: '/media/demo/show/poster.jpg', headers: { range: 'bytes=2-5' } });
    expect(response.statusCode).toBe(206);
    expect(headersOf(response)).toEqual({
      ...SECURITY_HEADERS,
      'content-security-policy': STRICT_POLICY,
      'access-control-allow-origin': '*',
      'accept-ranges': 'bytes',
      'cache-control': expect.any(String),
      'content-type': 'image/jpeg',
      'content-range': 'bytes 2-5/10',
      'content-length': '4',
    });
  });

  it.each([
    ['an unknown API endpoint', { url: '/api/no-such-endpoint/' }, 404],
    ['an unknown file', { url: '/no/such/file.png' }, 404],
    [
      'a malformed JSON body',
      { method: 'POST', url: '/api/auth/login/', body: '{', headers: { 'content-type': 'application/json' } },
      400,
    ],
  ] as Array<[string, CallOptions, number]>)(
    'gives %s the strict policy and the whole set',
    async (_name, options, status) => {
      const response = await get(options);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('application/json');
      expect(headersOf(response)).toEqual(
        // The message is in the viewer's language, so the answer also varies on Accept-Language.
        expect.objectContaining({
          ...SECURITY_HEADERS,
          'content-security-policy': STRICT_POLICY,
          vary: 'Origin, Accept-Language',
        }),
      );
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('adds HSTS to answers that came over TLS, here through the trusted proxy, and only to those', async () => {
    for (const options of [
      { url: '/api/health' },
      { url: '/series/3', headers: { accept: 'text/html' } },
      { url: '/media/demo/show/poster.jpg' },
      { url: '/api/no-such-endpoint/' },
    ] as CallOptions[]) {
      const tls = await get({ ...options, headers: { ...options.headers, 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(tls.headers['x-frame-options']).toBe('SAMEORIGIN');
      const plain = await get(options);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
