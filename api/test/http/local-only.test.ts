/**
 * The keyless stand-ins (the dev outbox, the dev checkout and the dev payment provider's money routes)
 * answer only this machine. "Another machine" here is this host's own network address: a socket from
 * it has a non-loopback peer address, exactly as a visitor on the network would.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv, REPO_ROOT } from '../../src/config';
import { balanceOf } from '../../src/domains/coins/coins.service';
import { fromThisMachine, isLoopbackAddress, reachability } from '../../src/http/local-only';
import { databaseKinds } from '../support/databases';
import type { Session } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/** This machine's first non-loopback IPv4 address: a client connecting to it is "on the network". */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((info) => info && !info.internal && info.family === 'IPv4')?.address;

if (!networkAddress) console.warn('No non-loopback address on this machine: the remote-client cases are skipped');
const withNetwork = networkAddress ? describe.each(databaseKinds()) : describe.skip.each(databaseKinds());

interface Answer {
  statusCode: number;
  body: string;
}

/** One request to the app listening on all interfaces, sent to `host` (loopback or the network address). */
function send(
  port: number,
  host: string,
  options: { method?: string; url: string; headers?: Record<string, string>; payload?: unknown },
): Promise<Answer> {
  const body = options.payload === undefined ? undefined : JSON.stringify(options.payload);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port, method: options.method ?? 'GET', path: options.url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

withNetwork('dev tools answer this machine only (%s)', (kind) => {
  let t: TestApp;
  let port: number;
  let viewer: Session;
  const remote = (options: Parameters<typeof send>[2]) => send(port, networkAddress as string, options);
  const local = (options: Parameters<typeof send>[2]) => send(port, '127.0.0.1', options);
  const auth = () => ({ authorization: `Bearer ${viewer.access}` });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '0.0.0.0' });
    port = (t.app.server.address() as AddressInfo).port;
    const registered = await local({
      method: 'POST',
      url: '/api/auth/register/',
      payload: { email: `local-only-${kind}@example.com`, password: 'correct horse battery' },
    });
    viewer = JSON.parse(registered.body);
  });
  afterAll(() => t.close());

  it('refuses the mail outbox to another machine and shows it on this one', async () => {
    const fromNetwork = await remote({ url: '/api/dev/outbox' });
    expect(fromNetwork.statusCode).toBe(403);
    expect(JSON.parse(fromNetwork.body).message).toMatch(/only answers on the machine the server runs on/);
    expect((await local({ url: '/api/dev/outbox' })).statusCode).toBe(200);
  });

  it('does not take a forged X-Forwarded-For of 127.0.0.1 from another machine as local', async () => {
    const forged = await remote({ url: '/api/dev/outbox', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(403);
  });

  it('does not take a visitor forwarded by a proxy on this machine as local', async () => {
    const proxied = await local({ url: '/api/dev/outbox', headers: { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' } });
    expect(proxied.statusCode).toBe(403);
  });

  it('refuses the dev checkout page and its Pay button to another machine, granting nothing', async () => {
    const started = await local({
      method: 'POST',
      url: '/api/coins/purchase/',
      headers: auth(),
      payload: { package_id: 2 },
    });
    expect(started.statusCode).toBe(200);
    // The checkout's own address (with its owner's token), as the wallet would open it.
    const page = new URL(JSON.parse(started.body).url as string);
    const address = `${page.pathname}${page.search}`;
    const pay = `${page.pathname}/pay${page.search}`;
    const fromNetwork = await remote({ url: address });
    expect(fromNetwork.statusCode).toBe(403);
    expect(JSON.parse(fromNetwork.body).message).toMatch(/only answers on the machine the server runs on/);
    expect((await remote({ method: 'POST', url: pay })).statusCode).toBe(403);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(0);
    expect((await local({ url: address })).statusCode).toBe(200);
  });

  it('refuses every way the test payment provider would grant coins or Gold to another machine', async () => {
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/api/coins/purchase/', { package_id: 2 }],
      ['POST', '/api/subscriptions/create/', { plan_id: 1 }],
      ['POST', '/api/payment-methods/', { payment_method_id: 'pm_card_visa' }],
      ['POST', '/api/payment-methods/setup-intent/', undefined],
      ['POST', '/api/dev-payment-methods/', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }],
      ['POST', '/api/payments/create-intent/', { amount: 99 }],
      ['POST', '/api/payments/confirm/', { payment_intent_id: 'pi_dev_x' }],
    ];
    for (const [method, url, payload] of attempts) {
      const answer = await remote({ method, url, headers: auth(), payload });
      expect([url, answer.statusCode]).toEqual([url, 503]);
      expect(JSON.parse(answer.body).message).toMatch(/local test mode.*Nothing was charged/);
    }
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(0);
    const cards = await t.ctx.db.selectFrom('payment_methods').selectAll().execute();
    expect(cards).toEqual([]);
  });

  it('leaves the rest of the API open to other machines', async () => {
    expect((await remote({ url: '/api/health/' })).statusCode).toBe(200);
    expect((await remote({ url: '/api/coins/packages/' })).statusCode).toBe(200);
  });
});

withNetwork('a demo deployment that opens its dev tools (%s)', (kind) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { devToolsOpen: true });
    await t.app.listen({ port: 0, host: '0.0.0.0' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers the outbox to another machine when DEV_TOOLS=open', async () => {
    expect((await send(port, networkAddress as string, { url: '/api/dev/outbox' })).statusCode).toBe(200);
  });
});

