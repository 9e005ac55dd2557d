/**
 * Published remote versions served at `/remotes/<remote>/<version>/…` (issue #22): immutable, beside
 * the built-in build at `/remotes/<remote>/`, which keeps working as before; unknown versions and any
 * path that tries to step out of a version's folder answer 404 (or 400), never a file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

// @fastify/static requires the ESM-only content-disposition 3 for `reply.download()`, never used here.
jest.mock(require.resolve('content-disposition', { paths: [require.resolve('@fastify/static')] }), () => ({
  create: (fileName: string) => `attachment; filename="${fileName}"`,
}));

function fakeBuilds(): string {
  const root = mkdtempSync(join(tmpdir(), 'cliffhanger-versions-'));
  const write = (file: string, text: string) => {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  };
  write(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><html><body></body></html>');
  write(join(root, 'mf-wallet', 'dist', 'mf-manifest.json'), '{"built":"in"}');
  write(join(root, 'mf-wallet', 'dist', 'remoteEntry.js'), 'var builtIn = 1;');
  write(join(root, 'mf-wallet', 'dist', 'assets', 'logo.0123abcd.svg'), '<svg/>');
  const version = join(root, 'var', 'remote-releases', 'wallet', '2.0.0');
  write(join(version, 'mf-manifest.json'), '{"version":"2.0.0"}');
  write(join(version, 'remoteEntry.js'), 'var published = 2;');
  write(join(version, 'release.json'), '{}');
  write(join(root, 'var', 'remote-releases', 'secret.txt'), 'not for you');
  write(join(root, 'var', 'secret.txt'), 'not for you');
  return root;
}

describe('published remote versions', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = fakeBuilds();
    t = await createTestApp('sqlite', { serveFrontends: true, frontendsRoot: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves a published version for good, with CORS, beside the built-in build', async () => {
    const manifest = await call(t.app, { url: '/remotes/wallet/2.0.0/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ version: '2.0.0' });
    expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const entry = await call(t.app, { url: '/remotes/wallet/2.0.0/remoteEntry.js' });
    expect(entry.body).toBe('var published = 2;');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the built-in build at /remotes/<remote>/ exactly as before', async () => {
    const manifest = await call(t.app, { url: '/remotes/wallet/mf-manifest.json' });
    expect(manifest.json()).toEqual({ built: 'in' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const asset = await call(t.app, { url: '/remotes/wallet/assets/logo.0123abcd.svg' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('<svg/>');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a version never published', async () => {
    expect((await call(t.app, { url: '/remotes/wallet/9.9.9/mf-manifest.json' })).statusCode).toBe(404);
    expect((await call(t.app, { url: '/remotes/catalog/2.0.0/mf-manifest.json' })).statusCode).toBe(404);
    expect((await call(t.app, { url: '/remotes/wallet/2.0.0/missing.js' })).statusCode).toBe(404);
  });

  it('never answers a file outside a version folder, however the path is written', async () => {
    const attempts = [
      '/remotes/wallet/2.0.0/../../secret.txt',
      '/remotes/wallet/2.0.0/..%2F..%2Fsecret.txt',
      '/remotes/wallet/2.0.0/%2e%2e/%2e%2e/secret.txt',
      '/remotes/wallet/..%2Fremote-releases/secret.txt',
      '/remotes/wallet/%2e%2e/secret.txt',
      '/remotes/wallet/..%2f..%2f..%2fvar/secret.txt',
      '/remotes/wallet/2.0.0/%2e%2e%5c%2e%2e%5csecret.txt',
      '/remotes/wallet/2.0.0/.%2e/.%2e/.%2e/var/secret.txt',
      '/remotes/wallet/2.0.0%00/mf-manifest.json',
      '/remotes/wallet/-1/mf-manifest.json',
    ];
    for (const url of attempts) {
      const answer = await call(t.app, { url });
      expect([400, 404]).toContain(answer.statusCode);
      expect(answer.body).not.toContain('not for you');
    }
  });
});
