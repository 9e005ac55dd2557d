/**
 * Versioned remotes (issue #22): the rollout rules pages read, the load reports they send, the
 * automatic rollback of a failing canary, and the staff actions of Releases. The builds are small
 * stand-ins in the app's temporary folder: the built-in wallet says it is 1.4.0, the catalog names no
 * version (`current`), and a few versions are published beside them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CANARY_AUTO_ROLLBACK, REMOTE_REPORTS_PER_REQUEST } from '@cliffhanger/shared/remote-releases';
import { remoteOverridesFromEnv, remoteReleasesUrlFromEnv } from '../../../src/config';
import { databaseKinds } from '../../support/databases';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';

const FITTING = { react: '^19.0.0 || 19.2.0', 'react-dom/client': '^19.0.0', '@reduxjs/toolkit': '^2.0.0' };

function writeJson(file: string, value: unknown) {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

function publish(dir: string, remote: string, version: string, shared: Record<string, string>, builtAt: string) {
  const folder = join(dir, 'var', 'remote-releases', remote, version);
  writeJson(join(folder, 'mf-manifest.json'), { id: remote, version });
  writeJson(join(folder, 'release.json'), { remote, version, built_at: builtAt, shared });
}

function stageBuilds(dir: string) {
  writeJson(join(dir, 'shell', 'dist', 'release.json'), {
    remote: 'shell',
    version: '5.0.0',
    built_at: '2026-11-01T00:00:00.000Z',
    provides: { react: '19.2.0', 'react-dom': '19.2.0', '@reduxjs/toolkit': '2.9.0' },
  });
  writeJson(join(dir, 'mf-wallet', 'dist', 'release.json'), {
    remote: 'wallet',
    version: '1.4.0',
    built_at: '2026-11-01T00:00:00.000Z',
    shared: FITTING,
  });
  publish(dir, 'wallet', '1.3.0', FITTING, '2026-10-01T00:00:00.000Z');
  publish(dir, 'wallet', '2.0.0', FITTING, '2026-11-20T00:00:00.000Z');
  publish(dir, 'wallet', '2.1.0', { react: '^18.2.0' }, '2026-11-21T00:00:00.000Z');
  publish(dir, 'player', '3.0.0', FITTING, '2026-11-20T00:00:00.000Z');
  publish(dir, 'account', '7.0.0', FITTING, '2026-11-20T00:00:00.000Z');
  publish(dir, 'catalog', '1.0.0', FITTING, '2026-11-20T00:00:00.000Z');
}

describe.each(databaseKinds())('versioned remotes (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    stageBuilds(t.dir);
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  const rollouts = async () => (await call(t.app, { url: '/api/remotes/' })).json().remotes;
  const view = async () =>
    (await call(t.app, { url: '/api/admin/releases/', headers: bearer(cast.staff.access) })).json().remotes as Array<{
      remote: string;
      stable_version: string;
      canary_version: string | null;
      canary_share: number;
      auto_rollback: { at: string; version: string; reason: string } | null;
      versions: Array<Record<string, unknown>>;
    }>;
  const staffCall = (method: string, url: string, payload?: unknown, session = cast.staff) =>
    call(t.app, { method, url, headers: bearer(session.access), payload });
  const report = (reports: unknown, remoteAddress = '127.0.0.1') =>
    call(t.app, { method: 'POST', url: '/api/remotes/reports/', payload: { reports }, remoteAddress });
  const audits = (remote: string) =>
    t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'remote_release')
      .where('entity_id', '=', remote)
      .orderBy('id')
      .execute();

  it('tells every page, guests included, the stable version of each remote, cacheable for a short while', async () => {
    const answer = await call(t.app, { url: '/api/remotes/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=15');
    const { remotes } = answer.json();
    expect(Object.keys(remotes).sort()).toEqual(['account', 'admin', 'catalog', 'player', 'wallet']);
    expect(remotes.wallet).toEqual({
      stable: { version: '1.4.0', manifest: '/remotes/wallet/mf-manifest.json' },
      canary: null,
    });
    expect(remotes.catalog.stable).toEqual({ version: 'current', manifest: '/remotes/catalog/mf-manifest.json' });
  });

  it('lists the built-in and every published version newest first, with whether each fits the shell', async () => {
    const wallet = (await view()).find((r) => r.remote === 'wallet');
    expect(wallet?.stable_version).toBe('1.4.0');
    expect(wallet?.versions.map((v) => v.version)).toEqual(['2.1.0', '2.0.0', '1.4.0', '1.3.0']);
    const incompatible = wallet?.versions[0];
    expect(incompatible).toMatchObject({ compatible: false });
    expect(String(incompatible?.incompatibility)).toContain('react ^18.2.0 (the shell provides 19.2.0)');
    expect(wallet?.versions[1]).toMatchObject({ compatible: true, incompatibility: null, loads: 0, failure_rate: 0 });
  });

  it('refuses anyone but staff on every Releases route', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/releases/'],
      ['PUT', '/api/admin/releases/wallet/canary', { version: '2.0.0', share: 10 }],
      ['POST', '/api/admin/releases/wallet/promote'],
      ['POST', '/api/admin/releases/wallet/rollback'],
      ['PUT', '/api/admin/releases/wallet/stable', { version: '1.3.0' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await staffCall(method, url, payload, cast.viewer)).statusCode).toBe(403);
      expect((await staffCall(method, url, payload, cast.guest)).statusCode).toBe(403);
      expect((await call(t.app, { method, url, payload })).statusCode).toBe(401);
    }
    expect((await rollouts()).wallet.canary).toBeNull();
    expect(await audits('wallet')).toHaveLength(0);
  });

  it('refuses a canary of an unknown or incompatible version, of the stable one, or with no share', async () => {
    const canary = (payload: unknown) => staffCall('PUT', '/api/admin/releases/wallet/canary', payload);
    const unknown = await canary({ version: '9.9.9', share: 10 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('wallet has no published version "9.9.9"');
    const incompatible = await canary({ version: '2.1.0', share: 10 });
    expect(incompatible.statusCode).toBe(409);
    expect(incompatible.json().message).toContain('does not fit the shell');
    expect((await canary({ version: '1.4.0', share: 10 })).statusCode).toBe(409);
    expect((await canary({ version: '2.0.0', share: 0 })).statusCode).toBe(400);
    expect((await canary({ version: '2.0.0', share: 101 })).statusCode).toBe(400);
    expect((await canary({ version: '../etc', share: 10 })).statusCode).toBe(400);
    expect(
      (await staffCall('PUT', '/api/admin/releases/shell/canary', { version: '2.0.0', share: 10 })).statusCode,
    ).toBe(400);
    expect((await staffCall('POST', '/api/admin/releases/wallet/promote')).statusCode).toBe(409);
    expect((await staffCall('POST', '/api/admin/releases/wallet/rollback')).statusCode).toBe(409);
    expect((await rollouts()).wallet.canary).toBeNull();
    expect(await audits('wallet')).toHaveLength(0);
  });

  it('a canary, a promotion, a rollback and a return to an older version reach the public answer at once, each audited', async () => {
    const started = await staffCall('PUT', '/api/admin/releases/wallet/canary', { version: '2.0.0', share: 25 });
    expect(started.statusCode).toBe(200);
    expect((await rollouts()).wallet.canary).toEqual({
      version: '2.0.0',
      manifest: '/remotes/wallet/2.0.0/mf-manifest.json',
      share: 25,
    });

    expect((await staffCall('POST', '/api/admin/releases/wallet/promote')).statusCode).toBe(200);
    expect((await rollouts()).wallet).toEqual({
      stable: { version: '2.0.0', manifest: '/remotes/wallet/2.0.0/mf-manifest.json' },
      canary: null,
    });

    await staffCall('PUT', '/api/admin/releases/wallet/canary', { version: '1.4.0', share: 5 });
    expect((await rollouts()).wallet.canary).toEqual({
      version: '1.4.0',
      manifest: '/remotes/wallet/mf-manifest.json',
      share: 5,
    });
    expect((await staffCall('POST', '/api/admin/releases/wallet/rollback')).statusCode).toBe(200);
    expect((await rollouts()).wallet.canary).toBeNull();

    expect((await staffCall('PUT', '/api/admin/releases/wallet/stable', { version: '1.3.0' })).statusCode).toBe(200);
    expect((await rollouts()).wallet.stable).toEqual({
      version: '1.3.0',
      manifest: '/remotes/wallet/1.3.0/mf-manifest.json',
    });
    expect((await staffCall('PUT', '/api/admin/releases/wallet/stable', { version: '1.3.0' })).statusCode).toBe(409);
    expect((await staffCall('PUT', '/api/admin/releases/wallet/stable', { version: '2.1.0' })).statusCode).toBe(409);
    expect((await staffCall('PUT', '/api/admin/releases/wallet/stable', { version: '1.4.0' })).statusCode).toBe(200);
    expect((await rollouts()).wallet.stable.version).toBe('1.4.0');

    const entries = await audits('wallet');
    expect(entries.map((e) => e.action)).toEqual([
      'release.canary',
      'release.promote',
      'release.canary',
      'release.rollback',
      'release.stable',
      'release.stable',
    ]);
    expect(entries.every((e) => e.actor_id === cast.staff.user.id)).toBe(true);
    expect(JSON.parse(entries[1].before_json ?? 'null')).toEqual({
      stable_version: '1.4.0',
      canary_version: '2.0.0',
      canary_share: 25,
    });
    expect(JSON.parse(entries[1].after_json ?? 'null')).toEqual({
      stable_version: '2.0.0',
      canary_version: null,
      canary_share: 0,
    });
  });

  it('refuses bad load reports with nothing stored', async () => {
    const before = JSON.stringify(await view());
    const good = { remote: 'wallet', version: '1.4.0', outcome: 'loaded', load_ms: 120 };
    const bad: unknown[] = [
      [],
      [{ ...good, remote: 'shell' }],
      [good, { ...good, version: '9.9.9' }],
      [{ ...good, version: '../../etc' }],
      [{ ...good, outcome: 'crashed' }],
      [{ ...good, load_ms: -1 }],
      [{ ...good, load_ms: 10_000_000 }],
      [{ ...good, load_ms: '120' }],
      [{ ...good, extra: 1 }],
      Array.from({ length: REMOTE_REPORTS_PER_REQUEST + 1 }, () => good),
    ];
    for (const reports of bad) expect((await report(reports)).statusCode).toBe(400);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/remotes/reports/', payload: { reports: 'x' } })).statusCode,
    ).toBe(400);
    expect(JSON.stringify(await view())).toBe(before);
  });

  it('shows loads, failure rate and median load time per version', async () => {
    const answer = await report([
      { remote: 'account', version: 'current', outcome: 'loaded', load_ms: 100 },
      { remote: 'account', version: 'current', outcome: 'loaded', load_ms: 300 },
      { remote: 'account', version: 'current', outcome: 'loaded', load_ms: 200.4 },
      { remote: 'account', version: 'current', outcome: 'failed' },
      { remote: 'account', version: '7.0.0', outcome: 'loaded', load_ms: 50 },
      { remote: 'account', version: '7.0.0', outcome: 'error' },
    ]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ stored: 6 });
    const account = (await view()).find((r) => r.remote === 'account');
    const current = account?.versions.find((v) => v.version === 'current');
    expect(current).toMatchObject({ loads: 3, failures: 1, errors: 0, failure_rate: 0.25, median_load_ms: 200 });
    const seven = account?.versions.find((v) => v.version === '7.0.0');
    expect(seven).toMatchObject({ loads: 1, failures: 0, errors: 1, failure_rate: 1, median_load_ms: 50 });
  });

  it('leaves a failing canary alone until it has been loaded often enough', async () => {
    await staffCall('PUT', '/api/admin/releases/account/canary', { version: '7.0.0', share: 50 });
    const failing = Array.from({ length: CANARY_AUTO_ROLLBACK.minLoads - 3 }, () => ({
      remote: 'account',
      version: '7.0.0',
      outcome: 'failed',
    }));
    // 1 load + 1 error earlier, 17 failures now: 19 attempts, one short of the minimum.
    expect((await report(failing)).statusCode).toBe(200);
    expect((await rollouts()).account.canary?.version).toBe('7.0.0');
    expect((await audits('account')).map((e) => e.action)).toEqual(['release.canary']);
  });

  it('does not roll a canary back on the word of one browser, however many failures it sends', async () => {
    await staffCall('PUT', '/api/admin/releases/catalog/canary', { version: '1.0.0', share: 20 });
    const failures = (n: number) =>
      Array.from({ length: n }, () => ({ remote: 'catalog', version: '1.0.0', outcome: 'failed' }));
    for (let i = 0; i < 5; i += 1) expect((await report(failures(20), '198.51.100.7')).statusCode).toBe(200);
    expect((await rollouts()).catalog.canary?.version).toBe('1.0.0');
    // Three more browsers agree: still under the minimum of different browsers.
    for (const address of ['198.51.100.8', '198.51.100.9', '198.51.100.10']) await report(failures(1), address);
    expect((await rollouts()).catalog.canary?.version).toBe('1.0.0');
    // The fifth different browser makes it several people's experience: rolled back.
    await report(failures(1), '198.51.100.11');
    expect((await rollouts()).catalog.canary).toBeNull();
    expect((await audits('catalog')).map((e) => e.action)).toEqual(['release.canary', 'release.auto_rollback']);
  });

  it('rolls back a failing canary exactly once when many reports cross the line together', async () => {
    await staffCall('PUT', '/api/admin/releases/player/canary', { version: '3.0.0', share: 40 });
    await report(
      Array.from({ length: 10 }, () => ({ remote: 'player', version: 'current', outcome: 'loaded', load_ms: 80 })),
    );
    // Fifty pages, from ten different browsers.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        report(
          [{ remote: 'player', version: '3.0.0', outcome: i % 3 === 0 ? 'loaded' : 'failed', load_ms: 90 }],
          `203.0.113.${i % 10}`,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const player = await rollouts();
    expect(player.player).toEqual({
      stable: { version: 'current', manifest: '/remotes/player/mf-manifest.json' },
      canary: null,
    });
    const entries = await audits('player');
    expect(entries.map((e) => e.action)).toEqual(['release.canary', 'release.auto_rollback']);
    expect(entries[1].actor_id).toBeNull();
    const shown = (await view()).find((r) => r.remote === 'player');
    expect(shown?.stable_version).toBe('current');
    expect(shown?.auto_rollback?.version).toBe('3.0.0');
    expect(shown?.auto_rollback?.reason).toMatch(/^failure rate \d+% over \d+ loads against 0% on current$/);
    // Reports still arriving from pages that loaded it change nothing more.
    await report([{ remote: 'player', version: '3.0.0', outcome: 'failed' }]);
    expect(await audits('player')).toHaveLength(2);
  });
});

describe('the rollout answer honours the remote addresses set by environment', () => {
  it('gives the built-in address from REMOTE_<NAME>_URL', async () => {
    const t = await createTestApp('sqlite', {
      remoteOverrides: remoteOverridesFromEnv({ REMOTE_CATALOG_URL: 'https://catalog.example/mf-manifest.json' }),
    });
    try {
      const { remotes } = (await call(t.app, { url: '/api/remotes/' })).json();
      expect(remotes.catalog.stable).toEqual({
        version: 'current',
        manifest: 'https://catalog.example/mf-manifest.json',
      });
    } finally {
      await t.close();
    }
  });
});

describe('published versions served on another origin (REMOTE_RELEASES_URL)', () => {
  it('gives pages the published manifests under that address', async () => {
    const t = await createTestApp('sqlite', { remoteReleasesUrl: 'https://api.example.com/remotes' });
    try {
      stageBuilds(t.dir);
      const staff = await signUpCast(t);
      const started = await call(t.app, {
        method: 'PUT',
        url: '/api/admin/releases/wallet/canary',
        headers: bearer(staff.staff.access),
        payload: { version: '2.0.0', share: 10 },
      });
      expect(started.statusCode).toBe(200);
      const { remotes } = (await call(t.app, { url: '/api/remotes/' })).json();
      expect(remotes.wallet.canary).toEqual({
        version: '2.0.0',
        manifest: 'https://api.example.com/remotes/wallet/2.0.0/mf-manifest.json',
        share: 10,
      });
    } finally {
      await t.close();
    }
  });

  it('refuses an address that is neither http(s) nor a path', () => {
    expect(() => remoteReleasesUrlFromEnv({ REMOTE_RELEASES_URL: 'javascript:alert(1)' })).toThrow(
      /REMOTE_RELEASES_URL/,
    );
    expect(remoteReleasesUrlFromEnv({ REMOTE_RELEASES_URL: 'https://cdn.example/remotes///' })).toBe(
      'https://cdn.example/remotes',
    );
    expect(remoteReleasesUrlFromEnv({})).toBeUndefined();
  });
});
