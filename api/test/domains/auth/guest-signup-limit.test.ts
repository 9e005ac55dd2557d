/**
 * New guests per client address (product.md#accounts): with the shipped limits, a crowd behind one
 * address (a carrier's CGNAT, an office) all get sessions; only a flood far beyond it is refused, with
 * 429 and Retry-After, and another address is untouched.
 */
import { DEFAULT_RATE_LIMITS } from '../../../src/config';
import { databaseKinds } from '../../support/databases';
import { call } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

const signUp = (t: TestApp, address: string, id = `crowd${Math.random().toString(36).slice(2, 17)}`) =>
  call(t.app, {
    method: 'POST',
    url: '/api/user/signup/',
    remoteAddress: address,
    headers: { authorization: 'Token cliffhanger-web' },
    payload: { id, age: 30, gender: 2, web: true, email: `${id}@guest.cliffhanger.app` },
  });

describe.each(databaseKinds())('new guests from one address (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimit: DEFAULT_RATE_LIMITS });
  });
  afterAll(() => t.close());

  it('gives 60 new visitors behind one address, arriving within a minute, a session each', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => signUp(t, '10.3.0.1')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(60).fill(200));
    const users = new Set(answers.map((answer) => answer.json().user.id));
    expect(users.size).toBe(60);
    expect(answers.every((answer) => typeof answer.json().access === 'string')).toBe(true);
  });

  it('refuses a flood beyond the bound with 429 and Retry-After, and no other address', async () => {
    const bound = DEFAULT_RATE_LIMITS.guestSignupsPerMinute;
    const answers = await Promise.all(Array.from({ length: bound + 20 }, () => signUp(t, '10.3.0.2')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(bound);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refusal = answers.find((answer) => answer.statusCode === 429);
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refusal?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refusal?.json().message).toEqual(expect.any(String));
    // A flood refused makes no guest.
    const made = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(made?.n)).toBe(60 + bound);
    expect((await signUp(t, '10.3.0.3')).statusCode).toBe(200);
  });
});