describe('who counts as this machine', () => {
  it('knows the loopback addresses in every spelling and nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]']) {
      expect([address, isLoopbackAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fd00::2', '', undefined, '127.0.0.1.evil']) {
      expect([address, isLoopbackAddress(address)]).toEqual([address, false]);
    }
  });

  it('requires the socket and every forwarded hop to be loopback', () => {
    const request = (remoteAddress: string, forwarded?: string) =>
      ({ raw: { socket: { remoteAddress } }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as never;
    expect(fromThisMachine(request('127.0.0.1'))).toBe(true);
    expect(fromThisMachine(request('::1', '127.0.0.1'))).toBe(true);
    expect(fromThisMachine(request('127.0.0.1', '198.51.100.4'))).toBe(false);
    expect(fromThisMachine(request('198.51.100.4', '127.0.0.1'))).toBe(false);
  });
});

/** Starts the real server script with no HOST set and returns what it printed once it listens. */
async function startedServerLog(extra: NodeJS.ProcessEnv = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VAR_DIR: dir,
    SQLITE_PATH: join(dir, 'start.db'),
    PORT: '0',
    SERVE_FRONTENDS: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
  };
  delete env.HOST;
  delete env.DEV_TOOLS;
  delete env.DATABASE_URL;
  delete env.ENV_FILE;
  Object.assign(env, extra);
  if (extra.ENV_FILE === 'write') {
    env.ENV_FILE = join(dir, 'settings.env');
    writeFileSync(env.ENV_FILE, 'DEV_TOOLS=open\nPORT=1\n');
  }
  const tsx = require.resolve('tsx/cli', { paths: [REPO_ROOT] });
  const child = spawn(process.execPath, [tsx, join(REPO_ROOT, 'api', 'src', 'server.ts')], { env });
  let log = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${log}`)), 25_000);
      child.stdout.on('data', (chunk) => {
        log += String(chunk);
        if (/Only this machine|Other machines/.test(log)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', () => reject(new Error(`server exited: ${log}`)));
    });
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  return log;
}

describe('what npm start exposes', () => {
  it('prints that it listens on 127.0.0.1 when HOST is not set', async () => {
    const log = await startedServerLog();
    expect(log).toMatch(/is listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(log).toMatch(/Only this machine can reach it/);
  }, 40_000);

  it('reads settings from an env file at start, the environment winning where both set one', async () => {
    const log = await startedServerLog({ ENV_FILE: 'write' });
    expect(log).toMatch(/Settings read from .*settings\.env/);
    // DEV_TOOLS came from the file; PORT=1 in the file lost to the environment's PORT=0.
    expect(log).toMatch(/Dev tools \(mail outbox, test checkout\) answer every client \(DEV_TOOLS=open\)/);
    expect(log).toMatch(/is listening on http:\/\/127\.0\.0\.1:\d{2,}/);
  }, 40_000);

  it('listens on 127.0.0.1 unless HOST says otherwise, and says so', () => {
    const config = configFromEnv({ VAR_DIR: '/tmp/cliffhanger-config-test' });
    expect(config.host).toBe('127.0.0.1');
    expect(reachability(config)).toMatch(/^Only this machine can reach it \(HOST=127\.0\.0\.1\)/);
    const open = configFromEnv({ VAR_DIR: '/tmp/cliffhanger-config-test', HOST: '0.0.0.0' });
    expect(reachability(open)).toMatch(/^Other machines can reach it \(HOST=0\.0\.0\.0\)/);
  });

  it('turns dev tools off in production unless a demo deployment turns them on', () => {
    const base = { VAR_DIR: '/tmp/cliffhanger-config-test' };
    expect(configFromEnv(base)).toMatchObject({ devRoutes: true, devToolsOpen: false });
    expect(configFromEnv({ ...base, NODE_ENV: 'production' })).toMatchObject({ devRoutes: false, devToolsOpen: false });
    expect(configFromEnv({ ...base, NODE_ENV: 'production', DEV_TOOLS: 'open' })).toMatchObject({
      devRoutes: true,
      devToolsOpen: true,
    });
    expect(configFromEnv({ ...base, DEV_TOOLS: 'off' })).toMatchObject({ devRoutes: false });
    expect(() => configFromEnv({ ...base, DEV_TOOLS: 'everyone' })).toThrow(/DEV_TOOLS must be off, local or open/);
  });
});
