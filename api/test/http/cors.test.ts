/**
 * Which browser origins may call the APIs, and how their requests and preflights are answered. The
 * site's own rules (listed origin echoed, unknown origin refused, localhost only in development) are
 * also exercised on the served site in test/frontends/security-headers.test.ts.
 */
import { allowedOrigins } from '../../src/http/cors';
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the origin allow-list', () => {
  const base = { corsOrigins: ['https://app.example.com'], publicUrl: 'https://www.example.com', devRoutes: false };

  it('allows the listed origins and the public URL, compared whole', () => {
    const isAllowed = allowedOrigins(base);
    expect(isAllowed('https://app.example.com', 'api.example.com')).toBe(true);
    expect(isAllowed('https://www.example.com', 'api.example.com')).toBe(true);
    expect(isAllowed('https://app.example.com.evil.example', 'api.example.com')).toBe(false);
    expect(isAllowed('http://app.example.com', 'api.example.com')).toBe(false);
    expect(isAllowed('https://evil.example', 'api.example.com')).toBe(false);
  });

  it("allows the server's own origin, by the request's Host, over HTTP or HTTPS", () => {
    const isAllowed = allowedOrigins(base);
    expect(isAllowed('http://api.example.com:8080', 'api.example.com:8080')).toBe(true);
    expect(isAllowed('https://api.example.com', 'api.example.com')).toBe(true);
    expect(isAllowed('https://api.example.com', 'api.example.com:8080')).toBe(false);
    expect(isAllowed('https://xapi.example.com', 'api.example.com')).toBe(false);
    expect(isAllowed('ftp://api.example.com', 'api.example.com')).toBe(false);
    expect(isAllowed('http://', '')).toBe(false);
    expect(isAllowed('http://', undefined)).toBe(false);
  });

  it('allows every origin when the list holds *', () => {
    expect(allowedOrigins({ ...base, corsOrigins: ['*'] })('https://anywhere.example', undefined)).toBe(true);
  });

  it('allows any localhost port only in development with no list configured', () => {
    const development = allowedOrigins({ corsOrigins: [], publicUrl: null, devRoutes: true });
    expect(development('http://localhost:4101', 'api.example.com')).toBe(true);
    expect(development('https://127.0.0.1', 'api.example.com')).toBe(true);
    expect(development('http://localhost.evil.example', 'api.example.com')).toBe(false);
    expect(
      allowedOrigins({ corsOrigins: ['https://app.example.com'], publicUrl: null, devRoutes: true })(
        'http://localhost:4101',
        'api.example.com',
      ),
    ).toBe(false);
    expect(allowedOrigins({ corsOrigins: [], publicUrl: null, devRoutes: false })('http://localhost:4101', 'x')).toBe(
      false,
    );
  });
});

describe('CORS answers', () => {
  let t: TestApp;
  const allowed = 'http://allowed.example';

  beforeAll(async () => {
    // testConfig lists http://allowed.example as the one CORS origin; its public URL is http://cliffhanger.test.
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('varies every answer on Origin, with or without one', async () => {
    const requests: Array<Record<string, string>> = [{}, { origin: allowed }, { origin: 'https://evil.example' }];
    for (const headers of requests) {
      expect((await call(t.app, { url: '/api/health', headers })).headers.vary).toBe('Origin');
    }
    // A message answer is in the viewer's language: it varies on Accept-Language too.
    expect((await call(t.app, { url: '/api/nope', headers: { origin: allowed } })).headers.vary).toBe(
      'Origin, Accept-Language',
    );
  });

  it('echoes an allowed origin and exposes the headers the client reads', async () => {
    for (const origin of [allowed, 'http://cliffhanger.test']) {
      const response = await call(t.app, { url: '/api/health', headers: { origin } });
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers['access-control-expose-headers']).toBe('Retry-After, Content-Range, Content-Length');
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('gives an unknown origin no CORS header at all, and its preflight a 404', async () => {
    const simple = await call(t.app, { url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(simple.statusCode).toBe(200);
    expect(Object.keys(simple.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await call(t.app, {
      method: 'OPTIONS',
      url: '/api/auth/login/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(typeof preflight.json().message).toBe('string');
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('answers a preflight from an allowed origin at once, with the methods, headers and cache time', async () => {
    const preflight = await call(t.app, {
      method: 'OPTIONS',
      url: '/api/user/me/',
      headers: { origin: allowed, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'x' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.body).toBe('');
    expect(preflight.headers).toEqual(
      expect.objectContaining({
        'access-control-allow-origin': allowed,
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers':
          'Authorization, Content-Type, Range, Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset, Upload-Defer-Length, X-Device-Id',
        'access-control-max-age': '600',
        vary: 'Origin',
      }),
    );
    // Answered before the rate limit counts it.
    expect(preflight.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('refuses a preflight that names no method', async () => {
    const preflight = await call(t.app, { method: 'OPTIONS', url: '/api/auth/login/', headers: { origin: allowed } });
    expect(preflight.statusCode).toBe(400);
    expect(preflight.body).toBe('Invalid Preflight Request');
  });

  it('answers a plain OPTIONS request without an Origin with a 404', async () => {
    const response = await call(t.app, { method: 'OPTIONS', url: '/api/auth/login/' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
