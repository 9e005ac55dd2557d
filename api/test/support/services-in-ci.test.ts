/**
 * Under CI=true a PostgreSQL or Redis the suites cannot reach fails the run: otherwise the PostgreSQL
 * runs of every money and auth suite, and the Redis suites, would vanish and CI would stay green.
 * Outside CI they are skipped with a warning, so a developer without them can still run the rest.
 */
import { createServer } from 'node:net';

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

function load<T>(path: string): T {
  let module: T | undefined;
  jest.isolateModules(() => {
    module = require(path) as T;
  });
  return module as T;
}

describe('test services under CI', () => {
  it('fails loudly under CI=true when PostgreSQL is not there', () => {
    process.env.CI = 'true';
    process.env.TEST_PG_URL = '';
    const { postgresUrl, databaseKinds } = load<typeof import('./databases')>('./databases');
    expect(() => postgresUrl()).toThrow(/CI=true and PostgreSQL is unreachable/);
    expect(() => databaseKinds()).toThrow(/the run fails instead/);
  });

  it('skips the PostgreSQL runs with a warning outside CI', () => {
    delete process.env.CI;
    process.env.TEST_PG_URL = '';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { databaseKinds } = load<typeof import('./databases')>('./databases');
    expect(databaseKinds()).toEqual(['sqlite']);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/PostgreSQL unreachable/));
    warn.mockRestore();
  });

  it('fails loudly under CI=true when Redis does not answer, on every file that asks', async () => {
    process.env.CI = 'true';
    process.env.TEST_REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { redisUrl } = load<typeof import('../cache/redis-available')>('../cache/redis-available');
    expect(() => redisUrl()).toThrow(/CI=true and Redis is unreachable/);
    expect(() => redisUrl()).toThrow(/CI=true and Redis is unreachable/);
    warn.mockRestore();
  });

  it('skips the Redis suites with a warning outside CI', async () => {
    delete process.env.CI;
    process.env.TEST_REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { redisUrl } = load<typeof import('../cache/redis-available')>('../cache/redis-available');
    expect(redisUrl()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Redis unreachable/));
    warn.mockRestore();
  });
});
