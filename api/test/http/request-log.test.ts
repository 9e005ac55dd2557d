/**
 * The default request log keeps what an operator acts on and skips the rest: a fast successful answer
 * writes nothing at info (it cost more than the answer itself), while server errors and slow answers
 * are logged with their method, address, status and time. LOG_LEVEL=debug logs every answer.
 */
import { configFromEnv, requestLogFromEnv } from '../../src/config';
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

interface Line {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

const INFO = 30;
const ERROR = 50;

async function appLogging(level: string, slowRequestMs: number): Promise<{ test: TestApp; lines: Line[] }> {
  const lines: Line[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Line) };
  const test = await createTestApp('sqlite', { logger: true, requestLog: { level, slowRequestMs, destination } });
  test.app.get('/api/test-only/slow/', async () => {
    await new Promise((resolve) => setTimeout(resolve, slowRequestMs + 50));
    return { ok: true };
  });
  test.app.get('/api/test-only/broken/', async () => {
    throw new Error('the disk is on fire');
  });
  await test.app.ready();
  return { test, lines };
}

/** The hook logs after the answer is sent: give it a moment. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the default request log', () => {
  let test: TestApp;
  let lines: Line[];
  beforeAll(async () => {
    ({ test, lines } = await appLogging('info', 2000));
  });
  afterAll(() => test.close());

  it('writes nothing at info for a fast successful answer or a client error', async () => {
    lines.length = 0;
    for (let i = 0; i < 5; i += 1) {
      expect((await call(test.app, { url: '/api/series/' })).statusCode).toBe(200);
    }
    expect((await call(test.app, { url: '/api/series/999999/' })).statusCode).toBe(404);
    await settle();
    expect(lines).toEqual([]);
  });

  it('logs an answer slower than the threshold at info, with its address, status and time', async () => {
    lines.length = 0;
    expect((await call(test.app, { url: '/api/test-only/slow/' })).statusCode).toBe(200);
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: INFO,
      msg: 'slow request',
      req: { method: 'GET', url: '/api/test-only/slow/' },
      res: { statusCode: 200 },
    });
    expect(lines[0]?.responseTime).toBeGreaterThanOrEqual(2000);
  });

  it('logs a server error at error level, with the failure and the answer', async () => {
    lines.length = 0;
    expect((await call(test.app, { url: '/api/test-only/broken/' })).statusCode).toBe(500);
    await settle();
    const errors = lines.filter((line) => line.level === ERROR);
    expect(errors.map((line) => line.msg)).toEqual(['request failed', 'request answered with a server error']);
    expect(JSON.stringify(errors[0])).toContain('the disk is on fire');
    expect(errors[1]).toMatchObject({
      req: { method: 'GET', url: '/api/test-only/broken/' },
      res: { statusCode: 500 },
    });
  });
});

describe('LOG_LEVEL=debug', () => {
  let test: TestApp;
  let lines: Line[];
  beforeAll(async () => {
    ({ test, lines } = await appLogging('debug', 1000));
  });
  afterAll(() => test.close());

  it('logs every answer, the full access log', async () => {
    lines.length = 0;
    await call(test.app, { url: '/api/series/' });
    await call(test.app, { url: '/api/series/999999/' });
    await settle();
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => [line.req?.url, line.res?.statusCode])).toEqual([
      ['/api/series/', 200],
      ['/api/series/999999/', 404],
    ]);
  });
});

describe('request log settings from the environment', () => {
  it('defaults to info with a one-second slow threshold, as npm start runs', () => {
    expect(configFromEnv({ VAR_DIR: '/tmp/cliffhanger-config-test' }).requestLog).toEqual({
      level: 'info',
      slowRequestMs: 1000,
    });
  });

  it('reads LOG_LEVEL and SLOW_REQUEST_MS, and refuses a level pino does not know', () => {
    expect(requestLogFromEnv({ LOG_LEVEL: 'DEBUG', SLOW_REQUEST_MS: '250' })).toEqual({
      level: 'debug',
      slowRequestMs: 250,
    });
    expect(() => requestLogFromEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of/);
  });
});
